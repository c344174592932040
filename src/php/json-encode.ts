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
 * A value kept as its encoding alone (phpJsonEncode's text, all ASCII: compact in memory), written
 * as is by phpJsonEncode, so a representation shared by many answers is encoded once, and read
 * back (toJSON) only by what looks inside it.
 */
export class EncodedJson {
  constructor(readonly json: string) {}

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

export function phpJsonEncode(value: unknown, pretty = false): string {
  // JSON.stringify already writes astral characters as two UTF-16 units, each escaped here.
  if (pretty) return phpify(JSON.stringify(value, null, 4) ?? 'null');
  if (value instanceof EncodedJson) return value.json;
  const slotted: string[] = [];
  const json = JSON.stringify(value, function slot(this: Record<string, unknown>, key: string, inner: unknown) {
    // The value as given, before its toJSON.
    const given = this[key];
    if (!(given instanceof EncodedJson)) return inner;
    slotted.push(given.json);
    return SLOT + String(slotted.length - 1);
  });
  const php = phpify(json ?? 'null');
  return slotted.length ? php.replace(SLOT_IN_JSON, (_slot, index: string) => slotted[Number(index)]!) : php;
}
