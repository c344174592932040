// HTTP Basic with WordPress application passwords (conventions.md §5.2).
import { createHash } from 'node:crypto';
import type { Db } from '../data/connect.ts';
import { namesWhatItTouches } from '../data/transaction.ts';
import type { Reader } from '../data/executor.ts';
import { getOption } from '../data/options.ts';
import { findLoginCandidate, getUserMeta, setUserMeta, type LoginCandidate } from '../data/users.ts';
import { maybeUnserialize } from '../php/serialize.ts';
import { RestError } from '../domain/errors.ts';
import { findMatchingPassword, parseApplicationPasswords, serializeApplicationPasswords } from './application-passwords.ts';
import { buildUser, roleTableFrom, type CurrentUser } from './capabilities.ts';
import { defaultRoles, type RoleTable } from './roles.ts';
import type { VerifiedPasswords } from './verified-passwords.ts';
import { __, type Phrase } from '../i18n/phrase.ts';

const BASIC = /^Basic ([A-Za-z0-9/+]*={0,2})$/;
const DAY = 86400;

export interface Credentials {
  login: string;
  password: string;
}

/** The credentials of a well-formed Basic header; anything else means an anonymous request. */
export function parseBasic(header: string | undefined): Credentials | null {
  const m = header ? BASIC.exec(header.trim()) : null;
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A digest of credentials, to key what is kept per client without keeping the password. */
export function credentialsDigest({ login, password }: Credentials): string {
  return createHash('sha256').update(`${login}\n${password}`).digest('base64');
}

const unauthorized = (code: string, message: Phrase): RestError => RestError.withStatus(code, message, 401);

export async function loadRoleTable(db: Reader, prefix: string): Promise<RoleTable> {
  const stored = await getOption(db, `${prefix}user_roles`);
  if (stored === undefined) return defaultRoles();
  const table = roleTableFrom(maybeUnserialize(stored));
  return Object.keys(table).length ? table : defaultRoles();
}

export interface AuthenticateOptions {
  db: Reader;
  write: Db['write'];
  prefix: string;
  roles: () => Promise<RoleTable>;
  verified: VerifiedPasswords;
  clientIp: string;
  now?: () => number;
}

/** The account a login names: by user_login, else by user_email when it looks like one. */
async function findAccount(db: Reader, login: string, capabilitiesKey: string): Promise<LoginCandidate | undefined> {
  const byLogin = await findLoginCandidate(db, 'user_login', login, capabilitiesKey);
  if (byLogin || !login.includes('@')) return byLogin;
  return findLoginCandidate(db, 'user_email', login, capabilitiesKey);
}

const inUse = (option: string | null | undefined): boolean => !!option && option !== '0';

/**
 * Returns the user, null for anonymous requests, or throws the 401 WordPress answers. A known
 * user costs one query (plus the `last_used` write once a day).
 */
export async function authenticate(header: string | undefined, options: AuthenticateOptions): Promise<CurrentUser | null> {
  const credentials = parseBasic(header);
  if (!credentials) return null;
  const { db } = options;
  const account = await findAccount(db, credentials.login, `${options.prefix}capabilities`);
  if (!account) {
    if (!inUse(await getOption(db, 'using_application_passwords'))) return null;
    if (credentials.login.includes('@')) throw unauthorized('invalid_email', __('<strong>Error:</strong> Unknown email address. Check again or try your username.'));
    throw unauthorized('invalid_username', __('<strong>Error:</strong> Unknown username. Check again or try your email address.'));
  }
  if (!inUse(account.passwordsInUse)) return null;
  const { user } = account;

  const items = parseApplicationPasswords(account.applicationPasswords);
  const match = findMatchingPassword(items, credentials.password, (plain, hash) => options.verified.verify(plain, hash));
  if (!match) throw unauthorized('incorrect_password', __('The provided password is an invalid application password.'));

  const now = Math.floor((options.now ?? Date.now)() / 1000);
  if (match.last_used === null || now - match.last_used >= DAY) {
    const userId = user.ID;
    // Read again under the write lock: a password added or revoked meanwhile must survive.
    await options.write(async (trx) => {
      // Only the user's meta: nothing readers keep of the calendar.
      namesWhatItTouches(trx);
      const current = parseApplicationPasswords((await getUserMeta(trx, userId, '_application_passwords')) ?? null);
      const used = current.find((item) => item.password === match.password);
      if (!used) return;
      used.last_used = now;
      used.last_ip = options.clientIp;
      await setUserMeta(trx, userId, '_application_passwords', serializeApplicationPasswords(current));
    });
  }
  return buildUser(user.ID, user.user_login, maybeUnserialize(account.capabilities ?? ''), await options.roles());
}
