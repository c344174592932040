// The members of a JSON object, read from its bytes a chunk at a time without holding the
// document: each member's value is handed over as its text (for JSON.parse, which also checks
// it), except where the caller descends into a top-level member's object, whose members are
// then handed over one by one. Byte offsets say where a descended object is, so that a later
// pass reads that part of the file again. Only the structure between the values is checked
// here; every value is checked by JSON.parse, so a document passes only when it is valid JSON.
import { isUtf8 } from 'node:buffer';

/** What is wrong at byte `offset` of the input: not JSON, not UTF-8 text, or a top level that is no object. */
export class JsonSyntaxError extends Error {
  constructor(readonly offset: number, reason: string, readonly kind: 'syntax' | 'not-utf8' | 'not-object' = 'syntax') {
    super(reason);
  }
}

export interface MemberHandlers {
  /** Whether the value of this top-level member, when it is an object, is descended into. */
  descend?(key: string): boolean;
  /** A member of the top-level object (not descended into), or of a descended object (`parent`: its key). */
  member(key: string, text: string, start: number, parent?: string): void;
  /** A descended object starts at `start` (its `{`) and ends before `end` (after its `}`). */
  open?(key: string, start: number): void;
  close?(key: string, end: number): void;
}

const enum State { Root, KeyOrEnd, Key, Colon, Value, CommaOrEnd, Done }

const enum Byte {
  Tab = 0x09, Newline = 0x0a, Return = 0x0d, Space = 0x20, Quote = 0x22, Comma = 0x2c, Colon = 0x3a,
  Backslash = 0x5c, OpenBracket = 0x5b, CloseBracket = 0x5d, OpenBrace = 0x7b, CloseBrace = 0x7d,
}

const isSpace = (byte: number): boolean => byte === Byte.Space || byte === Byte.Newline || byte === Byte.Return || byte === Byte.Tab;

/** Where the string starting at `from` (its opening quote) ends, after its closing quote; -1: not in `buf`. */
function stringEnd(buf: Buffer, from: number): number {
  let quote = buf.indexOf(Byte.Quote, from + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (buf[quote - 1 - backslashes] === Byte.Backslash) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = buf.indexOf(Byte.Quote, quote + 1);
  }
  return -1;
}

/**
 * Where the value starting at `from` ends: after its closing bracket or quote, or at the byte
 * ending a number or literal. -1: not in `buf` (a number or literal at its very end may go on in
 * the next chunk). Brackets are counted, not matched: JSON.parse checks the value found.
 */
function valueEnd(buf: Buffer, from: number): number {
  const first = buf[from];
  if (first === Byte.Quote) return stringEnd(buf, from);
  if (first !== Byte.OpenBrace && first !== Byte.OpenBracket) {
    for (let i = from; i < buf.length; i++) {
      const byte = buf[i];
      if (byte === Byte.Comma || byte === Byte.CloseBrace || byte === Byte.CloseBracket || isSpace(byte)) return i;
    }
    return -1;
  }
  let depth = 0;
  for (let i = from; i < buf.length; i++) {
    const byte = buf[i];
    if (byte === Byte.Quote) {
      const end = stringEnd(buf, i);
      if (end === -1) return -1;
      i = end - 1;
    } else if (byte === Byte.OpenBrace || byte === Byte.OpenBracket) {
      depth++;
    } else if ((byte === Byte.CloseBrace || byte === Byte.CloseBracket) && --depth === 0) {
      return i + 1;
    }
  }
  return -1;
}

/** No backslash and no control character (which JSON does not allow unescaped) in bytes `from` to `to`. */
function plainString(buf: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (buf[i] === Byte.Backslash || buf[i] < Byte.Space) return false;
  return true;
}

const TRUNCATED = 'the file ends before the JSON document does (is it truncated?)';

const printable = (byte: number): string => (byte >= 0x20 && byte < 0x7f ? `"${String.fromCharCode(byte)}"` : `byte 0x${byte.toString(16).padStart(2, '0')}`);

/** Reads one JSON object: write() its bytes in order, then end(). Throws JsonSyntaxError. */
export class ObjectScanner {
  /** The bytes not consumed yet, and the offset of their first in the input. */
  private buf: Buffer = Buffer.alloc(0);
  private base = 0;
  private state = State.Root;
  /** The key of the member being read, and of the descended object it is in (if any). */
  private key = '';
  private parent: string | undefined;

