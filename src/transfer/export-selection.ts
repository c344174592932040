// Which posts an export reads: its filters resolved into conditions on `posts`, written so that a
// page (`ID > last ID read ORDER BY ID LIMIT n`) walks the primary key and costs the same on every
// page, however far into the table it is.
//
// Only the ID conditions may use an index. Given any other usable one, the planners drive each page
// from it and pay for every remaining match on every page (an export quadratic in calendar size):
// SQLite reads the events of the statuses through type_status_date and sorts them all by ID;
// MariaDB materializes a filter's subquery whole (every post of the category, every end date past
// the bound). So the type and status are tested through a CASE no index covers, and each filter is
// a correlated probe of the walked post's own rows (by postmeta.post_id, term_relationships' key).
// Both planners are then left one plan; the tests check it with EXPLAIN.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../data/tables.ts';
import { EVENT_TYPE, LISTED_BY_DEFAULT } from '../resources/post-types.ts';
import { CATEGORIES, TAGS, type TaxonomyDefinition } from '../resources/terms/definition.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { Reader } from '../data/executor.ts';
import { findTermBySlug, withDescendants } from '../data/terms.ts';
import { parseInZone } from '../time/parse.ts';

export interface ExportFilters {
  /** Events ending on or after this date (strtotime text, site time zone). */
  startDate?: string;
  /** Events starting on or before this date. */
  endDate?: string;
  /** Post statuses; all but trash and auto-draft by default. */
  status?: string[];
  /** Category / tag slugs or IDs (with their descendants). */
  category?: string[];
  tag?: string[];
  venue?: number[];
  organizer?: number[];
  /** Only these post IDs (the iCalendar feed reads the page GET /events selected). */
  ids?: number[];
}

export class ExportFilterError extends Error {}

/**
 * No filter given: the export is a backup of the whole calendar, so it also holds the venues,
 * organizers and terms no exported event uses.
 */
export function selectsEverything(filters: ExportFilters): boolean {
  return Object.values(filters).every((value) => value === undefined);
}

type PostsBuilder = ExpressionBuilder<Database, 'posts'>;
type PostCheck = (eb: PostsBuilder) => Expression<SqlBool>;

/** The filters resolved once (dates parsed, terms looked up), as checks on a `posts` row. */
export type ExportSelection = readonly PostCheck[];

function boundDate(value: string | undefined, name: string, site: SiteSettings, now: Date): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parseInZone(value, site.timezone, now);
  if (parsed === null) throw new ExportFilterError(`--${name} "${value}" is not a date`);
  return parsed;
}

async function termTaxonomyIds(db: Reader, def: TaxonomyDefinition, refs: readonly string[], flag: string): Promise<number[]> {
  const termIds: number[] = [];
  for (const ref of refs) {
    const term = /^\d+$/.test(ref) ? { term_id: Number(ref) } : await findTermBySlug(db, def.taxonomy, ref);
    if (!term) throw new ExportFilterError(`--${flag} "${ref}" matches no ${def.taxonomy === 'post_tag' ? 'tag' : 'category'}`);
    termIds.push(term.term_id);
  }
  const all = await withDescendants(db, def.taxonomy, termIds);
  const rows = await db.selectFrom('term_taxonomy').select('term_taxonomy_id')
    .where('taxonomy', '=', def.taxonomy).where('term_id', 'in', all).execute();
  return rows.map((row) => Number(row.term_taxonomy_id));
}

const eventWithStatus = (statuses: readonly string[]): PostCheck => (eb) =>
  eb(eb.case().when('post_type', '=', EVENT_TYPE.type).then(eb.ref('post_status')).end(), 'in', statuses);

// Compared with 1 rather than used bare: MariaDB rewrites a bare EXISTS at the top of a WHERE into a
// semi-join, which it may materialize; as an operand it stays a probe per walked post.
const probe = (eb: PostsBuilder, rows: Expression<unknown>): Expression<SqlBool> => eb(eb.exists(rows), '=', eb.lit(1));

// In a probe too the post ID is the only indexable condition (the key tested inside a CASE, the term
// taxonomy ID through `+ 0`): with statistics lagging behind the table (right after a large import),
// MariaDB would otherwise probe through the meta_key or term_taxonomy_id index, reading every row of
// the key or of the terms for each walked post.
const hasMeta = (key: string, compare: '>=' | '<=' | 'in', value: string | readonly string[]): PostCheck => (eb) =>
  probe(eb, eb.selectFrom('postmeta').select('postmeta.meta_id').whereRef('postmeta.post_id', '=', 'posts.ID')
    .where((meta) => meta(meta.case().when('postmeta.meta_key', '=', key).then(meta.ref('postmeta.meta_value')).end(), compare, value)));

const hasTerm = (ttIds: readonly number[]): PostCheck => (eb) =>
  probe(eb, eb.selectFrom('term_relationships').select('term_relationships.object_id').whereRef('term_relationships.object_id', '=', 'posts.ID')
    .where((terms) => terms(terms('term_relationships.term_taxonomy_id', '+', terms.lit(0)), 'in', ttIds.length ? ttIds : [0])));

/** Resolves the filters; throws ExportFilterError for one that cannot be applied (bad date, unknown term). */
export async function exportSelection(db: Reader, filters: ExportFilters, site: SiteSettings, now: Date): Promise<ExportSelection> {
  const checks: PostCheck[] = [eventWithStatus(filters.status ?? LISTED_BY_DEFAULT)];
  const start = boundDate(filters.startDate, 'start-date', site, now);
  const end = boundDate(filters.endDate, 'end-date', site, now);
  // Checked in this order, each post until one fails: term probes read one index entry, meta probes
  // every meta row of the post; a venue or organizer rules out more posts than a date bound.
  for (const [refs, def, flag] of [[filters.category, CATEGORIES, 'category'], [filters.tag, TAGS, 'tag']] as const) {
    if (refs?.length) checks.push(hasTerm(await termTaxonomyIds(db, def, refs, flag)));
  }
  if (filters.venue?.length) checks.push(hasMeta('_EventVenueID', 'in', filters.venue.map(String)));
  if (filters.organizer?.length) checks.push(hasMeta('_EventOrganizerID', 'in', filters.organizer.map(String)));
  if (start !== undefined) checks.push(hasMeta('_EventEndDate', '>=', start));
  if (end !== undefined) checks.push(hasMeta('_EventStartDate', '<=', end));
  // A short list of IDs is the one condition worth driving the query from: it is kept indexable.
  const ids = filters.ids;
  if (ids) checks.push((eb) => eb('ID', 'in', ids.length ? ids : [0]));
  return checks;
}

/** The selected posts, to select columns from. */
export function selectedPosts(db: Reader, selection: ExportSelection) {
  return db.selectFrom('posts').where((eb) => eb.and(selection.map((check) => check(eb))));
}

/** The next `size` selected posts after ID `after`, in ID order. */
export function selectionPage(db: Reader, selection: ExportSelection, after: number, size: number) {
  return selectedPosts(db, selection).selectAll().where('ID', '>', after).orderBy('ID').limit(size);
}
