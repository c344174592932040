// How an event write lands in the database: its postmeta (events.md §6.2, §9.2) and its TEC 6
// `tec_events` / `tec_occurrences` rows (§9.3). What is written is computed as data (pure
// functions), then applied either to one post (the REST routes) or in bulk (imports). Callers run
// all of it inside one transaction.
import { CompiledQuery } from 'kysely';
import type { TableName } from '../../db/tables.ts';
import type { Executor } from '../../store/options.ts';
import { addMeta, deleteMeta, replaceMeta, setMeta } from '../../store/posts.ts';
import { deriveCurrency } from '../../text/cost.ts';
import { dbDatetime } from '../../time/parse.ts';
import type { EventDates } from '../../time/event-dates.ts';
import { durationSeconds, occurrenceHash } from '../../time/occurrence.ts';

/** The date meta of an event, as stored (or about to be). */
export interface StoredEventDates {
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
  timezone: string;
  /** `_EventDuration` as stored; empty/absent for all-day events. */
  duration: string | undefined;
}

/**
 * What a write sets, besides the post row. An absent key leaves the stored value alone (wpcal's
 * partial update); on create the caller fills what TEC always writes (see forCreate).
 */
export interface EventMetaChanges {
  dates?: EventDates;
  venueId?: number;
  organizerIds?: number[];
  /** The `cost` entries as sent (one row each); the currency is derived from them. */
  cost?: string[];
  /** Overrides of the currency derived from `cost` (imports that name it). */
  currencySymbol?: string;
  currencyPosition?: 'prefix' | 'postfix';
  /** `_EventURL`; an empty string removes the row. */
  website?: string;
  showMap?: boolean;
  showMapLink?: boolean;
  hideFromListings?: boolean;
  featured?: boolean;
  /** `_thumbnail_id`; 0 removes the row. */
  thumbnailId?: number;
  /** First save only: `_EventOrigin`. */
  origin?: string;
}

/** Every key eventMetaOps may write (what an import or export treats as the event's own meta). */
export const EVENT_META_KEYS: ReadonlySet<string> = new Set([
  '_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration', '_EventAllDay',
  '_EventTimezone', '_EventTimezoneAbbr', '_EventVenueID', '_EventOrganizerID', '_EventShowMap', '_EventShowMapLink',
  '_EventHideFromUpcoming', '_EventCost', '_EventCurrencySymbol', '_EventCurrencyPosition', '_EventURL', '_EventOrigin',
  '_tribe_featured', '_thumbnail_id',
]);

/** One step of a meta write, as the WordPress meta functions do it. */
export type MetaOp =
  /** update_post_meta: rewrite every row of the key, or add one. */
  | { op: 'set'; key: string; value: string }
  /** Delete every row of the key, then add one row per value, in order. */
  | { op: 'replace'; key: string; values: string[] }
  /** add_post_meta. */
  | { op: 'add'; key: string; value: string }
  | { op: 'delete'; key: string };

function flag(key: string, on: boolean, value: string): MetaOp {
  return on ? { op: 'set', key, value } : { op: 'delete', key };
}

function setOrDelete(key: string, value: string | undefined): MetaOp {
  return value === undefined || value === '' ? { op: 'delete', key } : { op: 'set', key, value };
}

function dateOps(dates: EventDates): MetaOp[] {
  return [
    { op: 'set', key: '_EventStartDate', value: dates.startLocal },
    { op: 'set', key: '_EventEndDate', value: dates.endLocal },
    { op: 'set', key: '_EventStartDateUTC', value: dates.startUtc },
    { op: 'set', key: '_EventEndDateUTC', value: dates.endUtc },
    setOrDelete('_EventDuration', dates.duration === null ? undefined : String(dates.duration)),
    flag('_EventAllDay', dates.allDay, 'yes'),
    { op: 'set', key: '_EventTimezone', value: dates.timezone },
    { op: 'set', key: '_EventTimezoneAbbr', value: dates.timezoneAbbr },
  ];
}

function costOps(changes: EventMetaChanges, cost: string[]): MetaOp[] {
  const derived = deriveCurrency(cost);
  return [
    { op: 'replace', key: '_EventCost', values: cost },
    setOrDelete('_EventCurrencySymbol', changes.currencySymbol ?? derived?.symbol),
    setOrDelete('_EventCurrencyPosition', changes.currencyPosition ?? derived?.position ?? undefined),
  ];
}

