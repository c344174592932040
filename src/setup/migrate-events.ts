// `wpcal migrate`'s event step: the TEC 6 `tec_events` / `tec_occurrences` rows of events that
// lack them (data written by TEC 5, by WordPress alone or by hand), built from their date postmeta
// as the plugin's own migration does (events.md §9.3). Events lacking time zone or UTC meta get it
// from the site time zone first, as TEC's time zone updater adds it. Only events without an
// occurrence row are looked at, so an interrupted run resumes where it stopped. Each batch that
// builds rows leaves TEC's known date range rebuilt (the events it migrated count from then on).
import type { Db } from '../data/connect.ts';
import { countPostsWithoutOccurrences, postIdsWithoutOccurrences } from '../data/events.ts';
import type { Writer } from '../data/executor.ts';
import { getOptions } from '../data/options.ts';
import { addMeta, firstMeta, loadMeta, type PostMeta } from '../data/posts.ts';
import { syncOccurrence, type StoredEventDates } from '../domain/events/storage.ts';
import { keepKnownRange } from '../domain/events/known-range.ts';
import { EVENT_TYPE } from '../domain/post-types.ts';
import { durationSeconds } from '../time/occurrence.ts';
import { SECOND_MS, parseDbDatetime } from '../time/wall.ts';
import { isValidTimezone, localToUtc, siteTimezone, timezoneAbbr } from '../time/zones.ts';

export interface SkippedEvent {
  id: number;
  reason: string;
}

export interface EventMigrationResult {
  migrated: number;
  skipped: SkippedEvent[];
}

export interface EventMigrationOptions {
  /** Events per transaction (default 500). */
  batchSize?: number;
  /** Clock for `updated_at`. */
  now?: () => Date;
  /** Called after each batch with the events looked at so far and the total at the start. */
  onProgress?: (done: number, total: number) => void;
}

/** The rows' dates of one event, plus the meta rows to add first; or why it cannot be migrated. */
export type EventRowPlan =
  | { ok: true; dates: StoredEventDates; addMeta: Array<[string, string]> }
  | { ok: false; reason: string };

const DATE_KEYS = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration', '_EventTimezone', '_EventTimezoneAbbr'];

/** PHP empty() on a meta value. */
function blank(value: string | undefined): value is undefined | '' {
  return value === undefined || value.trim() === '' || value === '0';
}

function localDate(meta: PostMeta, key: string, label: string): string | { reason: string } {
  const value = firstMeta(meta, key);
  if (blank(value)) return { reason: `missing ${label} date` };
  if (parseDbDatetime(value) === null) return { reason: `invalid ${label} date "${value}"` };
  return value;
}

function seconds(from: string, to: string): number {
  return (parseDbDatetime(to)! - parseDbDatetime(from)!) / SECOND_MS;
}

/**
 * Plans the rows of one event from its meta (events.md §9.3 validity rules): start and end must
 * be DB datetimes with end ≥ start, the zone valid, the UTC dates the conversion of the local ones,
 * the duration a non-negative integer not beyond end − start.
 */
