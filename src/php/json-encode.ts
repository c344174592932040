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
 * Objects marked as never changing again (markUnchanging), with their compact encoding once
 * written: an event representation shared by many answers is encoded once, not per answer.
 */
const unchanging = new WeakMap<object, string | null>();

/**
 * Stands for an unchanging object in JSON.stringify's output until its encoding is put in. It
 * starts with a NUL character, which JSON.stringify writes as the six characters `\u0000`, and
 * holds a random word of this process: text that contains it can only have been put there.
 */
const SLOT = `\u0000${randomBytes(8).toString('hex')}:`;
const SLOT_IN_JSON = new RegExp(`"${JSON.stringify(SLOT).slice(1, -1).replace(/\\/g, '\\\\')}(\\d+)"`, 'g');

/** Marks a value that nothing will change any more: its encoding is kept and reused. */
export function markUnchanging(value: object): void {
  if (!unchanging.has(value)) unchanging.set(value, null);
}

function encodedOnce(value: object): string {
  let json = unchanging.get(value);
  if (json == null) unchanging.set(value, json = phpify(JSON.stringify(value)));
  return json;
}

export function phpJsonEncode(value: unknown, pretty = false): string {
  // JSON.stringify already writes astral characters as two UTF-16 units, each escaped here.
  if (pretty) return phpify(JSON.stringify(value, null, 4) ?? 'null');
  if (value !== null && typeof value === 'object' && unchanging.has(value)) return encodedOnce(value);
  const slotted: string[] = [];
  const json = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || !unchanging.has(inner)) return inner;
    slotted.push(encodedOnce(inner));
    return SLOT + String(slotted.length - 1);
  });
  const php = phpify(json ?? 'null');
  return slotted.length ? php.replace(SLOT_IN_JSON, (_slot, index: string) => slotted[Number(index)]!) : php;
}
