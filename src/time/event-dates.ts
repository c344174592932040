// Event dates on write (events.md §6.2 "Dates and timezone") and the list date window (§3.3).
import { dbDatetime, parseInZone, parseInstant } from './parse.ts';
import { strtotimeUtc } from './strtotime.ts';
import { DAY_MS, MINUTE_MS, SECOND_MS, formatDbDatetime, parseDbDatetime, startOfWallDay } from './wall.ts';
import { isValidTimezone, timezoneAbbr, wallToInstant } from './zones.ts';

export interface EventDatesInput {
  start: string | number;
  end: string | number;
  allDay: boolean;
  /** The request's `timezone`; empty or absent means the site time zone. */
  timezone: string | undefined;
  siteTimezone: string;
  now: Date;
  /** TEC option `multiDayCutoff` (`HH:MM`, default `00:00`). */
  multiDayCutoff?: string;
}

export interface EventDates {
  /** `_EventStartDate` / `_EventEndDate`: event-local DB datetimes. */
  startLocal: string;
  endLocal: string;
  /** `_EventStartDateUTC` / `_EventEndDateUTC`. */
  startUtc: string;
  endUtc: string;
  /** `_EventDuration` in seconds (local end − local start); null for all-day events, which store none. */
  duration: number | null;
  /** `_EventTimezone` and `_EventTimezoneAbbr`. */
  timezone: string;
  timezoneAbbr: string;
  allDay: boolean;
  /**
   * The end precedes the start (locally or in UTC). The values are NOT clamped as TEC does
   * (end := start, duration 0): wpcal answers 400 instead, so the caller must check this.
   */
  endBeforeStart: boolean;
}

// Minutes after midnight at which a TEC "day" starts; anything but `HH:MM` counts as midnight.
function cutoffMinutes(multiDayCutoff: string | undefined): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(multiDayCutoff ?? '');
  return match === null ? 0 : Number(match[1]) * 60 + Number(match[2]);
}

// tribe_beginning_of_day(): the day of `wall` at the cutoff.
function beginningOfDay(wall: number, cutoff: number): number {
  return startOfWallDay(wall) + cutoff * MINUTE_MS;
}

// tribe_end_of_day(): one second before the next day's cutoff.
function endOfDay(wall: number, cutoff: number): number {
  return startOfWallDay(wall) + DAY_MS + cutoff * MINUTE_MS - SECOND_MS;
}

/**
 * The date postmeta of an event write. Null when a date is unparseable or the zone unknown
 * (the caller validates both first). The event zone is `timezone`, or the site zone when it is
 * empty (PHP emptiness, so `"0"` too).
 */
export function computeEventDates(input: EventDatesInput): EventDates | null {
  const tz = input.timezone === undefined || input.timezone === '' || input.timezone === '0'
    ? input.siteTimezone
    : input.timezone;
  if (!isValidTimezone(tz)) {
    return null;
  }
  const parsedStart = wallInZone(input.start, tz, input.now);
  const parsedEnd = wallInZone(input.end, tz, input.now);
  if (parsedStart === null || parsedEnd === null) {
    return null;
  }
  const cutoff = cutoffMinutes(input.multiDayCutoff);
  const start = input.allDay ? beginningOfDay(parsedStart, cutoff) : parsedStart;
  const end = input.allDay ? endOfDay(parsedEnd, cutoff) : parsedEnd;
  const startInstant = wallToInstant(start, tz);
  const endInstant = wallToInstant(end, tz);
  const startLocal = formatDbDatetime(start);
  return {
    startLocal,
    endLocal: formatDbDatetime(end),
    startUtc: formatDbDatetime(startInstant),
    endUtc: formatDbDatetime(endInstant),
    // Elapsed seconds, as TEC stores them (a New York event 01:30 → 03:00 on the fall-back day lasts 9000 s).
    duration: input.allDay ? null : (endInstant - startInstant) / SECOND_MS,
    timezone: tz,
    timezoneAbbr: timezoneAbbr(tz, startLocal),
    allDay: input.allDay,
    endBeforeStart: end < start || endInstant < startInstant,
  };
}

function wallInZone(value: string | number, tz: string, now: Date): number | null {
  const db = parseInZone(value, tz, now);
  return db === null ? null : parseDbDatetime(db);
}

