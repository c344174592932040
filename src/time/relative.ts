// PHP strtotime()'s relative formats (timelib's parse_date.re and tm2unixtime.c), read on a wall
// clock (see wall.ts) so that they hold in any zone: today, tomorrow, yesterday, noon,
// midnight, times of day, [next|last|this] <weekday|unit>, ±N <unit> [ago],
// first/last day of, <ordinal> <weekday> of, <weekday> next week. Like PHP 8, every unit,
// hours included, moves the wall clock; a wall time a DST change skips is the caller's to resolve.
// Phrases with anything else (absolute dates, zones) are not read here.

/** Calendar fields, month 1-12; out-of-range values roll over when normalized. */
interface Fields {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
}

type Units = Record<'y' | 'm' | 'd' | 'h' | 'i' | 's', number>;

interface Phrase {
  relative: Units;
  /** Time of day when the phrase sets (or clears, to midnight) one; else now's. */
  time: { h: number; i: number; s: number } | null;
  /** The time was set by a time of day (a second one is PHP's "Double time specification"). */
  haveTime: boolean;
  /** 0 Sunday … 6 Saturday; behavior as timelib's weekday_behavior (0, 1 or 2). */
  weekday: { day: number; behavior: number } | null;
  /** `<ordinal> <weekday> of` (the month is the phrase's relative month). */
  weekdayOfMonth: 'first' | 'last' | null;
  dayOfMonth: 'first' | 'last' | null;
}

// Only full names and three-letter abbreviations: PHP refuses `tues` or `thurs`.
const WEEKDAYS: Readonly<Record<string, number>> = {
  sun: 0, sunday: 0, mon: 1, monday: 1, tue: 2, tuesday: 2, wed: 3, wednesday: 3,
  thu: 4, thursday: 4, fri: 5, friday: 5, sat: 6, saturday: 6,
};

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1, next: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8,
  ninth: 9, tenth: 10, eleventh: 11, twelfth: 12, last: -1, previous: -1, this: 0,
};

// Units other than weekdays: the field they move and by how much.
const UNITS: ReadonlyArray<[RegExp, keyof Units, number]> = [
  [/^(?:sec|second)s?$/, 's', 1],
  [/^(?:min|minute)s?$/, 'i', 1],
  [/^hours?$/, 'h', 1],
  [/^days?$/, 'd', 1],
  [/^weeks?$/, 'd', 7],
  [/^forth?nights?$/, 'd', 14],
  [/^months?$/, 'm', 1],
  [/^years?$/, 'y', 1],
];

const WORD = '[a-z]+';
const ORDINAL = Object.keys(ORDINALS).join('|');
// One token each, tried in order at the current position; all need a word boundary after them.
const TOKENS: ReadonlyArray<[string, RegExp]> = [
  ['dayOf', /(first|last) day of/y],
  ['weekdayOf', new RegExp(`(${ORDINAL}) (${WORD}) of`, 'y')],
  ['textWeek', /(next|last|previous|this) week/y],
  ['text', new RegExp(`(${ORDINAL}) (${WORD})`, 'y')],
  ['number', new RegExp(`([+-]*) *(\\d{1,13}) *(${WORD})`, 'y')],
  ['time12', /(1[0-2]|0?[1-9])(?:[:.]([0-5]\d)(?:[:.]([0-5]\d))?)? *([ap])\.?m\.?/y],
  ['time24', /t?(2[0-4]|[01]?\d)[:.]([0-5]\d)(?:[:.]([0-5]\d|60))?/y],
  ['word', new RegExp(`(${WORD})`, 'y')],
];

const PHP_FALSE = null;
const NOT_RELATIVE = undefined;

function unhaveTime(phrase: Phrase): void {
  phrase.time = { h: 0, i: 0, s: 0 };
  phrase.haveTime = false;
}

/** Sets a time of day; false on a second one. */
function haveTime(phrase: Phrase, h: number, i: number, s: number): boolean {
  if (phrase.haveTime) {
    return false;
  }
  phrase.time = { h, i, s };
  phrase.haveTime = true;
  return true;
}

/** timelib_set_relative(): false when `unit` is no unit. */
function setRelative(phrase: Phrase, amount: number, behavior: number, unit: string, keepTime: boolean): boolean {
  const weekday = WEEKDAYS[unit];
  if (weekday !== undefined) {
    phrase.relative.d += (amount > 0 ? amount - 1 : amount) * 7;
    phrase.weekday = { day: weekday, behavior };
    if (!keepTime) {
      unhaveTime(phrase);
    }
    return true;
  }
  const found = UNITS.find(([pattern]) => pattern.test(unit));
  if (found === undefined) {
    return false;
  }
  phrase.relative[found[1]] += amount * found[2];
  return true;
}

// `+-3` is -3, as in timelib: each minus flips the sign.
function signedAmount(signs: string, digits: string): number {
  const minuses = [...signs].filter((sign) => sign === '-').length;
  return (minuses % 2 === 1 ? -1 : 1) * Number(digits);
}

