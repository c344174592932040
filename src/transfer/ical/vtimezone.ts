// VTIMEZONE components built from the runtime's IANA data (or TEC's fixed `UTC±N` zones):
// the zone's offset on January 1st of the first year, every transition up to the year its
// current yearly rule starts, then that rule as RRULE observances (RFC 5545 §3.6.5).
import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';
import { DAY_MS, MINUTE_MS, formatDbDatetime, wallParts } from '../../time/wall.ts';
import { instantToWall, isUtcOffsetZone, timezoneAbbr } from '../../time/zones.ts';

interface Transition {
  instant: number;
  /** Offsets in minutes before and after. */
  from: number;
  to: number;
  dst: boolean;
}

/** A transition as a yearly rule sees it: the local wall time it happens at (in the `from` offset). */
interface Shape {
  month: number;
  weekday: number;
  nth: number;
  last: boolean;
  time: string;
  from: number;
  to: number;
  dst: boolean;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
// Years ahead of now (or of the first year) checked for the zone's current rule.
const LOOKAHEAD_YEARS = 5;
// Consecutive identical years that make a yearly rule.
const RULE_YEARS = 3;

// Offsets are sampled weekly (then bisected to the minute): no zone changes twice within a week.
const SCAN_STEP_MS = 7 * DAY_MS;

const transitionCache = new Map<string, Transition[]>();

function isDst(tz: string, instant: number): boolean {
  return DateTime.fromMillis(instant, { zone: tz }).isInDST;
}

function transitionsOfYear(tz: string, year: number): Transition[] {
  const key = `${tz}|${year}`;
  const cached = transitionCache.get(key);
  if (cached) return cached;
  const zone = IANAZone.create(tz);
  const end = Date.UTC(year + 1, 0, 1);
  const found: Transition[] = [];
  let at = Date.UTC(year, 0, 1);
  let offset = zone.offset(at);
  while (at < end) {
    const next = Math.min(at + SCAN_STEP_MS, end);
    if (zone.offset(next) !== offset) {
      let before = at;
      let after = next;
      while (after - before > MINUTE_MS) {
        const middle = before + Math.floor((after - before) / MINUTE_MS / 2) * MINUTE_MS;
        if (zone.offset(middle) === offset) before = middle;
        else after = middle;
      }
      const to = zone.offset(after);
      found.push({ instant: after, from: offset, to, dst: isDst(tz, after) });
      offset = to;
    }
    at = next;
  }
  transitionCache.set(key, found);
  return found;
}

function shapeOf(t: Transition): Shape {
  const local = new Date(t.instant + t.from * MINUTE_MS);
  const day = local.getUTCDate();
  const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  return {
    month: local.getUTCMonth() + 1,
    weekday: local.getUTCDay(),
    nth: Math.ceil(day / 7),
    last: day + 7 > daysInMonth,
    time: local.toISOString().slice(11, 19),
    from: t.from,
    to: t.to,
    dst: t.dst,
  };
}

function sameRule(a: Shape, b: Shape): boolean {
  return a.month === b.month && a.weekday === b.weekday && a.time === b.time && a.from === b.from
    && a.to === b.to && a.dst === b.dst && (a.nth === b.nth || (a.last && b.last));
}

function yearFollows(tz: string, year: number, rule: Shape[]): boolean {
  const shapes = transitionsOfYear(tz, year).map(shapeOf);
  return shapes.length === rule.length && shapes.every((shape, i) => sameRule(shape, rule[i]!));
}

/** The year the zone's current yearly rule (a non-empty one) holds from, or null when it has none. */
function ruleStart(tz: string, fromYear: number, horizon: number): number | null {
  const rule = transitionsOfYear(tz, horizon).map(shapeOf);
  if (rule.length === 0) return null;
  for (let year = horizon - RULE_YEARS + 1; year < horizon; year++) {
    if (!yearFollows(tz, year, rule)) return null;
  }
  let start = horizon - RULE_YEARS + 1;
  while (start > fromYear && yearFollows(tz, start - 1, rule)) start--;
  return Math.max(start, fromYear);
}

function offsetMinutes(tz: string, instant: number): number {
  return (instantToWall(instant, tz) - instant) / MINUTE_MS;
}

function utcOffset(minutes: number): ICAL.UtcOffset {
  return ICAL.UtcOffset.fromSeconds(minutes * 60);
}

function floatingTime(wall: number): ICAL.Time {
  const p = wallParts(wall);
  return ICAL.Time.fromData({
    year: Number(p.year), month: Number(p.month), day: Number(p.day),
    hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second), isDate: false,
  });
}

function observance(tz: string, t: Transition, rrule?: string): ICAL.Component {
  const component = new ICAL.Component(t.dst ? 'daylight' : 'standard');
  component.addPropertyWithValue('dtstart', floatingTime(t.instant + t.from * MINUTE_MS));
  component.addPropertyWithValue('tzoffsetfrom', utcOffset(t.from));
  component.addPropertyWithValue('tzoffsetto', utcOffset(t.to));
  // Named a day after the change: the local time of the change itself can be ambiguous.
  const name = isUtcOffsetZone(tz) ? tz : timezoneAbbr(tz, formatDbDatetime(t.instant + DAY_MS + t.to * MINUTE_MS));
  if (name !== '') component.addPropertyWithValue('tzname', name);
  if (rrule !== undefined) component.addPropertyWithValue('rrule', ICAL.Recur.fromString(rrule));
  return component;
}

// The same transition in every year the rule covers: "n-th weekday" when n never changes, else "last".
function yearlyRule(shapes: Shape[]): string {
  const first = shapes[0]!;
  const position = shapes.every((shape) => shape.nth === first.nth) ? first.nth : -1;
  return `FREQ=YEARLY;BYMONTH=${first.month};BYDAY=${position}${WEEKDAYS[first.weekday]}`;
}

/**
 * The VTIMEZONE of `tz` (IANA or `UTC±N`), exact from January 1st of `fromYear` on.
 * Zones whose current rule is not a yearly "n-th weekday of a month" one are listed transition by
 * transition until a few years past now. Throws on an unknown zone.
 */
export function vtimezone(tz: string, fromYear: number, now: Date = new Date()): ICAL.Component {
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', tz);
  const yearStart = Date.UTC(fromYear, 0, 1);
  const initialOffset = offsetMinutes(tz, yearStart);
  const initial: Transition = { instant: yearStart - initialOffset * MINUTE_MS, from: initialOffset, to: initialOffset, dst: false };
  if (isUtcOffsetZone(tz)) {
    component.addSubcomponent(observance(tz, initial));
    return component;
  }
  component.addPropertyWithValue('x-lic-location', tz);
  initial.dst = isDst(tz, initial.instant);
  component.addSubcomponent(observance(tz, initial));
  const horizon = Math.max(fromYear, now.getUTCFullYear()) + LOOKAHEAD_YEARS;
  const ruleYear = ruleStart(tz, fromYear, horizon);
  const lastExplicitYear = ruleYear === null ? horizon : ruleYear - 1;
  for (let year = fromYear; year <= lastExplicitYear; year++) {
    for (const t of transitionsOfYear(tz, year)) component.addSubcomponent(observance(tz, t));
  }
  if (ruleYear !== null) {
    const years = Array.from({ length: horizon - ruleYear + 1 }, (_, i) => transitionsOfYear(tz, ruleYear + i));
    transitionsOfYear(tz, ruleYear).forEach((t, i) => {
      component.addSubcomponent(observance(tz, t, yearlyRule(years.map((transitions) => shapeOf(transitions[i]!)))));
    });
  }
  return component;
}