/** The list date parameters of §3.3, in `rest_url` order. */
export const DATE_BOUND_PARAMS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;
export type DateBoundParam = (typeof DATE_BOUND_PARAMS)[number];

/** How each bound is compared with an event: `<event start|end> <operator> <bound>`. */
export const DATE_BOUND_COMPARISONS: Readonly<Record<DateBoundParam, { field: 'start' | 'end'; operator: '>=' | '<=' | '<' | '>' }>> = {
  start_date: { field: 'start', operator: '>=' },
  end_date: { field: 'end', operator: '<=' },
  starts_before: { field: 'start', operator: '<' },
  starts_after: { field: 'start', operator: '>' },
  ends_before: { field: 'end', operator: '<' },
  ends_after: { field: 'end', operator: '>' },
};

const RELATIVE_PARAMS: readonly DateBoundParam[] = ['starts_before', 'starts_after', 'ends_before', 'ends_after'];

export interface ListDateOptions {
  /** `strict_dates` in effect (see isStrictDates). */
  strict: boolean;
  siteTimezone: string;
  now: Date;
  multiDayCutoff?: string;
  /** The request has `include`, which swaps start_date/end_date for the raw route defaults (quirk). */
  include?: boolean;
}

/** `strict_dates` as PHP FILTER_VALIDATE_BOOLEAN reads it: `1`, `true`, `on`, `yes`. */
export function isStrictDates(value: string | undefined): boolean {
  return ['1', 'true', 'on', 'yes'].includes((value ?? '').trim().toLowerCase());
}

/** Default `start_date`: "yesterday 23:59 UTC" (today's UTC midnight − 1 min) in the site zone. */
export function defaultStartDate(now: Date, siteTz: string): string {
  return dbDatetime(new Date(startOfWallDay(now.getTime()) - MINUTE_MS), siteTz);
}

/** Default `end_date`: PHP strtotime('+24 months') in UTC (month overflow rolls over, as in PHP). */
export function defaultEndDate(now: Date): string {
  const instant = strtotimeUtc('+24 months', now.getTime()) ?? now.getTime();
  return formatDbDatetime(instant);
}

function effectiveBound(param: DateBoundParam, value: string | number, options: ListDateOptions): string | null {
  const instant = parseInstant(value, options.now);
  if (instant === null) {
    return null;
  }
  if (options.strict) {
    return dbDatetime(instant, options.siteTimezone);
  }
  // Inclusive mode keeps only the UTC calendar date of the value and snaps it to a day edge.
  const cutoff = cutoffMinutes(options.multiDayCutoff);
  const utcWall = instant.getTime();
  return formatDbDatetime(param === 'start_date' ? beginningOfDay(utcWall, cutoff) : endOfDay(utcWall, cutoff));
}

/**
 * The effective list bounds (§3.3): DB datetimes compared, as DATE_BOUND_COMPARISONS says, with
 * the event-local or UTC columns (the caller's choice, per site kind and timezone mode); also
 * the values `rest_url` shows. Only bounds in effect are returned: with any starts_/ends_
 * parameter, start_date/end_date apply only when given; otherwise both apply, defaulted.
 * Values are expected validated (isStrtotimeParseable); an unparseable one is left out.
 */
export function listDateBounds(
  query: Partial<Record<DateBoundParam, string | number>>,
  options: ListDateOptions,
): Partial<Record<DateBoundParam, string>> {
  const bounds: Partial<Record<DateBoundParam, string>> = {};
  const apply = (param: DateBoundParam, value: string | number | undefined): void => {
    const bound = value === undefined ? null : effectiveBound(param, value, options);
    if (bound !== null) {
      bounds[param] = bound;
    }
  };
  const hasRelative = RELATIVE_PARAMS.some((param) => query[param] !== undefined);
  if (!hasRelative) {
    const defaultStart = defaultStartDate(options.now, options.siteTimezone);
    const defaultEnd = defaultEndDate(options.now);
    if (options.include === true) {
      bounds.start_date = defaultStart;
      bounds.end_date = defaultEnd;
    } else {
      apply('start_date', query.start_date ?? defaultStart);
      apply('end_date', query.end_date ?? defaultEnd);
    }
  } else if (options.include !== true) {
    apply('start_date', query.start_date);
    apply('end_date', query.end_date);
  }
  for (const param of RELATIVE_PARAMS) {
    apply(param, query[param]);
  }
  return bounds;
}
