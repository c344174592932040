// PHP strtotime(). Plain datetimes and relative phrases (relative.ts) are read here, on the
// caller's clock; other formats go through locutus' port. The port reads and writes calendar fields with the
// JS *local* time zone, so every call runs with the process zone switched to UTC: calendar
// fields then equal UTC fields and a result read in UTC is exactly the wall time computed.
// Callers that want "strtotime in zone Z" pass Z's wall-clock now encoded as UTC (see wall.ts).
import strtotime from 'locutus/php/datetime/strtotime.js';
import { relativeWall } from './relative.ts';

function withUtcProcessZone<T>(run: () => T): T {
  const saved = process.env.TZ;
  if (saved === 'UTC') {
    return run();
  }
  process.env.TZ = 'UTC';
  try {
    return run();
  } finally {
    if (saved === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = saved;
    }
  }
}

/**
 * strtotime(text) evaluated on a UTC clock whose current time is `nowMs`.
 * An explicit offset in the text is honoured (the result is a real instant for that offset).
 * Returns epoch milliseconds, or null when PHP would return false.
 */
export function strtotimeUtc(text: string, nowMs: number): number | null {
  // PHP rejects the empty string outright; locutus would answer "now".
  if (text === '') {
    return null;
  }
  // Without a zone in the text, the wall time is read on the UTC clock.
  const own = readWithoutPort(text, nowMs);
  if (own !== undefined) {
    return own;
  }
  const nowSeconds = Math.floor(nowMs / 1000);
  const seconds = withUtcProcessZone(() => {
    try {
      return strtotime(text, nowSeconds);
    } catch {
      return false;
    }
  });
  return seconds === false || !Number.isFinite(seconds) ? null : seconds * 1000;
}

/**
 * Like strtotimeUtc, but an explicit offset in the text is not applied: the result is the wall
 * time as written (PHP `new DateTime($text)` formatted in its own zone). Wall milliseconds.
 */
export function strtotimeWall(text: string, nowMs: number): number | null {
  const own = readWithoutPort(text, nowMs);
  if (own !== undefined) {
    return own;
  }
  const instant = strtotimeUtc(text, nowMs);
  if (instant === null) {
    return null;
  }
  // A later zone token overrides an earlier one in the port, so a trailing "+00:00" turns the
  // written offset into UTC and leaves the written wall time untouched. The port counts at most
  // two zone tokens; when the text already used both, keep the honoured instant.
  return strtotimeUtc(`${text} +00:00`, nowMs) ?? instant;
}

// The formats without a zone that wpcal reads itself: wall milliseconds, null for PHP's false,
// undefined when the text is for the port.
function readWithoutPort(text: string, nowMs: number): number | null | undefined {
  return plainDatetime(text) ?? relativeWall(text, nowMs);
}

// `Y-m-d`, `Y-m-d H:i` and `Y-m-d H:i:s` with in-range fields: what imports send for every
// event and most clients send as list bounds. Read directly (the port is slow); days past the
// month's end roll over as in PHP.
const PLAIN_DATETIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?: ([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?)?$/;

function plainDatetime(text: string): number | null {
  const match = PLAIN_DATETIME.exec(text);
  if (match === null) {
    return null;
  }
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), 0);
  return date.getTime();
}
