// Where an import remembers what it wrote: postmeta `_wpcal_import_key` = `{source}:{key}`, so a
// re-import of the same record updates the post it made instead of adding another.
import type { Reader } from '../data/executor.ts';
import { metaRowsStartingWith } from '../data/post-queries.ts';

export const IMPORT_KEY_META = '_wpcal_import_key';

export const importKey = (source: string, key: string): string => `${source}:${key}`;

/** Stored import keys of one source → post ID, for posts of the type. */
export async function loadImportKeys(trx: Reader, postType: string, source: string): Promise<Map<string, number>> {
  const rows = await metaRowsStartingWith(trx, IMPORT_KEY_META, postType, importKey(source, ''));
  const keys = new Map<string, number>();
  for (const row of rows) if (row.meta_value !== null && !keys.has(row.meta_value)) keys.set(row.meta_value, Number(row.post_id));
  return keys;
}
