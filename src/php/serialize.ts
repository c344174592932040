// PHP serialize()/unserialize() for the scalar and array values WordPress stores in meta and
// option rows. Lengths in `s:<n>:"…";` are UTF-8 byte counts, so parsing works on bytes.
//
// Array model: a PHP array whose keys are exactly 0..n-1 in order becomes a JS array; any other
// array becomes a plain object with string keys. JS objects enumerate integer-like keys first and
// in ascending order, so the stored order of integer keys (or of integer keys mixed with string
// keys) is not preserved; the order of non-integer string keys is. On output, integer-like object
// keys are written as `i:` keys, as PHP itself would store them. An empty PHP array is `[]`.
//
// Numbers: safe integers are written as `i:`, everything else as `d:` (PHP float formatting with
// serialize_precision = -1). `i:` values beyond 2^53 lose precision. Objects (`O:`, `C:`, `E:`)
// and references (`r:`, `R:`) are not supported.

import { phpTrim } from '../text/php.ts';

export type PhpValue = string | number | boolean | null | PhpValue[] | { [key: string]: PhpValue };

export class PhpUnserializeError extends Error {
  constructor(message: string, readonly offset: number) {
    super(`Malformed PHP serialized data at byte ${offset}: ${message}`);
    this.name = 'PhpUnserializeError';
  }
}

export function phpSerialize(value: PhpValue): string {
  if (value === null) return 'N;';
  switch (typeof value) {
    case 'string':
      return `s:${Buffer.byteLength(value, 'utf8')}:"${value}";`;
    case 'boolean':
      return value ? 'b:1;' : 'b:0;';
    case 'number':
      return Number.isSafeInteger(value) ? `i:${value};` : `d:${formatPhpFloat(value)};`;
  }
  if (Array.isArray(value)) {
    return `a:${value.length}:{${value.map((item, i) => `i:${i};${phpSerialize(item)}`).join('')}}`;
  }
  const entries = Object.entries(value);
  return `a:${entries.length}:{${entries.map(([k, v]) => serializeKey(k) + phpSerialize(v)).join('')}}`;
}

const INT_KEY = /^(?:0|-?[1-9][0-9]*)$/;

function serializeKey(key: string): string {
  return INT_KEY.test(key) && Number.isSafeInteger(Number(key)) ? `i:${key};` : phpSerialize(key);
}

/** PHP's `%.17H`-style output (zend_gcvt, mode 0): shortest round-trip digits, E-notation
 *  when the decimal exponent is below -4 or above 17, no forced `.0`. */
