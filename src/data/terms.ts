// The generic taxonomy store: terms + term_taxonomy + term_relationships, with counts kept the way
// WordPress keeps them (published objects only). Categories and tags are thin definitions on top.
import { sql } from 'kysely';
import type { AfterCommitRunner, Reader, Writer } from './executor.ts';
import { chunked, insertRows } from './bulk-insert.ts';
import { beforeCommit, dialectOf, touches } from './transaction.ts';
import { readAlone, type Read } from './together.ts';
import { queueWrite } from './queued-writes.ts';

/** A term as WP_Term holds it: terms row joined with its term_taxonomy row. */
export interface Term {
  term_id: number;
  name: string;
  slug: string;
  term_group: number;
  term_taxonomy_id: number;
  taxonomy: string;
  description: string;
  parent: number;
  count: number;
}

function termQuery(db: Reader) {
  return db.selectFrom('terms as t')
    .innerJoin('term_taxonomy as tt', 'tt.term_id', 't.term_id')
    .select([
      't.term_id', 't.name', 't.slug', 't.term_group', 'tt.term_taxonomy_id', 'tt.taxonomy',
      'tt.description', 'tt.parent', 'tt.count',
    ]);
}

type TermQuery = ReturnType<typeof termQuery>;

function toTerm(row: Record<string, unknown>): Term {
  return {
    term_id: Number(row.term_id),
    name: String(row.name),
    slug: String(row.slug),
    term_group: Number(row.term_group),
    term_taxonomy_id: Number(row.term_taxonomy_id),
    taxonomy: String(row.taxonomy),
    description: String(row.description ?? ''),
    parent: Number(row.parent),
    count: Number(row.count),
  };
}

export async function getTerm(db: Reader, taxonomy: string, termId: number): Promise<Term | undefined> {
  if (!Number.isSafeInteger(termId) || termId <= 0) return undefined;
  const row = await termQuery(db).where('tt.taxonomy', '=', taxonomy).where('t.term_id', '=', termId).executeTakeFirst();
  return row ? toTerm(row) : undefined;
}

export async function findTermBySlug(db: Reader, taxonomy: string, slug: string): Promise<Term | undefined> {
  const row = await termQuery(db).where('tt.taxonomy', '=', taxonomy).where('t.slug', '=', slug)
    .orderBy('t.term_id').executeTakeFirst();
  return row ? toTerm(row) : undefined;
}

export async function findTermByName(db: Reader, taxonomy: string, name: string, parent?: number): Promise<Term | undefined> {
  let query = termQuery(db).where('tt.taxonomy', '=', taxonomy).where('t.name', '=', name);
  if (parent !== undefined) query = query.where('tt.parent', '=', parent);
  const row = await query.orderBy('t.term_id').executeTakeFirst();
  return row ? toTerm(row) : undefined;
}

/**
 * Runs a query over terms of one taxonomy, filtered and ordered by `shape`: the base of the data
 * layer's term reads (term-queries.ts, post-selection.ts); code above the data layer calls those.
 */
/** The taxonomy's terms the shaped query selects. */
export function queryTermsRead(db: Reader, taxonomy: string, shape: (query: TermQuery) => TermQuery): Read<Term[]> {
  return { queries: [shape(termQuery(db).where('tt.taxonomy', '=', taxonomy))], value: ([rows = []]) => (rows as Record<string, unknown>[]).map(toTerm) };
}

export function queryTerms(db: Reader, taxonomy: string, shape: (query: TermQuery) => TermQuery): Promise<Term[]> {
  return readAlone(db, queryTermsRead(db, taxonomy, shape));
}

/** The terms of these taxonomies each post has, by name (then ID): a list for each ID. */
export function termsOfPostsRead(db: Reader, postIds: readonly number[], taxonomies: readonly string[]): Read<Map<number, Term[]>> {
  // The taxonomy is checked when the rows are read, not in SQL: given it, SQLite starts from the
  // taxonomy index and tests every term of the taxonomy against the posts instead of reading the
  // posts' relationships.
  const queries = postIds.length ? [termQuery(db)
    .innerJoin('term_relationships as tr', 'tr.term_taxonomy_id', 'tt.term_taxonomy_id')
    .select('tr.object_id')
    .where('tr.object_id', 'in', [...new Set(postIds)])
    .orderBy('t.name').orderBy('t.term_id')] : [];
  return {
    queries,
    value([rows = []]) {
      const result = new Map<number, Term[]>();
      for (const id of postIds) result.set(id, []);
      const wanted = new Set(taxonomies);
      for (const row of rows as Array<Record<string, unknown>>) if (wanted.has(row.taxonomy as string)) result.get(Number(row.object_id))?.push(toTerm(row));
      return result;
    },
  };
}