/** Applies one token; false when PHP refuses the phrase, undefined when it is not ours. */
function applyToken(phrase: Phrase, kind: string, match: RegExpExecArray): boolean | undefined {
  const [, a = '', b = '', c = ''] = match;
  switch (kind) {
    case 'dayOf':
      phrase.dayOfMonth = a as 'first' | 'last';
      return true;
    case 'weekdayOf': {
      const amount = ORDINALS[a]!;
      if (WEEKDAYS[b] === undefined || amount === 0) return undefined;
      phrase.weekdayOfMonth = amount > 0 ? 'first' : 'last';
      return setRelative(phrase, amount, amount > 0 ? 1 : 0, b, false);
    }
    case 'textWeek': {
      phrase.relative.d += ORDINALS[a]! * 7;
      phrase.weekday = { day: phrase.weekday?.day ?? 1, behavior: 2 };
      return true;
    }
    case 'text': {
      const amount = ORDINALS[a]!;
      return setRelative(phrase, amount, a === 'this' ? 1 : 0, b, false) || undefined;
    }
    case 'number':
      return setRelative(phrase, signedAmount(a, b), 0, c, true) || undefined;
    case 'time12': {
      const hour = (Number(a) % 12) + (match[4] === 'p' ? 12 : 0);
      return haveTime(phrase, hour, Number(b), Number(c));
    }
    case 'time24':
      return haveTime(phrase, Number(a), Number(b), Number(c));
    default:
      return applyWord(phrase, a);
  }
}

function applyWord(phrase: Phrase, word: string): boolean | undefined {
  switch (word) {
    case 'now':
      return true;
    case 'today':
    case 'midnight':
      unhaveTime(phrase);
      return true;
    case 'noon':
      unhaveTime(phrase);
      return haveTime(phrase, 12, 0, 0);
    case 'tomorrow':
    case 'yesterday':
      phrase.relative.d = word === 'tomorrow' ? 1 : -1;
      unhaveTime(phrase);
      return true;
    case 'ago':
      // PHP also negates a weekday here, with rules of its own; those phrases go to the port.
      if (phrase.weekday !== null) return undefined;
      for (const unit of Object.keys(phrase.relative) as (keyof Units)[]) {
        phrase.relative[unit] = -phrase.relative[unit];
      }
      return true;
  }
  const weekday = WEEKDAYS[word];
  if (weekday === undefined) {
    return undefined;
  }
  phrase.weekday = { day: weekday, behavior: phrase.weekday?.behavior === 2 ? 2 : 1 };
  unhaveTime(phrase);
  return true;
}

/** The phrase's meaning; null when PHP refuses it, undefined when it is not a relative phrase. */
function parsePhrase(text: string): Phrase | null | undefined {
  const phrase: Phrase = {
    relative: { y: 0, m: 0, d: 0, h: 0, i: 0, s: 0 },
    time: null,
    haveTime: false,
    weekday: null,
    weekdayOfMonth: null,
    dayOfMonth: null,
  };
  const source = text.toLowerCase().replace(/[\s,]+/g, ' ').trim();
  let at = 0;
  while (at < source.length) {
    if (source[at] === ' ') {
      at += 1;
      continue;
    }
    let applied: boolean | undefined;
    for (const [kind, pattern] of TOKENS) {
      pattern.lastIndex = at;
      const match = pattern.exec(source);
      const end = pattern.lastIndex;
      if (match === null || (end < source.length && source[end] !== ' ')) continue;
      applied = applyToken(phrase, kind, match);
      if (applied !== undefined) {
        at = end;
        break;
      }
    }
    if (applied === undefined) return NOT_RELATIVE;
    if (!applied) return PHP_FALSE;
  }
  return at === 0 ? NOT_RELATIVE : phrase;
}

function toFields(wall: number): Fields {
  const date = new Date(wall);
  return {
    y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(),
    h: date.getUTCHours(), i: date.getUTCMinutes(), s: date.getUTCSeconds(),
  };
}

// timelib_do_normalize(): seconds into minutes … months into years, then days into months.
function fromFields(f: Fields): number {
  const date = new Date(0);
  date.setUTCFullYear(f.y, f.m - 1, f.d);
  date.setUTCHours(f.h, f.i, f.s, 0);
  return date.getTime();
}

function normalize(f: Fields): Fields {
  return toFields(fromFields(f));
}

// do_adjust_for_weekday()
function adjustForWeekday(f: Fields, weekday: { day: number; behavior: number }, relativeDays: number): Fields {
  const current = new Date(fromFields(f)).getUTCDay();
  if (weekday.behavior === 2) {
    // The week runs Monday to Sunday.
    const target = weekday.day === 0 ? 7 : weekday.day;
    const from = current === 0 ? 7 : current;
    return { ...f, d: f.d - from + target };
  }
  let difference = weekday.day - current;
  if ((relativeDays < 0 && difference < 0) || (relativeDays >= 0 && difference <= -weekday.behavior)) {
    difference += 7;
  }
  return { ...f, d: f.d + difference };
}

/**
 * strtotime(text) for a relative phrase, on the wall clock `nowWall`: the resulting wall time
 * (wall.ts milliseconds). Null when PHP returns false; undefined when `text` is not a relative
 * phrase (an absolute date, say), which this module leaves to its caller.
 */
export function relativeWall(text: string, nowWall: number): number | null | undefined {
  const phrase = parsePhrase(text);
  if (phrase === null || phrase === undefined) {
    return phrase;
  }
  const now = toFields(nowWall);
  let f: Fields = { ...now, ...(phrase.time ?? {}) };
  const relative = { ...phrase.relative };
  if (phrase.weekdayOfMonth !== null) {
    f = normalize({ ...f, d: 1, m: f.m + relative.m + (phrase.weekdayOfMonth === 'last' ? 1 : 0) });
    relative.m = 0;
  }
  if (phrase.weekday !== null) {
    f = normalize(adjustForWeekday(f, phrase.weekday, relative.d));
  }
  f = {
    y: f.y + relative.y, m: f.m + relative.m, d: f.d + relative.d,
    h: f.h + relative.h, i: f.i + relative.i, s: f.s + relative.s,
  };
  if (phrase.dayOfMonth === 'first') {
    f.d = 1;
  } else if (phrase.dayOfMonth === 'last') {
    f = { ...f, d: 0, m: f.m + 1 };
  }
  return fromFields(f);
}
