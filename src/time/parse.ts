// PHP-compatible reading of the date values clients send (validation, writes, list bounds).
import { strtotimeUtc, strtotimeWall } from './strtotime.ts';
import { formatDbDatetime, parseDbDatetime, wallParts } from './wall.ts';
import { instantToWall, wallToInstant } from './zones.ts';

// PHP 8 is_numeric(): surrounding whitespace allowed, optional sign, decimal or exponent form.
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

// Largest magnitude a JS Date can hold.
const MAX_DATE_MS = 8.64e15;

export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

function isPhpNumeric(value: string | number): boolean {
  return typeof value === 'number' ? Number.isFinite(value) : PHP_NUMERIC.test(value);
}

// A numeric value is a Unix timestamp (fractions dropped); null when a Date cannot hold it.
function timestampMs(value: string | number): number | null {
  const ms = Math.trunc(Number(value)) * 1000;
  return Math.abs(ms) > MAX_DATE_MS ? null : ms;
}

/**
 * TEC's is_time(): numeric, or a string PHP strtotime() accepts. As in PHP, a string whose
 * instant is the Unix epoch itself (`1970-01-01 00:00:00`) fails, strtotime() returning 0.
 */
export function isStrtotimeParseable(value: string | number): boolean {
  if (isPhpNumeric(value)) {
    return true;
  }
  if (typeof value === 'number') {
    return false;
  }
  const instant = strtotimeUtc(value, Date.now());
  return instant !== null && instant !== 0;
}

/**
 * A date as written to an event (events.md §6.2 step 2): parsed in `tz`, relative phrases
 * relative to `now` in `tz`. An explicit offset in the string is not converted: its wall time is
 * kept and taken as `tz` time. A numeric value is a Unix timestamp whose UTC wall time is taken.
 * A wall time skipped by a DST change moves forward by the gap, as PHP's DateTime does.
 * Returns a DB datetime, or null when unparseable. Throws on an unknown zone.
 */
export function parseInZone(value: string | number, tz: string, now: Date): string | null {
  if (isPhpNumeric(value)) {
    const ms = timestampMs(value);
    return ms === null ? null : formatDbDatetime(ms);
  }
  if (typeof value === 'number') {
    return null;
  }
  const written = strtotimeWall(value, instantToWall(now.getTime(), tz));
  return written === null ? null : formatDbDatetime(instantToWall(wallToInstant(written, tz), tz));
}

/**
 * A date as an absolute instant (strict list bounds): a string without an explicit offset is
 * UTC, relative phrases are relative to `now` in UTC, a number is a Unix timestamp.
 */
export function parseInstant(value: string | number, now: Date): Date | null {
  if (isPhpNumeric(value)) {
    const ms = timestampMs(value);
    return ms === null ? null : new Date(ms);
  }
  if (typeof value === 'number') {
    return null;
  }
  const instant = strtotimeUtc(value, now.getTime());
  return instant === null ? null : new Date(instant);
}

/** The DB datetime of an instant in `tz`. Throws on an unknown zone. */
export function dbDatetime(d: Date, tz: string): string {
  return formatDbDatetime(instantToWall(d.getTime(), tz));
}

/**
 * The `*_date_details` object of a stored date (events.md §4.2): its own fields, zero-padded,
 * without conversion. Like PHP date() over strtotime(), a missing or unreadable value gives the
 * epoch; a stored value that is not a DB datetime is read by strtotime() against the current time.
 */
export function dateDetails(db: string | null): DateDetails {
  const wall = db === null ? 0 : (parseDbDatetime(db) ?? strtotimeUtc(db, Date.now()) ?? 0);
  const { year, month, day, hour, minute, second } = wallParts(wall);
  return { year, month, day, hour, minutes: minute, seconds: second };
}
