// PHP's date(): a wall-clock time written in a format such as WordPress's date_format and
// time_format options (`F j, Y`, `g:i a`), with English names, as WordPress shows dates in English.
import { parseDbDatetime } from './wall.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** What the zone characters (`e`, `T`, `O`, `P`, `p`, `Z`, `U`, `B`, `c`, `r`) print. */
export interface PhpDateZone {
  /** The zone's name, e.g. `Europe/Rome` or `UTC+2`. */
  name: string;
  /** Its abbreviation at that time, e.g. `CET`. */
  abbr: string;
  /** Seconds east of UTC at that time. */
  offsetSeconds: number;
}

const UTC_ZONE: PhpDateZone = { name: 'UTC', abbr: 'UTC', offsetSeconds: 0 };

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

function offsetText(seconds: number, colon: boolean): string {
  const abs = Math.abs(seconds);
  const text = `${pad(Math.floor(abs / 3600))}${colon ? ':' : ''}${pad(Math.floor((abs % 3600) / 60))}`;
  return `${seconds < 0 ? '-' : '+'}${text}`;
}

/** ISO-8601 week number and its year of a date given as UTC fields. */
function isoWeek(date: Date): { week: number; year: number } {
  const thursday = new Date(date.getTime());
  thursday.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  const january1 = new Date(0);
  january1.setUTCFullYear(year, 0, 1);
  return { week: 1 + Math.floor((thursday.getTime() - january1.getTime()) / 86_400_000 / 7), year };
}

/** date( format ) of a `Y-m-d H:i:s` wall time; null when the time cannot be read. */
export function formatPhpDate(format: string, dbDatetime: string, zone: PhpDateZone = UTC_ZONE): string | null {
  const wall = parseDbDatetime(dbDatetime);
  if (wall === null) return null;
  const d = new Date(wall);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const day = d.getUTCDate();
  const weekday = d.getUTCDay();
  const hour = d.getUTCHours();
  const minute = d.getUTCMinutes();
  const second = d.getUTCSeconds();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const unix = Math.floor(wall / 1000) - zone.offsetSeconds;
  const yearStart = new Date(0);
  yearStart.setUTCFullYear(year, 0, 1);
  const one = (char: string): string => {
    switch (char) {
      case 'd': return pad(day);
      case 'D': return DAYS[weekday]!.slice(0, 3);
      case 'j': return String(day);
      case 'l': return DAYS[weekday]!;
      case 'N': return String(weekday === 0 ? 7 : weekday);
      case 'S': return ordinalSuffix(day);
      case 'w': return String(weekday);
      case 'z': return String(Math.floor((wall - yearStart.getTime()) / 86_400_000));
      case 'W': return pad(isoWeek(d).week);
      case 'o': return String(isoWeek(d).year);
      case 'F': return MONTHS[month]!;
      case 'M': return MONTHS[month]!.slice(0, 3);
      case 'm': return pad(month + 1);
      case 'n': return String(month + 1);
      case 't': return String(month === 1 ? (leap ? 29 : 28) : [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!);
      case 'L': return leap ? '1' : '0';
      case 'Y': return String(year);
      case 'y': return pad(year % 100);
      case 'a': return hour < 12 ? 'am' : 'pm';
      case 'A': return hour < 12 ? 'AM' : 'PM';
      case 'B': return pad(Math.floor((((unix + 3600) % 86_400 + 86_400) % 86_400) / 86.4), 3);
      case 'g': return String(hour % 12 || 12);
      case 'G': return String(hour);
      case 'h': return pad(hour % 12 || 12);
      case 'H': return pad(hour);
      case 'i': return pad(minute);
      case 's': return pad(second);
      case 'u': return '000000';
      case 'v': return '000';
      case 'e': return zone.name;
      case 'I': return '0';
      case 'O': return offsetText(zone.offsetSeconds, false);
      case 'P': return offsetText(zone.offsetSeconds, true);
      case 'p': return zone.offsetSeconds === 0 ? 'Z' : offsetText(zone.offsetSeconds, true);
      case 'T': return zone.abbr;
      case 'Z': return String(zone.offsetSeconds);
      case 'c': return formatPhpDate('Y-m-d\\TH:i:sP', dbDatetime, zone)!;
      case 'r': return formatPhpDate('D, d M Y H:i:s O', dbDatetime, zone)!;
      case 'U': return String(unix);
      default: return char;
    }
  };
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const char = format[i]!;
    if (char === '\\') {
      i++;
      if (i < format.length) out += format[i];
      continue;
    }
    out += one(char);
  }
  return out;
}
