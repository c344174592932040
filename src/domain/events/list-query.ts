// What GET /events reads (events.md §3.3–§3.6): its filters, given the meanings of the event's
// meta keys and search words, as the events-list query of data/event-list.ts; the page and the
// count, reused while the database's data version is unchanged (ListedEventsCache).
import { LRUCache } from 'lru-cache';
import type { Db } from '../../data/connect.ts';
import {
  countListedEvents, listedEventIds, occurrenceReach, occurrencesRepeat, postsHoldingMeta,
  type EventListFilter, type ListKeyMeta, type MetaCondition, type OccurrenceReach,
} from '../../data/event-list.ts';
import { DATE_BOUND_COMPARISONS, type DateBoundParam } from '../../time/event-dates.ts';
import { EVENT_TYPE } from '../post-types.ts';
import { searchWords } from '../search.ts';
import { EventListIndex } from './list-index.ts';
import { SearchMatches } from './search-matches.ts';
import { PerVersionAnswers } from '../per-version-answers.ts';

/** TEC's meta keys lists read: the events hidden from lists, the venue and organizers, featured. */
const HIDDEN_KEY = '_EventHideFromUpcoming';
const VENUE_KEY = '_EventVenueID';
const ORGANIZER_KEY = '_EventOrganizerID';
const FEATURED_KEY = '_tribe_featured';

/** What the events' list keys hold of the meta (list-index.ts). */
export const EVENT_LIST_META: ListKeyMeta = { hiddenBy: HIDDEN_KEY, byValue: [VENUE_KEY, ORGANIZER_KEY], byPresence: [FEATURED_KEY] };

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

/** The list query of the filters: TEC's meta keys, the searched words, the bounds' columns. */
function listQuery(f: ListFilters, shape: OccurrenceShape): EventListFilter {
  const metaIds: EventListFilter['metaIds'][number][] = [];
  if (f.venueIds) metaIds.push({ key: VENUE_KEY, ids: f.venueIds });
  if (f.organizerIds) metaIds.push({ key: ORGANIZER_KEY, ids: f.organizerIds });
  const query: EventListFilter = {
    postType: EVENT_TYPE.type,
    statuses: f.statuses,
    hiddenByMeta: HIDDEN_KEY,
    bounds: (Object.entries(f.bounds) as [DateBoundParam, string][]).map(([param, value]) => ({ ...DATE_BOUND_COMPARISONS[param], value })),
    utcColumns: f.utcColumns,
    orderByUtc: f.orderByUtc,
    termTaxonomyIds: [f.categoryTermTaxonomyIds, f.tagTermTaxonomyIds].filter((ids) => ids !== undefined),
    metaIds,
    postParent: f.postParent,
    include: f.include,
    reach: shape.reach,
  };
  if (f.search !== undefined) {
    query.search = searchWords(f.search);
    query.passwordless = f.searchPublicOnly;
  }
  if (f.featured !== undefined) query.metaPresence = { key: FEATURED_KEY, present: f.featured };
  return query;
}

/** What the occurrence rows of the whole calendar are like, which decides how a list is read. */
export interface OccurrenceShape {
  /**
   * Some event has several occurrence rows (TEC free and wpcal write exactly one): one such event,
   * whatever its status, puts every list on the grouped query.
   */
  repeated: boolean;
  /**
   * How far apart occurrence dates lie, when the list's bounds imply bounds on the start it walks:
   * a bound on the end, or on the start column it is not ordered by. It then reads only the
   * occurrences starting that near the window. Each is a scan of the occurrences, asked once per
   * data version, the reach only by the lists that need it.
   */
  reach?: OccurrenceReach;
}

/** Whether the list's bounds say anything of the start it walks only through the calendar's reach. */
function needsReach(f: ListFilters): boolean {
  return (Object.keys(f.bounds) as DateBoundParam[]).some((param) => DATE_BOUND_COMPARISONS[param].field === 'end' || f.utcColumns !== f.orderByUtc);
}

