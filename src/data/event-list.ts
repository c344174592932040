// The SQL of the events list (GET /events, events.md §3.3–§3.6): posts INNER JOIN
// tec_occurrences, every filter on indexed columns or keyed meta rows (uncorrelated: a correlated
// meta lookup per post reads every meta row of every candidate), ordered by the occurrence start.
// Which post type, statuses, meta keys and search words mean what is the caller's business.
import { sql, type ExpressionBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName, Reader } from './executor.ts';
import { literalIdTexts, literalIds } from './id-lists.ts';
import { wordsInColumns, type SearchWord } from './search.ts';
import type { Database, PostsTable, TecOccurrencesTable } from './tables.ts';
import { addDays } from '../time/wall.ts';

type ListDb = Database & { p: PostsTable; o: TecOccurrencesTable };
type Eb = ExpressionBuilder<ListDb, 'p' | 'o'>;

/** A bound on an occurrence date: `{field}_date` (or `{field}_date_utc`) `operator` `value`. */
export interface OccurrenceBound {
  field: 'start' | 'end';
  operator: '>=' | '<=' | '<' | '>';
  /** A DB datetime, in the stored zone of the column compared. */
  value: string;
}

/** Conditions on a listed event; every one given holds. */
export interface EventListFilter {
  postType: string;
  /** An empty list matches nothing. */
  statuses: readonly string[];
  /** Events holding a meta row of this key are never listed. */
  hiddenByMeta: string;
  bounds: readonly OccurrenceBound[];
  /** Compare `start_date_utc`/`end_date_utc` instead of the event-local columns. */
  utcColumns: boolean;
  /** Order by `start_date_utc` instead of the event-local start. */
  orderByUtc: boolean;
  /** Words of a search in the title, excerpt and content. */
  search?: readonly SearchWord[];
  /** Only posts without a password. */
  passwordless?: boolean;
  /** Each: the event holds one of these term_taxonomy IDs (an empty list matches nothing). */
  termTaxonomyIds: ReadonlyArray<readonly number[]>;
  /** Each: the event holds a meta row of the key whose value is one of the IDs (none: nothing matches). */
  metaIds: ReadonlyArray<MetaCondition & { ids: readonly number[] }>;
  /** The event holds (or lacks) a meta row of this key. */
  metaPresence?: MetaCondition & { present: boolean };
  postParent?: number;
  /** Only these post IDs; the list is then ordered by post date. */
  include?: readonly number[];
  /**
   * How far apart the calendar's occurrence dates lie (occurrenceReach): the bounds on the end, or
   * on the start column the list is not ordered by, then bound the walked start too, so a list
   * reads the start index over the window's candidates only. Without it, nothing is implied.
   */
  reach?: OccurrenceReach;
}

/** A condition on a meta key: the posts whose rows meet it, when they were looked up just before (postsHoldingMeta). */
export interface MetaCondition {
  key: string;
  holders?: readonly number[];
}

/** How far apart an occurrence's dates lie, at most, over every occurrence row of the calendar. */
export interface OccurrenceReach {
  /** Calendar days from a start date to its end date, local or UTC, whichever is more. */
  longestDays: number;
  /** Whole days, rounded up, an end lies before its start (local or UTC): 0 unless some end does. */
  endBeforeStartDays: number;
  /** Whole days, rounded up, between an occurrence's local and UTC start. */
  zoneDays: number;
}

const NOTHING = sql<SqlBool>`1 = 0`;

const SEARCHED_COLUMNS = ['p.post_title', 'p.post_excerpt', 'p.post_content'];

/**
 * IDs of posts having the meta key (with one of `values`): one uncorrelated lookup on the meta_key
 * index. They are selected as `post_id + 0`, which no index holds: given the column, MariaDB
 * probes the post_id index for each event of the window instead, and fetches every meta row of
 * each (at 100,000 events, a venue's list took 3.0 s that way and 0.9 s this way).
 */
function postsWithMeta(eb: Eb, key: string, values?: readonly number[]) {
  let sub = eb.selectFrom('postmeta as m').select(sql<number>`${sql.ref('m.post_id')} + 0`.as('post_id')).where('m.meta_key', '=', key);
  if (values) sub = sub.where('m.meta_value', 'in', literalIdTexts(values));
  return sub;
}

