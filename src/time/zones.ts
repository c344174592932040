// Time zones as WordPress and TEC name them: IANA identifiers, plus TEC's "UTC±N" offsets
// (built from the gmt_offset option). "UTC±N" zones are applied as fixed offsets, as TEC's
// Tribe__Timezones::to_utc() / to_tz() do; TEC maps them to a named zone in a few other places,
// which can observe daylight saving time, and wpcal does not reproduce that.
import { IANAZone } from 'luxon';
import { DAY_MS, MINUTE_MS, formatDbDatetime, parseDbDatetime } from './wall.ts';
import { alphabeticAbbreviation, numericAbbreviation } from './zone-abbreviations.ts';

/** Offset from UTC, in minutes, in effect at an instant (epoch ms). */
type OffsetAt = (instant: number) => number;

/** The site time zone: `timezone_string` if set, else `gmt_offset` written as `UTC+N` / `UTC-N`. */
export function siteTimezone(timezoneString: string, gmtOffset: string): string {
  if (timezoneString !== '') {
    return timezoneString;
  }
  const offset = Number(gmtOffset);
  if (!Number.isFinite(offset) || offset === 0) {
    return 'UTC+0';
  }
  return offset < 0 ? `UTC${offset}` : `UTC+${offset}`;
}

/** TEC's "UTC offset" zones: any string starting with `UTC` and longer than 3 characters. */
export function isUtcOffsetZone(tz: string): boolean {
  const trimmed = tz.trim();
  return trimmed.startsWith('UTC') && trimmed.length > 3;
}

/** Whether `tz` is the zone UTC itself (`UTC`, or a zero `UTC±N` such as `UTC+0`): a "UTC site". */
export function isUtcZone(tz: string): boolean {
  return tz === 'UTC' || (isUtcOffsetZone(tz) && fixedOffsetMinutes(tz) === 0);
}

// Asking Intl is slow (a new DateTimeFormat per question); imports ask it for every event, so the
// answers are memoized: zone validity, each UTC day's offsets, and long zone names.
const knownZones = new Map<string, boolean>();

function isKnownZone(tz: string): boolean {
  let known = knownZones.get(tz);
  if (known === undefined) {
    known = IANAZone.isValidZone(tz);
    knownZones.set(tz, known);
  }
  return known;
}

/** A UTC day of a zone: the offset at its start and at its end, and when it switches (if it does). */
interface DayOffsets {
  start: number;
  end: number;
  switchAt: number;
}

const dayOffsets = new Map<string, Map<number, DayOffsets>>();

/** zone.offset(instant), computed once per zone and UTC day (zones change offset at most once a day). */
function cachedOffset(zone: IANAZone, instant: number): number {
  if (!Number.isFinite(instant)) return zone.offset(instant);
  const day = Math.floor(instant / DAY_MS);
  let days = dayOffsets.get(zone.name);
  if (!days) dayOffsets.set(zone.name, days = new Map());
  let entry = days.get(day);
  if (!entry) {
    let low = day * DAY_MS;
    let high = low + DAY_MS;
    const start = zone.offset(low);
    const end = zone.offset(high);
    // Narrow the switch down to the second: offset(low) = start, offset(high) = end.
    while (start !== end && high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (zone.offset(middle) === start) low = middle;
      else high = middle;
    }
    entry = { start, end, switchAt: start === end ? Infinity : high };
    days.set(day, entry);
  }
  return instant < entry.switchAt ? entry.start : entry.end;
}

const longNames = new Map<string, string>();

function longZoneName(zone: IANAZone, instant: number): string {
  const key = `${zone.name}|${cachedOffset(zone, instant)}|${new Date(instant).getUTCFullYear()}`;
  let name = longNames.get(key);
  if (name === undefined) {
    name = zone.offsetName(instant, { format: 'long', locale: 'en-US' }) ?? '';
    longNames.set(key, name);
  }
  return name;
}

