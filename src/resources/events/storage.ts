// How an event write lands in the database: its postmeta (events.md §6.2, §9.2) and its TEC 6
// `tec_events` / `tec_occurrences` rows (§9.3). Callers run all of it inside one transaction.
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
 * partial update); on create the caller fills what TEC always writes.
 */
export interface EventMetaChanges {
  dates?: EventDates;
  venueId?: number;
  organizerIds?: number[];
  /** The `cost` entries as sent (one row each); the currency is derived from them. */
  cost?: string[];
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

async function setFlag(trx: Executor, postId: number, key: string, on: boolean, value: string): Promise<void> {
  if (on) await setMeta(trx, postId, key, value);
  else await deleteMeta(trx, postId, key);
}

async function setOrDelete(trx: Executor, postId: number, key: string, value: string | undefined): Promise<void> {
  if (value === undefined || value === '') await deleteMeta(trx, postId, key);
  else await setMeta(trx, postId, key, value);
}

async function writeDates(trx: Executor, postId: number, dates: EventDates): Promise<void> {
  await setMeta(trx, postId, '_EventStartDate', dates.startLocal);
  await setMeta(trx, postId, '_EventEndDate', dates.endLocal);
  await setMeta(trx, postId, '_EventStartDateUTC', dates.startUtc);
  await setMeta(trx, postId, '_EventEndDateUTC', dates.endUtc);
  await setOrDelete(trx, postId, '_EventDuration', dates.duration === null ? undefined : String(dates.duration));
  await setFlag(trx, postId, '_EventAllDay', dates.allDay, 'yes');
  await setMeta(trx, postId, '_EventTimezone', dates.timezone);
  await setMeta(trx, postId, '_EventTimezoneAbbr', dates.timezoneAbbr);
}

async function writeCost(trx: Executor, postId: number, cost: string[]): Promise<void> {
  await replaceMeta(trx, postId, '_EventCost', cost);
  const currency = deriveCurrency(cost);
  await setOrDelete(trx, postId, '_EventCurrencySymbol', currency?.symbol);
  await setOrDelete(trx, postId, '_EventCurrencyPosition', currency?.position ?? undefined);
}

/** Writes the meta rows `changes` names, in TEC's order. */
export async function writeEventMeta(trx: Executor, postId: number, changes: EventMetaChanges): Promise<void> {
  if (changes.dates) await writeDates(trx, postId, changes.dates);
  if (changes.venueId !== undefined) await replaceMeta(trx, postId, '_EventVenueID', [String(changes.venueId)]);
  if (changes.organizerIds) await replaceMeta(trx, postId, '_EventOrganizerID', changes.organizerIds.map(String));
  if (changes.showMap !== undefined) await setMeta(trx, postId, '_EventShowMap', changes.showMap ? '1' : '');
  if (changes.showMapLink !== undefined) await setMeta(trx, postId, '_EventShowMapLink', changes.showMapLink ? '1' : '');
  if (changes.hideFromListings !== undefined) await setFlag(trx, postId, '_EventHideFromUpcoming', changes.hideFromListings, 'yes');
  if (changes.cost) await writeCost(trx, postId, changes.cost);
  if (changes.website !== undefined) await setOrDelete(trx, postId, '_EventURL', changes.website);
  if (changes.origin !== undefined) await addMeta(trx, postId, '_EventOrigin', changes.origin);
  if (changes.featured !== undefined) await setFlag(trx, postId, '_tribe_featured', changes.featured, '1');
  if (changes.thumbnailId !== undefined) await setOrDelete(trx, postId, '_thumbnail_id', changes.thumbnailId ? String(changes.thumbnailId) : '');
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

/**
 * Upserts the event's `tec_events` row and its single `tec_occurrences` row from its date meta.
 * Returns false (writing nothing) when the duration cannot be derived; callers reject end-before-start
 * dates before they get here, so the rows are otherwise always consistent.
 */
export async function syncOccurrence(trx: Executor, postId: number, dates: StoredEventDates, now: Date): Promise<boolean> {
  const duration = durationSeconds(dates.duration, dates.startUtc, dates.endUtc);
  if (duration === null || duration < 0) return false;
  const updatedAt = dbDatetime(now, 'UTC');
  const columns = {
    start_date: dates.startLocal,
    end_date: dates.endLocal,
    start_date_utc: dates.startUtc,
    end_date_utc: dates.endUtc,
    duration,
  };
  const existing = await trx.selectFrom('tec_events').select('event_id').where('post_id', '=', postId).executeTakeFirst();
  let eventId: number;
  if (existing) {
    eventId = Number(existing.event_id);
    await trx.updateTable('tec_events').set({ ...columns, timezone: dates.timezone, updated_at: updatedAt })
      .where('event_id', '=', eventId).execute();
  } else {
    const inserted = await trx.insertInto('tec_events')
      .values({ post_id: postId, ...columns, timezone: dates.timezone, hash: '', updated_at: updatedAt })
      .executeTakeFirstOrThrow();
    eventId = Number(inserted.insertId);
  }
  const occurrence = {
    event_id: eventId,
    post_id: postId,
    ...columns,
    hash: occurrenceHash(postId, dates.startLocal, dates.endLocal, dates.startUtc, dates.endUtc, duration),
    updated_at: updatedAt,
  };
  const current = await trx.selectFrom('tec_occurrences').select('occurrence_id').where('post_id', '=', postId)
    .orderBy('occurrence_id').executeTakeFirst();
  if (current) {
    await trx.updateTable('tec_occurrences').set(occurrence).where('occurrence_id', '=', Number(current.occurrence_id)).execute();
  } else {
    await trx.insertInto('tec_occurrences').values(occurrence).execute();
  }
  return true;
}
