// The `_application_passwords` user meta: a PHP-serialized list of items (spec conventions §5.3).
import { randomUUID } from 'node:crypto';
import { maybeUnserialize, phpSerialize, type PhpValue } from '../php/serialize.ts';
import { normalizeSuppliedPassword, verifyApplicationPassword } from './password-hashes.ts';

export const APPLICATION_PASSWORDS_META_KEY = '_application_passwords';

export interface ApplicationPasswordItem {
  uuid: string;
  app_id: string;
  name: string;
  password: string;
  created: number;
  last_used: number | null;
  last_ip: string | null;
}

type PhpMap = { [key: string]: PhpValue };

/**
 * Tolerant reader: anything that is not a serialized array yields []; entries that are not
 * associative arrays are skipped. The stored list may have gaps in its keys (WordPress unsets
 * deleted entries without re-indexing). Like WordPress, an entry without `uuid` gets a fresh one;
 * callers that rewrite the meta persist it.
 */
export function parseApplicationPasswords(metaValue: string | null): ApplicationPasswordItem[] {
  if (metaValue === null) return [];
  const list = maybeUnserialize(metaValue);
  if (!isMap(list) && !Array.isArray(list)) return [];
  return Object.values(list).filter(isMap).map(toItem);
}

export function serializeApplicationPasswords(items: readonly ApplicationPasswordItem[]): string {
  return phpSerialize(
    items.map((item) => ({
      uuid: item.uuid,
      app_id: item.app_id,
      name: item.name,
      password: item.password,
      created: item.created,
      last_used: item.last_used,
      last_ip: item.last_ip,
    })),
  );
}

export function newApplicationPasswordItem(name: string, hash: string, now: number): ApplicationPasswordItem {
  return { uuid: randomUUID(), app_id: '', name, password: hash, created: now, last_used: null, last_ip: null };
}

/** First item whose hash matches the supplied password after WordPress's normalization. */
export function findMatchingPassword(
  items: readonly ApplicationPasswordItem[],
  suppliedPlain: string,
  verify: (plain: string, hash: string) => boolean = verifyApplicationPassword,
): ApplicationPasswordItem | undefined {
  const plain = normalizeSuppliedPassword(suppliedPlain);
  return items.find((item) => verify(plain, item.password));
}

function isMap(v: PhpValue): v is PhpMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toItem(raw: PhpMap): ApplicationPasswordItem {
  const uuid = raw['uuid'];
  return {
    uuid: uuid === undefined || uuid === null ? randomUUID() : asString(uuid),
    app_id: asString(raw['app_id']),
    name: asString(raw['name']),
    password: asString(raw['password']),
    created: asInt(raw['created']) ?? 0,
    last_used: asInt(raw['last_used']),
    last_ip: typeof raw['last_ip'] === 'string' ? raw['last_ip'] : null,
  };
}

function asString(v: PhpValue | undefined): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return '';
}

function asInt(v: PhpValue | undefined): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : null;
}
