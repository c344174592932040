// The list keys of every occurrence in memory (start, end, status, post date, hidden, the post's
// terms and the meta lists filter by), so a list by date window, category, tag, venue, organizer
// and featured (GET /events' default, the iCalendar feed) is answered by a binary search and a
// walk over the window's candidates instead of SQL over them.
// The keys are read once per outside version of the post tables (Db.outsideVersion('posts'): what
// other connections may have changed there) and patched by wpcal's own writes, which re-read the occurrences of the posts they
// touched before they return. A search is answered with the posts it matches, looked up apart
// (search-matches.ts); filters the keys do not hold (parent, include) are answered by SQL, as is
// every request while the keys are being read. A calendar whose events
// repeat their occurrences (TEC PRO's recurring events) is listed event by event, as SQL groups it.
import type { Db } from '../../data/connect.ts';
import { impliedWalkBounds, listKeyPage, listKeyRowCounts, listKeysOfPosts, type EventListFilter, type ListKeyMeta, type ListKeyRow, type OccurrenceReach } from '../../data/event-list.ts';
import { OUTSIDE_FULL_CHECK_MS } from '../../data/innodb-changes.ts';
import type { Touched } from '../../data/transaction.ts';
import { datetimeKeys, datetimeKeysOfNumber, datetimeNumber, type DatetimeKeys } from './datetime-keys.ts';
import { PACKED_SPACE, WIDE_SPACE, type DatetimeSpace } from './datetime-space.ts';
import { grown } from './grown-array.ts';
import { ListKeyMetaRows } from './list-key-meta.ts';
import { membershipOf } from './post-membership.ts';
import { ReachCounts, daySpan, rowReach, type RowReach } from './reach-counts.ts';
import { settlesWithin } from './settles-within.ts';

/** Rows read per query while the keys are built. */
const PAGE_ROWS = 20_000;
/**
 * The term links reserved per occurrence, at most, before the keys are read: every post's links
 * are counted, and a site's posts and pages may hold far more of them than its events.
 */
const RESERVED_TERM_LINKS = 4;
/**
 * Builds that fail (another connection wrote while they read, or the database failed) may take at
 * most this share of the time: after one of B ms, the next waits B / share. After one that
 * installed its keys the next waits MIN_BUILD_GAP_MS only: SQL answers every list until it has
 * read, at a far higher cost (at 100,000 events on SQLite a build of 3 s made the next wait 15 s,
 * and another connection's write then left lists by date to SQL for those 15 s, at 0 req/s under
 * own writes).
 */
const BUILD_SHARE = 0.2;
const MIN_BUILD_GAP_MS = 1000;
/** How long a list waits for the keys being read before SQL answers it (awaitRead). */
const KEYS_WAIT_MS = 2000;
/** How many reads `serve`'s start makes before it leaves the keys to the first list request. */
const PREPARE_READS = 3;

/** Filters by terms, meta or search whose day counts are kept (the latest asked). */
const MAX_COUNTED_FILTERS = 64;

/**
 * A meta value a list compares as text with an ID's decimal digits: only such a value is held as
 * the ID it names (any other, `0042` or `42 `, which MySQL's PAD SPACE collations may match, leaves
 * lists by its key to SQL).
 */
const DECIMAL_ID = /^(0|[1-9]\d{0,14})$/;

/** The greatest term_taxonomy_id the links hold (they are 32-bit at most, meta links negative). */
const MAX_TERM_LINK = 0x7fff_ffff;
/** The greatest post ID the keys hold (32-bit; a greater one leaves every list to SQL). */
const MAX_POST_ID = 0xffff_ffff;
/** The links are held in 16 bits while every one fits (term IDs and meta members of most sites), in 32 after. */
const SHORT_LINK_MIN = -0x8000;
const SHORT_LINK_MAX = 0x7fff;
const UNCOMPARABLE_DATE = 'an occurrence or post holds a date lists cannot compare';

/** One condition on a row's links: it holds one of `members` (none: it never does), or none of them when `absent`. */
interface LinkGroup {
  members: number[];
  absent: boolean;
}

/** Members past which a group is asked through a Set (a parent category of many, `geoloc`'s venues). */
const SMALL_GROUP = 16;

type Column = 'start' | 'end' | 'startUtc' | 'endUtc';
type Walked = 'start' | 'startUtc';
const WALKED: readonly Walked[] = ['start', 'startUtc'];
const COLUMNS: readonly Column[] = ['start', 'end', 'startUtc', 'endUtc'];

/**
 * Per day of an order (the walked start's YYYYMMDD): each column's least and greatest value (dead
 * rows' too: bounds of a superset), and the listed rows of each status neither dead nor hidden.
 * Kept up as rows come and go, so a count passes over the window's days whole where they tell.
 */
interface DaySummary {
  /** In the space of the columns (DatetimeSpace). */
  least: Float64Array;
  greatest: Float64Array;
  counts: number[];
}

interface Check {
  name: Column;
  operator: string;
  value: number;
}

/** Whether every row of the day passes the checks (true), none does (false), or some may (undefined). */
function dayVerdict(summary: DaySummary, checks: readonly Check[]): boolean | undefined {
  let all = true;
  for (const { name, operator, value } of checks) {
    const column = COLUMNS.indexOf(name);
    const least = compare(summary.least[column]!, operator, value);
    const greatest = compare(summary.greatest[column]!, operator, value);
    if (!least && !greatest) return false;
    if (!least || !greatest) all = false;
  }
  return all ? true : undefined;
}

/** The listed rows of each day that pass a filter's links and search, for one walk order. */
interface DayCounts {
  walked: Walked;
  counts: Map<number, number>;
}

