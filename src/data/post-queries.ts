// wp_posts / wp_postmeta reads and writes beyond the post store of posts.ts: existence checks,
// meta rows by key or value across posts, and the bulk meta writes of imports.
import type { Reader, Writer } from './executor.ts';
import { chunked, insertRows } from './bulk-insert.ts';

/** Whether any post of this type exists (any status). */
export async function hasPostOfType(db: Reader, postType: string): Promise<boolean> {
  const row = await db.selectFrom('posts').select('ID').where('post_type', '=', postType).executeTakeFirst();
  return row !== undefined;
}

export interface MetaRow {
  post_id: number;
  meta_key: string | null;
  meta_value: string | null;
}

/** Every meta row of these keys, of any post, in meta_id order. */
export async function metaRowsWithKeys(db: Reader, keys: readonly string[]): Promise<MetaRow[]> {
  return db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value'])
    .where('meta_key', 'in', keys).orderBy('meta_id').execute();
}

/** The values of one meta key of one post (unordered). */
export async function metaValuesOfPost(db: Reader, postId: number, key: string): Promise<Array<string | null>> {
  const rows = await db.selectFrom('postmeta').select('meta_value')
    .where('post_id', '=', postId).where('meta_key', '=', key).execute();
  return rows.map((row) => row.meta_value);
}

/** The values of one meta key of these posts (unordered). */
export async function metaValuesOfPosts(db: Reader, postIds: readonly number[], key: string): Promise<Array<string | null>> {
  if (!postIds.length) return [];
  const rows = await db.selectFrom('postmeta').select('meta_value')
    .where('post_id', 'in', postIds).where('meta_key', '=', key).execute();
  return rows.map((row) => row.meta_value);
}

/** Deletes every row of these keys of these posts. */
export async function deleteMetaOfPosts(trx: Writer, postIds: readonly number[], keys: readonly string[]): Promise<void> {
  for (const part of chunked(postIds)) {
    await trx.deleteFrom('postmeta').where('post_id', 'in', part).where('meta_key', 'in', keys).execute();
  }
}

/** Deletes the rows of this key holding exactly this value, of every post. */
export async function deleteMetaWithValue(trx: Writer, key: string, value: string): Promise<void> {
  await trx.deleteFrom('postmeta').where('meta_key', '=', key).where('meta_value', '=', value).execute();
}

const META_COLUMNS = ['post_id', 'meta_key', 'meta_value'];

/**
 * Inserts meta rows given as one flat list of `post_id, meta_key, meta_value` values, row after
 * row, with multi-row INSERTs (bulk-insert.ts). Every statement is issued before this returns.
 */
export function insertMetaRowsBulk(trx: Writer, values: Array<number | string>): Promise<void> {
  return insertRows(trx, 'postmeta', META_COLUMNS, values);
}

/** The distinct values of meta `key` held by posts of this type whose status is none of `exceptStatuses`. */
export async function metaValuesOnPostsOfType(db: Reader, key: string, postType: string, exceptStatuses: readonly string[]): Promise<Array<string | null>> {
  const rows = await db.selectFrom('postmeta').innerJoin('posts', 'posts.ID', 'postmeta.post_id')
    .select('postmeta.meta_value').distinct()
    .where('postmeta.meta_key', '=', key)
    .where('posts.post_type', '=', postType)
    .where('posts.post_status', 'not in', exceptStatuses)
    .execute();
  return rows.map((row) => row.meta_value);
}
