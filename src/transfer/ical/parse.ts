// iCalendar (RFC 5545) → ImportBatch. Every VEVENT becomes one event; recurring ones are
// expanded into single events over a bounded window (TEC free has no recurrence).
//
// Times: a TZID names the event's zone (IANA, Windows or vendor-prefixed names are mapped to
// IANA; a TZID known only through its VTIMEZONE gives the instant, shown in the calendar zone);
// floating times and DATE values are site time; UTC times are converted to the calendar zone
// (X-WR-TIMEZONE when it names a zone, else the site zone).
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { addDays } from '../../time/wall.ts';
import { localToUtc, utcToLocal } from '../../time/zones.ts';
import { emptyBatch, type EventRecord, type ImportBatch } from '../records.ts';
import { ianaZoneOf } from './tzid.ts';
import { vtimezone } from './vtimezone.ts';

export interface IcsParseOptions {
  now: Date;
  siteTimezone: string;
}

/** Recurring VEVENTs become single events starting within this window around `now`, at most `maxInstances` per series. */
export const RECURRENCE_WINDOW = { yearsBefore: 1, yearsAfter: 2, maxInstances: 1000 } as const;

// Occurrences walked through (from DTSTART on) before giving up on reaching the window.
const MAX_RECURRENCE_STEPS = 100_000;
// VTIMEZONEs generated for TZIDs the file does not define start here (ical.js needs them to
// compare UNTIL and the window with zoned occurrences).
const GENERATED_ZONES_FROM_YEAR = 1970;
const CANCELED_META: [string, string] = ['_tribe_events_status', 'canceled'];

interface Context {
  siteTimezone: string;
  /** Where UTC instants are shown: X-WR-TIMEZONE, else the site zone. */
  calendarZone: string;
  windowStart: number;
  windowEnd: number;
  batch: ImportBatch;
  /** Keys of the venues and organizers already in the batch. */
  seen: Set<string>;
}

/** A time as written: a DB datetime in `zone`; `named` when the value chose that zone itself. */
interface Wall {
  db: string;
  zone: string;
  named: boolean;
}

class VeventProblem extends Error {}

function readCalendars(text: string, file: string): ICAL.Component[] {
  const body = text.replace(/^\uFEFF/, '');
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body.trimStart())) {
    throw new Error(`${file}: not an iCalendar file (it does not begin with BEGIN:VCALENDAR)`);
  }
  let parsed: unknown[];
  try {
    parsed = ICAL.parse(body) as unknown[];
  } catch (error) {
    throw new Error(`${file}: not a valid iCalendar file (${(error as Error).message})`);
  }
  const list = Array.isArray(parsed[0]) ? (parsed as unknown[][]) : [parsed];
  return list.map((jcal) => new ICAL.Component(jcal)).filter((c) => c.name === 'vcalendar');
}

