// ExportEvent stream → iCalendar (RFC 5545), written as it comes: each zone's VTIMEZONE goes
// out right before the first VEVENT that uses it (components may come in any order).
import ICAL from 'ical.js';
import type { SiteSettings } from '../../site/settings.ts';
import { decodeEntities, stripAllTags } from '../../text/sanitize.ts';
import { DAY_MS, SECOND_MS, parseDbDatetime } from '../../time/wall.ts';
import { isUtcOffsetZone, isUtcZone, isValidTimezone } from '../../time/zones.ts';
import type { ExportEvent } from '../records.ts';
import { withSink } from '../sink.ts';
import { componentText, icsText, propertyLine } from './serialize.ts';
import { vtimezone } from './vtimezone.ts';

const PRODID = '-//wpcal//NONSGML wpcal//EN';
// Events may come in any order (exports go by ID): every VTIMEZONE is exact from this year on,
// or from the year before the first event in its zone when that is earlier.
const DESCRIBED_FROM_YEAR = 2000;

/** Calendar fields of a DB datetime; null for `0000-00-00 00:00:00` and anything malformed. */
function fieldsOf(db: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  if (db.startsWith('0000') || parseDbDatetime(db) === null) return null;
  const [year, month, day, hour, minute, second] = db.split(/[- :]/).map(Number) as [number, number, number, number, number, number];
  return { year, month, day, hour, minute, second };
}

function utcTime(db: string): ICAL.Time | null {
  const fields = fieldsOf(db);
  return fields && ICAL.Time.fromData({ ...fields, isDate: false }, ICAL.Timezone.utcTimezone);
}

function dateOnly(wall: number): ICAL.Time {
  const d = new Date(wall);
  return ICAL.Time.fromData({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), isDate: true });
}

/**
 * The zone written as TZID, or null when times are written in UTC: UTC events, unknown zones, and
 * offset zones (`UTC+3:30`), which parsers would take as zone names they do not know.
 */
function zoneOf(event: ExportEvent): string | null {
  const zone = event.timezone;
  return isValidTimezone(zone) && !isUtcZone(zone) && !isUtcOffsetZone(zone) ? zone : null;
}

function compactUtc(db: string): string {
  return db.replace(/[- :]/g, '').replace(/^(\d{8})(\d{6})$/, '$1T$2Z');
}

/** Plain text of stored HTML: block ends and <br> become line breaks, tags go, entities are decoded. */
function plainText(html: string): string {
  const broken = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|pre|tr|table|ul|ol)\s*>/gi, '$&\n\n');
  return icsText(decodeEntities(stripAllTags(broken)))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function locationOf(venue: NonNullable<ExportEvent['venue']>): string {
  const parts = [venue.venue, venue.address, venue.city, venue.state || venue.province, venue.zip, venue.country];
  return parts.map((part) => icsText(decodeEntities(part ?? '')).trim()).filter((part) => part !== '').join(', ');
}

function setDates(vevent: ICAL.Component, event: ExportEvent, zone: string | null): void {
  const start = parseDbDatetime(event.startDate);
  const end = parseDbDatetime(event.endDate);
  if (event.allDay && start !== null && end !== null) {
    // TEC stores the last day's end (23:59:59, or the cutoff − 1 s); iCalendar wants the day after.
    const days = Math.max(1, Math.round((end - start + SECOND_MS) / DAY_MS));
    vevent.addPropertyWithValue('dtstart', dateOnly(start));
    vevent.addPropertyWithValue('dtend', dateOnly(start + days * DAY_MS));
    return;
  }
  for (const [name, local, utc] of [['dtstart', event.startDate, event.startDateUtc], ['dtend', event.endDate, event.endDateUtc]] as const) {
    const fields = zone === null ? null : fieldsOf(local);
    if (zone !== null && fields !== null) {
      vevent.addPropertyWithValue(name, ICAL.Time.fromData({ ...fields, isDate: false })).setParameter('tzid', zone);
      continue;
    }
    const time = utcTime(utc);
    if (time) vevent.addPropertyWithValue(name, time);
  }
}

