// JSON exactly as PHP's json_encode writes it with no flags: `/` escaped as `\/`, every
// non-ASCII character as a \uXXXX escape (surrogate pairs above the BMP).
import { randomBytes } from 'node:crypto';

const NON_ASCII = /[\u0080-\uffff]/g;

function escapeChar(ch: string): string {
  return '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');
}

function phpify(json: string): string {
  return json.replace(/\//g, '\\/').replace(NON_ASCII, escapeChar);
}

/**
 * A value kept as its encoding alone (phpJsonEncode's text, all ASCII, as bytes of its own, off the
 * JavaScript heap), copied as is into what phpJsonBytes writes, so a representation shared by many
 * answers is encoded once, and read back (toJSON) only by what looks inside it.
 */
export class EncodedJson {
  private constructor(readonly bytes: Buffer) {}

  /**
   * The value's phpJsonEncode text, which is all ASCII, so each character is one byte. Not looked
   * through for kept encodings (an event holds none; one found is written through its toJSON).
   */
  static of(value: unknown): EncodedJson {
    const json = phpify(JSON.stringify(value) ?? 'null');
    // Not from Buffer's shared pool: a kept slice would keep its neighbours' 8 KB alive.
    const bytes = Buffer.allocUnsafeSlow(json.length);
    bytes.write(json, 'latin1');
    return new EncodedJson(bytes);
  }

  get json(): string {
    return this.bytes.toString('latin1');
  }

  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/**
 * Stands for an EncodedJson in JSON.stringify's output until its text is put in. It starts with a
 * NUL character, which JSON.stringify writes as the six characters `\u0000`, and holds a random
 * word of this process: text that contains it can only have been put there.
 */
const SLOT = `\u0000${randomBytes(8).toString('hex')}:`;
const SLOT_IN_JSON = new RegExp(`"${JSON.stringify(SLOT).slice(1, -1).replace(/\\/g, '\\\\')}(\\d+)"`, 'g');

/** How deep EncodedJson values are looked for (a list's events sit at depth 2, 3 in an envelope). */
const SLOTTED_DEPTH = 3;

/**
 * The value with each EncodedJson within SLOTTED_DEPTH replaced by a slot (copies of the objects and
 * arrays on the way; the value itself is left alone), its text pushed to `texts`. Deeper ones are
 * written through their toJSON.
 */
function withSlots(value: unknown, texts: EncodedJson[], depth: number): unknown {
  if (value instanceof EncodedJson) {
    texts.push(value);
    return SLOT + String(texts.length - 1);
  }
  if (depth === 0 || value === null || typeof value !== 'object' || 'toJSON' in value) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const slotted = withSlots(item, texts, depth - 1);
      if (slotted !== item) (copy ??= [...value])[i] = slotted;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const slotted = withSlots(item, texts, depth - 1);
    if (slotted !== item) (copy ??= { ...record })[key] = slotted;
  }
  return copy ?? value;
}

/** The text with its EncodedJson values still in slots (pretty text has none: it is written whole). */
function slotted(value: unknown, pretty: boolean, texts: EncodedJson[]): string {
  // JSON.stringify already writes astral characters as two UTF-16 units, each escaped here.
  if (pretty) return phpify(JSON.stringify(value, null, 4) ?? 'null');
  return phpify(JSON.stringify(withSlots(value, texts, SLOTTED_DEPTH)) ?? 'null');
}

export function phpJsonEncode(value: unknown, pretty = false): string {
  const texts: EncodedJson[] = [];
  const php = slotted(value, pretty, texts);
  return texts.length ? php.replace(SLOT_IN_JSON, (_slot, index: string) => texts[Number(index)]!.json) : php;
}

/** Text and bytes, all ASCII (a character is a byte), to be written one after the other. */
export type JsonPieces = readonly (string | Buffer)[];

/**
 * phpJsonEncode's text as an answer is written: kept encodings as their own bytes, the text between
 * them as strings. Written piece by piece, an answer allocates no buffer of its size: a new one per
 * answer, off the JavaScript heap, made V8 collect the whole heap about every 64 MB of answers
 * (external memory pressure), a pause of 3–8 ms.
 */
export function phpJsonPieces(value: unknown, pretty = false): JsonPieces {
  const texts: EncodedJson[] = [];
  const php = slotted(value, pretty, texts);
  if (!texts.length) return [php];
  const pieces: (string | Buffer)[] = [];
  let from = 0;
  for (const slot of php.matchAll(SLOT_IN_JSON)) {
    if (slot.index > from) pieces.push(php.slice(from, slot.index));
    pieces.push(texts[Number(slot[1])]!.bytes);
    from = slot.index + slot[0].length;
  }
  if (from < php.length) pieces.push(php.slice(from));
  return pieces;
}

/** The number of bytes of these pieces (ASCII text: a character is a byte). */
export function piecesLength(pieces: JsonPieces): number {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return length;
}

/** The pieces as one buffer of its own (not from Buffer's shared pool: a kept one would keep its neighbours' 8 KB alive). */
export function piecesBytes(pieces: JsonPieces): Buffer {
  const bytes = Buffer.allocUnsafeSlow(piecesLength(pieces));
  let at = 0;
  for (const piece of pieces) at += typeof piece === 'string' ? bytes.write(piece, at, 'latin1') : piece.copy(bytes, at);
  return bytes;
}
