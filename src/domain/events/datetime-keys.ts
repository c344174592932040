// What the list keys hold of an occurrence's or post's datetime text (YYYY-MM-DD hh:mm:ss): a
// number in the same order as the text, its day and its seconds, as both databases' date
// arithmetic reads them.

const DATETIME = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/;

/** A DB datetime as a number in the same order (YYYYMMDDhhmmss); NaN for any other text. */
export function datetimeNumber(text: string | null): number {
  const match = text === null ? null : DATETIME.exec(text);
  return match ? Number(match[1]! + match[2] + match[3] + match[4] + match[5] + match[6]) : Number.NaN;
}

/** What the keys hold of an occurrence's datetime, from one reading of its text. */
export interface DatetimeKeys {
  /** datetimeNumber's. */
  number: number;
  /**
   * The day number of its date, as both databases' date arithmetic sees it: null for a zero month
   * or day (both answer NULL), undefined for a date they may disagree on (31 February) or any other text.
   */
  day: number | null | undefined;
  /** Its seconds from the epoch; NaN for a zero month or day (both databases' date arithmetic answers NULL) or any other text. */
  seconds: number;
}

const NOT_A_DATETIME: DatetimeKeys = { number: Number.NaN, day: undefined, seconds: Number.NaN };

function keysOfParts(number: number, year: number, month: number, day: number, hour: number, minute: number, second: number): DatetimeKeys {
  if (month === 0 || day === 0) return { number, day: null, seconds: Number.NaN };
  const midnight = Date.UTC(year, month - 1, day);
  const date = new Date(midnight);
  // Date.UTC reads the years 0–99 as 1900–1999: such a date is not valid either, and its row leaves lists to SQL.
  const valid = month <= 12 && date.getUTCDate() === day && date.getUTCFullYear() === year;
  return { number, day: valid ? midnight / 86_400_000 : undefined, seconds: Date.UTC(year, month - 1, day, hour, minute, second) / 1000 };
}

export function datetimeKeys(text: string): DatetimeKeys {
  const match = DATETIME.exec(text);
  if (!match) return NOT_A_DATETIME;
  const [, y, mo, d, h, mi, s] = match as unknown as [string, string, string, string, string, string, string];
  return keysOfParts(Number(y + mo + d + h + mi + s), Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
}

/** datetimeKeys of the text a datetimeNumber was made of (NaN: of text that was not a datetime). */
export function datetimeKeysOfNumber(number: number): DatetimeKeys {
  if (Number.isNaN(number)) return NOT_A_DATETIME;
  // At most 14 digits: each division is exact to far below the digit it keeps.
  const digits = (power: number) => Math.floor(number / power) % 100;
  return keysOfParts(number, Math.floor(number / 1e10), digits(1e8), digits(1e6), digits(1e4), digits(1e2), number % 100);
}
