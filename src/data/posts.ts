// The generic post-type store: wp_posts rows and their postmeta, with meta loaded in batches so a
// page of N posts costs a constant number of queries. Every resource (events, venues, organizers)
// is a thin definition on top of it.
import type { Reader, Writer } from './executor.ts';
import type { NewPost, PostRow } from './tables.ts';
import { sql } from 'kysely';
import { chunked } from './bulk-insert.ts';
import { queueWrite } from './queued-writes.ts';
import { dialectOf, stampedPost } from './transaction.ts';
import { readAlone, readTogether, sendsPackets, type Read } from './together.ts';
import { postTermLinksRead } from './terms.ts';

/** All meta rows of a post, grouped by key, each key's values in meta_id order. */
export type PostMeta = Map<string, string[]>;

interface MetaRow {
  post_id: number | string;
  meta_key: string | null;
  meta_value: string | null;
}

/** IDs per `IN` list when reading posts and their meta. */
const CHUNK = 500;

export function firstMeta(meta: PostMeta | undefined, key: string): string | undefined {
  return meta?.get(key)?.[0];
}

/** What a revision copies of its post (`_wp_post_revision_fields`). */
export interface RevisionFields {
  post_title: string;
  post_content: string;
  post_excerpt: string;
}

/** A post locked for a save, with what the save builds on. */
export interface LockedPost {
  post: PostRow;
  /** The post's rows of the keys asked for. */
  meta: PostMeta;
  /** Its latest revision (not an autosave), when asked for; null when it has none. */
  latestRevision?: RevisionFields | null;
  /** With all its meta: the term_taxonomy IDs it holds, by taxonomy. */
  termLinks?: Map<string, number[]>;
}

/**
 * The post's row, locked until the transaction ends: a write of an existing post takes this lock
 * first, so concurrent writes of one post run one after the other and each reads what the one
 * before it committed. (SQLite needs no row lock: BEGIN IMMEDIATE holds the whole database.) The
 * same statement reads the post's rows of `metaKeys` and, with `revision`, its latest revision
 * other than autosaves, as wp_save_post_revision finds it (post_date, then ID, descending); those
 * rows are locked with it. `metaKeys` 'all': every meta row of the post and its term links, read
 * once the lock is held, in the same packet.
 */
export async function lockPostForSave(trx: Writer, id: number, metaKeys: readonly string[] | 'all', revision: boolean): Promise<LockedPost | undefined> {
  if (metaKeys === 'all') {
    const [locked, metas, termLinks] = await readTogether(trx, lockRead(trx, id, [], revision), metaRead(trx, [id]), postTermLinksRead(trx, id));
    return locked && { ...locked, meta: metas.get(id) ?? new Map(), termLinks };
  }
  return readAlone(trx, lockRead(trx, id, metaKeys, revision));
}

/** A row of the lock statement: the post's columns, one of its meta rows, its latest revision's fields. */
type LockRow = PostRow & {
  m_key: string | null; m_value: string | null; m_id: number | null;
  r_id: number | null; r_title: string | null; r_content: string | null; r_excerpt: string | null;
};

function lockRead(trx: Writer, id: number, metaKeys: readonly string[], revision: boolean): Read<LockedPost | undefined> {
  const latest = trx.selectFrom('posts as r2').select('r2.ID')
    .where('r2.post_parent', '=', id).where('r2.post_type', '=', 'revision').where('r2.post_status', '=', 'inherit')
    .where('r2.post_name', 'not like', '%autosave%')
    .orderBy('r2.post_date', 'desc').orderBy('r2.ID', 'desc').limit(1);
  const none = sql<null>`NULL`;
  const query = trx.selectFrom('posts as p')
    .$if(metaKeys.length > 0, (qb) => qb.leftJoin('postmeta as m', (join) => join.onRef('m.post_id', '=', 'p.ID').on('m.meta_key', 'in', metaKeys)))
    .$if(revision, (qb) => qb.leftJoin('posts as r', (join) => join.on('r.ID', '=', latest)))
    .selectAll('p')
    .select(metaKeys.length > 0 ? [sql<string | null>`m.meta_key`.as('m_key'), sql<string | null>`m.meta_value`.as('m_value'), sql<number | null>`m.meta_id`.as('m_id')]
      : [none.as('m_key'), none.as('m_value'), none.as('m_id')])
    .select(revision ? [sql<number | null>`r.ID`.as('r_id'), sql<string | null>`r.post_title`.as('r_title'), sql<string | null>`r.post_content`.as('r_content'), sql<string | null>`r.post_excerpt`.as('r_excerpt')]
      : [none.as('r_id'), none.as('r_title'), none.as('r_content'), none.as('r_excerpt')])
    .where('p.ID', '=', id)
    .$if(metaKeys.length > 0, (qb) => qb.orderBy('m_id'));
  return { queries: [dialectOf(trx) === 'mysql' ? query.forUpdate() : query], value: ([rows = []]) => lockedPost(rows as LockRow[], revision) };
}