/** The meta steps `changes` names, in TEC's order. Pure. */
export function eventMetaOps(changes: EventMetaChanges): MetaOp[] {
  const ops: MetaOp[] = [];
  if (changes.dates) ops.push(...dateOps(changes.dates));
  if (changes.venueId !== undefined) ops.push({ op: 'replace', key: '_EventVenueID', values: [String(changes.venueId)] });
  if (changes.organizerIds) ops.push({ op: 'replace', key: '_EventOrganizerID', values: changes.organizerIds.map(String) });
  if (changes.showMap !== undefined) ops.push({ op: 'set', key: '_EventShowMap', value: changes.showMap ? '1' : '' });
  if (changes.showMapLink !== undefined) ops.push({ op: 'set', key: '_EventShowMapLink', value: changes.showMapLink ? '1' : '' });
  if (changes.hideFromListings !== undefined) ops.push(flag('_EventHideFromUpcoming', changes.hideFromListings, 'yes'));
  if (changes.cost) ops.push(...costOps(changes, changes.cost));
  if (changes.website !== undefined) ops.push(setOrDelete('_EventURL', changes.website));
  if (changes.origin !== undefined) ops.push({ op: 'add', key: '_EventOrigin', value: changes.origin });
  if (changes.featured !== undefined) ops.push(flag('_tribe_featured', changes.featured, '1'));
  if (changes.thumbnailId !== undefined) ops.push(setOrDelete('_thumbnail_id', changes.thumbnailId ? String(changes.thumbnailId) : ''));
  return ops;
}

/**
 * What a create writes: the sent changes plus what TEC always stores on a first save (both map
 * rows, `_EventOrigin`), with false flags and empty values left out.
 */
export function forCreate(changes: EventMetaChanges): EventMetaChanges {
  // Object.assign, as a spread followed by more properties is slow in V8 and imports call this per event.
  return Object.assign({}, changes, {
    showMap: changes.showMap === true,
    showMapLink: changes.showMapLink === true,
    hideFromListings: changes.hideFromListings === true ? true : undefined,
    featured: changes.featured === true ? true : undefined,
    website: changes.website === '' ? undefined : changes.website,
    thumbnailId: changes.thumbnailId || undefined,
    origin: 'events-calendar',
  });
}

/** Appends the rows these steps leave on a post that had none of their keys, as `post_id, meta_key, meta_value` values. */
function pushMetaRows(values: unknown[], postId: number, ops: readonly MetaOp[]): void {
  for (const step of ops) {
    if (step.op === 'replace') for (const value of step.values) values.push(postId, step.key, value);
    else if (step.op !== 'delete') values.push(postId, step.key, step.value);
  }
}

async function applyMetaOp(trx: Executor, postId: number, step: MetaOp): Promise<void> {
  if (step.op === 'set') await setMeta(trx, postId, step.key, step.value);
  else if (step.op === 'replace') await replaceMeta(trx, postId, step.key, step.values);
  else if (step.op === 'add') await addMeta(trx, postId, step.key, step.value);
  else await deleteMeta(trx, postId, step.key);
}

/** Writes the meta rows `changes` names on one post, in TEC's order. */
export async function writeEventMeta(trx: Executor, postId: number, changes: EventMetaChanges): Promise<void> {
  for (const step of eventMetaOps(changes)) await applyMetaOp(trx, postId, step);
}

/** The stored form of freshly computed dates. */
export function storedDates(dates: EventDates): StoredEventDates {
  return {
    startLocal: dates.startLocal,
    endLocal: dates.endLocal,
    startUtc: dates.startUtc,
    endUtc: dates.endUtc,
    timezone: dates.timezone,
    duration: dates.duration === null ? undefined : String(dates.duration),
  };
}

/** The columns of an event's `tec_events` row and its `tec_occurrences` row (without `event_id`). */
export interface OccurrenceRows {
  event: {
    post_id: number; start_date: string; end_date: string; start_date_utc: string; end_date_utc: string;
    duration: number; timezone: string; updated_at: string;
  };
  occurrence: {
    post_id: number; start_date: string; end_date: string; start_date_utc: string; end_date_utc: string;
    duration: number; hash: string; updated_at: string;
  };
}