export function formatPhpFloat(n: number): string {
  if (Number.isNaN(n)) return 'NAN';
  if (!Number.isFinite(n)) return n > 0 ? 'INF' : '-INF';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const sign = n < 0 ? '-' : '';
  const [mantissa, exponent] = Math.abs(n).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const decpt = Number(exponent) + 1;
  if (decpt < -3 || decpt > 17) {
    const exp = decpt - 1;
    return `${sign}${digits[0]}.${digits.slice(1) || '0'}E${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (digits.length <= decpt) return sign + digits + '0'.repeat(decpt - digits.length);
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

/** Strict: the whole input must be exactly one serialized value. */
export function phpUnserialize(s: string): PhpValue {
  const parser = new Parser(s);
  const value = parser.value();
  if (parser.pos !== parser.bytes.length) throw new PhpUnserializeError('unexpected trailing data', parser.pos);
  return value;
}

/** WordPress `maybe_unserialize`: unserialize when `is_serialized`, else return the input as is.
 *  Like PHP, trailing data after the value is ignored and a failed unserialize yields `false`. */
export function maybeUnserialize(s: string): PhpValue {
  if (!isSerialized(s)) return s;
  try {
    return new Parser(phpTrim(s)).value();
  } catch (err) {
    if (err instanceof PhpUnserializeError) return false;
    throw err;
  }
}

/** WordPress `is_serialized($data, true)`. */
export function isSerialized(data: string): boolean {
  const s = phpTrim(data);
  if (s === 'N;') return true;
  if (s.length < 4 || s[1] !== ':') return false;
  const last = s[s.length - 1];
  if (last !== ';' && last !== '}') return false;
  switch (s[0]) {
    case 's':
      return s[s.length - 2] === '"' && /^s:[0-9]+:/.test(s);
    case 'a':
    case 'O':
    case 'E':
      return /^[aOE]:[0-9]+:/.test(s);
    case 'b':
    case 'i':
    case 'd':
      return /^[bid]:[0-9.E+-]+;$/.test(s);
    default:
      return false;
  }
}


const NON_ASCII = /[^\x00-\x7f]/;
const INT_RE = /^[+-]?[0-9]+$/;
const FLOAT_RE = /^(?:[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|NAN|-?INF)$/;

class Parser {
  pos = 0;

  /** The input with one character per UTF-8 byte (itself when ASCII), so that byte offsets index it. */
  readonly bytes: string;
  readonly #ascii: boolean;

  constructor(input: string) {
    this.#ascii = !NON_ASCII.test(input);
    this.bytes = this.#ascii ? input : Buffer.from(input, 'utf8').toString('latin1');
  }

  /** The text these bytes encode. */
  text(start: number, end: number): string {
    const bytes = this.bytes.slice(start, end);
    return this.#ascii ? bytes : Buffer.from(bytes, 'latin1').toString('utf8');
  }

  value(): PhpValue {
    const start = this.pos;
    const type = this.char();
    if (type === 'N') {
      this.expect(';');
      return null;
    }
    this.expect(':');
    switch (type) {
      case 's':
        return this.stringBody();
      case 'i':
        return Number(this.token(';', INT_RE, 'integer'));
      case 'd':
        return parseFloatToken(this.token(';', FLOAT_RE, 'float'));
      case 'b': {
        const b = this.token(';', /^[01]$/, 'boolean');
        return b === '1';
      }
      case 'a':
        return this.arrayBody();
      default:
        throw new PhpUnserializeError(`unsupported value type '${type}'`, start);
    }
  }

  private stringBody(): string {
    const length = Number(this.token(':', /^[0-9]+$/, 'string length'));
    this.expect('"');
    const end = this.pos + length;
    if (end > this.bytes.length) throw new PhpUnserializeError('string length exceeds input', this.pos);
    const str = this.text(this.pos, end);
    this.pos = end;
    this.expect('"');
    this.expect(';');
    return str;
  }

  private arrayBody(): PhpValue[] | { [key: string]: PhpValue } {
    const count = Number(this.token(':', /^[0-9]+$/, 'array count'));
    this.expect('{');
    const entries: [string, PhpValue][] = [];
    let sequential = true;
    for (let i = 0; i < count; i++) {
      const key = this.key();
      if (key !== String(i)) sequential = false;
      entries.push([key, this.value()]);
    }
    this.expect('}');
    if (sequential) return entries.map(([, v]) => v);
    const obj: { [key: string]: PhpValue } = {};
    for (const [k, v] of entries) obj[k] = v;
    return obj;
  }

  key(): string {
    const start = this.pos;
    const type = this.char();
    this.expect(':');
    if (type === 'i') return String(Number(this.token(';', INT_RE, 'integer key')));
    if (type === 's') return this.stringBody();
    throw new PhpUnserializeError(`invalid array key type '${type}'`, start);
  }

  token(terminator: string, pattern: RegExp, what: string): string {
    const start = this.pos;
    const end = this.bytes.indexOf(terminator, start);
    if (end < 0) throw new PhpUnserializeError(`unterminated ${what}`, start);
    const text = this.bytes.slice(start, end);
    if (!pattern.test(text)) throw new PhpUnserializeError(`invalid ${what} '${text}'`, start);
    this.pos = end + 1;
    return text;
  }

  char(): string {
    if (this.pos >= this.bytes.length) throw new PhpUnserializeError('unexpected end of input', this.pos);
    return this.bytes[this.pos++]!;
  }

  expect(c: string): void {
    const at = this.pos;
    if (this.char() !== c) throw new PhpUnserializeError(`expected '${c}'`, at);
  }
}

function parseFloatToken(t: string): number {
  if (t === 'NAN') return NaN;
  if (t === 'INF') return Infinity;
  if (t === '-INF') return -Infinity;
  return Number(t);
}

/** One entry of a serialized array as stored: its key, and its key and value exactly as serialized. */
interface StoredEntry {
  key: string;
  raw: string;
  /** Where the value starts in `raw`. */
  valueAt: number;
}

/**
 * A serialized PHP array edited in place: the entries not set or deleted keep their bytes and
 * their order (PHP floats, integer keys, nested arrays, whatever they hold), a set key keeps its
 * place and a new one goes last, as PHP's `$array[$key] = $value` does.
 */
export class SerializedArray {
  private constructor(private readonly entries: StoredEntry[]) {}

  /** The array `s` holds; an empty one for an empty string; null when `s` is anything else. */
  static parse(s: string): SerializedArray | null {
    if (s === '') return new SerializedArray([]);
    const parser = new Parser(s);
    try {
      if (parser.char() !== 'a') return null;
      parser.expect(':');
      const count = Number(parser.token(':', /^[0-9]+$/, 'array count'));
      parser.expect('{');
      const entries: StoredEntry[] = [];
      for (let i = 0; i < count; i++) {
        const start = parser.pos;
        const key = parser.key();
        const valueStart = parser.pos;
        parser.value();
        entries.push({ key, raw: parser.text(start, parser.pos), valueAt: parser.text(start, valueStart).length });
      }
      parser.expect('}');
      if (parser.pos !== parser.bytes.length) return null;
      return new SerializedArray(entries);
    } catch (error) {
      if (error instanceof PhpUnserializeError) return null;
      throw error;
    }
  }

  has(key: string): boolean {
    return this.entries.some((entry) => entry.key === key);
  }

  get(key: string): PhpValue | undefined {
    const entry = this.entries.find((candidate) => candidate.key === key);
    return entry && phpUnserialize(entry.raw.slice(entry.valueAt));
  }

  keys(): string[] {
    return this.entries.map((entry) => entry.key);
  }

  set(key: string, value: PhpValue): this {
    const keyRaw = serializeKey(key);
    const entry: StoredEntry = { key, raw: keyRaw + phpSerialize(value), valueAt: keyRaw.length };
    const at = this.entries.findIndex((candidate) => candidate.key === key);
    if (at >= 0) this.entries[at] = entry;
    else this.entries.push(entry);
    return this;
  }

  delete(key: string): this {
    const at = this.entries.findIndex((candidate) => candidate.key === key);
    if (at >= 0) this.entries.splice(at, 1);
    return this;
  }

  toString(): string {
    return `a:${this.entries.length}:{${this.entries.map((entry) => entry.raw).join('')}}`;
  }
}
