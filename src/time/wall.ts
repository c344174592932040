// A wall-clock time (a zone-less "Y-m-d H:i:s") is carried as the epoch milliseconds of that
// same wall time read in UTC, so that calendar arithmetic is plain Date.UTC arithmetic.

const DB_DATETIME = /^(-?\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

export const SECOND_MS = 1000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Wall milliseconds from calendar fields (month 1-12); out-of-range fields roll over as in PHP. */
function wallFromFields(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** Parses a DB datetime (`Y-m-d H:i:s`); impossible dates roll over like PHP (`02-30` → `03-01`). */
export function parseDbDatetime(value: string): number | null {
  const match = DB_DATETIME.exec(value);
  if (match === null) {
    return null;
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return wallFromFields(year, month, day, hour, minute, second);
}

function pad(value: number, width: number): string {
  const digits = String(Math.abs(value)).padStart(width, '0');
  return value < 0 ? `-${digits}` : digits;
}

/** The zero-padded calendar fields of wall milliseconds. */
export function wallParts(wall: number): { year: string; month: string; day: string; hour: string; minute: string; second: string } {
  const d = new Date(wall);
  return {
    year: pad(d.getUTCFullYear(), 4),
    month: pad(d.getUTCMonth() + 1, 2),
    day: pad(d.getUTCDate(), 2),
    hour: pad(d.getUTCHours(), 2),
    minute: pad(d.getUTCMinutes(), 2),
    second: pad(d.getUTCSeconds(), 2),
  };
}

/** Formats the calendar date (`Y-m-d`) of wall milliseconds. */
function formatDbDate(wall: number): string {
  const { year, month, day } = wallParts(wall);
  return `${year}-${month}-${day}`;
}

/** Formats wall milliseconds as a DB datetime. */
export function formatDbDatetime(wall: number): string {
  const { hour, minute, second } = wallParts(wall);
  return `${formatDbDate(wall)} ${hour}:${minute}:${second}`;
}

/** A DB datetime moved by whole days, or null when it is not one. */
export function addDays(datetime: string, days: number): string | null {
  const wall = parseDbDatetime(datetime);
  return wall === null ? null : formatDbDatetime(wall + days * DAY_MS);
}

/** Wall milliseconds of the midnight starting the same calendar day. */
export function startOfWallDay(wall: number): number {
  return Math.floor(wall / DAY_MS) * DAY_MS;
}
