// How an event write lands in the database: its postmeta (events.md §6.2, §9.2) and its TEC 6
// `tec_events` / `tec_occurrences` rows (§9.3). What is written is computed as data (pure
// functions), then applied either to one post (the REST routes) or in bulk (imports). Callers run
// all of it inside one transaction.
import type { Writer } from '../../data/executor.ts';
import { allSettled } from '../../data/bulk-insert.ts';
import { deleteEventRows, insertEventRowsBulk, saveEventRows, type EventRows } from '../../data/events.ts';
import { deleteMetaOfPosts, insertMetaRowsBulk } from '../../data/post-queries.ts';
import { applyMetaChanges, type MetaChange } from '../../data/meta-changes.ts';
import { firstMeta, type PostMeta } from '../../data/posts.ts';
import { deriveCurrency } from '../../text/cost.ts';
import { dbDatetime } from '../../time/parse.ts';
import type { EventDates } from '../../time/event-dates.ts';
import { durationSeconds, occurrenceHash } from '../../time/occurrence.ts';
import { decodeEntities, sanitizeUrl, stripTags } from '../../text/sanitize.ts';
import { TEC_ORIGIN } from '../post-types.ts';
import type { Omitted, WriteContext } from '../write-context.ts';
import { MODIFIED_FIELDS_KEY, modifiedFieldsChange, touchedMeta, type Touch } from '../modified-fields.ts';

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
 * What a write sets, besides the post row. An absent key leaves the stored value alone; on create
 * and on a resetting update the caller fills what TEC writes anyway (forCreate, forUpdate).
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
  /** `_EventURL`; an empty string removes the row, unless `emptyWebsiteRow`. */
  website?: string;
  /** An empty `website` is stored as an empty row, so the JSON's `website` is "" rather than the permalink. */
  emptyWebsiteRow?: boolean;
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
export type MetaOp = MetaChange;

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
  if (changes.website !== undefined) {
    ops.push(changes.emptyWebsiteRow ? { op: 'set', key: '_EventURL', value: changes.website } : setOrDelete('_EventURL', changes.website));
  }
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
    origin: TEC_ORIGIN,
  });
}

/**
 * What an update writes. `keep` (PATCH): what was sent. `reset` (POST, PUT): also what the
 * plugin's updates reset when omitted (samples 53–54): no organizers, image or cost, an empty
 * website, the map, hidden and featured flags off. The caller recomputes the dates in the site's
 * time zone. Title, content, local dates, venue and terms stay.
 */
export function forUpdate(changes: EventMetaChanges, omitted: Omitted): EventMetaChanges {
  if (omitted === 'keep') return changes;
  return {
    ...changes,
    organizerIds: changes.organizerIds ?? [],
    cost: changes.cost ?? [],
    website: changes.website ?? '',
    emptyWebsiteRow: true,
    showMap: changes.showMap ?? false,
    showMapLink: changes.showMapLink ?? false,
    hideFromListings: changes.hideFromListings ?? false,
    featured: changes.featured ?? false,
    thumbnailId: changes.thumbnailId ?? 0,
  };
}

/** Appends the rows these steps leave on a post that had none of their keys, as `post_id, meta_key, meta_value` values. */
function pushMetaRows(values: Array<number | string>, postId: number, ops: readonly MetaOp[]): void {
  for (const step of ops) {
    if (step.op === 'replace') for (const value of step.values) values.push(postId, step.key, value);
    else if (step.op !== 'delete') values.push(postId, step.key, step.value);
  }
}

/**
 * Writes the meta rows `changes` names on one post whose meta is `current` (empty for a new
 * post), with TEC's tracker note of the save (`touches`: what else it changed, post fields and
 * taxonomies). Returns the meta keys whose rows changed.
 */
export async function writeEventMeta(
  trx: Writer, req: WriteContext, postId: number, changes: EventMetaChanges, current: PostMeta, touches: readonly Touch[] = [],
): Promise<string[]> {
  const ops = eventMetaOps(changes);
  const touched = touchedMeta(ops, current);
  const note = modifiedFieldsChange(firstMeta(current, MODIFIED_FIELDS_KEY), [...touches, ...touched], req.now, req.site);
  await applyMetaChanges(trx, postId, note ? [...ops, note] : ops, current);
  return touched.map((touch) => touch.name);
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
export type OccurrenceRows = EventRows;

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
export async function syncOccurrence(trx: Writer, postId: number, dates: StoredEventDates, now: Date, created = false): Promise<boolean> {
  const rows = occurrenceRows(postId, dates, dbDatetime(now, 'UTC'));
  if (!rows) return false;
  await saveEventRows(trx, rows, created);
  return true;
}

// Re-exported for the imports (transfer/), which write through them.
export { BULK_ROWS, allSettled } from '../../data/bulk-insert.ts';

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
export async function clearEventsBulk(trx: Writer, events: readonly BulkEventWrite[]): Promise<void> {
  const deletions = new Map<string, { keys: string[]; ids: number[] }>();
  for (const event of events) {
    if (event.fresh) continue;
    const keys = [...new Set(event.ops.map((step) => step.key))].sort();
    const signature = keys.join('\n');
    const group = deletions.get(signature) ?? deletions.set(signature, { keys, ids: [] }).get(signature)!;
    group.ids.push(event.postId);
  }
  for (const { keys, ids } of deletions.values()) await deleteMetaOfPosts(trx, ids, keys);
  await deleteEventRows(trx, events.filter((event) => !event.fresh).map((event) => event.postId));
}

/**
 * The second half (after clearEventsBulk): inserts the meta rows of the events' steps and their
 * TEC 6 rows. Events whose duration cannot be derived get no TEC 6 rows; their post IDs are what
 * it resolves to.
 */
export async function insertEventsBulk(trx: Writer, events: readonly BulkEventWrite[], now: Date): Promise<number[]> {
  const meta: Array<number | string> = [];
  const rows: EventRows[] = [];
  const skipped: number[] = [];
  const updatedAt = dbDatetime(now, 'UTC');
  for (const { postId, ops, dates } of events) {
    pushMetaRows(meta, postId, ops);
    const eventRows = occurrenceRows(postId, dates, updatedAt);
    if (eventRows) rows.push(eventRows);
    else skipped.push(postId);
  }
  await allSettled([insertMetaRowsBulk(trx, meta), insertEventRowsBulk(trx, rows)]);
  return skipped;
}

/** How TEC stores free text in meta: entities decoded, tags stripped. */
export function metaText(value: string): string {
  return stripTags(decodeEntities(value));
}

/** The `_EventCost` rows of a `cost` value: a string or number is one row, an array one row per entry. */
export function costEntries(value: unknown): string[] {
  const entries = Array.isArray(value) ? value
    : value !== null && typeof value === 'object' ? Object.values(value)
      : [value];
  return entries
    .filter((entry): entry is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof entry))
    .map((entry) => metaText(typeof entry === 'boolean' ? (entry ? '1' : '') : String(entry)));
}

/** `_EventURL`: the URL sanitised, then stored as meta text. */
export function websiteValue(value: unknown): string {
  return typeof value === 'string' ? metaText(sanitizeUrl(value)) : '';
}