function hasMeta(eb: Eb, { key, holders }: MetaCondition, values?: readonly number[]): Expression<SqlBool> {
  return eb('p.ID', 'in', holders ? literalIds(holders) : postsWithMeta(eb, key, values));
}

/**
 * The posts holding a meta row of `key` (with one of `values`), ascending; null when more than
 * `most` rows hold it, found without reading the others. Each list statement given the condition
 * as a subquery runs that lookup again, and on MariaDB it fetches every row of the key, which no
 * index holds by value: 0.5 s for a venue at 100,000 events, where the statements given the posts
 * take 10 ms each.
 */
export async function postsHoldingMeta(db: Reader, key: string, values: readonly number[] | undefined, most: number): Promise<number[] | null> {
  const rows = await db.selectFrom((eb) => postsWithMeta(eb, key, values).as('held')).select('held.post_id').limit(most + 1).execute();
  return rows.length > most ? null : [...new Set(rows.map((row) => Number(row.post_id)))].sort((a, b) => a - b);
}

/**
 * The posts of this type whose title, excerpt or content hold the search words as a list's search
 * finds them (and without a password, when `passwordless`), in ID order, among `among` when given;
 * null when more than `most` do.
 */
export async function postsMatchingSearch(
  db: Reader, postType: string, words: readonly SearchWord[], passwordless: boolean, most: number, among?: readonly number[],
): Promise<number[] | null> {
  if (among?.length === 0) return [];
  let query = db.selectFrom('posts as p').select('p.ID').where('p.post_type', '=', postType).where(wordsInColumns(words, SEARCHED_COLUMNS));
  if (passwordless) query = query.where('p.post_password', '=', '');
  if (among) query = query.where('p.ID', 'in', literalIds(among));
  const rows = await query.limit(most + 1).execute();
  return rows.length > most ? null : rows.map((row) => Number(row.ID)).sort((a, b) => a - b);
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

function conditions(eb: Eb, f: EventListFilter): Expression<SqlBool>[] {
  const all: Expression<SqlBool>[] = [
    eb('p.post_type', '=', f.postType),
    f.statuses.length ? eb('p.post_status', 'in', [...new Set(f.statuses)]) : NOTHING,
    lacksMeta(eb, f.hiddenByMeta),
  ];
  for (const { field, operator, value } of f.bounds) {
    const column = `o.${field}_date${f.utcColumns ? '_utc' : ''}` as const;
    all.push(eb(column, operator, value));
  }
  if (f.search !== undefined) all.push(wordsInColumns(f.search, SEARCHED_COLUMNS));
  if (f.passwordless) all.push(eb('p.post_password', '=', ''));
  for (const ttIds of f.termTaxonomyIds) all.push(inTerms(eb, ttIds));
  for (const condition of f.metaIds) all.push(condition.ids.length ? hasMeta(eb, condition, condition.ids) : NOTHING);
  if (f.metaPresence?.present === true) all.push(hasMeta(eb, f.metaPresence));
  if (f.metaPresence?.present === false) all.push(lacksMeta(eb, f.metaPresence.key));
  if (f.postParent !== undefined) all.push(eb('p.post_parent', '=', f.postParent));
  if (f.include) all.push(eb('p.ID', 'in', literalIds(f.include)));
  return all;
}

function matching(db: Reader, f: EventListFilter) {
  return db.selectFrom('posts as p')
    .innerJoin('tec_occurrences as o', 'o.post_id', 'p.ID')
    .where((eb) => eb.and(conditions(eb, f)));
}

/** A bound on the walked start column that the filter implies. */
export interface WalkBound {
  operator: '>=' | '<=';
  value: string;
}

/**
 * Bounds on the walked start column implied by the filter's other bounds and the calendar's reach
 * (a start is within `zoneDays` of the other column's start, within `endBeforeStartDays` after its
 * end, and less than `longestDays` + 1 days before it), so the walk reads the window's candidates
 * instead of every past (or future) event.
 */
export function impliedWalkBounds(f: EventListFilter, walked: 'o.start_date' | 'o.start_date_utc'): WalkBound[] {
  const { reach } = f;
  if (!reach) return [];
  const zoneDays = f.utcColumns !== (walked === 'o.start_date_utc') ? reach.zoneDays : undefined;
  return f.bounds.flatMap(({ field, operator, value }): WalkBound[] => {
    const lower = operator === '>=' || operator === '>';
    if (field === 'start' && zoneDays === undefined) return [];
    const zone = zoneDays ?? 0;
    const days = field === 'start' ? (lower ? -zone : zone)
      : lower ? -(zone + reach.longestDays + 1) : zone + reach.endBeforeStartDays;
    const bound = addDays(value, days);
    // Past year 9999 (or before year 0) a bound is no DB datetime: none is implied then.
    return bound === null || !/^\d{4}-/.test(bound) ? [] : [{ operator: lower ? '>=' : '<=', value: bound }];
  });
}

/** The same rows, read in occurrence order: SQLite keeps a CROSS JOIN's left table as the outer loop. */
function matchingByStart(db: Reader, f: EventListFilter, walked: 'o.start_date' | 'o.start_date_utc') {
  return db.selectFrom('tec_occurrences as o')
    .crossJoin('posts as p')
    .whereRef('o.post_id', '=', 'p.ID')
    .where((eb) => eb.and([...conditions(eb, f), ...impliedWalkBounds(f, walked).map(({ operator, value }) => eb(walked, operator, value))]));
}

/** Number of events the filter matches; `repeated`: an event may have several occurrence rows. */
export async function countListedEvents(db: Reader, f: EventListFilter, repeated: boolean): Promise<number> {
  if (repeated) {
    const row = await matching(db, f).select(sql<number>`COUNT(DISTINCT p.ID)`.as('total')).executeTakeFirst();
    return Number(row?.total ?? 0);
  }
  // Along the start index when bounds (given or implied) narrow it to the window's candidates.
  const start = f.orderByUtc ? 'o.start_date_utc' : 'o.start_date';
  const walked = f.orderByUtc ? 'start_date_utc' : 'start_date';
  const bounded = (lower: boolean) => impliedWalkBounds(f, start).some((bound) => (bound.operator === '>=') === lower)
    || f.bounds.some((bound) => bound.field === 'start' && `${bound.field}_date${f.utcColumns ? '_utc' : ''}` === walked && (bound.operator === '>=' || bound.operator === '>') === lower);
  const rows = bounded(true) && bounded(false) ? matchingByStart(db, f, start) : matching(db, f);
  const row = await rows.select(sql<number>`COUNT(*)`.as('total')).executeTakeFirst();
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
export async function listedEventIds(db: Reader, f: EventListFilter, limit: number, offset: number, repeated: boolean): Promise<number[]> {
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

/** The meta keys whose rows the list keys hold: hiding, and those lists filter by value or by presence. */
export interface ListKeyMeta {
  hiddenBy: string;
  /** Keys a list asks for one of some values (metaIds: the venue, the organizers). */
  byValue: readonly string[];
  /** Keys a list asks the presence or absence of (metaPresence: featured). */
  byPresence: readonly string[];
}

/** A post's rows of ListKeyMeta's `byValue` keys (their values, per key in order) and `byPresence` keys (held or not). */
export interface ListedMeta {
  values: string[][];
  present: boolean[];
}

/** What a list compares and orders an occurrence by (listKeyPage, listKeysOfPosts). */
export interface ListKeyRow {
  occurrence_id: number;
  post_id: number;
  start_date: string;
  end_date: string;
  start_date_utc: string;
  end_date_utc: string;
  /** Null for an occurrence whose post is gone. */
  post_type: string | null;
  post_status: string | null;
  post_date: string | null;
  /** 1 when the post holds a meta row of the hiding key. */
  hidden: number;
  /** The term_taxonomy IDs of the post, in ascending order; null when the database cut their list short. */
  termTaxonomyIds: number[] | null;
  /**
   * Null when the database cut the list short, or a value holds the separator; undefined when not
   * read (listKeyPage: listKeyMetaPage reads it for every post at once).
   */
  meta?: ListedMeta | null;
}

/**
 * Every occurrence with its post's list keys (LEFT JOIN: the calendar's shape counts every
 * occurrence row). A post's terms come as `COUNT:SUM:IDS` from one lookup of its relationships
 * and, `ofPosts` (listKeysOfPosts: a few posts), its filtered meta as `COUNT:LENGTHS:ITEMS` from one lookup of
 * its meta (an item `vI=VALUE` for the I-th key by value, `pJ` for the J-th key by presence):
 * MySQL cuts GROUP_CONCAT at group_concat_max_len bytes (1,024 by default), maybe inside an item,
 * and the count with the sum of the IDs or of the values' lengths tell.
 */
function listKeys(db: Reader, dialect: DialectName, meta: ListKeyMeta, ofPosts: boolean) {
  const concat = (parts: RawBuilder<unknown>[]) => (dialect === 'sqlite' ? sql.join(parts, sql` || `) : sql`CONCAT(${sql.join(parts)})`);
  const terms = concat([sql`COUNT(*)`, sql`':'`, sql`COALESCE(SUM(tr.term_taxonomy_id), 0)`, sql`':'`, sql`COALESCE(GROUP_CONCAT(tr.term_taxonomy_id), '')`]);
  const metaKeys = [...meta.byValue, ...meta.byPresence];
  const item = sql.join([
    ...meta.byValue.map((key, i) => sql`WHEN ${key} THEN ${concat([sql.lit(`v${i}=`), sql`m.meta_value`])}`),
    ...meta.byPresence.map((key, j) => sql`WHEN ${key} THEN ${sql.lit(`p${j}`)}`),
  ], sql` `);
  const valueLengths = meta.byValue.length ? sql`CASE WHEN m.meta_key IN (${sql.join(meta.byValue)}) THEN LENGTH(m.meta_value) ELSE 0 END` : sql`0`;
  const metaItems = concat([sql`COUNT(*)`, sql`':'`, sql`COALESCE(SUM(${valueLengths}), 0)`, sql`':'`, sql`COALESCE(GROUP_CONCAT(CASE m.meta_key ${item} END), '')`]);
  return db.selectFrom('tec_occurrences as o')
    .leftJoin('posts as p', 'p.ID', 'o.post_id')
    .select(['o.occurrence_id', 'o.post_id', 'o.start_date', 'o.end_date', 'o.start_date_utc', 'o.end_date_utc', 'p.post_type', 'p.post_status', 'p.post_date'])
    .select((eb) => eb.case().when(ofPosts
      // A few posts: the hiding meta looked up by their IDs (reading all its posts took 1–3 ms of
      // every own write at 100,000 events). Every occurrence: its posts read once (looked up post
      // by post, the build took 10 to 70 times as long).
      ? eb.exists(eb.selectFrom('postmeta as m').select('m.meta_id').whereRef('m.post_id', '=', 'o.post_id').where('m.meta_key', '=', meta.hiddenBy))
      : eb('o.post_id', 'in', eb.selectFrom('postmeta as m').select('m.post_id').where('m.meta_key', '=', meta.hiddenBy))).then(1).else(0).end().as('hidden'))
    .select((eb) => eb.selectFrom('term_relationships as tr').whereRef('tr.object_id', '=', 'o.post_id').select(sql<string>`${terms}`.as('terms')).as('terms'))
    .$if(ofPosts && metaKeys.length > 0, (q) => q.select((eb) => eb.selectFrom('postmeta as m').whereRef('m.post_id', '=', 'o.post_id').where('m.meta_key', 'in', metaKeys)
      .select(sql<string>`${metaItems}`.as('meta')).as('meta')));
}

type KeyRowRead = Omit<ListKeyRow, 'occurrence_id' | 'post_id' | 'hidden' | 'termTaxonomyIds' | 'meta'> & { occurrence_id: unknown; post_id: unknown; hidden: unknown; terms: unknown; meta?: unknown };

/** The IDs of a `COUNT:SUM:IDS` text, ascending; null when the list was cut short. */
function termIds(text: unknown): number[] | null {
  const [count, sum, list] = String(text).split(':') as [string, string, string];
  const ids = list === '' ? [] : list.split(',').map(Number).sort((a, b) => a - b);
  return ids.length === Number(count) && ids.reduce((total, id) => total + id, 0) === Number(sum) ? ids : null;
}

/** The meta of a `COUNT:LENGTHS:ITEMS` text; null when the list was cut short or cannot be split. */
function listedMeta(text: unknown, meta: ListKeyMeta): ListedMeta | null {
  const listed: ListedMeta = { values: meta.byValue.map(() => []), present: meta.byPresence.map(() => false) };
  if (text === undefined || text === null) return listed;
  const [count, lengths] = String(text).split(':', 2) as [string, string];
  const items = String(text).slice(count.length + lengths.length + 2);
  let [seen, length] = [0, 0];
  for (const item of items === '' ? [] : items.split(',')) {
    seen++;
    const parts = /^(?:p(\d+)|v(\d+)=(.*))$/s.exec(item);
    const [presence, value] = [Number(parts?.[1]), Number(parts?.[2])];
    if (presence < listed.present.length) {
      listed.present[presence] = true;
    } else if (value < listed.values.length) {
      listed.values[value]!.push(parts![3]!);
      length += parts![3]!.length;
    } else {
      return null;
    }
  }
  return seen === Number(count) && length === Number(lengths) ? listed : null;
}

function keyRows(rows: KeyRowRead[], meta: ListKeyMeta | undefined): ListKeyRow[] {
  // Field by field: a rest and a spread made each row twice over, on V8's slow path for objects (a
  // read of the keys at 100,000 events builds 100,000 of them).
  return rows.map((row): ListKeyRow => {
    const keys: ListKeyRow = {
      occurrence_id: Number(row.occurrence_id), post_id: Number(row.post_id),
      start_date: row.start_date, end_date: row.end_date, start_date_utc: row.start_date_utc, end_date_utc: row.end_date_utc,
      post_type: row.post_type, post_status: row.post_status, post_date: row.post_date,
      hidden: Number(row.hidden), termTaxonomyIds: termIds(row.terms),
    };
    if (meta) keys.meta = listedMeta(row.meta, meta);
    return keys;
  });
}

/**
 * One page of the list keys of every occurrence, by occurrence ID after `afterOccurrenceId`
 * (keyset paging: each page as cheap as the first), without their meta: a lookup of each post's
 * meta reads all its rows (WordPress indexes meta by post and by key, not both), and
 * listKeyMetaPage reads those of every post in a fraction of the time.
 */
export async function listKeyPage(db: Reader, dialect: DialectName, meta: ListKeyMeta, afterOccurrenceId: number, size: number): Promise<ListKeyRow[]> {
  return keyRows(await listKeys(db, dialect, meta, false).where('o.occurrence_id', '>', afterOccurrenceId).orderBy('o.occurrence_id').limit(size).execute(), undefined);
}

/** The list keys of these posts' occurrences, with their meta. */
export async function listKeysOfPosts(db: Reader, dialect: DialectName, meta: ListKeyMeta, postIds: readonly number[]): Promise<ListKeyRow[]> {
  if (!postIds.length) return [];
  return keyRows(await listKeys(db, dialect, meta, true).where('o.post_id', 'in', literalIds(postIds)).orderBy('o.occurrence_id').execute(), meta);
}

/** A meta row of a key lists filter by (listKeyMetaPage). */
export interface ListKeyMetaRow {
  meta_id: number;
  post_id: number;
  /** Which of the keys asked for the row's key is, as the database compares them (MySQL: without case or trailing spaces). */
  key: number;
  meta_value: string | null;
}

/**
 * The walks that read the meta rows of these keys (listKeyMetaPage), a group of keys each. SQLite
 * walks each key's rows along the meta_key index, in meta ID order; for several keys it would sort
 * all the rows left at every page. MySQL walks the meta rows in primary-key order whatever the
 * keys, so all of them share one walk.
 */
export function listKeyMetaWalks(dialect: DialectName, keys: readonly string[]): string[][] {
  return dialect === 'sqlite' ? keys.map((key) => [key]) : [[...keys]];
}

/** One page of the meta rows of these keys (a walk of listKeyMetaWalks), by meta ID after `afterMetaId`. */
export async function listKeyMetaPage(db: Reader, keys: readonly string[], afterMetaId: number, size: number): Promise<ListKeyMetaRow[]> {
  if (!keys.length) return [];
  const which = sql<number>`CASE meta_key ${sql.join(keys.map((key, i) => sql`WHEN ${key} THEN ${sql.lit(i)}`), sql` `)} END`;
  const rows = await db.selectFrom('postmeta').select(['meta_id', 'post_id', which.as('key'), 'meta_value']).where('meta_key', 'in', keys).where('meta_id', '>', afterMetaId)
    .orderBy('meta_id').limit(size).execute();
  return rows.map((row) => ({ meta_id: Number(row.meta_id), post_id: Number(row.post_id), key: Number(row.key), meta_value: row.meta_value }));
}

/**
 * The calendar's OccurrenceReach, from every occurrence row (0 without any); undefined when a row
 * holds a date the databases' date arithmetic cannot use (a zero month or day), whose reach is unknown.
 */
export async function occurrenceReach(db: Reader, dialect: 'sqlite' | 'mysql'): Promise<OccurrenceReach | undefined> {
  const days = (start: string, end: string) => (dialect === 'sqlite'
    ? sql`julianday(substr(${sql.ref(end)}, 1, 10)) - julianday(substr(${sql.ref(start)}, 1, 10))`
    : sql`DATEDIFF(${sql.ref(end)}, ${sql.ref(start)})`);
  const seconds = (from: string, to: string) => (dialect === 'sqlite'
    ? sql`ROUND((julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400)`
    : sql`TIMESTAMPDIFF(SECOND, ${sql.ref(from)}, ${sql.ref(to)})`);
  const row = await db.selectFrom('tec_occurrences')
    .select([
      sql<number | null>`MAX(${days('start_date', 'end_date')})`.as('local'),
      sql<number | null>`MAX(${days('start_date_utc', 'end_date_utc')})`.as('utc'),
      sql<number | null>`MAX(${seconds('end_date', 'start_date')})`.as('localLead'),
      sql<number | null>`MAX(${seconds('end_date_utc', 'start_date_utc')})`.as('utcLead'),
      sql<number | null>`MAX(ABS(${seconds('start_date_utc', 'start_date')}))`.as('zone'),
      sql<number | null>`SUM(CASE WHEN ${seconds('end_date', 'start_date')} IS NULL OR ${seconds('end_date_utc', 'start_date_utc')} IS NULL
        OR ${seconds('start_date_utc', 'start_date')} IS NULL THEN 1 ELSE 0 END)`.as('undated'),
    ])
    .executeTakeFirst();
  if (Number(row?.undated ?? 0) > 0) return undefined;
  const wholeDays = (...days: number[]) => Math.max(0, ...days.map(Math.ceil));
  const read = (value: number | null | undefined) => Number(value ?? 0);
  const secondsAsDays = (value: number | null | undefined) => read(value) / 86_400;
  return {
    longestDays: wholeDays(read(row?.local), read(row?.utc)),
    endBeforeStartDays: wholeDays(secondsAsDays(row?.localLead), secondsAsDays(row?.utcLead)),
    zoneDays: wholeDays(secondsAsDays(row?.zone)),
  };
}

/** How many rows the list keys will hold: the occurrence rows, and the term links of every post (of events and others). */
export async function listKeyRowCounts(db: Reader): Promise<{ occurrences: number; termLinks: number }> {
  const row = await db.selectNoFrom((eb) => [
    eb.selectFrom('tec_occurrences').select(sql<number>`COUNT(*)`.as('n')).as('occurrences'),
    eb.selectFrom('term_relationships').select(sql<number>`COUNT(*)`.as('n')).as('termLinks'),
  ]).executeTakeFirst();
  return { occurrences: Number(row?.occurrences ?? 0), termLinks: Number(row?.termLinks ?? 0) };
}

/** Whether some post has several `tec_occurrences` rows. */
export async function occurrencesRepeat(db: Reader): Promise<boolean> {
  const row = await db.selectFrom('tec_occurrences').select('post_id').groupBy('post_id')
    .having(sql`COUNT(*)`, '>', 1).limit(1).executeTakeFirst();
  return row !== undefined;
}
