// PHP string semantics that WordPress behaviour depends on and JavaScript does not share.

/** Characters PHP's trim() removes by default (JavaScript's trim() removes more, e.g. U+00A0). */
const PHP_TRIM_CHARS = ' \t\n\r\0\x0B';

/** PCRE's `\s` without the `u` flag: ASCII whitespace only (JavaScript's `\s` also matches U+00A0 etc.). */
export const PCRE_SPACE = '[\\t\\n\\v\\f\\r ]';

export function phpTrim(s: string, chars: string = PHP_TRIM_CHARS): string {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start]!)) start++;
  while (end > start && chars.includes(s[end - 1]!)) end--;
  return s.slice(start, end);
}

const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP 8 is_numeric() for a string. */
export function isNumeric(s: string): boolean {
  return NUMERIC.test(s);
}

const LEADING_NUMBER = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;

/** PHP's (float) cast of a string: its leading number, or 0. */
export function toFloat(s: string): number {
  const match = LEADING_NUMBER.exec(s);
  return match ? Number(match[0].trim()) : 0;
}

/** PHP 8 comparison (`<=>`) of two strings: numerically when both are numeric, else byte-wise. */
export function compareStrings(a: string, b: string): number {
  if (isNumeric(a) && isNumeric(b)) return Math.sign(Number(a.trim()) - Number(b.trim()));
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** PHP 8 loose equality (`==`) of two strings. */
export function looseEquals(a: string, b: string): boolean {
  return isNumeric(a) && isNumeric(b) ? Number(a.trim()) === Number(b.trim()) : a === b;
}

/** PHP number_format($n, $decimals, $decimalPoint, $thousandsSep), rounding half away from zero. */
export function numberFormat(n: number, decimals: number, decimalPoint = '.', thousandsSep = ','): string {
  const abs = Math.abs(n);
  // Rounding through the decimal string representation, as PHP's pre-rounding does (1.005 → 1.01).
  const shifted = Number(`${Math.round(Number(`${abs}e${decimals}`))}e-${decimals}`);
  const rounded = Number.isFinite(shifted) ? shifted : abs;
  const [whole = '0', fraction] = rounded.toFixed(decimals).split('.');
  const sign = n < 0 && rounded !== 0 ? '-' : '';
  return sign + whole.replace(/\B(?=(\d{3})+$)/g, thousandsSep) + (fraction === undefined ? '' : `${decimalPoint}${fraction}`);
}

/** PHP round($n, $precision) for finite values (half away from zero, on the decimal representation). */
export function phpRound(n: number, precision: number): number {
  const rounded = Math.sign(n) * Number(`${Math.round(Number(`${Math.abs(n)}e${precision}`))}e-${precision}`);
  return Number.isFinite(rounded) ? rounded : n;
}

/**
 * PHP's (string) cast of a number: integers as they are, floats with the `precision` setting's 14
 * significant digits (`%.14G`: `0.33333333333333`, `1.0E-5`, `2.8`).
 */
export function phpNumberString(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NAN' : n > 0 ? 'INF' : '-INF';
  const [mantissa, exponentText] = Math.abs(n).toExponential(13).split('e') as [string, string];
  const digits = mantissa.replace('.', '').replace(/0+$/, '');
  const exponent = Number(exponentText);
  const sign = n < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 15) {
    return `${sign}${digits[0]}.${digits.slice(1) || '0'}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return sign + whole + (fraction ? `.${fraction}` : '');
}

/** PHP stripslashes(): drops each backslash, `\\` becomes `\`, `\0` becomes NUL. */
export function stripSlashes(s: string): string {
  return s.replace(/\\([\s\S]?)/g, (_m, next: string) => (next === '0' ? '\0' : next));
}

/** PHP addslashes(): backslash before `'`, `"`, `\` and NUL (NUL written as `\0`). */
export function addSlashes(s: string): string {
  return s.replace(/['"\\\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`));
}

/** preg_quote(): the string as a literal inside a regular expression. */
export function pregQuote(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** PHP urlencode(): only `A-Za-z0-9-_.` kept, space as `+`. */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** PHP urldecode(): `+` as space; malformed escapes kept as written. */
export function phpUrldecode(value: string): string {
  return value.replace(/\+/g, ' ').replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const C_ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', a: '\x07', t: '\t', v: '\v', b: '\b', f: '\f', '\\': '\\' };

/** PHP stripcslashes(): C escapes (`\n`, `\x41`, `\101`…) decoded, any other escaped character kept alone. */
export function stripCSlashes(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|[\s\S])/g, (_m, escape: string) => {
    if (escape.length > 1 && escape[0] === 'x') return String.fromCharCode(parseInt(escape.slice(1), 16));
    if (/^[0-7]/.test(escape)) return String.fromCharCode(parseInt(escape, 8) & 0xff);
    return C_ESCAPES[escape] ?? escape;
  });
}

/** PHP's (int) cast of a string: its leading number, truncated. */
export function toInt(s: string): number {
  const n = Math.trunc(toFloat(s));
  return Number.isFinite(n) ? n : 0;
}

/** PHP's truthiness of a string: all but "" and "0". */
export const isTruthy = (s: string): boolean => s !== '' && s !== '0';