export function termsOfPosts(db: Reader, postIds: readonly number[], taxonomies: readonly string[]): Promise<Map<number, Term[]>> {
  return readAlone(db, termsOfPostsRead(db, postIds, taxonomies));
}

/** IDs of the term and all its descendants (WordPress tax queries include children). */
export async function withDescendants(db: Reader, taxonomy: string, termIds: readonly number[]): Promise<number[]> {
  const all = new Set(termIds);
  let frontier = [...termIds];
  while (frontier.length) {
    const children = await db.selectFrom('term_taxonomy').select('term_id')
      .where('taxonomy', '=', taxonomy).where('parent', 'in', frontier).execute();
    frontier = children.map((c) => Number(c.term_id)).filter((id) => !all.has(id));
    for (const id of frontier) all.add(id);
  }
  return [...all];
}

export interface NewTerm {
  name: string;
  slug: string;
  description: string;
  parent: number;
}

/** `wantedId` when it is a positive ID no row of the table has yet, else undefined (a new ID is handed out). */
async function freeId(db: Reader, table: 'terms' | 'term_taxonomy', wantedId: number | undefined): Promise<number | undefined> {
  if (wantedId === undefined || !Number.isSafeInteger(wantedId) || wantedId <= 0) return undefined;
  const taken = table === 'terms'
    ? await db.selectFrom('terms').select('term_id').where('term_id', '=', wantedId).executeTakeFirst()
    : await db.selectFrom('term_taxonomy').select('term_taxonomy_id').where('term_taxonomy_id', '=', wantedId).executeTakeFirst();
  return taken ? undefined : wantedId;
}

/**
 * clean_term_cache: WordPress keeps a hierarchical taxonomy's parent → children map in the option
 * `{taxonomy}_children` and deletes it whenever a term of the taxonomy changes; a stale one hides
 * a new child's events from its parent's filter in WordPress. (No other taxonomy has the option.)
 */
async function forgetTermHierarchy(db: Writer, taxonomy: string): Promise<void> {
  await db.deleteFrom('options').where('option_name', '=', `${taxonomy}_children`).execute();
}

/**
 * wp_insert_term's rows. `wantedId` (an import keeping IDs) becomes the term ID, and the term
 * taxonomy ID as well (they are equal for a term of one taxonomy made on a fresh site), where free.
 */
export async function insertTerm(db: Writer, taxonomy: string, term: NewTerm, wantedId?: number): Promise<Term> {
  const keptId = await freeId(db, 'terms', wantedId);
  const inserted = await db.insertInto('terms')
    .values({ ...(keptId === undefined ? {} : { term_id: keptId }), name: term.name, slug: term.slug, term_group: 0 })
    .executeTakeFirstOrThrow();
  const termId = keptId ?? Number(inserted.insertId);
  const keptTaxonomyId = await freeId(db, 'term_taxonomy', keptId);
  await db.insertInto('term_taxonomy').values({
    ...(keptTaxonomyId === undefined ? {} : { term_taxonomy_id: keptTaxonomyId }),
    term_id: termId, taxonomy, description: term.description, parent: term.parent, count: 0,
  }).execute();
  await forgetTermHierarchy(db, taxonomy);
  return (await getTerm(db, taxonomy, termId))!;
}

export async function updateTerm(db: Writer, term: Term, changes: Partial<NewTerm>): Promise<Term> {
  const termFields: { name?: string; slug?: string } = {};
  if (changes.name !== undefined) termFields.name = changes.name;
  if (changes.slug !== undefined) termFields.slug = changes.slug;
  if (Object.keys(termFields).length) await db.updateTable('terms').set(termFields).where('term_id', '=', term.term_id).execute();
  const taxonomyFields: { description?: string; parent?: number } = {};
  if (changes.description !== undefined) taxonomyFields.description = changes.description;
  if (changes.parent !== undefined) taxonomyFields.parent = changes.parent;
  if (Object.keys(taxonomyFields).length) {
    await db.updateTable('term_taxonomy').set(taxonomyFields).where('term_taxonomy_id', '=', term.term_taxonomy_id).execute();
  }
  await forgetTermHierarchy(db, term.taxonomy);
  return (await getTerm(db, term.taxonomy, term.term_id))!;
}

