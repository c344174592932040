// TEC's known date range: `earliest_date`, `latest_date` and their markers (the post IDs that set
// them) in the `tribe_events_calendar_options` array, kept as TEC 6 keeps them on every event save:
// - a save that changes the event's date meta (a create, new dates), or leaves the event not
//   visible (draft, pending, trash…), ends in a rebuild from the visible events' occurrences
//   (Custom Tables' Events::rebuild_known_range: the first start and the last end, in UTC, each
//   with the one post that holds it; both keys removed when no event is visible);
// - a save of a visible event whose dates stay runs Tribe__Events__Dates__Known_Range::
//   update_known_range: a rebuild when the event is one of the markers, otherwise, when the stored
//   earliest date is after its local start (the latest before its local end), a rebuild followed by
//   that local date in `earliest_date` (`latest_date`): TEC compares and stores local times there.
// The option is a row every event write would touch: it is updated after the commit, once for any
// number of concurrent writes (afterCommitEach), each write's step applied in commit order, and
// written back only if no one changed it meanwhile. The array's other keys keep their bytes.
import type { AfterCommitRunner, Writer } from '../../data/executor.ts';
import { knownRangeRows, type KnownRangeRows } from '../../data/events.ts';
import { getOption, replaceOption } from '../../data/options.ts';
import { afterCommitEach } from '../../data/transaction.ts';
import { SerializedArray, type PhpValue } from '../../php/serialize.ts';
import type { SiteSettings } from '../../site/settings.ts';
import { utcToLocal } from '../../time/zones.ts';
import { EVENT_TYPE } from '../post-types.ts';

export const TEC_OPTIONS = 'tribe_events_calendar_options';

/** The statuses whose events count (TEC's `tribe_events_known_range_stati`). */
export const KNOWN_RANGE_STATUSES = ['publish', 'private', 'protected'];

/** What one committed event write asks of the range. */
export type KnownRangeStep =
  | { kind: 'rebuild' }
  /** update_known_range: a visible event saved with its dates unchanged; its local start and end. */
  | { kind: 'visible-save'; postId: number; start: string; end: string };

const DB_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Whether the event's status makes it count in the range. */
export function isVisibleStatus(status: string): boolean {
  return KNOWN_RANGE_STATUSES.includes(status);
}

/** The meta keys whose change has TEC 6 rewrite the event's occurrences, then rebuild the range (Meta_Watcher). */
const OCCURRENCE_KEYS = new Set(['_EventStartDate', '_EventStartDateUTC', '_EventEndDate', '_EventEndDateUTC', '_EventDuration', '_EventTimezone', '_EventAllDay']);

/** The event's dates as stored after the save. */
export interface SavedDates {
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
}

/**
 * The step of an event save: `status` as the save left it, `touchedKeys` the meta keys it changed,
 * `dates` its stored dates (undefined when it has none).
 */
export function eventSaveStep(site: SiteSettings, postId: number, status: string, touchedKeys: readonly string[], dates: SavedDates | undefined): KnownRangeStep {
  if (!dates || !isVisibleStatus(status) || touchedKeys.some((key) => OCCURRENCE_KEYS.has(key))) return { kind: 'rebuild' };
  // tribe_get_start_date(): the event's own local times, or the site's in the "site" zone mode.
  const siteMode = site.tec.tribe_events_timezone_mode === 'site';
  const local = (local: string, utc: string) => (siteMode ? utcToLocal(utc, site.timezone) ?? local : local);
  return { kind: 'visible-save', postId, start: local(dates.startLocal, dates.startUtc), end: local(dates.endLocal, dates.endUtc) };
}

/** Notes the write's step; the range is brought up to date once the transaction commits. */
export function keepKnownRange(trx: Writer, step: KnownRangeStep): void {
  afterCommitEach(trx, TEC_OPTIONS, step, applyKnownRangeSteps);
}

/** Events::rebuild_known_range on the array. */
function rebuild(options: SerializedArray, rows: KnownRangeRows): void {
  for (const [bound, date, markers] of [[rows.earliest, 'earliest_date', 'earliest_date_markers'], [rows.latest, 'latest_date', 'latest_date_markers']] as const) {
    if (bound) options.set(date, bound.dateUtc).set(markers, [bound.postId]);
    else options.delete(date).delete(markers);
  }
}

/** PHP's loose `in_array($id, $markers)` for the integer and numeric-string markers TEC stores. */
function isMarker(markers: PhpValue | undefined, postId: number): boolean {
  if (markers === null || typeof markers !== 'object') return false;
  return Object.values(markers).some((marker) => (typeof marker === 'number' || (typeof marker === 'string' && /^\s*\d+\s*$/.test(marker))) && Number(marker) === postId);
}

/** tribe_events_earliest_date()/latest_date(): the stored date, or false (unreadable ones included). */
function storedDate(options: SerializedArray, key: string): string | false {
  const value = options.get(key);
  return typeof value === 'string' && DB_DATETIME.test(value) ? value : false;
}

/**
 * The steps applied in order to the array. `bounds` reads the visible occurrences' range; it is
 * read at most once (a batch runs after all its writes committed).
 */
export async function applySteps(options: SerializedArray, steps: readonly KnownRangeStep[], bounds: () => Promise<KnownRangeRows>): Promise<void> {
  let rows: KnownRangeRows | undefined;
  const rebuilt = async () => rebuild(options, rows ??= await bounds());
  for (const step of steps) {
    if (step.kind === 'rebuild' || isMarker(options.get('earliest_date_markers'), step.postId) || isMarker(options.get('latest_date_markers'), step.postId)) {
      await rebuilt();
      continue;
    }
    // Each reader rebuilds first when its key is missing.
    if (!options.has('earliest_date')) await rebuilt();
    const earliest = storedDate(options, 'earliest_date');
    if (!options.has('latest_date')) await rebuilt();
    const latest = storedDate(options, 'latest_date');
    // PHP 8 compares false with a non-empty string as false with true.
    if (earliest !== false && earliest > step.start) {
      await rebuilt();
      options.set('earliest_date', step.start);
    }
    if (latest === false || latest < step.end) {
      await rebuilt();
      options.set('latest_date', step.end);
    }
  }
}

/** The after-commit run: reads the option (and the range when a step needs it), applies the steps, writes the option back. */
async function applyKnownRangeSteps(db: AfterCommitRunner, steps: KnownRangeStep[]): Promise<void> {
  if (!steps.length) return;
  const bounds = () => knownRangeRows(db, EVENT_TYPE.type, KNOWN_RANGE_STATUSES, TEC_OPTIONS);
  // A few tries: another writer may change the option between the read and the write.
  for (let attempt = 0; attempt < 5; attempt++) {
    let read: KnownRangeRows | undefined;
    let stored: string | undefined;
    if (steps.some((step) => step.kind === 'rebuild')) {
      const all = await bounds();
      read = all;
      stored = all.option;
    } else {
      stored = await getOption(db, TEC_OPTIONS);
    }
    const options = SerializedArray.parse(stored ?? '');
    // Not an array (or holding objects wpcal cannot keep byte for byte): left as it is.
    if (!options) return;
    await applySteps(options, steps, async () => read ?? bounds());
    const value = options.toString();
    if (value === (stored ?? 'a:0:{}')) return;
    if (await replaceOption(db, TEC_OPTIONS, stored, value)) return;
  }
}