function lockedPost(rows: readonly LockRow[], revision: boolean): LockedPost | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const { m_key: _key, m_value: _value, m_id: _id, r_id: revisionId, r_title, r_content, r_excerpt, ...post } = first;
  const meta: PostMeta = new Map();
  for (const row of rows) {
    if (row.m_key === null) continue;
    const values = meta.get(row.m_key);
    if (values) values.push(row.m_value ?? '');
    else meta.set(row.m_key, [row.m_value ?? '']);
  }
  const latestRevision = revisionId === null ? null : { post_title: r_title ?? '', post_content: r_content ?? '', post_excerpt: r_excerpt ?? '' };
  return { post: post as PostRow, meta, ...(revision ? { latestRevision } : {}) };
}

/**
 * _wp_put_post_revision: a `revision` post copying `fields`, child of `parentId`, dated the post's
 * modified dates, named `{parent}-revision-v1`, its guid the plain permalink `{home}/?p={ID}`.
 * Both statements are queued: the guid is set through the ID the insert gave (the connection's
 * last insert ID), on that one row only.
 */
export async function insertRevision(trx: Writer, parentId: number, fields: RevisionFields & Pick<NewPost, 'post_author' | 'post_date' | 'post_date_gmt'>, home: string): Promise<void> {
  const name = `${parentId}-revision-v1`;
  await queueWrite(trx, trx.insertInto('posts').values({
    ...POST_DEFAULTS, ...fields, post_status: 'inherit', post_type: 'revision', post_name: name, post_parent: parentId,
    post_modified: fields.post_date, post_modified_gmt: fields.post_date_gmt,
  }));
  const mysql = dialectOf(trx) === 'mysql';
  const lastId = mysql ? sql<number>`LAST_INSERT_ID()` : sql<number>`last_insert_rowid()`;
  const guid = mysql ? sql<string>`CONCAT(${`${home}/?p=`}, ${sql.ref('ID')})` : sql<string>`${`${home}/?p=`} || ${sql.ref('ID')}`;
  await queueWrite(trx, trx.updateTable('posts').set({ guid })
    .where('ID', '=', lastId).where('post_parent', '=', parentId).where('post_name', '=', name).where('guid', '=', ''));
}

/** The posts whose post_modified_gmt is at least `since` (a DB datetime), with it: a scan of the posts. */
export async function postsModifiedSince(db: Reader, since: string): Promise<Array<{ id: number; modifiedGmt: string }>> {
  const rows = await db.selectFrom('posts').select(['ID', 'post_modified_gmt']).where('post_modified_gmt', '>=', since).execute();
  return rows.map((row) => ({ id: Number(row.ID), modifiedGmt: String(row.post_modified_gmt) }));
}

export async function getPost(db: Reader, id: number): Promise<PostRow | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return db.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirst();
}

/** Rows by ID, in the order the IDs were given (missing ones skipped). */
/** The rows of these posts (those that exist), in the order of `ids`. */
export function postsRead(db: Reader, ids: readonly number[]): Read<PostRow[]> {
  return {
    queries: chunked([...new Set(ids)], CHUNK).map((part) => db.selectFrom('posts').selectAll().where('ID', 'in', part)),
    value(parts) {
      const byId = new Map<number, PostRow>();
      for (const rows of parts) for (const row of rows as PostRow[]) byId.set(Number(row.ID), row);
      return ids.map((id) => byId.get(id)).filter((row): row is PostRow => row !== undefined);
    },
  };
}

/**
 * The posts the post's meta of these keys names by ID, of any type or status (a value the database
 * takes for a number names one: callers check the values themselves).
 */
export function postsNamedByMetaRead(db: Reader, postId: number, metaKeys: readonly string[]): Read<PostRow[]> {
  return {
    queries: [db.selectFrom('postmeta as m').innerJoin('posts as p', 'p.ID', 'm.meta_value').selectAll('p')
      .where('m.post_id', '=', postId).where('m.meta_key', 'in', metaKeys)],
    value: ([rows = []]) => rows as PostRow[],
  };
}

