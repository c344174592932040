// Attachments (wp_posts rows of type `attachment`) looked up by where their file came from.
import type { Reader } from './executor.ts';

/** The first image attachment whose guid is this URL. */
export async function imageAttachmentIdByGuid(db: Reader, url: string): Promise<number | null> {
  const row = await db.selectFrom('posts').select('ID')
    .where('post_type', '=', 'attachment').where('post_mime_type', 'like', 'image/%').where('guid', '=', url)
    .orderBy('ID').executeTakeFirst();
  return row ? Number(row.ID) : null;
}

/** The first image attachment holding a meta row `key` = `value`. */
export async function imageAttachmentIdByMeta(db: Reader, key: string, value: string): Promise<number | null> {
  const row = await db.selectFrom('postmeta').innerJoin('posts', 'posts.ID', 'postmeta.post_id')
    .select('posts.ID')
    .where('postmeta.meta_key', '=', key).where('postmeta.meta_value', '=', value)
    .where('posts.post_type', '=', 'attachment').where('posts.post_mime_type', 'like', 'image/%')
    .orderBy('posts.ID').executeTakeFirst();
  return row ? Number(row.ID) : null;
}