async function occurrenceShape(db: Db, cache: ListedEventsCache, versions: ReadVersions, f: ListFilters): Promise<OccurrenceShape> {
  const wanted = needsReach(f);
  const known = cache.index.shape(versions.postsOutside);
  if (known) return { repeated: known.repeated, reach: wanted ? known.reach() : undefined };
  const version = versions.data;
  const [repeated, reach] = await Promise.all([
    cache.perVersion('repeated', version, () => occurrencesRepeat(db.kysely)),
    wanted ? cache.perVersion('reach', version, () => occurrenceReach(db.kysely, db.dialect)) : undefined,
  ]);
  return { repeated, reach };
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
/** What the calendar's shape asks SQL (whether occurrences repeat, their reach). */
const SHAPE_QUESTIONS = 8;
/** The meta conditions whose posts are kept (the venues, organizers and featured asked for last). */
const META_QUESTIONS = 256;
/**
 * The most posts a meta condition is given as (postsHoldingMeta): a venue of more events is asked
 * by a subquery, each statement of the list looking them up again, and not looked up for
 * CROWDED_MS.
 */
const MOST_HOLDERS = 5_000;
const CROWDED_MS = 10 * 60_000;

/**
 * What GET /events and the iCal feed reuse of their lists while the database's data version is
 * unchanged: each page's IDs with its count (`total`), and the calendar's OccurrenceShape. One per AppServices (`listedEvents`, made by buildServices), for its database;
 * nothing is kept or reused under a null version.
 */
export class ListedEventsCache {
  readonly #pages = new Map<string, CachedPage>();
  /** The events' list keys in memory, which answer the lists they hold all of. */
  readonly index: EventListIndex;
  /** The posts searches match, with which the keys answer lists by search. */
  readonly searches: SearchMatches;

  /** `mostHolders`: MOST_HOLDERS, unless a test asks for fewer. */
  constructor(db: Db, private readonly mostHolders = MOST_HOLDERS) {
    this.index = new EventListIndex(db, EVENT_TYPE.type, EVENT_LIST_META);
    this.searches = new SearchMatches(db, EVENT_TYPE.type);
  }

  readonly #shape = new PerVersionAnswers(SHAPE_QUESTIONS);
  readonly #holders = new PerVersionAnswers(META_QUESTIONS);
  /** Meta conditions found held by more than `mostHolders` posts lately. */
  readonly #crowded = new LRUCache<string, true>({ max: META_QUESTIONS, ttl: CROWDED_MS });

  /** The answer of `ask` under `name` for this version, asked once per version (a failed answer is asked again). */
  perVersion<T>(name: string, version: string | null, ask: () => Promise<T>): Promise<T> {
    return this.#shape.get(name, version, ask);
  }

  /** The posts holding the meta of `condition` (with one of `values`), looked up once per version; null: too many. */
  async holders(db: Db, version: string | null, { key }: MetaCondition, values?: readonly number[]): Promise<readonly number[] | null> {
    const question = JSON.stringify([key, values]);
    if (this.#crowded.has(question)) return null;
    const holders = await this.#holders.get(question, version, () => postsHoldingMeta(db.kysely, key, values, this.mostHolders));
    if (!holders) this.#crowded.set(question, true);
    return holders;
  }

  /** The page kept under `key` for this version (a copy of its IDs), if any. */
  page(key: string, version: string | null): { ids: number[]; total: number } | undefined {
    const cached = version === null ? undefined : this.#pages.get(key);
    return cached && cached.version === version ? { ids: [...cached.ids], total: cached.total } : undefined;
  }

  /** Keeps a page once its count is known (a failed count keeps nothing); the oldest pages go first. */
  keepPage(key: string, version: string | null, ids: readonly number[], total: Promise<number>): void {
    if (version === null) return;
    const kept = [...ids];
    void total.then((count) => {
      this.#pages.delete(key);
      this.#pages.set(key, { version, ids: kept, total: count });
      if (this.#pages.size > MAX_CACHED_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
    }, () => undefined);
  }
}

/** The versions a read began with (RestRequest's dataVersion and postsOutsideVersion). */
export interface ReadVersions {
  data: string | null;
  postsOutside: string | null;
}

/**
 * listedEventIds + countListedEvents (run side by side) on `db`, reused through `cache` while the
 * database's data version is unchanged: at 100k events the count alone scans every matching
 * occurrence; from the list keys in memory when they hold the filter.
 */
export async function matchingPage(db: Db, cache: ListedEventsCache, versions: ReadVersions, f: ListFilters, limit: number, offset: number): Promise<MatchingPage> {
  const version = versions.data;
  const key = JSON.stringify([f, limit, offset]);
  const cached = cache.page(key, version);
  if (cached) return { ids: cached.ids, total: Promise.resolve(cached.total) };
  await cache.index.awaitRead(versions.postsOutside);
  const shape = await occurrenceShape(db, cache, versions, f);
  const query = listQuery(f, shape);
  const fromMemory = cache.index.answer(query, versions.postsOutside, limit, offset, await searchedPosts(cache, versions.postsOutside, query));
  if (fromMemory) return { ids: fromMemory.ids, total: Promise.resolve(fromMemory.total) };
  const bySql = await withMetaHolders(db, cache, version, query);
  const total = countListedEvents(db.kysely, bySql, shape.repeated);
  // Answered by whoever awaits `total`; this only keeps an early failure of the page from leaving it unhandled.
  total.catch(() => undefined);
  const ids = await listedEventIds(db.kysely, bySql, limit, offset, shape.repeated);
  cache.keepPage(key, version, ids, total);
  return { ids, total };
}

/** The posts the query's search matches (SearchMatches), when they are known and the list keys would answer the query given them. */
async function searchedPosts(cache: ListedEventsCache, outside: string | null, query: EventListFilter): Promise<Float64Array | undefined> {
  if (!query.search || !cache.index.answersSearch(query, outside)) return undefined;
  return (await cache.searches.posts(outside, query.search, query.passwordless ?? false)) ?? undefined;
}

/** The query with the posts of its meta conditions looked up (ListedEventsCache.holders), where they are few enough. */
export async function withMetaHolders(db: Db, cache: ListedEventsCache, version: string | null, query: EventListFilter): Promise<EventListFilter> {
  const held = async <C extends MetaCondition>(condition: C, values?: readonly number[]): Promise<C> => {
    const holders = await cache.holders(db, version, condition, values);
    return holders ? { ...condition, holders } : condition;
  };
  const [metaIds, metaPresence] = await Promise.all([
    Promise.all(query.metaIds.map((condition) => (condition.ids.length ? held(condition, condition.ids) : condition))),
    query.metaPresence?.present ? held(query.metaPresence) : query.metaPresence,
  ]);
  return { ...query, metaIds, metaPresence };
}
