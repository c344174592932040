// An event's dates as a page shows them: in the site's date_format and time_format, TEC's way
// (`December 10, 2026 @ 7:00 pm – 10:30 pm`), each end in a <time> element with its ISO value.
import type { SiteSettings } from '../site/settings.ts';
import { formatPhpDate, type PhpDateZone } from '../time/php-date.ts';
import { parseDbDatetime } from '../time/wall.ts';
import { esc } from './html.ts';

/** The date fields of the REST event JSON that the schedule reads. */
export interface EventDates {
  all_day: boolean;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  timezone: string;
  timezone_abbr: string;
}

function zoneAt(event: EventDates, local: string, utc: string): PhpDateZone {
  const wall = parseDbDatetime(local);
  const instant = parseDbDatetime(utc);
  const offsetSeconds = wall === null || instant === null ? 0 : Math.round((wall - instant) / 1000);
  return { name: event.timezone, abbr: event.timezone_abbr, offsetSeconds };
}

function timeElement(event: EventDates, local: string, utc: string, text: string): string {
  const zone = zoneAt(event, local, utc);
  const iso = event.all_day ? local.slice(0, 10) : formatPhpDate('c', local, zone);
  return `<time datetime="${esc(iso ?? local)}">${esc(text)}</time>`;
}

/** The schedule as HTML: one <time> for a one-day all-day event, else start – end. */
export function scheduleHtml(site: SiteSettings, event: EventDates): string {
  const startZone = zoneAt(event, event.start_date, event.utc_start_date);
  const endZone = zoneAt(event, event.end_date, event.utc_end_date);
  const startDay = formatPhpDate(site.dateFormat, event.start_date, startZone) ?? event.start_date;
  const endDay = formatPhpDate(site.dateFormat, event.end_date, endZone) ?? event.end_date;
  const sameDay = event.start_date.slice(0, 10) === event.end_date.slice(0, 10);
  if (event.all_day) {
    const start = timeElement(event, event.start_date, event.utc_start_date, startDay);
    return sameDay ? start : `${start} – ${timeElement(event, event.end_date, event.utc_end_date, endDay)}`;
  }
  const startTime = formatPhpDate(site.timeFormat, event.start_date, startZone) ?? '';
  const endTime = formatPhpDate(site.timeFormat, event.end_date, endZone) ?? '';
  const start = timeElement(event, event.start_date, event.utc_start_date, `${startDay} @ ${startTime}`);
  const end = timeElement(event, event.end_date, event.utc_end_date, sameDay ? endTime : `${endDay} @ ${endTime}`);
  return `${start} – ${end}`;
}