/** A row's flags: listed and shown (0), or any of these. */
const HIDDEN = 1;
const DEAD = 2;
/** Not of the listed post type (kept for the calendar's shape only). */
const UNLISTED = 4;

/** Row indexes in list order (walked start, post date, ID); dead rows stay until compacted. */
interface Order {
  rows: Uint32Array;
  length: number;
}

/** An array of the keys with a value per row. */
type RowArray = Float64Array | Uint8Array | Uint32Array;
/** A column of datetimes, packed (32 bits) or wide (DatetimeSpace). */
type DateColumn = Uint32Array | Float64Array;

/**
 * Puts `values[order[i]]` at `i` for every `i` below order.length, in place: each cycle of the
 * permutation is followed once, `placed` (zeroed, as long as `order`) marking the positions done.
 */
function permuteInPlace(values: RowArray, order: Uint32Array, placed: Uint8Array): void {
  for (let first = 0; first < order.length; first++) {
    if (placed[first]) continue;
    const held = values[first]!;
    let at = first;
    for (let from = order[at]!; from !== first; from = order[at]!) {
      values[at] = values[from]!;
      placed[at] = 1;
      at = from;
    }
    values[at] = held;
    placed[at] = 1;
  }
}

/** The keys column by column, row by row (one row per occurrence), with the orders a list walks. */
class ListKeys {
  #size = 0;
  postIds = new Uint32Array(0);
  /** How the date columns hold datetimes: packed until a value does not pack, wide after. */
  #space: DatetimeSpace = PACKED_SPACE;
  columns: Record<Column, DateColumn> = { start: new Uint32Array(0), end: new Uint32Array(0), startUtc: new Uint32Array(0), endUtc: new Uint32Array(0) };
  postDates: DateColumn = new Uint32Array(0);
  statuses = new Uint8Array(0);
  /** HIDDEN (holds the hiding meta key), DEAD (replaced or deleted), UNLISTED. */
  flags = new Uint8Array(0);
  /** The live rows' reach, kept up as they come and go. */
  readonly #reach = new ReachCounts();
  /**
   * Each row's post's links: its term_taxonomy IDs (positive) and its meta a list filters by
   * (#valueMembers, #presenceMembers: negative), from `linkStarts[row]` to `linkStarts[row + 1]`
   * in #links (the links lie in row order: `linkStarts[size]` is where the next row's will start).
   * Kept row by row: with a venue and organizers, nearly every event's set is its own.
   */
  linkStarts = new Uint32Array(0);
  #links: Int16Array | Int32Array = new Int16Array(0);
  #linksSize = 0;
  /**
   * The negative numbers the links hold meta by: per key by value, each value's (as they come);
   * per key by presence, its presence's (-1, -2…).
   */
  readonly #valueMembers: Array<Map<string, number>>;
  readonly #presenceMembers: number[];
  #lastMember: number;
  /** False once a row's terms could not be read whole (lists by term are then SQL's). */
  termsUsable = true;
  /** False once a row's meta could not be read whole (lists by meta are then SQL's). */
  metaUsable = true;
  /** False once a value of a key by value is not an ID's digits (lists by such keys are then SQL's). */
  metaValuesUsable = true;
  /**
   * Per walk order, statuses, link groups and search asked: the listed rows of each day whose
   * links (and post) pass, for the days a list counted whole (a day's summary tells nothing of
   * links or searches); a day's count goes when a row of that day comes or goes.
   */
  readonly #dayCounts = new Map<string, DayCounts>();
  /** A number per search's matched posts (SearchMatches makes a new array when they change), naming its day counts. */
  readonly #searchNumbers = new WeakMap<Float64Array, number>();
  #lastSearchNumber = 0;
  readonly statusCodes = new Map<string, number>();
  /**
   * The listed rows in each list order. The rows are numbered in the order of their local start
   * as the keys are read (#renumberByStart), so searches and day boundaries read the walked start
   * column at rows that lie in order (nearly so by UTC start), not all over it.
   */
  readonly orders: Record<Walked, Order> = {
    start: { rows: new Uint32Array(0), length: 0 },
    startUtc: { rows: new Uint32Array(0), length: 0 },
  };
  /** Every row by post ID (dead ones until compacted): a post's rows are found by a binary search. */
  #byPost: Order = { rows: new Uint32Array(0), length: 0 };
  readonly #days: Record<Walked, Map<number, DaySummary>> = { start: new Map(), startUtc: new Map() };
  /** Posts with more than one live row. */
  #repeatedPosts = 0;
  /** Dead rows the orders (listed rows) and #byPost (every row) still hold. */
  #deadInOrders = 0;
  #deadByPost = 0;
  /** Rows killed since the keys were read: they stay in the columns (compaction keeps only the orders short). */
  #deadRows = 0;
  /** Why a row holds keys the walk cannot compare or hold as SQL does (SQL then answers every list), or null. */
  unusable: string | null = null;

  get usable(): boolean {
    return this.unusable === null;
  }

  /** Whether the date columns hold their values in 32 bits (DatetimeSpace). */
  get datesPacked(): boolean {
    return this.#space.packed;
  }

  constructor(private readonly postType: string, private readonly meta: ListKeyMeta) {
    this.#presenceMembers = meta.byPresence.map((_, j) => -1 - j);
    this.#lastMember = -meta.byPresence.length;
    this.#valueMembers = meta.byValue.map(() => new Map());
  }

  /**
   * Adds rows as they are read (a page at a time: the rows themselves are not kept); `seal` then
   * orders them. `metaOf` gives the members of a post's meta when the rows were read without it.
   */
  append(rows: readonly ListKeyRow[], metaOf?: (postId: number) => number[]): void {
    for (const row of rows) this.#add(row, metaOf?.(row.post_id));
  }

