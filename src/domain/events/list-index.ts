// The list keys of every event in memory (start, end, status, post date, hidden), read once per
// data version, so a list by date window (GET /events' default, the iCalendar feed) is answered
// by a binary search and a walk over the window's candidates instead of SQL over them. Filters it
// does not hold (search, terms, venues, organizers, featured, parent, include) and calendars whose
// events repeat their occurrences are answered by SQL, as is every request while the keys are
// being read or belong to an older version.
import type { Db } from '../../data/connect.ts';
import { impliedWalkBounds, listKeyPage, type EventListFilter, type ListKeyRow } from '../../data/event-list.ts';

const DATETIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/** A DB datetime as a number in the same order (YYYYMMDDhhmmss); NaN for any other text. */
function datetimeNumber(text: string): number {
  return DATETIME.test(text) ? Number(text.slice(0, 4) + text.slice(5, 7) + text.slice(8, 10) + text.slice(11, 13) + text.slice(14, 16) + text.slice(17, 19)) : Number.NaN;
}

/** Rows read per query while the keys are built. */
const PAGE_ROWS = 20_000;
/**
 * A build may take at most this share of the time: after one of B ms, the next waits B / share,
 * and at least MIN_BUILD_GAP_MS (under steady writes each version lives too briefly to be worth
 * reading, however small the calendar).
 */
const BUILD_SHARE = 0.2;
const MIN_BUILD_GAP_MS = 1000;

type Column = 'start' | 'end' | 'startUtc' | 'endUtc';

/** The keys of one data version, column by column, with the row orders a list walks. */
class ListKeys {
  readonly postIds: Float64Array;
  readonly columns: Record<Column, Float64Array>;
  readonly postDates: Float64Array;
  readonly statuses: Uint8Array;
  readonly hidden: Uint8Array;
  readonly statusCodes = new Map<string, number>();
  /** Row indexes in list order (walked start, post date, ID), by the local and by the UTC start. */
  readonly byStart: Record<'start' | 'startUtc', Uint32Array>;

  constructor(rows: readonly ListKeyRow[]) {
    const n = rows.length;
    this.postIds = new Float64Array(n);
    this.columns = { start: new Float64Array(n), end: new Float64Array(n), startUtc: new Float64Array(n), endUtc: new Float64Array(n) };
    this.postDates = new Float64Array(n);
    this.statuses = new Uint8Array(n);
    this.hidden = new Uint8Array(n);
    rows.forEach((row, i) => {
      this.postIds[i] = row.post_id;
      this.columns.start[i] = datetimeNumber(row.start_date);
      this.columns.end[i] = datetimeNumber(row.end_date);
      this.columns.startUtc[i] = datetimeNumber(row.start_date_utc);
      this.columns.endUtc[i] = datetimeNumber(row.end_date_utc);
      this.postDates[i] = datetimeNumber(row.post_date);
      let code = this.statusCodes.get(row.post_status);
      if (code === undefined) this.statusCodes.set(row.post_status, code = this.statusCodes.size);
      this.statuses[i] = code;
      this.hidden[i] = row.hidden ? 1 : 0;
    });
    this.byStart = { start: this.order(this.columns.start), startUtc: this.order(this.columns.startUtc) };
  }

  /** Whether every key read as a datetime and every status fits a byte (else SQL compares them). */
  get usable(): boolean {
    const all = [...Object.values(this.columns), this.postDates];
    return this.statusCodes.size <= 256 && all.every((column) => column.every((value) => !Number.isNaN(value)));
  }

  private order(walked: Float64Array): Uint32Array {
    const order = Uint32Array.from(walked.keys());
    return order.sort((a, b) => walked[a]! - walked[b]! || this.postDates[a]! - this.postDates[b]! || this.postIds[a]! - this.postIds[b]!);
  }

