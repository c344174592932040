// The calendar's reach (OccurrenceReach: how far apart the dates of any of its occurrences lie)
// kept up as rows come and go, from a count of the rows holding each value of its terms: the
// greatest value counted is the reach, and a row that goes takes its count with it, so neither a
// value per row nor a walk over the rows is needed.
import type { OccurrenceReach } from '../../data/event-list.ts';
import type { DatetimeKeys } from './datetime-keys.ts';

/** One row's terms of the reach, in whole days; NaN where its dates cannot tell. */
export interface RowReach {
  /** Its longest span (local or UTC); NaN when neither can be told. */
  span: number;
  /** The whole days its end lies before its start (local or UTC; 0 or less when it does not). */
  lead: number;
  /** The whole days between its local and UTC start. */
  zone: number;
}

/** The greatest of these second counts that are known, in whole days rounded up (NaN: none is). */
function daysUpTo(...seconds: number[]): number {
  const known = seconds.filter((value) => !Number.isNaN(value));
  return known.length ? Math.ceil(Math.max(...known) / 86_400) : Number.NaN;
}

/** The calendar days between two dates (occurrenceReach's terms): NaN when either is null, undefined when either cannot be told. */
export function daySpan(start: DatetimeKeys, end: DatetimeKeys): number | undefined {
  const [from, to] = [start.day, end.day];
  if (from === undefined || to === undefined) return undefined;
  return from === null || to === null ? Number.NaN : to - from;
}

export function rowReach(start: DatetimeKeys, end: DatetimeKeys, startUtc: DatetimeKeys, endUtc: DatetimeKeys): RowReach {
  const [local, utc] = [daySpan(start, end), daySpan(startUtc, endUtc)];
  const localKnown = local !== undefined && !Number.isNaN(local);
  const utcKnown = utc !== undefined && !Number.isNaN(utc);
  // A row with a date the databases' arithmetic cannot use leaves the reach unknown.
  const dated = [start, end, startUtc, endUtc].every((date) => !Number.isNaN(date.seconds));
  return {
    span: localKnown && utcKnown ? Math.max(local, utc) : localKnown ? local : utcKnown ? utc : Number.NaN,
    lead: dated ? daysUpTo(start.seconds - end.seconds, startUtc.seconds - endUtc.seconds) : Number.NaN,
    zone: dated ? daysUpTo(Math.abs(start.seconds - startUtc.seconds)) : Number.NaN,
  };
}

/** How many rows hold each value (whole days, or NaN). */
class ValueCounts {
  readonly #counts = new Map<number, number>();

  add(value: number): void {
    this.#counts.set(value, (this.#counts.get(value) ?? 0) + 1);
  }

  remove(value: number): void {
    const left = this.#counts.get(value)! - 1;
    if (left) this.#counts.set(value, left);
    else this.#counts.delete(value);
  }

  has(value: number): boolean {
    return this.#counts.has(value);
  }

  /** The greatest value counted, 0 at least (NaN is never greater). */
  greatest(): number {
    let greatest = 0;
    for (const value of this.#counts.keys()) if (value > greatest) greatest = value;
    return greatest;
  }
}

export class ReachCounts {
  readonly #spans = new ValueCounts();
  readonly #leads = new ValueCounts();
  readonly #zones = new ValueCounts();
  /** The reach until a row comes or goes (null: not computed). */
  #reach: OccurrenceReach | undefined | null = null;

  add(row: RowReach): void {
    this.#spans.add(row.span);
    this.#leads.add(row.lead);
    this.#zones.add(row.zone);
    this.#reach = null;
  }

  remove(row: RowReach): void {
    this.#spans.remove(row.span);
    this.#leads.remove(row.lead);
    this.#zones.remove(row.zone);
    this.#reach = null;
  }

  /** The reach of the rows counted (0 for each term without any); undefined while one's dates cannot tell it. */
  reach(): OccurrenceReach | undefined {
    if (this.#reach !== null) return this.#reach;
    if (this.#zones.has(Number.NaN)) return this.#reach = undefined;
    return this.#reach = { longestDays: this.#spans.greatest(), endBeforeStartDays: this.#leads.greatest(), zoneDays: this.#zones.greatest() };
  }
}
