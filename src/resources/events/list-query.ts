// The SQL of GET /events (events.md §3.3–§3.6): posts INNER JOIN tec_occurrences, every filter
// on indexed columns or keyed meta rows (uncorrelated: a correlated meta lookup per post reads
// every meta row of every candidate), ordered by the occurrence start.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../data/connect.ts';
import type { Database, PostsTable, TecOccurrencesTable } from '../../data/tables.ts';
import type { Reader } from '../../data/executor.ts';
import { literalIdTexts, literalIds } from '../../data/id-lists.ts';
import { DATE_BOUND_COMPARISONS, type DateBoundParam } from '../../time/event-dates.ts';
import { addDays } from '../../time/wall.ts';
import { EVENT_TYPE } from '../post-types.ts';
import { searchCondition } from '../shared/search.ts';

type ListDb = Database & { p: PostsTable; o: TecOccurrencesTable };
type Eb = ExpressionBuilder<ListDb, 'p' | 'o'>;

export interface ListFilters {
  statuses: string[];
  /** DB datetimes, already in the stored zone of the columns compared. */
  bounds: Partial<Record<DateBoundParam, string>>;
  /** Compare `start_date_utc`/`end_date_utc` instead of the event-local columns. */
  utcColumns: boolean;
  /** Order by `start_date_utc` (TEC `site` timezone mode) instead of the event-local start. */
  orderByUtc: boolean;
  search?: string;
  /** Hide password-protected events from the search (WordPress does for anonymous users). */
  searchPublicOnly: boolean;
  /** term_taxonomy IDs; an empty list matches nothing. */
  categoryTermTaxonomyIds?: number[];
  tagTermTaxonomyIds?: number[];
  venueIds?: number[];
  organizerIds?: number[];
  featured?: boolean;
  postParent?: number;
  include?: number[];
}

const NOTHING = sql<SqlBool>`1 = 0`;


/** IDs of posts having the meta key (with one of `values`): one uncorrelated lookup on the meta_key index. */
function postsWithMeta(eb: Eb, key: string, values?: readonly number[]) {
  let sub = eb.selectFrom('postmeta as m').select('m.post_id').where('m.meta_key', '=', key);
  if (values) sub = sub.where('m.meta_value', 'in', literalIdTexts(values));
  return sub;
}

function hasMeta(eb: Eb, key: string, values?: readonly number[]): Expression<SqlBool> {
  return eb('p.ID', 'in', postsWithMeta(eb, key, values));
}

/** `post_id` is NOT NULL, so NOT IN means exactly "has no such meta row". */
function lacksMeta(eb: Eb, key: string): Expression<SqlBool> {
  return eb('p.ID', 'not in', postsWithMeta(eb, key));
}

function inTerms(eb: Eb, termTaxonomyIds: readonly number[]): Expression<SqlBool> {
  if (!termTaxonomyIds.length) return NOTHING;
  return eb.exists(eb.selectFrom('term_relationships as tr').select('tr.object_id')
    .whereRef('tr.object_id', '=', 'p.ID').where('tr.term_taxonomy_id', 'in', literalIds(termTaxonomyIds)));
}

function conditions(eb: Eb, f: ListFilters): Expression<SqlBool>[] {
  const all: Expression<SqlBool>[] = [
    eb('p.post_type', '=', EVENT_TYPE.type),
    f.statuses.length ? eb('p.post_status', 'in', [...new Set(f.statuses)]) : NOTHING,
    lacksMeta(eb, '_EventHideFromUpcoming'),
  ];
  for (const [param, bound] of Object.entries(f.bounds) as [DateBoundParam, string][]) {
    const { field, operator } = DATE_BOUND_COMPARISONS[param];
    const column = `o.${field}_date${f.utcColumns ? '_utc' : ''}` as const;
    all.push(eb(column, operator, bound));
  }
  if (f.search !== undefined) {
    all.push(searchCondition(f.search, ['p.post_title', 'p.post_excerpt', 'p.post_content']));
    if (f.searchPublicOnly) all.push(eb('p.post_password', '=', ''));
  }
  if (f.categoryTermTaxonomyIds) all.push(inTerms(eb, f.categoryTermTaxonomyIds));
  if (f.tagTermTaxonomyIds) all.push(inTerms(eb, f.tagTermTaxonomyIds));
  if (f.venueIds) all.push(f.venueIds.length ? hasMeta(eb, '_EventVenueID', f.venueIds) : NOTHING);
  if (f.organizerIds) all.push(f.organizerIds.length ? hasMeta(eb, '_EventOrganizerID', f.organizerIds) : NOTHING);
  if (f.featured === true) all.push(hasMeta(eb, '_tribe_featured'));
  if (f.featured === false) all.push(lacksMeta(eb, '_tribe_featured'));
  if (f.postParent !== undefined) all.push(eb('p.post_parent', '=', f.postParent));
  if (f.include) all.push(eb('p.ID', 'in', literalIds(f.include)));
  return all;
}

function matching(db: Reader, f: ListFilters) {
  return db.selectFrom('posts as p')
    .innerJoin('tec_occurrences as o', 'o.post_id', 'p.ID')
    .where((eb) => eb.and(conditions(eb, f)));
}

/**
 * A lower bound on the walked start column implied by a start bound on the other one (no zone is
 * a day away from UTC): the walk then begins at the window instead of reading every past event.
 */