  /** The first position of `order` whose walked value is at least `value`. */
  private firstFrom(order: Uint32Array, walked: Float64Array, value: number): number {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (walked[order[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The page and the count of the filter (one of the filters `supports` accepts). */
  page(f: EventListFilter, limit: number, offset: number): { ids: number[]; total: number } | undefined {
    const walkedName = f.orderByUtc ? 'startUtc' : 'start';
    const walked = this.columns[walkedName];
    const order = this.byStart[walkedName];
    const checks: Array<{ column: Float64Array; operator: string; value: number }> = [];
    let lower = -Infinity;
    let upper = Infinity;
    for (const { field, operator, value } of f.bounds) {
      const name: Column = `${field}${f.utcColumns ? 'Utc' : ''}` as Column;
      const number = datetimeNumber(value);
      if (Number.isNaN(number)) return undefined;
      checks.push({ column: this.columns[name], operator, value: number });
      if (name === walkedName && (operator === '>=' || operator === '>')) lower = Math.max(lower, number);
      if (name === walkedName && (operator === '<=' || operator === '<')) upper = Math.min(upper, number);
    }
    for (const bound of impliedWalkBounds(f, f.orderByUtc ? 'o.start_date_utc' : 'o.start_date')) {
      const number = datetimeNumber(bound.value);
      if (Number.isNaN(number)) return undefined;
      if (bound.operator === '>=') lower = Math.max(lower, number);
      else upper = Math.min(upper, number);
    }
    const statuses = new Set(f.statuses.map((status) => this.statusCodes.get(status)).filter((code) => code !== undefined));
    const ids: number[] = [];
    let total = 0;
    for (let position = this.firstFrom(order, walked, lower); position < order.length; position++) {
      const row = order[position]!;
      if (walked[row]! > upper) break;
      if (this.hidden[row] || !statuses.has(this.statuses[row]!)) continue;
      if (!checks.every(({ column, operator, value }) => compare(column[row]!, operator, value))) continue;
      if (total >= offset && ids.length < limit) ids.push(this.postIds[row]!);
      total++;
    }
    return { ids, total };
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

/** Whether the keys hold every condition of the filter. */
function supports(f: EventListFilter): boolean {
  return f.search === undefined && !f.passwordless && f.termTaxonomyIds.length === 0 && f.metaIds.length === 0
    && f.metaPresence === undefined && f.postParent === undefined && f.include === undefined;
}

/**
 * The list keys of one post type's events, for one database (AppServices holds it). Built in the
 * background when a request finds them missing or older than its data version, and installed only
 * if no write happened while they were read.
 */
export class EventListIndex {
  #keys: { version: string; keys: ListKeys | null } | null = null;
  #building = false;
  #nextBuild = 0;

  constructor(private readonly db: Db, private readonly postType: string, private readonly hiddenByMeta: string) {}

  /** The page and count from memory, or undefined when SQL must answer (see the file's head). */
  answer(f: EventListFilter, version: string | null, repeated: boolean, limit: number, offset: number): { ids: number[]; total: number } | undefined {
    if (version === null || repeated || !supports(f) || f.postType !== this.postType || f.hiddenByMeta !== this.hiddenByMeta) return undefined;
    const built = this.#keys;
    if (built?.version !== version) {
      this.#startBuild();
      return undefined;
    }
    return built.keys?.page(f, limit, offset);
  }

  #startBuild(): void {
    if (this.#building || Date.now() < this.#nextBuild) return;
    this.#building = true;
    const started = Date.now();
    this.#build().catch(() => undefined).finally(() => {
      this.#building = false;
      this.#nextBuild = Date.now() + Math.max(MIN_BUILD_GAP_MS, (Date.now() - started) / BUILD_SHARE);
    });
  }

  async #build(): Promise<void> {
    const version = await this.db.dataVersion();
    if (version === null) return;
    const rows: ListKeyRow[] = [];
    for (let after = 0; ;) {
      const page = await listKeyPage(this.db.kysely, this.postType, this.hiddenByMeta, after, PAGE_ROWS);
      rows.push(...page);
      if (page.length < PAGE_ROWS) break;
      after = page[page.length - 1]!.occurrence_id;
      // Other requests are answered between the pages.
      await new Promise(setImmediate);
    }
    // Rows read across several statements are one version's only if nothing was written meanwhile.
    if (await this.db.dataVersion() !== version) return;
    const keys = new ListKeys(rows);
    this.#keys = { version, keys: keys.usable ? keys : null };
  }
}
