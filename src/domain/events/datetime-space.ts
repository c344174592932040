// How the list keys hold a datetimeNumber (YYYYMMDDhhmmss) in their columns: packed in 32 bits
// while every value fits, as a 64-bit float after. A 64-bit float per date took 40 of the some
// 84 bytes a row held (start, end, their UTC twins and the post date); packed they take 20.

/** Where packed datetimes start: the first second of this year is 0. */
const PACKED_FROM_YEAR = 1970;
const SECONDS_A_DAY = 86_400;
/** A packed year is 12 months of 31 days, so the order of the fields is the order of the numbers. */
const PACKED_DAYS_A_YEAR = 12 * 31;
/** The years 32 bits hold: 1970–2102. */
const PACKED_YEARS = Math.floor(2 ** 32 / (PACKED_DAYS_A_YEAR * SECONDS_A_DAY));

/** Each field of a datetimeNumber past the year, with the range a packed one holds. */
const FIELDS = [
  { power: 1e8, least: 1, most: 12 },
  { power: 1e6, least: 1, most: 31 },
  { power: 1e4, least: 0, most: 23 },
  { power: 1e2, least: 0, most: 59 },
  { power: 1, least: 0, most: 59 },
] as const;

/** A datetimeNumber's year and fields (month, day, hour, minute, second). */
function fieldsOf(number: number): number[] {
  return [Math.floor(number / 1e10), ...FIELDS.map(({ power }) => Math.floor(number / power) % 100)];
}

function packFields(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  return (((year - PACKED_FROM_YEAR) * 12 + month - 1) * 31 + day - 1) * SECONDS_A_DAY + hour * 3600 + minute * 60 + second;
}

/**
 * A datetimeNumber in 32 bits, in the same order as the numbers; undefined for one that does not
 * fit: NaN, a year before 1970 or after 2102, a zero month or day, an hour past 23.
 */
export function packDatetime(number: number): number | undefined {
  if (!Number.isInteger(number) || number < 0) return undefined;
  // Field by field, without the arrays of fieldsOf: the keys pack five values a row as they are read.
  const year = Math.floor(number / 1e10);
  const month = Math.floor(number / 1e8) % 100;
  const day = Math.floor(number / 1e6) % 100;
  const hour = Math.floor(number / 1e4) % 100;
  const minute = Math.floor(number / 1e2) % 100;
  const second = number % 100;
  if (year < PACKED_FROM_YEAR || year >= PACKED_FROM_YEAR + PACKED_YEARS) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  return packFields(year, month, day, hour, minute, second);
}

/** The datetimeNumber a packDatetime was made of. */
export function unpackDatetime(packed: number): number {
  const day = Math.floor(packed / SECONDS_A_DAY);
  const second = packed % SECONDS_A_DAY;
  const fields = [
    PACKED_FROM_YEAR + Math.floor(day / PACKED_DAYS_A_YEAR), Math.floor(day / 31) % 12 + 1, day % 31 + 1,
    Math.floor(second / 3600), Math.floor(second / 60) % 60, second % 60,
  ];
  return fields.reduce((number, field) => number * 100 + field, 0);
}

/**
 * What a list's bound (a datetimeNumber, or ±Infinity) is compared as with packed values: for every
 * value v that packs, `v op bound` holds exactly when `packDatetime(v) op packedBound(bound)` does,
 * whatever the operator. A bound that does not pack lies half a second past the greatest value
 * that packs below it, so that no packed value equals it.
 */
export function packedBound(bound: number): number {
  if (!Number.isFinite(bound)) return bound;
  const whole = Math.floor(bound);
  const exact = whole === bound ? packDatetime(whole) : undefined;
  if (exact !== undefined) return exact;
  const fields = fieldsOf(whole);
  if (fields[0]! < PACKED_FROM_YEAR) return -0.5;
  if (fields[0]! >= PACKED_FROM_YEAR + PACKED_YEARS) return 2 ** 32;
  // The greatest datetime that packs at or below the bound: a field past its range takes it and
  // the fields after it to their most; one short of its range (a zero month or day) does too, and
  // takes one from the fields before it.
  for (let i = 1; i < fields.length; i++) {
    const { least, most } = FIELDS[i - 1]!;
    const field = fields[i]!;
    if (field >= least && field <= most) continue;
    for (let j = i; j < fields.length; j++) fields[j] = FIELDS[j - 1]!.most;
    if (field < least) {
      let k = i - 1;
      while (k >= 1 && fields[k] === FIELDS[k - 1]!.least) {
        fields[k] = FIELDS[k - 1]!.most;
        k--;
      }
      fields[k]!--;
    }
    break;
  }
  if (fields[0]! < PACKED_FROM_YEAR) return -0.5;
  const [year, month, day, hour, minute, second] = fields as [number, number, number, number, number, number];
  return packFields(year, month, day, hour, minute, second) + 0.5;
}

/** How a column of the keys holds datetimeNumbers. */
export interface DatetimeSpace {
  /** Whether the column holds values in 32 bits (packed). */
  packed: boolean;
  /** The value a column holds for a datetimeNumber; undefined when this space cannot hold it. */
  hold(number: number): number | undefined;
  /** The datetimeNumber a held value stands for. */
  number(held: number): number;
  /** What a bound is compared as with held values. */
  bound(number: number): number;
  /** A held value's day: the same for the values of one date, in the order of the dates. */
  day(held: number): number;
  /** The first held value of a day. */
  dayStart(day: number): number;
}

export const PACKED_SPACE: DatetimeSpace = {
  packed: true,
  hold: packDatetime,
  number: unpackDatetime,
  bound: packedBound,
  day: (held) => Math.floor(held / SECONDS_A_DAY),
  dayStart: (day) => day * SECONDS_A_DAY,
};

/** A day of a datetimeNumber: its YYYYMMDD. */
const WIDE_DAY = 1_000_000;

export const WIDE_SPACE: DatetimeSpace = {
  packed: false,
  hold: (number) => number,
  number: (held) => held,
  bound: (number) => number,
  day: (held) => Math.floor(held / WIDE_DAY),
  dayStart: (day) => day * WIDE_DAY,
};