function veventOf(event: ExportEvent, zone: string | null, host: string): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', `${event.id}-${compactUtc(event.startDateUtc)}@${host}`);
  const stamp = [event.modifiedUtc, event.createdUtc, event.startDateUtc].map(utcTime).find((t) => t !== null);
  if (stamp) vevent.addPropertyWithValue('dtstamp', stamp);
  setDates(vevent, event, zone);
  vevent.addPropertyWithValue('summary', icsText(decodeEntities(stripAllTags(event.title))));
  const description = plainText(event.description);
  if (description !== '') vevent.addPropertyWithValue('description', description);
  const location = event.venue ? locationOf(event.venue) : '';
  if (location !== '') vevent.addPropertyWithValue('location', location);
  const organizer = event.organizers.find((o) => (o.email ?? '') !== '');
  if (organizer) {
    const property = vevent.addPropertyWithValue('organizer', `mailto:${organizer.email}`);
    property.setParameter('cn', icsText(decodeEntities(organizer.organizer)).replace(/\n/g, ' '));
  }
  if (event.categories.length) {
    const property = new ICAL.Property('categories');
    property.setValues(event.categories.map((c) => icsText(decodeEntities(c.name))));
    vevent.addProperty(property);
  }
  const url = event.website || event.url;
  if (url) vevent.addPropertyWithValue('url', url);
  if (event.meta.some(([key, value]) => key === '_tribe_events_status' && value === 'canceled')) {
    vevent.addPropertyWithValue('status', 'CANCELLED');
  }
  if (event.status === 'private') vevent.addPropertyWithValue('class', 'PRIVATE');
  const created = utcTime(event.createdUtc);
  if (created) vevent.addPropertyWithValue('created', created);
  const modified = utcTime(event.modifiedUtc);
  if (modified) vevent.addPropertyWithValue('last-modified', modified);
  return vevent;
}

// Zone descriptions only change with the runtime's zone data (and the current year).
const vtimezoneCache = new Map<string, string>();

function vtimezoneText(zone: string, fromYear: number): string {
  const key = `${zone}|${fromYear}|${new Date().getUTCFullYear()}`;
  let text = vtimezoneCache.get(key);
  if (text === undefined) vtimezoneCache.set(key, text = componentText(vtimezone(zone, fromYear)));
  return text;
}

function calendarHeader(site: SiteSettings): string {
  let header = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n';
  header += propertyLine('PRODID', PRODID);
  header += 'CALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n';
  header += propertyLine('X-WR-CALNAME', decodeEntities(site.name));
  header += propertyLine('X-ORIGINAL-URL', site.home);
  if (site.description !== '') header += propertyLine('X-WR-CALDESC', decodeEntities(site.description));
  if (!isUtcOffsetZone(site.timezone)) header += propertyLine('X-WR-TIMEZONE', site.timezone);
  return header;
}

/**
 * Writes the events as one VCALENDAR, event by event (nothing is held but the names of the
 * zones already described). UIDs are `{id}-{UTC start}@{home host}`: stable while the event
 * keeps its start.
 */
export async function writeIcs(events: AsyncIterable<ExportEvent>, out: NodeJS.WritableStream, site: SiteSettings): Promise<void> {
  const host = new URL(site.home).host;
  const described = new Set<string>();
  await withSink(out, 'the calendar', async (sink) => {
    await sink.write(calendarHeader(site));
    for await (const event of events) {
      const zone = event.allDay ? null : zoneOf(event);
      let chunk = '';
      if (zone !== null && !described.has(zone)) {
        described.add(zone);
        const year = fieldsOf(event.startDate)?.year ?? DESCRIBED_FROM_YEAR;
        chunk += vtimezoneText(zone, Math.min(year - 1, DESCRIBED_FROM_YEAR));
      }
      chunk += componentText(veventOf(event, zone, host));
      await sink.write(chunk);
    }
    await sink.write('END:VCALENDAR\r\n');
  });
}