  /**
   * Makes room for this many rows and links before they are appended, so the arrays are not grown
   * (copied) on the way: at 1,000,000 occurrences the copies left behind add up to the keys' own
   * size, freed only when the collector gets to them, and the process's memory stayed that much
   * higher. A sixteenth more is reserved for the rows own writes add (each adds its events' rows
   * again); past that the arrays grow.
   */
  reserve(rows: number, links: number): void {
    const roomy = (size: number) => size + Math.ceil(size / 16) + 1024;
    this.#growRows(roomy(rows));
    this.#links = grown(this.#links, roomy(links));
  }

  #growRows(size: number): void {
    this.#eachRowArray((values) => grown(values, size));
  }

  /** Replaces each array that holds a value per row by `change(array)`. */
  #eachRowArray(change: <T extends RowArray>(values: T) => T): void {
    this.postIds = change(this.postIds);
    for (const name of COLUMNS) this.columns[name] = change(this.columns[name]);
    this.postDates = change(this.postDates);
    this.statuses = change(this.statuses);
    this.flags = change(this.flags);
    this.linkStarts = change(this.linkStarts);
  }

  /** Puts the appended rows in list order and in post order; no row is appended after. */
  seal(): void {
    this.#renumberByStart();
    const listed: number[] = [];
    for (let row = 0; row < this.#size; row++) if (!(this.flags[row]! & UNLISTED)) listed.push(row);
    for (const walked of WALKED) {
      const order = Uint32Array.from(listed);
      // Renumbered by local start, the rows are in that order already.
      if (walked !== 'start') order.sort((a, b) => this.#compare(walked, a, b));
      this.orders[walked] = { rows: order, length: order.length };
    }
    const byPost = Uint32Array.from({ length: this.#size }, (_, row) => row);
    byPost.sort((a, b) => this.postIds[a]! - this.postIds[b]! || a - b);
    this.#byPost = { rows: byPost, length: byPost.length };
    for (let position = 1; position < byPost.length; position++) {
      const [before, row] = [byPost[position - 1]!, byPost[position]!];
      if (this.postIds[before] === this.postIds[row] && (position < 2 || this.postIds[byPost[position - 2]!] !== this.postIds[row])) this.#repeatedPosts++;
    }
  }

  /**
   * Renumbers the rows in the order of their local start, so that a walk of either list order
   * reads each row's keys from arrays in the order they lie: read in occurrence order, the rows
   * a window walks lay all over the arrays, and at 1,000,000 events (some 60 MB of keys) each
   * row walked cost a handful of cache misses (the walk was most of a long-tail list's time).
   */
  #renumberByStart(): void {
    const size = this.#size;
    // Listed rows first, in list order; the others (other post types, orphans without a post date,
    // which the list order cannot compare) after them as read.
    const listed: number[] = [];
    const unlisted: number[] = [];
    for (let row = 0; row < size; row++) (this.flags[row]! & UNLISTED ? unlisted : listed).push(row);
    const order = new Uint32Array(size);
    order.set(Uint32Array.from(listed).sort((a, b) => this.#compare('start', a, b)));
    order.set(unlisted, listed.length);
    // In place: what the allocator kept of copies of the arrays (some 70 MB at 1,000,000 rows)
    // stayed in the process's memory at rest.
    const linkCounts = Uint32Array.from({ length: size }, (_, row) => this.linkStarts[row + 1]! - this.linkStarts[row]!);
    const placed = new Uint8Array(size);
    const permuted = <T extends RowArray>(values: T): T => {
      placed.fill(0);
      permuteInPlace(values, order, placed);
      return values;
    };
    permuted(linkCounts);
    this.#eachRowArray(permuted);
    // Each row's links too, so that lists by term, venue or organizer read them in order as well.
    const links = new (this.#links.constructor as new (length: number) => Int16Array | Int32Array)(this.#links.length);
    let linksSize = 0;
    for (let row = 0; row < size; row++) {
      const start = this.linkStarts[row]!;
      links.set(this.#links.subarray(start, start + linkCounts[row]!), linksSize);
      this.linkStarts[row] = linksSize;
      linksSize += linkCounts[row]!;
    }
    this.linkStarts[size] = linksSize;
    this.#links = links;
    this.#linksSize = linksSize;
  }

  get repeated(): boolean {
    return this.#repeatedPosts > 0;
  }

  /** How far apart the live rows' dates lie (occurrenceReach); undefined when a row's dates cannot tell. */
  reach(): OccurrenceReach | undefined {
    return this.#reach.reach();
  }

  /** The reach of a row as it was added, from its columns. */
  #rowReach(index: number): RowReach {
    const [start, end, startUtc, endUtc] = COLUMNS.map((name) => datetimeKeysOfNumber(this.#space.number(this.columns[name][index]!))) as [DatetimeKeys, DatetimeKeys, DatetimeKeys, DatetimeKeys];
    return rowReach(start, end, startUtc, endUtc);
  }

  #compare(walked: Walked, a: number, b: number): number {
    const column = this.columns[walked];
    return column[a]! - column[b]! || this.postDates[a]! - this.postDates[b]! || this.postIds[a]! - this.postIds[b]!;
  }

  /** Appends a row; returns its index when the list walks it (a post of the listed type). */
  #add(row: ListKeyRow, metaMembers?: number[]): number | null {
    const index = this.#size++;
    // One more for the link start of the row after.
    this.#growRows(this.#size + 1);
    if (!(Number.isInteger(row.post_id) && row.post_id >= 0 && row.post_id <= MAX_POST_ID)) this.unusable ??= 'an occurrence names a post ID past 32 bits';
    this.postIds[index] = row.post_id;
    const [start, end, startUtc, endUtc] = [datetimeKeys(row.start_date), datetimeKeys(row.end_date), datetimeKeys(row.start_date_utc), datetimeKeys(row.end_date_utc)];
    // The status of a row the list walks: one of the listed post type with a post (orphans have none).
    const status = row.post_type === this.postType ? row.post_status : null;
    const dates = [start.number, end.number, startUtc.number, endUtc.number];
    // Only a listed row's post date is compared: another post type's, or an orphan's, is held as
    // whatever packs, and never widens the columns.
    const postDate = status === null ? Number.NaN : datetimeNumber(row.post_date);
    const packs = (number: number) => PACKED_SPACE.hold(number) !== undefined;
    if (this.#space.packed && (!dates.every(packs) || (status !== null && !packs(postDate)))) this.#widen();
    COLUMNS.forEach((name, i) => {
      this.columns[name][index] = this.#space.hold(dates[i]!)!;
    });
    this.postDates[index] = this.#space.hold(postDate) ?? 0;
    this.flags[index] = row.hidden ? HIDDEN : 0;
    const terms = row.termTaxonomyIds ?? [];
    const meta = metaMembers ?? this.#metaLinks(row);
    // Its links start where the row before left linkStarts[index].
    this.#links = grown(this.#links, this.#linksSize + terms.length + meta.length);
    for (const id of terms) {
      // term_taxonomy_id is a 64-bit column: one past the links' 32 bits leaves lists by term to SQL.
      if (id > MAX_TERM_LINK) this.termsUsable = false;
      else this.#addLink(id);
    }
    for (const member of meta) this.#addLink(member);
    this.linkStarts[index + 1] = this.#linksSize;
    if (row.termTaxonomyIds === null) this.termsUsable = false;
    if (!metaMembers && !row.meta) this.metaUsable = false;
    if (daySpan(start, end) === undefined || daySpan(startUtc, endUtc) === undefined) this.unusable ??= UNCOMPARABLE_DATE;
    this.#reach.add(rowReach(start, end, startUtc, endUtc));
    if (status === null) {
      this.flags[index] = UNLISTED;
      return null;
    }
    let code = this.statusCodes.get(status);
    if (code === undefined) this.statusCodes.set(status, code = this.statusCodes.size);
    this.statuses[index] = code;
    if (code > 255 || Number.isNaN(postDate) || dates.some(Number.isNaN)) this.unusable ??= UNCOMPARABLE_DATE;
    for (const walked of WALKED) this.#summarize(walked, index);
    return index;
  }

  /**
   * Holds the date columns wide from now on (a datetime that does not pack came): their values,
   * and the days that name the summaries, are turned into the datetimes' own numbers.
   */
  #widen(): void {
    const number = (held: number) => (Number.isFinite(held) ? PACKED_SPACE.number(held) : held);
    for (const name of COLUMNS) this.columns[name] = Float64Array.from(this.columns[name], number);
    this.postDates = Float64Array.from(this.postDates, number);
    for (const walked of WALKED) {
      this.#days[walked] = new Map([...this.#days[walked]].map(([day, { least, greatest, counts }]) => [
        WIDE_SPACE.day(PACKED_SPACE.number(PACKED_SPACE.dayStart(day))),
        { least: least.map(number), greatest: greatest.map(number), counts },
      ]));
    }
    // Their days are named anew; they are counted again as lists ask.
    this.#dayCounts.clear();
    this.#space = WIDE_SPACE;
  }

  #addLink(link: number): void {
    if (this.#links instanceof Int16Array && (link < SHORT_LINK_MIN || link > SHORT_LINK_MAX)) this.#links = Int32Array.from(this.#links);
    this.#links[this.#linksSize++] = link;
  }

  /** The member numbers of a row's meta (as a patch reads it). */
  #metaLinks(row: ListKeyRow): number[] {
    if (!row.meta) return [];
    const members: number[] = [];
    row.meta.values.forEach((values, i) => {
      for (const value of values) {
        const member = this.metaMember(i, value);
        if (member !== null) members.push(member);
      }
    });
    row.meta.present.forEach((present, j) => {
      if (present) members.push(this.#presenceMembers[j]!);
    });
    return members;
  }

  /**
   * The member a meta row is held by (list-key-meta.ts's MetaMember): `key` indexes ListKeyMeta's
   * byValue, then byPresence; a value by value is held only as an ID's digits (null otherwise, and
   * lists by such keys are then SQL's).
   */
  readonly metaMember = (key: number, value: string | null): number | null => {
    const byValue = this.meta.byValue.length;
    if (key >= byValue) return this.#presenceMembers[key - byValue]!;
    if (value === null || !DECIMAL_ID.test(value)) {
      this.metaValuesUsable = false;
      return null;
    }
    const known = this.#valueMembers[key]!;
    let member = known.get(value);
    if (member === undefined) known.set(value, member = --this.#lastMember);
    return member;
  };

  /** The filter's conditions on terms and meta, as groups of link members. */
  #linkGroups(f: EventListFilter): LinkGroup[] {
    const known = (members: Array<number | undefined>) => members.filter((member): member is number => member !== undefined);
    const groups = f.termTaxonomyIds.map((ids) => ({ members: [...ids], absent: false }));
    for (const { key, ids } of f.metaIds) {
      const values = this.#valueMembers[this.meta.byValue.indexOf(key)]!;
      groups.push({ members: known(ids.map((id) => values.get(String(id)))), absent: false });
    }
    if (f.metaPresence) groups.push({ members: [this.#presenceMembers[this.meta.byPresence.indexOf(f.metaPresence.key)]!], absent: !f.metaPresence.present });
    return groups;
  }

  /** Whether a row's post meets every group. */
  #linkTest(groups: readonly LinkGroup[]): (row: number) => boolean {
    const { linkStarts } = this;
    const links = this.#links;
    const asked = groups.map(({ members, absent }) => ({ absent, has: members.length > SMALL_GROUP ? Set.prototype.has.bind(new Set(members)) : (link: number) => members.includes(link) }));
    const holds = (has: (link: number) => boolean, start: number, end: number) => {
      for (let at = start; at < end; at++) if (has(links[at]!)) return true;
      return false;
    };
    return (row) => {
      const start = linkStarts[row]!;
      const end = linkStarts[row + 1]!;
      for (const { has, absent } of asked) if (holds(has, start, end) === absent) return false;
      return true;
    };
  }

  #dayCountsOf(walked: Walked, asked: string): Map<number, number> {
    const kept = this.#dayCounts.get(asked) ?? { walked, counts: new Map<number, number>() };
    // Asked last, dropped last.
    this.#dayCounts.delete(asked);
    this.#dayCounts.set(asked, kept);
    if (this.#dayCounts.size > MAX_COUNTED_FILTERS) this.#dayCounts.delete(this.#dayCounts.keys().next().value!);
    return kept.counts;
  }

  #searchNumber(searched: Float64Array): number {
    let number = this.#searchNumbers.get(searched);
    if (number === undefined) this.#searchNumbers.set(searched, number = ++this.#lastSearchNumber);
    return number;
  }

  #summarize(walked: Walked, index: number): void {
    const day = this.#space.day(this.columns[walked][index]!);
    let summary = this.#days[walked].get(day);
    if (!summary) this.#days[walked].set(day, summary = { least: new Float64Array(4).fill(Infinity), greatest: new Float64Array(4).fill(-Infinity), counts: [] });
    COLUMNS.forEach((name, column) => {
      const value = this.columns[name][index]!;
      if (value < summary.least[column]!) summary.least[column] = value;
      if (value > summary.greatest[column]!) summary.greatest[column] = value;
    });
    if (this.flags[index] === 0) summary.counts[this.statuses[index]!] = (summary.counts[this.statuses[index]!] ?? 0) + 1;
  }

  /** Marks a row dead; a listed one no longer counts in its days. */
  #kill(index: number): void {
    if (this.flags[index] === 0) {
      for (const walked of WALKED) {
        this.#days[walked].get(this.#space.day(this.columns[walked][index]!))!.counts[this.statuses[index]!]!--;
      }
    }
    if (!(this.flags[index]! & UNLISTED)) this.#deadInOrders++;
    this.#deadByPost++;
    this.#deadRows++;
    this.flags[index] = DEAD;
    this.#reach.remove(this.#rowReach(index));
  }

  /** Whether dead rows outnumber the live ones: the keys are then read anew (a write-only server would grow them without end). */
  get worn(): boolean {
    return this.#deadRows * 2 > this.#size;
  }

  /** The live rows of a post. */
  #liveRowsOf(postId: number): number[] {
    const order = this.#byPost;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.postIds[order.rows[middle]!]! < postId) low = middle + 1;
      else high = middle;
    }
    const live: number[] = [];
    for (let position = low; position < order.length && this.postIds[order.rows[position]!] === postId; position++) {
      if (this.flags[order.rows[position]!] !== DEAD) live.push(order.rows[position]!);
    }
    return live;
  }

  /** Puts a new row (the highest index) after every row of its post in #byPost. */
  #insertByPost(index: number): void {
    const order = this.#byPost;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.postIds[order.rows[middle]!]! <= this.postIds[index]!) low = middle + 1;
      else high = middle;
    }
    order.rows = grown(order.rows, order.length + 1);
    order.rows.copyWithin(low + 1, low, order.length);
    order.rows[low] = index;
    order.length++;
  }

  /** Replaces the rows of these posts by `rows` (theirs as the database now holds them). */
  replacePosts(postIds: Iterable<number>, rows: readonly ListKeyRow[]): void {
    const changedDays: Record<Walked, Set<number>> = { start: new Set(), startUtc: new Set() };
    const changed = (row: number) => {
      for (const walked of WALKED) changedDays[walked].add(this.#space.day(this.columns[walked][row]!));
    };
    const posts = new Set([...postIds, ...rows.map((row) => row.post_id)]);
    for (const postId of posts) {
      const live = this.#liveRowsOf(postId);
      if (live.length > 1) this.#repeatedPosts--;
      for (const row of live) {
        changed(row);
        this.#kill(row);
      }
    }
    for (const row of rows) {
      const index = this.#add(row);
      this.#insertByPost(this.#size - 1);
      if (index === null) continue;
      changed(index);
      for (const walked of WALKED) this.#insert(walked, index);
    }
    for (const { walked, counts } of this.#dayCounts.values()) for (const day of changedDays[walked]) counts.delete(day);
    for (const postId of posts) if (this.#liveRowsOf(postId).length > 1) this.#repeatedPosts++;
    // Dead rows slow every walk and search: past a quarter, they go.
    if (this.#deadInOrders * 4 > this.orders.start.length || this.#deadByPost * 4 > this.#byPost.length) this.#compact();
  }

  #insert(walked: Walked, index: number): void {
    const order = this.orders[walked];
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#compare(walked, order.rows[middle]!, index) < 0) low = middle + 1;
      else high = middle;
    }
    order.rows = grown(order.rows, order.length + 1);
    order.rows.copyWithin(low + 1, low, order.length);
    order.rows[low] = index;
    order.length++;
  }

  #compact(): void {
    for (const order of [...Object.values(this.orders), this.#byPost]) {
      let kept = 0;
      for (let position = 0; position < order.length; position++) {
        const row = order.rows[position]!;
        if (this.flags[row] === DEAD) continue;
        order.rows[kept++] = row;
      }
      order.length = kept;
    }
    this.#deadInOrders = 0;
    this.#deadByPost = 0;
  }

  /** The first position of the order, from `low` on, whose walked start (`starts`, by row) is at least `value` (`above`: more than). */
  #firstFrom(order: Order, starts: DateColumn, value: number, above = false, low = 0): number {
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = starts[order.rows[middle]!]!;
      if (at < value || (above && at === value)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The page and the count of the filter (one of the filters `supports` accepts); `searched`: the
   * posts its search matches, in ID order.
   */
  page(f: EventListFilter, limit: number, offset: number, searched?: Float64Array): { ids: number[]; total: number } | undefined {
    const walkedName: Walked = f.orderByUtc ? 'startUtc' : 'start';
    const order = this.orders[walkedName];
    const checks: Check[] = [];
    let lower = -Infinity;
    let upper = Infinity;
    for (const { field, operator, value } of f.bounds) {
      const name: Column = `${field}${f.utcColumns ? 'Utc' : ''}` as Column;
      const number = datetimeNumber(value);
      if (Number.isNaN(number)) return undefined;
      const held = this.#space.bound(number);
      checks.push({ name, operator, value: held });
      if (name === walkedName && (operator === '>=' || operator === '>')) lower = Math.max(lower, held);
      if (name === walkedName && (operator === '<=' || operator === '<')) upper = Math.min(upper, held);
    }
    for (const bound of impliedWalkBounds(f, f.orderByUtc ? 'o.start_date_utc' : 'o.start_date')) {
      const number = datetimeNumber(bound.value);
      if (Number.isNaN(number)) return undefined;
      if (bound.operator === '>=') lower = Math.max(lower, this.#space.bound(number));
      else upper = Math.min(upper, this.#space.bound(number));
    }
    const codes = [...new Set(f.statuses.map((status) => this.statusCodes.get(status)).filter((code) => code !== undefined))];
    const listed = new Uint8Array(256);
    for (const code of codes) listed[code] = 1;
    const tests = checks.map(({ name, operator, value }) => ({ column: this.columns[name], operator, value }));
    const { flags, statuses, postIds } = this;
    const groups = this.#linkGroups(f);
    const linked = groups.length ? this.#linkTest(groups) : null;
    const inSearch = searched ? membershipOf(searched) : null;
    const matches = (row: number) => {
      if (flags[row] !== 0 || listed[statuses[row]!] === 0) return false;
      for (const { column, operator, value } of tests) if (!compare(column[row]!, operator, value)) return false;
      if (inSearch && !inSearch(postIds[row]!)) return false;
      return linked === null || linked(row);
    };
    const starts = this.columns[walkedName];
    let position = this.#firstFrom(order, starts, lower);
    const end = this.#firstFrom(order, starts, upper, true);
    if (this.repeated) return this.#pageOfPosts(order, position, end, matches, limit, offset);
    // A day's count by links or search is kept for the next list.
    const byRow = linked !== null || searched !== undefined;
    const dayCounts = byRow ? this.#dayCountsOf(walkedName, `${walkedName} ${codes.join(',')} ${JSON.stringify(groups)} ${searched ? this.#searchNumber(searched) : ''}`) : null;
    const ids: number[] = [];
    let total = 0;
    const days = this.#days[walkedName];
    const space = this.#space;
    // A day at a time: one the summary tells whole is skipped (none match) or counted (all match,
    // none on the page); the others are walked row by row, taking the page's IDs on the way.
    while (position < end) {
      const day = space.day(starts[order.rows[position]!]!);
      const dayEnd = this.#firstFrom(order, starts, space.dayStart(day + 1), false, position);
      if (dayEnd <= end && (position === 0 || starts[order.rows[position - 1]!]! < space.dayStart(day))) {
        const summary = days.get(day)!;
        const verdict = dayVerdict(summary, checks);
        let count = 0;
        if (verdict && byRow) {
          // Every row passes the bounds: the day's count is that of its listed rows whose links (and search) pass.
          count = dayCounts!.get(day) ?? -1;
          if (count < 0) {
            count = 0;
            for (let at = position; at < dayEnd; at++) if (matches(order.rows[at]!)) count++;
            dayCounts!.set(day, count);
          }
        } else if (verdict) {
          count = codes.reduce((sum, code) => sum + (summary.counts[code] ?? 0), 0);
        }
        if (verdict === false || (verdict && (count === 0 || total + count <= offset || total >= offset + limit))) {
          total += count;
          position = dayEnd;
          continue;
        }
      }
      for (const stop = Math.min(dayEnd, end); position < stop; position++) {
        const row = order.rows[position]!;
        if (!matches(row)) continue;
        if (total >= offset && total < offset + limit) ids.push(this.postIds[row]!);
        total++;
      }
    }
    return { ids, total };
  }

  /**
   * The page and count of a calendar whose events repeat their occurrences, as SQL's grouped list
   * gives them: each event once, at its first matching occurrence in list order (MIN of the start,
   * then post date and ID), counted once. Every row of the window is walked: a day's count would
   * count an event again.
   */
  #pageOfPosts(order: Order, from: number, end: number, matches: (row: number) => boolean, limit: number, offset: number): { ids: number[]; total: number } {
    const ids: number[] = [];
    const seen = new Set<number>();
    for (let position = from; position < end; position++) {
      const row = order.rows[position]!;
      if (!matches(row)) continue;
      const post = this.postIds[row]!;
      if (seen.has(post)) continue;
      if (seen.size >= offset && seen.size < offset + limit) ids.push(post);
      seen.add(post);
    }
    return { ids, total: seen.size };
  }
}

function compare(left: number, operator: string, right: number): boolean {
  switch (operator) {
    case '>=': return left >= right;
    case '>': return left > right;
    case '<=': return left <= right;
    default: return left < right;
  }
}

/** Whether keys of these meta keys hold every condition of the filter, its search given as the posts it matches (`searched`). */
function supports(f: EventListFilter, meta: ListKeyMeta, searched: boolean): boolean {
  return (f.search === undefined ? !f.passwordless : searched) && f.postParent === undefined && f.include === undefined
    && f.hiddenByMeta === meta.hiddenBy && f.metaIds.every(({ key }) => meta.byValue.includes(key))
    && (f.metaPresence === undefined || meta.byPresence.includes(f.metaPresence.key));
}

/** Whether the keys as read hold the filter's terms and meta whole. */
function readWhole(keys: ListKeys, f: EventListFilter): boolean {
  return (!f.termTaxonomyIds.length || keys.termsUsable)
    && (!(f.metaIds.length || f.metaPresence) || keys.metaUsable)
    && (!f.metaIds.length || keys.metaValuesUsable);
}

/** A read of the keys under way: the posts own writes touched meanwhile, and its outcome (the rows read, or null). */
interface Build {
  touched: Set<number>;
  everything: boolean;
  done: Promise<number | null>;
}

/** What the occurrence rows of the whole calendar are like (list-query.ts's OccurrenceShape). */
export interface KnownShape {
  repeated: boolean;
  reach: () => OccurrenceReach | undefined;
}

/**
 * The list keys of one post type's events, for one database (AppServices holds it, and tells it
 * of wpcal's own writes: ownWrite). Built in the background when a request finds them missing or
 * of another outside version; a build installs its keys only if no other connection wrote while
 * it read them, after re-reading the posts wpcal's own writes touched meanwhile.
 */
export class EventListIndex {
  #keys: ListKeys | null = null;
  /** The outside version #keys belong to, or that was found unusable. */
  #outside: string | null = null;
  #build: Build | null = null;
  #nextBuild = 0;
  /** Own writes' patches, one after the other: each reads after the one before was applied. */
  #patches: Promise<void> = Promise.resolve();
  readonly #readListeners: Array<(rows: number) => void> = [];
  readonly #pagesReadListeners: Array<(rows: number) => void> = [];
  /** When the keys first answered for the version one sweep after theirs (null: they have not). */
  #sweptSince: number | null = null;

  /**
   * `sweptKeysMs`: how long keys answer past a sweep (OUTSIDE_FULL_CHECK_MS); `keysWaitMs`: how long
   * a list waits for the keys being read (KEYS_WAIT_MS); unless a test asks for less.
   */
  constructor(
    private readonly db: Db, private readonly postType: string, private readonly meta: ListKeyMeta,
    private readonly sweptKeysMs = OUTSIDE_FULL_CHECK_MS, private readonly keysWaitMs = KEYS_WAIT_MS,
  ) {}

  /**
   * When the keys do not hold this outside version and are being read (a read starts now if it
   * may), waits for that read, `keysWaitMs` at most. Lists that went to SQL meanwhile took
   * 0.1-0.3 s each at 100,000 events on SQLite, blocking the read between its pages, and 0.5-1.5 s
   * on MariaDB: under own writes (each a new answer) the read did not end and lists by date got
   * no answer for as long as that lasted.
   */
  async awaitRead(outside: string | null): Promise<void> {
    if (outside === null || this.#current(outside)) return;
    const build = this.#build;
    if (build) await settlesWithin(build.done, this.keysWaitMs);
  }

  #current(outside: string | null): ListKeys | null {
    if (outside === null) return null;
    if (this.#outside !== outside) {
      this.#startBuild();
      // After a sweep alone (Db.sweptOnce: no other connection was seen to commit), the keys read
      // before answer until the new ones are read, rather than SQL for every list meanwhile (seconds
      // on MariaDB, 0.5-1.5 s a list by category at 100,000 events); not two sweeps apart, nor for
      // longer than a sweep's period when the new ones cannot be read.
      if (this.#outside === null || !this.db.sweptOnce(this.#outside, outside) || !this.#keys?.usable) return null;
      this.#sweptSince ??= Date.now();
      return Date.now() - this.#sweptSince <= this.sweptKeysMs ? this.#keys : null;
    }
    return this.#keys?.usable ? this.#keys : null;
  }

  /** The calendar's shape from the keys, when they are current; undefined when SQL must tell it. */
  shape(outside: string | null): KnownShape | undefined {
    const keys = this.#current(outside);
    return keys ? { repeated: keys.repeated, reach: () => keys.reach() } : undefined;
  }

  /** How the keys as read hold their dates: in 32 bits, or wide (a date outside 1970–2102); null before they are read. */
  datesHeld(): 'packed' | 'wide' | null {
    if (!this.#keys) return null;
    return this.#keys.datesPacked ? 'packed' : 'wide';
  }

  /** The lists the keys as read leave to SQL, and why (none when they answer all they hold). */
  leftToSql(): string[] {
    const keys = this.#keys;
    if (!keys || this.#outside === null) return ['every list: the keys are not read'];
    if (keys.unusable) return [`every list: ${keys.unusable}`];
    return [
      ...keys.termsUsable ? [] : ['lists by category and tag: the database cut a post\'s terms short'],
      ...keys.metaUsable ? [] : ['lists by venue, organizer and featured: the database cut a post\'s meta short'],
      ...keys.metaValuesUsable ? [] : ['lists by venue and organizer: a value is not an ID\'s digits'],
    ];
  }

  /**
   * The page and count from memory, or undefined when SQL must answer (see the file's head).
   * `searched`: the posts the filter's search matches, in ID order (SearchMatches), without which
   * a search is SQL's.
   */
  answer(f: EventListFilter, outside: string | null, limit: number, offset: number, searched?: Float64Array): { ids: number[]; total: number } | undefined {
    const keys = this.#holding(f, outside, searched !== undefined);
    return keys?.page(f, limit, offset, searched);
  }

  /** Whether the keys would answer this search, given the posts it matches. */
  answersSearch(f: EventListFilter, outside: string | null): boolean {
    return f.search !== undefined && this.#holding(f, outside, true) !== null;
  }

  #holding(f: EventListFilter, outside: string | null, searched: boolean): ListKeys | null {
    if (!supports(f, this.meta, searched) || f.postType !== this.postType) return null;
    const keys = this.#current(outside);
    return keys && readWhole(keys, f) ? keys : null;
  }

  /** Brings the keys up to a committed write of wpcal's own (see the class). */
  async ownWrite(touched: Touched): Promise<void> {
    if (touched === 'everything') {
      this.#keys = null;
      this.#outside = null;
      if (this.#build) this.#build.everything = true;
      return;
    }
    const posts = [...touched.posts];
    if (!posts.length) return;
    for (const post of posts) this.#build?.touched.add(post);
    const keys = this.#keys;
    // Keys to be read anew (a write left them unusable or worn) are never used again: no patch.
    if (!keys || this.#outside === null) return;
    this.#patches = this.#patches.then(async () => {
      const rows = await listKeysOfPosts(this.db.kysely, this.db.dialect, this.meta, posts);
      if (this.#keys !== keys) return;
      keys.replacePosts(posts, rows);
      // Keys a write made unusable, or left mostly dead rows, are read again (the next request starts it).
      if (!keys.usable || keys.worn) this.#outside = null;
    }).catch(() => {
      // Keys that missed a write are never used again.
      if (this.#keys === keys) {
        this.#keys = null;
        this.#outside = null;
      }
    });
    await this.#patches;
  }

  /**
   * Reads the keys now rather than on the first list request (`serve` calls it as it starts). A
   * read that installs nothing (the outside version could not be told, or moved meanwhile) is
   * made again after the usual gap, PREPARE_READS in all; resolves to the number of occurrence
   * rows read, or null when none were installed.
   */
  async prepare(): Promise<number | null> {
    for (let reads = 0; reads < PREPARE_READS; reads++) {
      const read = await (this.#startBuild() ?? this.#build?.done ?? null);
      if (read !== null) return read;
      // Unreferenced: a server closed meanwhile exits without waiting for it.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, this.#nextBuild - Date.now())).unref());
    }
    return null;
  }

  /** Adds a listener told of each read of the keys, once it is done and all it read but the keys can go (`rows`: how many it read). */
  onRead(listener: (rows: number) => void): void {
    this.#readListeners.push(listener);
  }

  /**
   * Adds a listener told of each read of the keys once its pages are in, before its rows are put
   * in order (`rows`: how many it read): every post's meta rows the pages were joined by can go
   * then, and putting the rows in order makes copies of its own (at 1,000,000 occurrences some
   * 45 MB of the one and 45 of the other, which were held together).
   */
  onPagesRead(listener: (rows: number) => void): void {
    this.#pagesReadListeners.push(listener);
  }

  #startBuild(): Promise<number | null> | undefined {
    if (this.#build || Date.now() < this.#nextBuild) return undefined;
    const build: Build = { touched: new Set<number>(), everything: false, done: Promise.resolve(null) };
    this.#build = build;
    const started = Date.now();
    return build.done = this.#read(build).then((rows) => {
      if (rows !== null) for (const listener of this.#readListeners) listener(rows);
      return rows;
    }).catch(() => null).then((rows) => {
      this.#build = null;
      this.#nextBuild = Date.now() + (rows === null ? Math.max(MIN_BUILD_GAP_MS, (Date.now() - started) / BUILD_SHARE) : MIN_BUILD_GAP_MS);
      return rows;
    });
  }

  async #read(build: Build): Promise<number | null> {
    const outside = await this.db.outsideVersion('posts');
    if (outside === null) return null;
    const keys = new ListKeys(this.postType, this.meta);
    const read = await this.#readPages(keys);
    for (const listener of this.#pagesReadListeners) listener(read);
    keys.seal();
    for (;;) {
      if (build.touched.size) {
        const posts = [...build.touched];
        build.touched.clear();
        keys.replacePosts(posts, await listKeysOfPosts(this.db.kysely, this.db.dialect, this.meta, posts));
        continue;
      }
      // Rows read across several statements are one version's only if no one else wrote meanwhile.
      const now = await this.db.outsideVersion('posts');
      if (build.touched.size) continue;
      if (now !== outside || build.everything) return null;
      break;
    }
    this.#keys = keys;
    this.#outside = outside;
    this.#sweptSince = null;
    return read;
  }

  /** Appends every occurrence's row to the keys, with its post's meta rows, and tells how many it read. */
  async #readPages(keys: ListKeys): Promise<number> {
    // Other requests are answered between the pages.
    const between = () => new Promise<void>(setImmediate);
    const counts = await listKeyRowCounts(this.db.kysely);
    const meta = await ListKeyMetaRows.read(this.db.kysely, this.db.dialect, this.meta, keys.metaMember, PAGE_ROWS, between);
    keys.reserve(counts.occurrences, meta.size + Math.min(counts.termLinks, counts.occurrences * RESERVED_TERM_LINKS));
    let read = 0;
    for (let after = 0; ;) {
      const page = await listKeyPage(this.db.kysely, this.db.dialect, this.meta, after, PAGE_ROWS);
      keys.append(page, (postId) => meta.of(postId));
      read += page.length;
      if (page.length < PAGE_ROWS) return read;
      after = page[page.length - 1]!.occurrence_id;
      await between();
    }
  }
}
