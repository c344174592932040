// Attachments (wp_posts rows of type `attachment`) looked up by where their file came from.
import type { Reader, Writer } from './executor.ts';

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

/** One page of attachment IDs, newest first (wp/v2/media's default order: date, then ID), and how many there are. */
export async function attachmentPage(db: Reader, page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
  const base = db.selectFrom('posts').where('post_type', '=', 'attachment').where('post_status', '=', 'inherit');
  const [rows, count] = await Promise.all([
    base.select('ID').orderBy('post_date', 'desc').orderBy('ID', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { ids: rows.map((row) => Number(row.ID)), total: Number(count?.total ?? 0) };
}

/** wp_delete_attachment's rows: the attachment, its meta, and every `_thumbnail_id` naming it. */
export async function deleteAttachmentRows(trx: Writer, id: number): Promise<void> {
  await trx.deleteFrom('postmeta').where('meta_key', '=', '_thumbnail_id').where('meta_value', '=', String(id)).execute();
  await trx.deleteFrom('postmeta').where('post_id', '=', id).execute();
  await trx.deleteFrom('posts').where('ID', '=', id).where('post_type', '=', 'attachment').execute();
}
