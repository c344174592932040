// The TEC 6 custom-table row values derived from an event's date postmeta (events.md §9.3).
import { createHash } from 'node:crypto';
import { SECOND_MS, parseDbDatetime } from './wall.ts';

/** `tec_occurrences.hash`: SHA-1 hex of the values joined by `:`. */
export function occurrenceHash(
  postId: number,
  startLocal: string,
  endLocal: string,
  startUtc: string,
  endUtc: string,
  duration: number,
): string {
  return createHash('sha1').update([postId, startLocal, endLocal, startUtc, endUtc, duration].join(':')).digest('hex');
}

/**
 * The row `duration`: meta `_EventDuration` read as PHP (int), or when that meta is empty in
 * PHP's sense (absent, `""`, `"0"`) the UTC end − start in seconds. Null when that fallback
 * needs a UTC date that is not a DB datetime.
 */
export function durationSeconds(metaDuration: string | null | undefined, startUtc: string, endUtc: string): number | null {
  if (metaDuration !== null && metaDuration !== undefined && metaDuration !== '' && metaDuration !== '0') {
    const leadingInteger = /^\s*[+-]?\d+/.exec(metaDuration);
    return leadingInteger === null ? 0 : Number(leadingInteger[0]);
  }
  const start = parseDbDatetime(startUtc);
  const end = parseDbDatetime(endUtc);
  return start === null || end === null ? null : (end - start) / SECOND_MS;
}
