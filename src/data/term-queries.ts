// Reads of terms of one taxonomy beyond the single-term look-ups of terms.ts: the filtered and
// ordered lists of WP_Term_Query (terms.md §3), look-ups by ID, slug or name, children of a parent,
// and the slug check of wp_unique_term_slug.
import { sql } from 'kysely';
import type { Reader } from './executor.ts';
import { chunked } from './bulk-insert.ts';
import { literalIds } from './id-lists.ts';
import { containsPattern } from './search.ts';
import { queryTerms, queryTermsRead, type Term } from './terms.ts';
import { readAlone, type Read } from './together.ts';

/** Columns of a term (terms and term_taxonomy rows) a list can be ordered by. */
export type TermColumn = 'term_id' | 'name' | 'slug' | 'term_group' | 'count' | 'parent' | 'taxonomy' | 'term_taxonomy_id' | 'description';

const COLUMN_REFS = {
  term_id: 't.term_id',
  name: 't.name',
  slug: 't.slug',
  term_group: 't.term_group',
  count: 'tt.count',
  parent: 'tt.parent',
  taxonomy: 'tt.taxonomy',
  term_taxonomy_id: 'tt.term_taxonomy_id',
  description: 'tt.description',
} as const satisfies Record<TermColumn, string>;

export type TermOrder =
  | { column: TermColumn }
  /** The `term_order` of the terms' relationships with this object (the lowest, when several). */
  | { termOrderOf: number };

export interface TermListFilter {
  /** Name or slug containing this text. */
  search?: string;
  /** Only these term IDs (empty: no restriction). */
  includeIds: readonly number[];
  /** None of these term IDs (empty: no restriction). */
  excludeIds: readonly number[];
  parent?: number;
  slug?: string;
  /** Only the terms this object (post) holds. */
  objectId?: number;
  /** Only terms whose count is above 0. */
  countedOnly: boolean;
  /** null: the database's order. Otherwise ties are broken by term ID, ascending. */
  order: TermOrder | null;
  descending: boolean;
}

/** The terms of the taxonomy matching the filter, in its order. */
export async function termsMatching(db: Reader, taxonomy: string, f: TermListFilter): Promise<Term[]> {
  const relationships = sql.table('term_relationships');
  return queryTerms(db, taxonomy, (query) => {
    let shaped = query;
    if (f.search !== undefined) {
      const pattern = containsPattern(f.search);
      shaped = shaped.where(sql<boolean>`(t.name LIKE ${pattern} ESCAPE '!' OR t.slug LIKE ${pattern} ESCAPE '!')`);
    }
    if (f.includeIds.length) shaped = shaped.where('t.term_id', 'in', literalIds(f.includeIds));
    if (f.excludeIds.length) shaped = shaped.where('t.term_id', 'not in', literalIds(f.excludeIds));
    if (f.parent !== undefined) shaped = shaped.where('tt.parent', '=', f.parent);
    if (f.slug !== undefined) shaped = shaped.where('t.slug', '=', f.slug);
    if (f.objectId !== undefined) {
      shaped = shaped.where(sql<boolean>`tt.term_taxonomy_id IN (SELECT tr.term_taxonomy_id FROM ${relationships} tr WHERE tr.object_id = ${f.objectId})`);
    }
    if (f.countedOnly) shaped = shaped.where('tt.count', '>', 0);
    if (f.order === null) return shaped;
    const direction = f.descending ? 'desc' : 'asc';
    if ('termOrderOf' in f.order) {
      shaped = shaped.orderBy(
        sql`(SELECT MIN(tr.term_order) FROM ${relationships} tr WHERE tr.term_taxonomy_id = tt.term_taxonomy_id AND tr.object_id = ${f.order.termOrderOf})`,
        direction,
      );
    } else {
      shaped = shaped.orderBy(COLUMN_REFS[f.order.column], direction);
    }
    return shaped.orderBy('t.term_id', 'asc');
  });
}

/** Every term of the taxonomy. */
export async function allTerms(db: Reader, taxonomy: string): Promise<Term[]> {
  return queryTerms(db, taxonomy, (query) => query);
}

/** Every term of the taxonomy, in term ID order. */
export async function allTermsInIdOrder(db: Reader, taxonomy: string): Promise<Term[]> {
  return queryTerms(db, taxonomy, (query) => query.orderBy('t.term_id'));
}

/** The terms of the taxonomy with these term IDs (no statement for none). */
export function termsByIdsRead(db: Reader, taxonomy: string, termIds: readonly number[]): Read<Term[]> {
  if (!termIds.length) return { queries: [], value: () => [] };
  return queryTermsRead(db, taxonomy, (query) => query.where('t.term_id', 'in', literalIds(termIds)));
}

export function termsByIds(db: Reader, taxonomy: string, termIds: readonly number[]): Promise<Term[]> {
  return readAlone(db, termsByIdsRead(db, taxonomy, termIds));
}

/** The terms of the taxonomy whose parent is this term (0: top level), in term ID order. */
export async function childTerms(db: Reader, taxonomy: string, parent: number): Promise<Term[]> {
  return queryTerms(db, taxonomy, (query) => query.where('tt.parent', '=', parent).orderBy('t.term_id'));
}

function termsByAnyOf(db: Reader, taxonomy: string, ids: readonly number[], slugs: readonly string[], lowerNames: readonly string[]): Promise<Term[]> {
  return queryTerms(db, taxonomy, (q) => q.where((eb) => eb.or([
    ...(ids.length ? [eb('t.term_id', 'in', literalIds(ids))] : []),
    ...(slugs.length ? [eb('t.slug', 'in', slugs)] : []),
    ...(lowerNames.length ? [eb(sql<string>`lower(t.name)`, 'in', lowerNames)] : []),
  ])));
}

/**
 * Terms of the taxonomy matching any of these IDs, slugs or lower-cased names: one query, or one
 * per slice of slugs and names when they are many (a term may then come back more than once).
 */
export async function termsByReference(db: Reader, taxonomy: string, ids: readonly number[], slugs: readonly string[], lowerNames: readonly string[]): Promise<Term[]> {
  const slugSlices = chunked([...new Set(slugs)]);
  const nameSlices = chunked([...new Set(lowerNames)]);
  const queries = Math.max(slugSlices.length, nameSlices.length, ids.length ? 1 : 0);
  const found: Term[] = [];
  for (let i = 0; i < queries; i++) {
    found.push(...await termsByAnyOf(db, taxonomy, i === 0 ? ids : [], slugSlices[i] ?? [], nameSlices[i] ?? []));
  }
  return found;
}

/** Whether a term of any taxonomy has this slug (other than the term `exceptTermId`). */
export async function termSlugTaken(db: Reader, slug: string, exceptTermId?: number): Promise<boolean> {
  let query = db.selectFrom('terms').select('term_id').where('slug', '=', slug);
  if (exceptTermId !== undefined) query = query.where('term_id', '!=', exceptTermId);
  return (await query.executeTakeFirst()) !== undefined;
}
