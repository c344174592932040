// Reading loosely typed field values (JSON entries, CSV cells) into record fields.
import { RecordError } from './tally.ts';

const TRUE = new Set(['true', 'yes', '1', 'on', 'y']);
const FALSE = new Set(['false', 'no', '0', 'off', 'n', '']);

/** A boolean, or `TRUE`/`Yes`/`1`/`on` and `FALSE`/`No`/`0`/`off`/empty (any case). */
export function readBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  throw new RecordError(`${field} "${String(value)}" is not a yes/no value`);
}

/** A string or number as text; undefined when absent. */
export function readText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new RecordError(`${field} must be text`);
}

/** One key or a list of keys. */
export function readKeys(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    const text = readText(item, field);
    if (text === undefined) throw new RecordError(`${field} must list keys or names`);
    return text;
  });
}