/** Registers the file's zones with ical.js (a process-wide registry) until the returned cleanup runs. */
function registerZones(calendars: ICAL.Component[], vevents: ICAL.Component[]): () => void {
  const added: string[] = [];
  const register = (definition: ICAL.Component, name: string) => {
    if (name === '' || ICAL.TimezoneService.has(name)) return;
    ICAL.TimezoneService.register(new ICAL.Timezone(definition), name);
    added.push(name);
  };
  for (const calendar of calendars) {
    for (const component of calendar.getAllSubcomponents('vtimezone')) {
      register(component, String(component.getFirstPropertyValue('tzid') ?? ''));
    }
  }
  for (const vevent of vevents) {
    for (const property of vevent.getAllProperties()) {
      const tzid = property.getFirstParameter('tzid');
      if (typeof tzid !== 'string' || ICAL.TimezoneService.has(tzid)) continue;
      const iana = ianaZoneOf(tzid);
      if (iana !== null && iana !== 'UTC') register(vtimezone(iana, GENERATED_ZONES_FROM_YEAR), tzid);
    }
  }
  return () => {
    for (const name of added) ICAL.TimezoneService.remove(name);
  };
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function dbOf(time: ICAL.Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)} ${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

function wallOf(time: ICAL.Time, ctx: Context): Wall {
  const tzid = time.zone?.tzid ?? 'floating';
  if (time.isDate || tzid === 'floating') return { db: dbOf(time), zone: ctx.siteTimezone, named: true };
  const iana = tzid === 'Z' || tzid === 'GMT' ? 'UTC' : ianaZoneOf(tzid);
  if (iana === 'UTC') return { db: dbOf(time), zone: 'UTC', named: false };
  if (iana !== null) return { db: dbOf(time), zone: iana, named: true };
  return { db: dbOf(time.convertToZone(ICAL.Timezone.utcTimezone)), zone: 'UTC', named: false };
}

function inZone(wall: Wall, zone: string): string {
  if (wall.zone === zone) return wall.db;
  return utcToLocal(localToUtc(wall.db, wall.zone) ?? wall.db, zone) ?? wall.db;
}

function text(items: ICAL.Component[], name: string): string | undefined {
  for (const item of items) {
    const value = item.getFirstPropertyValue(name);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function firstProperty(items: ICAL.Component[], name: string): ICAL.Property | null {
  for (const item of items) {
    const property = item.getFirstProperty(name);
    if (property) return property;
  }
  return null;
}

function categoriesOf(items: ICAL.Component[]): string[] {
  const owner = items.find((item) => item.hasProperty('categories'));
  if (!owner) return [];
  const names = owner.getAllProperties('categories').flatMap((p) => p.getValues().map((v) => String(v).trim()));
  return [...new Set(names.filter((name) => name !== ''))];
}

function venueKey(items: ICAL.Component[], where: string, ctx: Context): string | undefined {
  const location = text(items, 'location');
  if (location === undefined) return undefined;
  if (!ctx.seen.has(`venue:${location}`)) {
    ctx.seen.add(`venue:${location}`);
    ctx.batch.venues.push({ key: location, venue: location, where });
  }
  return location;
}

function organizerKey(items: ICAL.Component[], where: string, ctx: Context): string | undefined {
  const property = firstProperty(items, 'organizer');
  if (!property) return undefined;
  const address = String(property.getFirstValue() ?? '').trim();
  const email = /^mailto:/i.test(address) ? address.slice('mailto:'.length).trim() : '';
  const cn = property.getFirstParameter('cn');
  const name = (typeof cn === 'string' ? cn.trim() : '') || email;
  if (name === '') return undefined;
  const key = email !== '' ? email.toLowerCase() : name;
  if (!ctx.seen.has(`organizer:${key}`)) {
    ctx.seen.add(`organizer:${key}`);
    ctx.batch.organizers.push(email !== '' ? { key, organizer: name, email, where } : { key, organizer: name, where });
  }
  return key;
}

/** The record of one occurrence: content from `items` (the override first, then the series). */
function eventRecord(key: string, items: ICAL.Component[], start: ICAL.Time, end: ICAL.Time, where: string, ctx: Context): EventRecord {
  const record: EventRecord = { key, where, title: text(items, 'summary') ?? '', startDate: '', endDate: '' };
  if (end.compare(start) < 0) throw new VeventProblem('the end (DTEND) is before the start (DTSTART)');
  if (start.isDate) {
    const first = dbOf(start).slice(0, 10);
    // DTEND of an all-day event is exclusive; TEC stores the last day.
    // An exclusive DTEND on the start day itself (a zero-length day) still means that day.
    const last = end.isDate ? addDays(dbOf(end), -1)!.slice(0, 10) : dbOf(end).slice(0, 10);
    record.startDate = `${first} 00:00:00`;
    record.endDate = `${last < first ? first : last} 23:59:59`;
    record.allDay = true;
  } else {
    const startWall = wallOf(start, ctx);
    const zone = startWall.named ? startWall.zone : ctx.calendarZone;
    record.startDate = inZone(startWall, zone);
    record.endDate = end.isDate ? `${dbOf(end).slice(0, 10)} 00:00:00` : inZone(wallOf(end, ctx), zone);
    record.timezone = zone;
  }
  const description = text(items, 'description');
  if (description !== undefined) record.description = description;
  const url = text(items, 'url');
  if (url !== undefined) record.website = url;
  const venue = venueKey(items, where, ctx);
  if (venue !== undefined) record.venueKey = venue;
  const organizer = organizerKey(items, where, ctx);
  if (organizer !== undefined) record.organizerKeys = [organizer];
  const categories = categoriesOf(items);
  if (categories.length) record.categories = categories;
  if (['PRIVATE', 'CONFIDENTIAL'].includes((text(items, 'class') ?? '').toUpperCase())) record.status = 'private';
  if ((text(items, 'status') ?? '').toUpperCase() === 'CANCELLED') record.meta = [CANCELED_META];
  return record;
}

function uidOf(vevent: ICAL.Component): string {
  const uid = vevent.getFirstPropertyValue('uid');
  if (typeof uid === 'string' && uid.trim() !== '') return uid.trim();
  // No UID: a key that stays the same as long as the start and the title do.
  const seed = `${vevent.getFirstProperty('dtstart')?.toICALString() ?? ''}\n${String(vevent.getFirstPropertyValue('summary') ?? '')}`;
  return `ics-${createHash('sha1').update(seed).digest('hex').slice(0, 16)}`;
}

function checkTimes(vevent: ICAL.Component): void {
  if (!vevent.hasProperty('dtstart')) throw new VeventProblem('no DTSTART');
  for (const property of vevent.getAllProperties()) {
    const tzid = property.getFirstParameter('tzid');
    if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid) && ianaZoneOf(tzid) === null) {
      throw new VeventProblem(`unknown time zone "${tzid}" (no VTIMEZONE defines it)`);
    }
  }
}

function sameTime(a: ICAL.Time, b: ICAL.Time): boolean {
  return a.compare(b) === 0;
}

/** Recurrence IDs of the series in order. ical.js leaves DTSTART out of a set made of RDATEs only. */
function* occurrenceStarts(event: ICAL.Event, master: ICAL.Component): Generator<ICAL.Time> {
  const start = event.startDate;
  const rdatesOnly = !master.hasProperty('rrule');
  if (rdatesOnly) {
    const excluded = master.getAllProperties('exdate').flatMap((p) => p.getValues() as ICAL.Time[]);
    if (!excluded.some((time) => sameTime(time, start))) yield start;
  }
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (!(rdatesOnly && sameTime(next, start))) yield next;
  }
}