export function getPosts(db: Reader, ids: readonly number[]): Promise<PostRow[]> {
  return readAlone(db, postsRead(db, ids));
}

/** The IDs of the type's posts in these statuses, in ID order, `size` at a time (keyset paging). */
export async function* postIdsOfType(db: Reader, postType: string, statuses: readonly string[], size = CHUNK): AsyncGenerator<number> {
  for (let after = 0; ;) {
    const rows = await db.selectFrom('posts').select('ID')
      .where('post_type', '=', postType).where('post_status', 'in', statuses).where('ID', '>', after)
      .orderBy('ID').limit(size).execute();
    for (const row of rows) yield Number(row.ID);
    if (rows.length < size) return;
    after = Number(rows[rows.length - 1]!.ID);
  }
}

/** get_page_by_path for a flat slug: a top-level post of that type, any status. */
export async function findPostBySlug(db: Reader, postType: string, slug: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll()
    .where('post_type', '=', postType).where('post_name', '=', slug).where('post_parent', '=', 0)
    .orderBy('ID').executeTakeFirst();
}

/** Meta of many posts in one query per chunk; `keys` narrows what is returned. */
/** The meta of these posts (of these keys only, if given): a map for each ID, empty when it has none. */
export function metaRead(db: Reader, postIds: readonly number[], keys?: readonly string[]): Read<Map<number, PostMeta>> {
  return {
    // Keys are filtered when the rows are read, not in SQL: given a key list, SQLite prefers the
    // meta_key index and reads every row of those keys in the table instead of the few rows of these posts.
    queries: chunked([...new Set(postIds)], CHUNK).map((part) => db.selectFrom('postmeta')
      .select(['post_id', 'meta_key', 'meta_value']).where('post_id', 'in', part).orderBy('meta_id')),
    value: (parts) => groupedMeta(parts, postIds, keys),
  };
}

/** Meta rows by post, in their order (every one of `postIds` has its map, empty without rows), keeping only `keys` when given. */
function groupedMeta(parts: readonly (readonly unknown[])[], postIds: readonly number[], keys?: readonly string[]): Map<number, PostMeta> {
  const result = new Map<number, PostMeta>();
  for (const id of postIds) result.set(id, new Map());
  const wanted = keys ? new Set(keys) : null;
  for (const rows of parts) {
    for (const row of rows as MetaRow[]) {
      const postId = Number(row.post_id);
      if (row.meta_key === null || (wanted && !wanted.has(row.meta_key))) continue;
      let meta = result.get(postId);
      if (!meta) result.set(postId, meta = new Map());
      const values = meta.get(row.meta_key);
      if (values) values.push(row.meta_value ?? '');
      else meta.set(row.meta_key, [row.meta_value ?? '']);
    }
  }
  return result;
}

/** Posts with their meta (postsNamedByMetaOfRead). */
export interface PostsWithMeta {
  posts: PostRow[];
  meta: Map<number, PostMeta>;
}

/**
 * The posts that the `metaKey` meta of these posts names by ID, with their meta of `keys`, read
 * without a look at that meta first, in the packet of the statements that read it: every value
 * the database takes for an ID names one, so they are a superset of what callers take the values
 * to name, and callers take from them the posts the values name as they read them. Undefined
 * where reads do not travel in packets (SQLite: the caller reads what it needs once it knows it,
 * at no round trip's cost; its planner would also read every row of the meta key here).
 */
export function postsNamedByMetaOfRead(db: Reader, ownerIds: readonly number[], metaKey: string, keys: readonly string[]): Read<PostsWithMeta | undefined> {
  const owners = [...new Set(ownerIds)];
  if (!owners.length || !sendsPackets(db)) return { queries: [], value: () => undefined };
  // Each owner's few meta rows read by post_id; compared as numbers, the values meet wp_posts' primary key.
  const named = db.selectFrom('postmeta').select(sql<number>`cast(${sql.ref('meta_value')} as signed)`.as('named'))
    .where('post_id', 'in', owners).where('meta_key', '=', metaKey);
  return {
    queries: [
      db.selectFrom('posts').selectAll().where('ID', 'in', named),
      db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).where('post_id', 'in', named).orderBy('meta_id'),
    ],
    value: ([posts = [], meta = []]) => ({ posts: posts as PostRow[], meta: groupedMeta([meta], [], keys) }),
  };
}

