// wp_posts / wp_postmeta reads and writes beyond the post store of posts.ts: existence checks,
// meta rows by key or value across posts, and the bulk meta writes of imports.
import type { Reader, Writer } from './executor.ts';
import { sql } from 'kysely';
import { allSettled, chunked, insertNumberedRows, insertRows } from './bulk-insert.ts';
import { literalIds } from './id-lists.ts';
import type { NewPost } from './tables.ts';
import { POST_DEFAULTS } from './posts.ts';

/** Whether any post of this type exists (any status). */
export async function hasPostOfType(db: Reader, postType: string): Promise<boolean> {
  const row = await db.selectFrom('posts').select('ID').where('post_type', '=', postType).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Which of these IDs are the IDs of posts (of this type, when given), in no particular order. */
export async function existingPostIds(db: Reader, ids: readonly number[], postType?: string): Promise<number[]> {
  let query = db.selectFrom('posts').select('ID').where('ID', 'in', literalIds(ids));
  if (postType !== undefined) query = query.where('post_type', '=', postType);
  return (await query.execute()).map((row) => Number(row.ID));
}

/** The first post (lowest ID) of the type titled exactly `title`, in any status but `exceptStatus`. */
export async function firstPostIdWithTitle(db: Reader, postType: string, title: string, exceptStatus: string): Promise<number | undefined> {
  const row = await db.selectFrom('posts').select('ID')
    .where('post_type', '=', postType).where('post_status', '!=', exceptStatus)
    .where('post_title', '=', title).orderBy('ID').executeTakeFirst();
  return row ? Number(row.ID) : undefined;
}

/**
 * Names per lookup of postNamesAndTypes: fewer than MySQL's eq_range_index_dive_limit (200 by
 * default), under which the optimizer looks each name up in the index to cost the plan. With
 * more, MariaDB estimated from the index statistics and read every post instead (an import's
 * chunk of 1000 new events then read the whole table: 25 to 50 ms a chunk at 100,000 posts,
 * growing with the table).
 */
const NAMES_PER_LOOKUP = 100;

/** The name and type of every post named one of these (any type: the post_name index is used). */
export async function postNamesAndTypes(db: Reader, names: readonly string[]): Promise<Array<{ post_name: string; post_type: string }>> {
  const lookups = chunked(names, NAMES_PER_LOOKUP).map((part) => db.selectFrom('posts').select(['post_name', 'post_type']).where('post_name', 'in', part).execute());
  await allSettled(lookups);
  return (await Promise.all(lookups)).flat();
}

export interface PostTitleAndMeta {
  ID: number;
  post_title: string;
  meta_value: string | null;
}

/** Each post of the type in any status but `exceptStatus`, once per value of its meta `key`, in post ID order. */
export async function postTitlesWithMeta(db: Reader, postType: string, exceptStatus: string, key: string): Promise<PostTitleAndMeta[]> {
  return db.selectFrom('posts as p').innerJoin('postmeta as m', 'm.post_id', 'p.ID')
    .select(['p.ID', 'p.post_title', 'm.meta_value'])
    .where('p.post_type', '=', postType).where('p.post_status', '!=', exceptStatus)
    .where('m.meta_key', '=', key)
    .orderBy('p.ID').execute();
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

/**
 * The rows of meta `key` on posts of the type whose value starts with `prefix` (LIKE wildcards in
 * it match any text), in meta_id order.
 */
export async function metaRowsStartingWith(db: Reader, key: string, postType: string, prefix: string): Promise<Array<{ post_id: number; meta_value: string | null }>> {
  return db.selectFrom('postmeta as m').innerJoin('posts as p', 'p.ID', 'm.post_id')
    .select(['m.post_id', 'm.meta_value'])
    .where('m.meta_key', '=', key).where('p.post_type', '=', postType)
    .where('m.meta_value', 'like', `${prefix}%`)
    .orderBy('m.meta_id')
    .execute();
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

/**
 * Inserts posts given as one flat list of values, row after row in `columns` order, with
 * multi-row INSERTs (bulk-insert.ts). With `ID` among the columns the rows keep those IDs;
 * without it the database numbers them as it numbers every new post. Resolves to the rows' IDs.
 */
export async function insertPostRowsBulk(trx: Writer, columns: ReadonlyArray<keyof NewPost>, values: unknown[]): Promise<number[]> {
  const idAt = columns.indexOf('ID');
  if (idAt < 0) return insertNumberedRows(trx, 'posts', columns, values);
  await insertRows(trx, 'posts', columns, values);
  return values.filter((_, i) => i % columns.length === idAt).map(Number);
}

/**
 * Makes the database number new posts above `id` (a free post ID), as it does once a post of that
 * ID was inserted: a row is inserted with it and deleted again.
 */
export async function numberPostsAbove(trx: Writer, id: number): Promise<void> {
  const date = '0000-00-00 00:00:00';
  await trx.insertInto('posts').values({
    ...POST_DEFAULTS, ID: id, post_type: 'wpcal_reserved', post_status: 'auto-draft',
    post_date: date, post_date_gmt: date, post_modified: date, post_modified_gmt: date,
  }).execute();
  await trx.deleteFrom('posts').where('ID', '=', id).execute();
}

/** Sets `post_name` and `guid` of these posts, one statement per chunk of them. */
export async function setPostNamesAndGuids(trx: Writer, posts: ReadonlyArray<{ id: number; name: string; guid: string }>): Promise<void> {
  for (const part of chunked(posts)) {
    const byId = (column: 'name' | 'guid') => sql<string>`CASE ${sql.ref('ID')} ${sql.join(part.map((post) => sql`WHEN ${post.id} THEN ${post[column]}`), sql` `)} END`;
    await trx.updateTable('posts').set({ post_name: byId('name'), guid: byId('guid') }).where('ID', 'in', part.map((post) => post.id)).execute();
  }
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