function expandSeries(uid: string, event: ICAL.Event, master: ICAL.Component, where: string, ctx: Context): EventRecord[] {
  const records: EventRecord[] = [];
  let steps = 0;
  for (const next of occurrenceStarts(event, master)) {
    if (++steps > MAX_RECURRENCE_STEPS) {
      throw new VeventProblem(`the recurrence does not reach the import window within ${MAX_RECURRENCE_STEPS} occurrences`);
    }
    if (next.toUnixTime() * 1000 > ctx.windowEnd) break;
    const details = event.getOccurrenceDetails(next);
    const startMs = details.startDate.toUnixTime() * 1000;
    if (startMs < ctx.windowStart || startMs > ctx.windowEnd) continue;
    const items = details.item === event ? [master] : [details.item.component, master];
    records.push(eventRecord(`${uid}#${details.recurrenceId.toICALString()}`, items, details.startDate, details.endDate, where, ctx));
    if (records.length === RECURRENCE_WINDOW.maxInstances) break;
  }
  return records;
}

function veventRecords(vevent: ICAL.Component, exceptions: ICAL.Component[], where: string, ctx: Context): EventRecord[] {
  checkTimes(vevent);
  const uid = uidOf(vevent);
  const recurrenceId = vevent.getFirstProperty('recurrence-id');
  if (recurrenceId) {
    // An override whose series is not in the file: a single event of its own.
    const event = new ICAL.Event(vevent);
    return [eventRecord(`${uid}#${event.recurrenceId.toICALString()}`, [vevent], event.startDate, event.endDate, where, ctx)];
  }
  const event = new ICAL.Event(vevent, { exceptions, strictExceptions: false });
  if (event.isRecurring()) return expandSeries(uid, event, vevent, where, ctx);
  return [eventRecord(uid, [vevent], event.startDate, event.endDate, where, ctx)];
}

function shiftYears(now: Date, years: number): number {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime();
}

/**
 * Reads an iCalendar file. Throws an Error when `text` is not iCalendar at all; a VEVENT that
 * cannot be read (no DTSTART, unreadable dates, unknown zone) becomes a RecordProblem.
 */
export function parseIcs(text: string, file: string, options: IcsParseOptions): ImportBatch {
  const calendars = readCalendars(text, file);
  const batch = emptyBatch();
  const vevents = calendars.flatMap((c) => c.getAllSubcomponents('vevent'));
  const calendarTz = calendars.map((c) => c.getFirstPropertyValue('x-wr-timezone')).find((v) => typeof v === 'string');
  const ctx: Context = {
    siteTimezone: options.siteTimezone,
    calendarZone: (typeof calendarTz === 'string' ? ianaZoneOf(calendarTz) : null) ?? options.siteTimezone,
    windowStart: shiftYears(options.now, -RECURRENCE_WINDOW.yearsBefore),
    windowEnd: shiftYears(options.now, RECURRENCE_WINDOW.yearsAfter),
    batch,
    seen: new Set(),
  };
  const mastersByUid = new Set<string>();
  const exceptionsByUid = new Map<string, ICAL.Component[]>();
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    if (!vevent.hasProperty('recurrence-id')) mastersByUid.add(uid);
    else exceptionsByUid.set(uid, [...(exceptionsByUid.get(uid) ?? []), vevent]);
  }
  const unregister = registerZones(calendars, vevents);
  let skipped = 0;
  try {
    vevents.forEach((vevent, index) => {
      const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
      const isOverride = vevent.hasProperty('recurrence-id');
      if (isOverride && mastersByUid.has(uid)) return;
      const where = `${file}: VEVENT ${index + 1}${uid !== '' ? ` (UID ${uid})` : ''}`;
      try {
        const records = veventRecords(vevent, isOverride ? [] : exceptionsByUid.get(uid) ?? [], where, ctx);
        // A series with no occurrence inside the window: nothing to import, said in the summary.
        if (records.length === 0) skipped += 1;
        batch.events.push(...records);
      } catch (error) {
        const reason = error instanceof VeventProblem ? error.message : `unreadable VEVENT: ${(error as Error).message}`;
        batch.problems.push({ where, reason });
      }
    });
  } finally {
    unregister();
  }
  batch.skipped = skipped;
  return batch;
}
