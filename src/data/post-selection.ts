// Posts selected by conditions written so that a page (`ID > last ID read ORDER BY ID LIMIT n`)
// walks the primary key and costs the same on every page, however far into the table it is: the
// reads of exports (transfer/export-selection.ts resolves their filters into a PostSelection).
//
// Only the ID conditions may use an index. Given any other usable one, the planners drive each page
// from it and pay for every remaining match on every page (an export quadratic in calendar size):
// SQLite reads the events of the statuses through type_status_date and sorts them all by ID;
// MariaDB materializes a filter's subquery whole (every post of the category, every end date past
// the bound). So the type and status are tested through a CASE no index covers, and each filter is
// a correlated probe of the walked post's own rows (by postmeta.post_id, term_relationships' key).
// Both planners are then left one plan; the tests check it with EXPLAIN.
import type { CompiledQuery, Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Reader } from './executor.ts';
import type { Database, PostRow } from './tables.ts';
import { queryTerms, type Term } from './terms.ts';

/** The post holds a meta row of the key whose value compares so with `value`. */
export interface MetaProbe {
  key: string;
  compare: '>=' | '<=' | 'in';
  value: string | readonly string[];
}

/** Which posts are selected: every condition holds, checked in this order. */
export interface PostSelection {
  /** Posts of this type in one of these statuses. */
  postType: string;
  statuses: readonly string[];
  /** Each: the post holds one of these term_taxonomy IDs (none: nothing matches). */
  termTaxonomyIds: ReadonlyArray<readonly number[]>;
  meta: readonly MetaProbe[];
  /** Only these post IDs (none: nothing matches). */
  ids?: readonly number[];
}

type PostsBuilder = ExpressionBuilder<Database, 'posts'>;
type PostCheck = (eb: PostsBuilder) => Expression<SqlBool>;

const withStatus = (postType: string, statuses: readonly string[]): PostCheck => (eb) =>
  eb(eb.case().when('post_type', '=', postType).then(eb.ref('post_status')).end(), 'in', statuses);

// Compared with 1 rather than used bare: MariaDB rewrites a bare EXISTS at the top of a WHERE into a
// semi-join, which it may materialize; as an operand it stays a probe per walked post.
const probe = (eb: PostsBuilder, rows: Expression<unknown>): Expression<SqlBool> => eb(eb.exists(rows), '=', eb.lit(1));

// In a probe too the post ID is the only indexable condition (the key tested inside a CASE, the term
// taxonomy ID through `+ 0`): with statistics lagging behind the table (right after a large import),
// MariaDB would otherwise probe through the meta_key or term_taxonomy_id index, reading every row of
// the key or of the terms for each walked post.
const hasMeta = ({ key, compare, value }: MetaProbe): PostCheck => (eb) =>
  probe(eb, eb.selectFrom('postmeta').select('postmeta.meta_id').whereRef('postmeta.post_id', '=', 'posts.ID')
    .where((meta) => meta(meta.case().when('postmeta.meta_key', '=', key).then(meta.ref('postmeta.meta_value')).end(), compare, value)));

const hasTerm = (ttIds: readonly number[]): PostCheck => (eb) =>
  probe(eb, eb.selectFrom('term_relationships').select('term_relationships.object_id').whereRef('term_relationships.object_id', '=', 'posts.ID')
    .where((terms) => terms(terms('term_relationships.term_taxonomy_id', '+', terms.lit(0)), 'in', ttIds.length ? ttIds : [0])));

function checks(selection: PostSelection): PostCheck[] {
  const all: PostCheck[] = [withStatus(selection.postType, selection.statuses)];
  for (const ttIds of selection.termTaxonomyIds) all.push(hasTerm(ttIds));
  for (const probed of selection.meta) all.push(hasMeta(probed));
  // A short list of IDs is the one condition worth driving the query from: it is kept indexable.
  const ids = selection.ids;
  if (ids) all.push((eb) => eb('ID', 'in', ids.length ? ids : [0]));
  return all;
}

function selectedPosts(db: Reader, selection: PostSelection) {
  const all = checks(selection);
  return db.selectFrom('posts').where((eb) => eb.and(all.map((check) => check(eb))));
}

function pageQuery(db: Reader, selection: PostSelection, after: number, size: number) {
  return selectedPosts(db, selection).selectAll().where('ID', '>', after).orderBy('ID').limit(size);
}

/** The next `size` selected posts after ID `after`, in ID order. */
export async function selectionPage(db: Reader, selection: PostSelection, after: number, size: number): Promise<PostRow[]> {
  return pageQuery(db, selection, after, size).execute();
}

/** The statement selectionPage runs (for EXPLAIN). */
export function selectionPageQuery(db: Reader, selection: PostSelection, after: number, size: number): CompiledQuery {
  return pageQuery(db, selection, after, size).compile();
}

/** The terms of the taxonomy the selected posts hold, in term ID order. */
export async function termsOfSelection(db: Reader, taxonomy: string, selection: PostSelection): Promise<Term[]> {
  const postIds = selectedPosts(db, selection).select('ID');
  return queryTerms(db, taxonomy, (query) => query
    .where('tt.term_taxonomy_id', 'in', (eb) => eb.selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', 'in', postIds))
    .orderBy('t.term_id'));
}