/** wp_delete_term: relationships, taxonomy row, children re-parented, term row if now unused. */
export async function deleteTerm(db: Writer, term: Term): Promise<void> {
  await db.deleteFrom('term_relationships').where('term_taxonomy_id', '=', term.term_taxonomy_id).execute();
  await db.updateTable('term_taxonomy').set({ parent: term.parent })
    .where('taxonomy', '=', term.taxonomy).where('parent', '=', term.term_id).execute();
  await db.deleteFrom('term_taxonomy').where('term_taxonomy_id', '=', term.term_taxonomy_id).execute();
  const stillUsed = await db.selectFrom('term_taxonomy').select('term_id').where('term_id', '=', term.term_id).executeTakeFirst();
  if (!stillUsed) {
    await db.deleteFrom('termmeta').where('term_id', '=', term.term_id).execute();
    await db.deleteFrom('terms').where('term_id', '=', term.term_id).execute();
  }
  await forgetTermHierarchy(db, term.taxonomy);
}

/** term_taxonomy.count = number of published objects linked, as _update_post_term_count counts. */
/**
 * The object types WordPress counts per taxonomy (terms.md §1): published posts of these types
 * only, so a tag also used by another plugin's post type keeps WordPress's count. The counts of
 * other taxonomies are WordPress's business and are left alone.
 */
const COUNTED_TYPES: Readonly<Record<string, readonly string[]>> = {
  tribe_events_cat: ['tribe_events'],
  post_tag: ['post', 'tribe_events'],
};

const COUNTED_TAXONOMIES = Object.keys(COUNTED_TYPES);

/**
 * The recount of these terms: the count is a subquery correlated with the row being updated, so it
 * runs once that row is locked and sees the links of any writer that held the row before.
 */
function recountStatement(db: AfterCommitRunner, termTaxonomyIds: readonly number[]) {
  const counted = sql.join(Object.entries(COUNTED_TYPES).map(([taxonomy, types]) =>
    sql`(${sql.ref('term_taxonomy.taxonomy')} = ${taxonomy} AND p.post_type IN (${sql.join(types)}))`), sql` OR `);
  return db.updateTable('term_taxonomy')
    .set({
      count: sql<number>`(SELECT COUNT(*) FROM ${sql.table('term_relationships')} tr
        INNER JOIN ${sql.table('posts')} p ON p.ID = tr.object_id
        WHERE tr.term_taxonomy_id = ${sql.ref('term_taxonomy.term_taxonomy_id')} AND p.post_status = 'publish'
        AND (${counted}))`,
    })
    .where('term_taxonomy_id', 'in', termTaxonomyIds).where('taxonomy', 'in', COUNTED_TAXONOMIES);
}

/** Recounts these terms, one statement per chunk of IDs (an import's recount, a repair). */
export async function recountTerms(db: AfterCommitRunner, termTaxonomyIds: readonly number[]): Promise<void> {
  const ids = [...new Set(termTaxonomyIds)].sort((a, b) => a - b);
  for (const part of chunked(ids)) {
    // Inside a MySQL transaction, the statement's snapshot would be taken at its first row: lock
    // them all first, so that every count sees what was committed before.
    if (part.length > 1 && db.isTransaction && dialectOf(db as Writer) === 'mysql') {
      await db.selectFrom('term_taxonomy').select('term_taxonomy_id').where('term_taxonomy_id', 'in', part)
        .orderBy('term_taxonomy_id').forUpdate().execute();
    }
    await recountStatement(db, part).execute();
  }
}

/** The term_taxonomy IDs a post holds in these taxonomies. */
export async function postTermTaxonomyIds(db: Reader, postId: number, taxonomy: string): Promise<number[]> {
  const rows = await db.selectFrom('term_relationships as tr')
    .innerJoin('term_taxonomy as tt', 'tt.term_taxonomy_id', 'tr.term_taxonomy_id')
    .select('tr.term_taxonomy_id')
    .where('tr.object_id', '=', postId).where('tt.taxonomy', '=', taxonomy)
    .execute();
  return rows.map((r) => Number(r.term_taxonomy_id));
}

/** The term_taxonomy IDs a post holds, by taxonomy (for a write that locked the post: see setPostTerms). */
export function postTermLinksRead(db: Reader, postId: number): Read<Map<string, number[]>> {
  return {
    queries: [db.selectFrom('term_relationships as tr')
      .innerJoin('term_taxonomy as tt', 'tt.term_taxonomy_id', 'tr.term_taxonomy_id')
      .select(['tr.term_taxonomy_id', 'tt.taxonomy'])
      .where('tr.object_id', '=', postId)],
    value([rows = []]) {
      const links = new Map<string, number[]>();
      for (const row of rows as Array<{ term_taxonomy_id: number | string; taxonomy: string }>) {
        const ids = links.get(row.taxonomy);
        if (ids) ids.push(Number(row.term_taxonomy_id));
        else links.set(row.taxonomy, [Number(row.term_taxonomy_id)]);
      }
      return links;
    },
  };
}