/** The TEC 6 rows of an event, or null when the duration cannot be derived. `updatedAt`: now in UTC. Pure. */
function occurrenceRows(postId: number, dates: StoredEventDates, updatedAt: string): OccurrenceRows | null {
  const duration = durationSeconds(dates.duration, dates.startUtc, dates.endUtc);
  if (duration === null || duration < 0) return null;
  // Spelled out, not spread from shared columns: imports build these per event (see forCreate).
  return {
    event: {
      post_id: postId, start_date: dates.startLocal, end_date: dates.endLocal, start_date_utc: dates.startUtc,
      end_date_utc: dates.endUtc, duration, timezone: dates.timezone, updated_at: updatedAt,
    },
    occurrence: {
      post_id: postId, start_date: dates.startLocal, end_date: dates.endLocal, start_date_utc: dates.startUtc,
      end_date_utc: dates.endUtc, duration,
      hash: occurrenceHash(postId, dates.startLocal, dates.endLocal, dates.startUtc, dates.endUtc, duration),
      updated_at: updatedAt,
    },
  };
}

/**
 * Upserts the event's `tec_events` row and its single `tec_occurrences` row from its date meta.
 * Returns false (writing nothing) when the duration cannot be derived; callers reject end-before-start
 * dates before they get here, so the rows are otherwise always consistent.
 */
export async function syncOccurrence(trx: Executor, postId: number, dates: StoredEventDates, now: Date): Promise<boolean> {
  const rows = occurrenceRows(postId, dates, dbDatetime(now, 'UTC'));
  if (!rows) return false;
  const { post_id: _postId, ...eventColumns } = rows.event;
  const existing = await trx.selectFrom('tec_events').select('event_id').where('post_id', '=', postId).executeTakeFirst();
  let eventId: number;
  if (existing) {
    eventId = Number(existing.event_id);
    await trx.updateTable('tec_events').set(eventColumns).where('event_id', '=', eventId).execute();
  } else {
    const inserted = await trx.insertInto('tec_events').values({ ...rows.event, hash: '' }).executeTakeFirstOrThrow();
    eventId = Number(inserted.insertId);
  }
  const occurrence = { event_id: eventId, ...rows.occurrence };
  const current = await trx.selectFrom('tec_occurrences').select('occurrence_id').where('post_id', '=', postId)
    .orderBy('occurrence_id').executeTakeFirst();
  if (current) {
    await trx.updateTable('tec_occurrences').set(occurrence).where('occurrence_id', '=', Number(current.occurrence_id)).execute();
  } else {
    await trx.insertInto('tec_occurrences').values(occurrence).execute();
  }
  return true;
}

/** Events per chunk of an import's bulk writes, and IDs per `IN` list. */
export const BULK_ROWS = 1000;