/** Accepted `timezone` values: a `UTC…` offset zone or a zone identifier the runtime knows. */
export function isValidTimezone(tz: string): boolean {
  return isUtcOffsetZone(tz) || isKnownZone(tz);
}

// Reads the offset like TEC's apply_offset(): `UTC+5.5`, `UTC-3:30`; a non-numeric rest is 0.
function fixedOffsetMinutes(tz: string): number {
  const rest = tz.trim().slice(3).replace(/:15$/, '.25').replace(/:30$/, '.5').replace(/:45$/, '.75');
  const numeric = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)/.exec(rest);
  return numeric === null ? 0 : Math.trunc(Number(numeric[0]) * 60);
}

function offsetsOf(tz: string): OffsetAt {
  if (isUtcOffsetZone(tz)) {
    const minutes = fixedOffsetMinutes(tz);
    return () => minutes;
  }
  const zone = IANAZone.create(tz);
  if (!zone.isValid) {
    throw new RangeError(`Unknown time zone: ${tz}`);
  }
  return (instant) => cachedOffset(zone, instant);
}

/** The instant (epoch ms) a wall time (see wall.ts) denotes in `tz`. Throws on an unknown zone. */
export function wallToInstant(wall: number, tz: string): number {
  const offsetAt = offsetsOf(tz);
  // PHP resolves a skipped wall time (DST gap) with the offset in force before the transition,
  // which moves it forward by the gap. A repeated one (overlap) it resolves as timelib does: the
  // offset at the wall time read as UTC, then the offset at the instant that gives. Which of the
  // two occurrences that is depends on the hour of the transition in UTC: the second one
  // (standard time) in Europe and Australia, the first one (daylight time) in the Americas.
  const before = offsetAt(wall - DAY_MS) * MINUTE_MS;
  const after = offsetAt(wall + DAY_MS) * MINUTE_MS;
  const withBefore = wall - before;
  const withAfter = wall - after;
  const beforeFits = offsetAt(withBefore) * MINUTE_MS === before;
  const afterFits = offsetAt(withAfter) * MINUTE_MS === after;
  if (beforeFits && afterFits && withBefore !== withAfter) {
    return wall - offsetAt(wall - offsetAt(wall) * MINUTE_MS) * MINUTE_MS;
  }
  return afterFits ? withAfter : withBefore;
}

/** The wall time (see wall.ts) of an instant in `tz`. Throws on an unknown zone. */
export function instantToWall(instant: number, tz: string): number {
  return instant + offsetsOf(tz)(instant) * MINUTE_MS;
}

/** A DB datetime in `tz` converted to UTC; null when it is not a DB datetime. Throws on an unknown zone. */
export function localToUtc(dbDatetime: string, tz: string): string | null {
  const wall = parseDbDatetime(dbDatetime);
  return wall === null ? null : formatDbDatetime(wallToInstant(wall, tz));
}

/** A UTC DB datetime converted to `tz`; null when it is not a DB datetime. Throws on an unknown zone. */
export function utcToLocal(dbDatetime: string, tz: string): string | null {
  const instant = parseDbDatetime(dbDatetime);
  return instant === null ? null : formatDbDatetime(instantToWall(instant, tz));
}

/**
 * The abbreviation TEC stores in `_EventTimezoneAbbr` for a local DB datetime: the zone itself
 * for `UTC±N` zones, otherwise PHP's format "T" (`EST`, `CEST`, `UTC`, numeric `+03`).
 * `''` for an unknown zone or a malformed datetime, as TEC's abbr() answers on failure.
 */
export function timezoneAbbr(tz: string, dbDatetime: string): string {
  if (isUtcOffsetZone(tz)) {
    return tz;
  }
  const wall = parseDbDatetime(dbDatetime);
  if (wall === null || !isKnownZone(tz)) {
    return '';
  }
  const zone = IANAZone.create(tz);
  const instant = wallToInstant(wall, tz);
  const metazone = longZoneName(zone, instant);
  return alphabeticAbbreviation(tz, metazone) ?? numericAbbreviation(cachedOffset(zone, instant));
}