/**
 * wp_set_object_terms (replace): links exactly these terms and recounts every term touched (as the
 * transaction commits). Whether the post's terms changed. `held`: the term_taxonomy IDs the post
 * holds in the taxonomy, when the write already read them under its lock of the post (none for a
 * post created in this transaction); else they are read here.
 */
export async function setPostTerms(db: Writer, postId: number, taxonomy: string, terms: readonly Term[], held?: readonly number[]): Promise<boolean> {
  const before = held ?? await postTermTaxonomyIds(db, postId, taxonomy);
  const after = [...new Set(terms.map((t) => t.term_taxonomy_id))];
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  if (removed.length) {
    await queueWrite(db, db.deleteFrom('term_relationships').where('object_id', '=', postId).where('term_taxonomy_id', 'in', removed));
  }
  if (added.length) {
    // Ignored when it exists: the link is what matters, whoever made it.
    await queueWrite(db, db.insertInto('term_relationships').orIgnore()
      .values(added.map((ttId) => ({ object_id: postId, term_taxonomy_id: ttId, term_order: 0 }))));
  }
  recountAtCommit(db, [...removed, ...added]);
  return removed.length > 0 || added.length > 0;
}

/** Per transaction: the terms its last statements recount. */
const recountedAtCommit = new WeakMap<Writer, Set<number>>();

/**
 * Recounts these terms as the transaction's last statements (beforeCommit), one queued statement
 * per term in ID order, which travel with the COMMIT: a term's row is locked only while the
 * transaction commits, so writers linking the same term do not queue on it while they work, and
 * rows are taken in one order by every writer. Exact: each count is made once its row is locked,
 * seeing this transaction's links and every committed one; a writer that links the term later
 * recounts it after this commit.
 */
function recountAtCommit(trx: Writer, termTaxonomyIds: readonly number[]): void {
  touches(trx, { terms: termTaxonomyIds });
  let pending = recountedAtCommit.get(trx);
  if (!pending) {
    const ids = pending = new Set();
    recountedAtCommit.set(trx, ids);
    beforeCommit(trx, 'term_counts', async (own) => {
      for (const id of [...ids].sort((a, b) => a - b)) await queueWrite(own, recountStatement(own, [id]));
    });
  }
  for (const id of termTaxonomyIds) pending.add(id);
}

/** The term_taxonomy IDs these posts hold, of every taxonomy (one per link). */
export async function termTaxonomyIdsOfPosts(db: Reader, postIds: readonly number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunked(postIds)) {
    const rows = await db.selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', 'in', part).execute();
    for (const row of rows) ids.push(Number(row.term_taxonomy_id));
  }
  return ids;
}

/** Recounts every term a post holds (after its status changes), once the transaction commits. */
export async function recountPostTerms(db: Writer, postId: number): Promise<void> {
  recountAtCommit(db, await termTaxonomyIdsOfPosts(db, [postId]));
}

/**
 * Removes every link of these posts to terms of the taxonomy; returns the term_taxonomy IDs they
 * linked (one per link), whose counts the caller recounts.
 */
export async function unlinkPostsFromTaxonomy(trx: Writer, postIds: readonly number[], taxonomy: string): Promise<number[]> {
  const unlinked: number[] = [];
  for (const part of chunked(postIds)) {
    const ttIds = trx.selectFrom('term_taxonomy').select('term_taxonomy_id').where('taxonomy', '=', taxonomy);
    const old = await trx.selectFrom('term_relationships').select('term_taxonomy_id')
      .where('object_id', 'in', part).where('term_taxonomy_id', 'in', ttIds).execute();
    for (const row of old) unlinked.push(Number(row.term_taxonomy_id));
    await trx.deleteFrom('term_relationships').where('object_id', 'in', part).where('term_taxonomy_id', 'in', ttIds).execute();
  }
  return unlinked;
}

const RELATIONSHIP_COLUMNS = ['object_id', 'term_taxonomy_id', 'term_order'];

/**
 * Inserts term links given as one flat list of `object_id, term_taxonomy_id, term_order` values,
 * with multi-row INSERTs (bulk-insert.ts); the caller recounts the terms. Every statement is issued before this returns.
 */
export function insertTermLinksBulk(trx: Writer, values: number[]): Promise<void> {
  return insertRows(trx, 'term_relationships', RELATIONSHIP_COLUMNS, values);
}