function chunked<T>(items: readonly T[], size = BULK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Placeholders per statement of insertRows, within SQLite's limit of 32766. */
const MAX_PARAMETERS = 30_000;
/**
 * Characters of text values per statement of insertRows: even at 3 bytes each in UTF-8, the
 * statement stays under MySQL 5.7's default max_allowed_packet (4 MB). A longer row goes alone.
 */
const MAX_STATEMENT_CHARS = 1_000_000;

/** The SQL of `INSERT INTO table (columns) VALUES (?…), …` per executor and shape, compiled once. */
const insertStatements = new WeakMap<Executor, Map<string, string>>();

function insertSql(trx: Executor, table: TableName, columns: readonly string[], rows: number): string {
  const statements = insertStatements.get(trx) ?? insertStatements.set(trx, new Map()).get(trx)!;
  const shape = `${table}(${columns.join()})x${rows}`;
  let text = statements.get(shape);
  if (text === undefined) {
    const placeholders = Object.fromEntries(columns.map((column) => [column, null]));
    // Compiled by the executor's own plugins (table prefix), with the values as placeholders.
    text = trx.insertInto(table).values(Array.from({ length: rows }, () => placeholders) as never).compile().sql;
    statements.set(shape, text);
  }
  return text;
}

/** Where the statement starting at value `from` ends: as many whole rows as both limits allow. */
function statementEnd(values: readonly unknown[], from: number, width: number): number {
  const last = Math.min(values.length, from + Math.floor(MAX_PARAMETERS / width) * width);
  let chars = 0;
  let end = from;
  while (end < last) {
    let rowChars = 0;
    for (let i = end; i < end + width; i++) {
      const value = values[i];
      if (typeof value === 'string') rowChars += value.length;
    }
    if (end > from && chars + rowChars > MAX_STATEMENT_CHARS) break;
    chars += rowChars;
    end += width;
  }
  return end;
}

/**
 * Resolves once every one of these promises (statements issued on a transaction) has settled,
 * failing with the first failure. A transaction must not be rolled back while statements it
 * issued still wait for the connection: they would run after the rollback, outside it.
 */
export async function allSettled(promises: ReadonlyArray<Promise<unknown>>): Promise<void> {
  const failure = (await Promise.allSettled(promises)).find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Inserts rows given as one flat list of values, row after row in `columns` order, with
 * multi-row INSERTs whose SQL is built once per shape (building it per statement through the
 * query builder costs more than running it). Every statement is issued before this returns, so
 * a transaction runs them in this order, before any statement issued later.
 */
export function insertRows(trx: Executor, table: TableName, columns: readonly string[], values: unknown[]): Promise<void> {
  const statements: Array<Promise<unknown>> = [];
  for (let from = 0; from < values.length;) {
    const end = statementEnd(values, from, columns.length);
    const part = from === 0 && end === values.length ? values : values.slice(from, end);
    statements.push(trx.executeQuery(CompiledQuery.raw(insertSql(trx, table, columns, part.length / columns.length), part)));
    from = end;
  }
  return allSettled(statements);
}

const META_COLUMNS = ['post_id', 'meta_key', 'meta_value'];
const TEC_EVENT_COLUMNS = ['event_id', 'post_id', 'start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'duration', 'timezone', 'updated_at', 'hash'];
const OCCURRENCE_COLUMNS = ['event_id', 'post_id', 'start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'duration', 'hash', 'updated_at'];

/** One event of a bulk write: its post ID, its meta steps, and its dates (for the TEC 6 rows). */
export interface BulkEventWrite {
  postId: number;
  ops: MetaOp[];
  dates: StoredEventDates;
  /** The post has no meta of the keys `ops` name and no TEC 6 rows (a new post): nothing to delete first. */
  fresh: boolean;
}

/**
 * The first half of a bulk event write, for events that are not fresh: deletes their rows of
 * every meta key their steps name, and their TEC 6 rows.
 */
export async function clearEventsBulk(trx: Executor, events: readonly BulkEventWrite[]): Promise<void> {
  const deletions = new Map<string, { keys: string[]; ids: number[] }>();
  for (const event of events) {
    if (event.fresh) continue;
    const keys = [...new Set(event.ops.map((step) => step.key))].sort();
    const signature = keys.join('\n');
    const group = deletions.get(signature) ?? deletions.set(signature, { keys, ids: [] }).get(signature)!;
    group.ids.push(event.postId);
  }
  for (const { keys, ids } of deletions.values()) {
    for (const part of chunked(ids)) {
      await trx.deleteFrom('postmeta').where('post_id', 'in', part).where('meta_key', 'in', keys).execute();
    }
  }
  const stale = events.filter((event) => !event.fresh).map((event) => event.postId);
  for (const part of chunked(stale)) {
    await trx.deleteFrom('tec_occurrences').where('post_id', 'in', part).execute();
    await trx.deleteFrom('tec_events').where('post_id', 'in', part).execute();
  }
}

/**
 * The second half (after clearEventsBulk): inserts the meta rows of the events' steps and their
 * TEC 6 rows, taking each `tec_events` ID from `nextEventId`, so the occurrences need not wait
 * for the IDs to be read back. Every statement is issued before this returns. Events whose
 * duration cannot be derived get no TEC 6 rows; their post IDs are what it resolves to.
 */
export async function insertEventsBulk(trx: Executor, events: readonly BulkEventWrite[], now: Date, nextEventId: () => number): Promise<number[]> {
  const meta: unknown[] = [];
  const tecEvents: unknown[] = [];
  const occurrences: unknown[] = [];
  const skipped: number[] = [];
  const updatedAt = dbDatetime(now, 'UTC');
  for (const { postId, ops, dates } of events) {
    pushMetaRows(meta, postId, ops);
    const rows = occurrenceRows(postId, dates, updatedAt);
    if (!rows) {
      skipped.push(postId);
      continue;
    }
    const eventId = nextEventId();
    const { event: e, occurrence: o } = rows;
    tecEvents.push(eventId, postId, e.start_date, e.end_date, e.start_date_utc, e.end_date_utc, e.duration, e.timezone, e.updated_at, '');
    occurrences.push(eventId, postId, o.start_date, o.end_date, o.start_date_utc, o.end_date_utc, o.duration, o.hash, o.updated_at);
  }
  await allSettled([
    insertRows(trx, 'postmeta', META_COLUMNS, meta),
    insertRows(trx, 'tec_events', TEC_EVENT_COLUMNS, tecEvents),
    insertRows(trx, 'tec_occurrences', OCCURRENCE_COLUMNS, occurrences),
  ]);
  return skipped;
}
