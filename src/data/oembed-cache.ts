// WordPress's oEmbed cache outside posts: one published `oembed_cache` post per embedded URL,
// named by its cache key, holding the provider's HTML or `{{unknown}}` (WP_Embed::find_oembed_post_id).
import type { Reader } from './executor.ts';
import { chunked } from './bulk-insert.ts';

const CHUNK = 500;

/** The cached HTML of each key found, from the newest post of that name. */
export async function oembedCacheContents(db: Reader, keys: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunked([...new Set(keys)], CHUNK)) {
    const rows = await db.selectFrom('posts').select(['post_name', 'post_content'])
      .where('post_type', '=', 'oembed_cache').where('post_status', '=', 'publish').where('post_name', 'in', part)
      .orderBy('post_date', 'desc').orderBy('ID', 'desc').execute();
    for (const row of rows) if (!found.has(row.post_name)) found.set(row.post_name, row.post_content);
  }
  return found;
}