function impliedWalkBound(eb: Eb, f: ListFilters, walked: 'o.start_date' | 'o.start_date_utc'): Expression<SqlBool>[] {
  if (f.utcColumns === (walked === 'o.start_date_utc')) return [];
  const implied: Expression<SqlBool>[] = [];
  for (const [param, bound] of Object.entries(f.bounds) as [DateBoundParam, string][]) {
    const { field, operator } = DATE_BOUND_COMPARISONS[param];
    const dayBefore = field === 'start' && (operator === '>=' || operator === '>') ? addDays(bound, -1) : null;
    if (dayBefore !== null) implied.push(eb(walked, '>=', dayBefore));
  }
  return implied;
}

/** The same rows, read in occurrence order: SQLite keeps a CROSS JOIN's left table as the outer loop. */
function matchingByStart(db: Reader, f: ListFilters, walked: 'o.start_date' | 'o.start_date_utc') {
  return db.selectFrom('tec_occurrences as o')
    .crossJoin('posts as p')
    .whereRef('o.post_id', '=', 'p.ID')
    .where((eb) => eb.and([...conditions(eb, f), ...impliedWalkBound(eb, f, walked)]));
}

/** Number of events the filters match; `repeated`: an event may have several occurrence rows. */
async function countEvents(db: Reader, f: ListFilters, repeated: boolean): Promise<number> {
  const counted = repeated ? sql<number>`COUNT(DISTINCT p.ID)` : sql<number>`COUNT(*)`;
  const row = await matching(db, f).select(counted.as('total')).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * IDs of one page, in list order (§3.5, with `ID` as the last key). Sorting every match by
 * (start, post_date, ID) costs as much as counting them, so the page is found in two steps: the
 * start of its last event, walked to along the occurrence start index (stopping there), then the
 * full order among the events starting no later, whose first `offset + limit` are the page.
 * With `repeated` occurrence rows (TEC PRO's recurring events), events are grouped as the plugin
 * groups them, each placed at its earliest matching occurrence, by the slower full sort.
 */
async function pageOfEventIds(db: Reader, f: ListFilters, limit: number, offset: number, repeated: boolean): Promise<number[]> {
  const start = f.orderByUtc ? 'o.start_date_utc' : 'o.start_date';
  let query;
  if (f.include) {
    query = matching(db, f).select('p.ID').$if(repeated, (q) => q.groupBy(['p.ID', 'p.post_date']))
      .orderBy('p.post_date').orderBy('p.ID');
  } else if (repeated) {
    query = matching(db, f).select('p.ID').groupBy(['p.ID', 'p.post_date'])
      .orderBy(sql`MIN(${sql.ref(start)})`).orderBy('p.post_date').orderBy('p.ID');
  } else {
    const last = await matchingByStart(db, f, start).select(`${start} as start`).orderBy(start).limit(1).offset(offset + limit - 1).executeTakeFirst();
    query = matchingByStart(db, f, start).select('p.ID').$if(last !== undefined, (q) => q.where(start, '<=', last!.start))
      .orderBy(start).orderBy('p.post_date').orderBy('p.ID');
  }
  const rows = await query.limit(limit).offset(offset).execute();
  return rows.map((row) => Number(row.ID));
}

/**
 * Whether some event has several occurrence rows (TEC free and wpcal write exactly one). One such
 * event, whatever its status, puts every list on the grouped query.
 */
async function occurrencesRepeat(db: Reader): Promise<boolean> {
  const row = await db.selectFrom('tec_occurrences').select('post_id').groupBy('post_id')
    .having(sql`COUNT(*)`, '>', 1).limit(1).executeTakeFirst();
  return row !== undefined;
}

const repeatChecks = new WeakMap<Db, { version: string; repeated: Promise<boolean> }>();

/** occurrencesRepeat, asked once per data version. */
function eventsRepeatOccurrences(db: Db, version: string | null): Promise<boolean> {
  const known = version === null ? undefined : repeatChecks.get(db);
  if (known && known.version === version) return known.repeated;
  const repeated = occurrencesRepeat(db.kysely);
  if (version !== null) {
    repeatChecks.set(db, { version, repeated });
    // A failed check is asked again by the next request, not kept for the version.
    repeated.catch(() => {
      if (repeatChecks.get(db)?.repeated === repeated) repeatChecks.delete(db);
    });
  }
  return repeated;
}

export interface MatchingPage {
  ids: number[];
  /** Still running when the page is known: the count is the slower query, so it overlaps what follows. */
  total: Promise<number>;
}

interface CachedPage {
  version: string;
  ids: number[];
  total: number;
}

const MAX_CACHED_PAGES = 512;
const cachedPages = new WeakMap<Db, Map<string, CachedPage>>();

/**
 * pageOfEventIds + countEvents (run side by side), reused while the database's data version is
 * unchanged: at 100k events the count alone scans every matching occurrence.
 */
export async function matchingPage(db: Db, version: string | null, f: ListFilters, limit: number, offset: number): Promise<MatchingPage> {
  const key = JSON.stringify([f, limit, offset]);
  let pages = cachedPages.get(db);
  if (!pages) cachedPages.set(db, pages = new Map());
  const cached = version === null ? undefined : pages.get(key);
  if (cached && cached.version === version) return { ids: [...cached.ids], total: Promise.resolve(cached.total) };
  const repeated = await eventsRepeatOccurrences(db, version);
  const total = countEvents(db.kysely, f, repeated);
  // Answered by whoever awaits `total`; this only keeps an early failure of the page from leaving it unhandled.
  total.catch(() => undefined);
  const ids = await pageOfEventIds(db.kysely, f, limit, offset, repeated);
  if (version !== null) {
    void total.then((count) => {
      pages.delete(key);
      pages.set(key, { version, ids: [...ids], total: count });
      if (pages.size > MAX_CACHED_PAGES) pages.delete(pages.keys().next().value!);
    }, () => undefined);
  }
  return { ids, total };
}
