// Application-password hashes as WordPress writes and checks them
// (WP_Application_Passwords::check_password → wp_verify_fast_hash / wp_check_password).
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { blake2b } from '@noble/hashes/blake2.js';
import bcrypt from 'bcryptjs';

const GENERIC_PREFIX = '$generic$';
const FAST_HASH_KEY = new TextEncoder().encode('wp_fast_hash_6.8+');
const PHPASS_ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** phpass `PasswordHash(8, true)` as used by WordPress: log2(iterations) = 8 + 5. */
const PHPASS_COST_LOG2 = 13;
const MAX_PASSWORD_BYTES = 4096;
const PASSWORD_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export type ApplicationPasswordHashFormat = 'generic' | 'phpass';

/**
 * Order follows WordPress 6.8: `$generic$`, then (wp_check_password) hashes of at most 32
 * characters as MD5 hex, `$wp…` (bcrypt over base64 HMAC-SHA384), `$P$`/`$H$` phpass, and
 * `$2a$`/`$2b$`/`$2y$` bcrypt. `$H$` is only accepted by WordPress < 6.8; it is kept for old rows.
 * Argon2 and other `password_verify` formats are not supported and never match.
 */
export function verifyApplicationPassword(plain: string, hash: string): boolean {
  if (hash.startsWith(GENERIC_PREFIX)) return safeEqual(hash, fastHash(plain));
  if (hash.length <= 32) return safeEqual(hash, createHash('md5').update(plain, 'utf8').digest('hex'));
  if (Buffer.byteLength(plain, 'utf8') > MAX_PASSWORD_BYTES) return false;
  if (hash.startsWith('$wp')) return bcryptVerify(sha384Prehash(plain), hash.slice(3));
  if (hash.startsWith('$P$') || hash.startsWith('$H$')) {
    const computed = phpassCrypt(plain, hash);
    return computed !== null && safeEqual(hash, computed);
  }
  if (/^\$2[aby]\$/.test(hash)) return bcryptVerify(plain, hash);
  return false;
}

export function hashApplicationPassword(plain: string, format: ApplicationPasswordHashFormat = 'generic'): string {
  if (format === 'generic') return fastHash(plain);
  const setting = '$P$' + PHPASS_ITOA64[PHPASS_COST_LOG2] + phpassEncode64(randomBytes(6), 6);
  const hash = phpassCrypt(plain, setting);
  if (hash === null) throw new Error('phpass setting rejected');
  return hash;
}

/** `wp_generate_password(24, false)`. */
export function generateApplicationPassword(): string {
  let out = '';
  for (let i = 0; i < 24; i++) out += PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)];
  return out;
}

/** `WP_Application_Passwords::chunk_password`: groups of 4 separated by spaces. */
export function chunkApplicationPassword(pw: string): string {
  return (pw.match(/[\s\S]{1,4}/g) ?? []).join(' ').trim();
}

/** `preg_replace('/[^a-z\d]/i', '', $password)` from wp_authenticate_application_password. */
export function normalizeSuppliedPassword(pw: string): string {
  return pw.replace(/[^a-z0-9]/gi, '');
}

/** `wp_fast_hash`: keyed BLAKE2b (libsodium generichash), 30 bytes, base64url without padding. */
function fastHash(plain: string): string {
  const digest = blake2b(new TextEncoder().encode(plain), { key: FAST_HASH_KEY, dkLen: 30 });
  return GENERIC_PREFIX + Buffer.from(digest).toString('base64url');
}

function sha384Prehash(plain: string): string {
  return createHmac('sha384', 'wp-sha384').update(plain, 'utf8').digest('base64');
}

function bcryptVerify(plain: string, hash: string): boolean {
  try {
    return bcrypt.compareSync(plain, hash);
  } catch {
    return false;
  }
}

/** phpass `crypt_private`; null where phpass would return its `*0`/`*1` failure marker. */
function phpassCrypt(plain: string, setting: string): string | null {
  const costLog2 = PHPASS_ITOA64.indexOf(setting[3] ?? '');
  if (costLog2 < 7 || costLog2 > 30) return null;
  const salt = setting.slice(4, 12);
  if (salt.length !== 8) return null;
  const password = Buffer.from(plain, 'utf8');
  let hash = createHash('md5').update(salt, 'latin1').update(password).digest();
  for (let count = 2 ** costLog2; count > 0; count--) {
    hash = createHash('md5').update(hash).update(password).digest();
  }
  return setting.slice(0, 12) + phpassEncode64(hash, 16);
}

/** phpass `encode64`: little-endian 6-bit groups over the `./0-9A-Za-z` alphabet. */
function phpassEncode64(input: Uint8Array, count: number): string {
  let out = '';
  let i = 0;
  do {
    let value = input[i++]!;
    out += PHPASS_ITOA64[value & 0x3f];
    if (i < count) value |= input[i]! << 8;
    out += PHPASS_ITOA64[(value >> 6) & 0x3f];
    if (i++ >= count) break;
    if (i < count) value |= input[i]! << 16;
    out += PHPASS_ITOA64[(value >> 12) & 0x3f];
    if (i++ >= count) break;
    out += PHPASS_ITOA64[(value >> 18) & 0x3f];
  } while (i < count);
  return out;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
