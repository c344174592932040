// Creating users and application passwords the way WordPress stores them.
import crypto from 'node:crypto';
import type { Db } from '../data/connect.ts';
import { setOption } from '../data/options.ts';
import type { Writer } from '../data/executor.ts';
import { findUserByLogin, getUserMeta, insertUser, setUserMeta } from '../data/users.ts';
import { phpSerialize } from '../php/serialize.ts';
import { USER_LEVELS, type RoleName } from '../auth/roles.ts';
import {
  generateApplicationPassword, hashApplicationPassword,
} from '../auth/password-hashes.ts';
import {
  newApplicationPasswordItem, parseApplicationPasswords, serializeApplicationPasswords,
} from '../auth/application-passwords.ts';

export class UserError extends Error {}

function utcNow(): string {
  return new Date().toISOString().slice(0, 19).replace('T', ' ');
}

async function addApplicationPassword(db: Writer, userId: number, name: string): Promise<string> {
  const items = parseApplicationPasswords((await getUserMeta(db, userId, '_application_passwords')) ?? null);
  if (items.some((item) => item.name.toLowerCase() === name.toLowerCase())) {
    throw new UserError(`the user already has an application password named "${name}"`);
  }
  const password = generateApplicationPassword();
  items.push(newApplicationPasswordItem(name, hashApplicationPassword(password), Math.floor(Date.now() / 1000)));
  await setUserMeta(db, userId, '_application_passwords', serializeApplicationPasswords(items));
  // WordPress ignores application passwords until this flag is set.
  await setOption(db, 'using_application_passwords', '1');
  return password;
}

export interface CreatedUser {
  id: number;
  password: string;
}

/** `locale`: the user's language, "" for the site's (WordPress's own default). */
export async function createUser(db: Db, login: string, role: RoleName, email: string | undefined, locale = ''): Promise<CreatedUser> {
  return db.write(async (trx) => {
    if (await findUserByLogin(trx, login)) throw new UserError(`a user named "${login}" already exists`);
    const id = await insertUser(trx, {
      login,
      email: email ?? '',
      displayName: login,
      registered: utcNow(),
      passwordHash: hashApplicationPassword(crypto.randomBytes(24).toString('base64'), 'phpass'),
    });
    const meta: Array<[string, string]> = [
      ['nickname', login], ['first_name', ''], ['last_name', ''], ['description', ''],
      ['rich_editing', 'true'], ['syntax_highlighting', 'true'], ['comment_shortcuts', 'false'],
      ['admin_color', 'fresh'], ['use_ssl', '0'], ['show_admin_bar_front', 'true'], ['locale', locale],
      [`${db.prefix}capabilities`, phpSerialize({ [role]: true })],
      [`${db.prefix}user_level`, String(USER_LEVELS[role])],
    ];
    for (const [key, value] of meta) await setUserMeta(trx, id, key, value);
    const password = await addApplicationPassword(trx, id, 'wpcal');
    return { id, password };
  });
}

export async function setUserLocale(db: Db, login: string, locale: string): Promise<void> {
  await db.write(async (trx) => {
    const user = await findUserByLogin(trx, login);
    if (!user) throw new UserError(`no user named "${login}"`);
    await setUserMeta(trx, user.ID, 'locale', locale);
  });
}

export async function createApplicationPassword(db: Db, login: string, name: string | undefined): Promise<string> {
  return db.write(async (trx) => {
    const user = await findUserByLogin(trx, login);
    if (!user) throw new UserError(`no user named "${login}"`);
    const items = parseApplicationPasswords((await getUserMeta(trx, user.ID, '_application_passwords')) ?? null);
    return addApplicationPassword(trx, user.ID, name ?? `wpcal${items.length + 1}`);
  });
}