export function planEventRows(meta: PostMeta, siteZone: string): EventRowPlan {
  const added: Array<[string, string]> = [];
  const start = localDate(meta, '_EventStartDate', 'start');
  if (typeof start !== 'string') return { ok: false, ...start };
  const end = localDate(meta, '_EventEndDate', 'end');
  if (typeof end !== 'string') return { ok: false, ...end };
  const storedZone = firstMeta(meta, '_EventTimezone');
  const timezone = blank(storedZone) ? siteZone : storedZone;
  if (!isValidTimezone(timezone)) return { ok: false, reason: `invalid time zone "${timezone}"` };
  if (blank(storedZone)) added.push(['_EventTimezone', timezone]);
  if (blank(firstMeta(meta, '_EventTimezoneAbbr'))) added.push(['_EventTimezoneAbbr', timezoneAbbr(timezone, start)]);
  const utc = (key: string, local: string): string => {
    const stored = firstMeta(meta, key);
    if (!blank(stored)) return stored;
    const converted = localToUtc(local, timezone)!;
    added.push([key, converted]);
    return converted;
  };
  const startUtc = utc('_EventStartDateUTC', start);
  const endUtc = utc('_EventEndDateUTC', end);
  if (parseDbDatetime(startUtc) === null || parseDbDatetime(endUtc) === null) {
    return { ok: false, reason: 'invalid UTC dates' };
  }
  if (seconds(start, end) < 0 || seconds(startUtc, endUtc) < 0) return { ok: false, reason: 'end date before start date' };
  if (localToUtc(start, timezone) !== startUtc || localToUtc(end, timezone) !== endUtc) {
    return { ok: false, reason: `UTC dates do not match the local dates in ${timezone}` };
  }
  const storedDuration = firstMeta(meta, '_EventDuration');
  const duration = durationSeconds(storedDuration, startUtc, endUtc)!;
  if (!Number.isInteger(duration) || duration < 0 || duration > seconds(start, end) || duration > seconds(startUtc, endUtc)) {
    return { ok: false, reason: `invalid duration "${storedDuration}"` };
  }
  return {
    ok: true,
    dates: { startLocal: start, endLocal: end, startUtc, endUtc, timezone, duration: storedDuration },
    addMeta: added,
  };
}

/** Events in this status are left alone (WordPress's unsaved placeholders). */
const UNSAVED = 'auto-draft';

/** How many events have no `tec_occurrences` row (what `migrateEvents` would look at). */
export async function countEventsWithoutRows(db: Db): Promise<number> {
  return countPostsWithoutOccurrences(db.kysely, EVENT_TYPE.type, UNSAVED);
}

async function siteZoneOf(db: Db): Promise<string> {
  const options = await getOptions(db.kysely, ['timezone_string', 'gmt_offset']);
  return siteTimezone(options.get('timezone_string') ?? '', options.get('gmt_offset') ?? '0');
}

/** Migrates one batch in a transaction; returns the skipped events. */
async function migrateBatch(trx: Writer, ids: number[], siteZone: string, now: Date): Promise<SkippedEvent[]> {
  const metas = await loadMeta(trx, ids, DATE_KEYS);
  const skipped: SkippedEvent[] = [];
  for (const id of ids) {
    const plan = planEventRows(metas.get(id) ?? new Map(), siteZone);
    if (!plan.ok) {
      skipped.push({ id, reason: plan.reason });
      continue;
    }
    for (const [key, value] of plan.addMeta) await addMeta(trx, id, key, value);
    if (!await syncOccurrence(trx, id, plan.dates, now)) skipped.push({ id, reason: 'the duration cannot be derived' });
  }
  if (skipped.length < ids.length) keepKnownRange(trx, { kind: 'rebuild' });
  return skipped;
}

/** Builds the missing TEC 6 rows, batch by batch (each in one transaction), in post ID order. */
export async function migrateEvents(db: Db, options: EventMigrationOptions = {}): Promise<EventMigrationResult> {
  const batchSize = options.batchSize ?? 500;
  const now = options.now ?? (() => new Date());
  const siteZone = await siteZoneOf(db);
  const total = await countEventsWithoutRows(db);
  const result: EventMigrationResult = { migrated: 0, skipped: [] };
  let after = 0;
  let done = 0;
  options.onProgress?.(0, total);
  // Each look for events lacking rows walks every event (0.57 s at 1,000,000): none counted, none looked for.
  if (total === 0) return result;
  for (;;) {
    // Skipped events keep lacking rows, so the cursor (not the NOT EXISTS alone) moves past them.
    const ids = await postIdsWithoutOccurrences(db.kysely, EVENT_TYPE.type, UNSAVED, after, batchSize);
    if (ids.length === 0) break;
    const skipped = await db.write((trx) => migrateBatch(trx, ids, siteZone, now()));
    result.skipped.push(...skipped);
    result.migrated += ids.length - skipped.length;
    done += ids.length;
    after = ids[ids.length - 1]!;
    options.onProgress?.(done, Math.max(total, done));
  }
  return result;
}