export function loadMeta(db: Reader, postIds: readonly number[], keys?: readonly string[]): Promise<Map<number, PostMeta>> {
  return readAlone(db, metaRead(db, postIds, keys));
}

export async function loadPostMeta(db: Reader, postId: number): Promise<PostMeta> {
  return (await loadMeta(db, [postId])).get(postId) ?? new Map();
}

/** Column defaults of a new wp_posts row, as wp_insert_post fills them. */
export const POST_DEFAULTS = {
  post_author: 0,
  post_content: '',
  post_title: '',
  post_excerpt: '',
  post_status: 'draft',
  comment_status: 'closed',
  ping_status: 'closed',
  post_password: '',
  post_name: '',
  to_ping: '',
  pinged: '',
  post_content_filtered: '',
  post_parent: 0,
  guid: '',
  menu_order: 0,
  post_mime_type: '',
  comment_count: 0,
} satisfies Partial<NewPost>;

export type PostFields = Omit<NewPost, keyof typeof POST_DEFAULTS> & Partial<typeof POST_DEFAULTS>;

export async function insertPost(db: Writer, fields: PostFields): Promise<number> {
  const result = await db.insertInto('posts').values({ ...POST_DEFAULTS, ...fields }).executeTakeFirstOrThrow();
  const id = Number(result.insertId);
  stampedPost(db, id, String(fields.post_modified_gmt));
  return id;
}

/** Changes these columns of the post; queued (queued-writes.ts): nothing reads what it answers. */
export async function updatePost(db: Writer, id: number, fields: Partial<NewPost>): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await queueWrite(db, db.updateTable('posts').set(fields).where('ID', '=', id));
  if (fields.post_modified_gmt !== undefined) stampedPost(db, id, String(fields.post_modified_gmt));
}

export async function addMeta(db: Writer, postId: number, key: string, value: string): Promise<void> {
  await db.insertInto('postmeta').values({ post_id: postId, meta_key: key, meta_value: value }).execute();
}

/** update_post_meta: rewrites every row of the key, or adds one when there is none. */
export async function setMeta(db: Writer, postId: number, key: string, value: string): Promise<void> {
  const updated = await db.updateTable('postmeta').set({ meta_value: value })
    .where('post_id', '=', postId).where('meta_key', '=', key).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await addMeta(db, postId, key, value);
}

/**
 * The names of the type's posts (other than post `exceptId`) that start with `prefix`: LIKE
 * wildcards inside it only widen the candidates, so callers compare the names exactly. The type
 * and ID are checked here, not in SQL: given the type too, SQLite walks every post of the type
 * (the type index) instead of the few names of the prefix (the name index): 300 ms at 100k events.
 */
export function postNamesStartingWith(db: Reader, postType: string, prefix: string, exceptId?: number): Promise<string[]> {
  // Read as a Read so that reads ahead travel with it (a create's first read).
  return readAlone(db, {
    queries: [db.selectFrom('posts').select(['post_name', 'post_type', 'ID']).where('post_name', 'like', `${prefix}%`)],
    value: ([rows = []]) => (rows as Pick<PostRow, 'post_name' | 'post_type' | 'ID'>[])
      .filter((row) => row.post_type === postType && Number(row.ID) !== exceptId).map((row) => row.post_name),
  });
}

/** wp_unique_post_slug for flat post types: `slug`, else `slug-2`, `slug-3`… */
export async function uniquePostSlug(db: Reader, slug: string, postType: string, postId: number): Promise<string> {
  const taken = await postNamesStartingWith(db, postType, slug, postId);
  return firstFreeSlug(slug, new Set(taken.map((name) => name.toLowerCase())));
}

/** wp_unique_post_slug's rule: `slug` when `taken` (lower-cased names) lacks it, else the first free `slug-2`, `slug-3`… */
export function firstFreeSlug(slug: string, taken: { has(slug: string): boolean }): string {
  const lower = slug.toLowerCase();
  if (!taken.has(lower)) return slug;
  let suffix = 2;
  while (taken.has(`${lower}-${suffix}`)) suffix++;
  return `${slug}-${suffix}`;
}

/**
 * wp_publish_post: the status alone becomes `publish`; dates, slug and modified dates stay. A post
 * published, made private or trashed meanwhile is left as it is.
 */
export async function publishPost(db: Writer, id: number): Promise<void> {
  await db.updateTable('posts').set({ post_status: 'publish' })
    .where('ID', '=', id).where('post_status', 'not in', ['publish', 'private', 'trash']).execute();
}