  constructor(private readonly handlers: MemberHandlers) {}

  write(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const consumed = this.scan();
    this.base += consumed;
    this.buf = this.buf.subarray(consumed);
  }

  end(): void {
    this.scan(true);
    if (this.state !== State.Done) this.fail(this.buf.length, TRUNCATED);
  }

  private fail(at: number, reason: string, kind?: JsonSyntaxError['kind']): never {
    throw new JsonSyntaxError(this.base + at, reason, kind);
  }

  /** The text of bytes `from` to `to`, which must be UTF-8. */
  private text(from: number, to: number): string {
    const bytes = this.buf.subarray(from, to);
    if (!isUtf8(bytes)) this.fail(from, 'not UTF-8 text', 'not-utf8');
    return bytes.toString('utf8');
  }

  private parseKey(from: number, to: number): string {
    // Most keys have no escape and no control character: their text is the bytes between the quotes.
    if (plainString(this.buf, from + 1, to - 1)) return this.text(from + 1, to - 1);
    try {
      return JSON.parse(this.text(from, to)) as string;
    } catch (error) {
      if (error instanceof JsonSyntaxError) throw error;
      return this.fail(from, `a key that is not a JSON string (${(error as Error).message})`);
    }
  }

  /** Consumes what it can of `buf`; returns how many bytes. `final`: no more bytes will come. */
  private scan(final = false): number {
    const buf = this.buf;
    let i = 0;
    if (this.base === 0 && this.state === State.Root && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3;
    for (;;) {
      while (i < buf.length && isSpace(buf[i])) i++;
      if (i >= buf.length) return i;
      const byte = buf[i];
      switch (this.state) {
        case State.Root:
          if (byte !== Byte.OpenBrace) this.fail(i, 'the top level must be an object', 'not-object');
          this.state = State.KeyOrEnd;
          i++;
          break;
        case State.KeyOrEnd:
        case State.Key: {
          if (byte === Byte.CloseBrace && this.state === State.KeyOrEnd) {
            i = this.closeObject(i);
            break;
          }
          if (byte !== Byte.Quote) this.fail(i, `expected a key in quotes, found ${printable(byte)}`);
          const end = stringEnd(buf, i);
          if (end === -1) return i;
          this.key = this.parseKey(i, end);
          this.state = State.Colon;
          i = end;
          break;
        }
        case State.Colon:
          if (byte !== Byte.Colon) this.fail(i, `expected ":" after the key "${this.key}", found ${printable(byte)}`);
          this.state = State.Value;
          i++;
          break;
        case State.Value: {
          if (this.parent === undefined && byte === Byte.OpenBrace && this.handlers.descend?.(this.key)) {
            this.parent = this.key;
            this.handlers.open?.(this.key, this.base + i);
            this.state = State.KeyOrEnd;
            i++;
            break;
          }
          const end = valueEnd(buf, i);
          if (end === -1) {
            // The document goes on after any value: one that the input ends in is cut short.
            if (final) this.fail(i, TRUNCATED);
            return i;
          }
          this.handlers.member(this.key, this.text(i, end), this.base + i, this.parent);
          this.state = State.CommaOrEnd;
          i = end;
          break;
        }
        case State.CommaOrEnd:
          if (byte === Byte.Comma) {
            this.state = State.Key;
            i++;
          } else if (byte === Byte.CloseBrace) {
            i = this.closeObject(i);
          } else {
            this.fail(i, `expected "," or "}" after the value of "${this.key}", found ${printable(byte)}`);
          }
          break;
        case State.Done:
          this.fail(i, `${printable(byte)} after the end of the JSON document`);
      }
    }
  }

  /** At the `}` at `at`: closes the descended object, or the document. Returns the next byte's index. */
  private closeObject(at: number): number {
    if (this.parent === undefined) {
      this.state = State.Done;
    } else {
      this.handlers.close?.(this.parent, this.base + at + 1);
      this.key = this.parent;
      this.parent = undefined;
      this.state = State.CommaOrEnd;
    }
    return at + 1;
  }
}
