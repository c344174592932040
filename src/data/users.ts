import type { Reader, Writer } from './executor.ts';
import type { UserRow } from './tables.ts';

export async function findUserByLogin(db: Reader, login: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_login', '=', login).executeTakeFirst();
}

export async function findUserByEmail(db: Reader, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_email', '=', email).executeTakeFirst();
}

export async function userExists(db: Reader, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('ID').where('ID', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function getUserMeta(db: Reader, userId: number, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('usermeta').select('meta_value')
    .where('user_id', '=', userId).where('meta_key', '=', key)
    .orderBy('umeta_id').executeTakeFirst();
  return row ? row.meta_value ?? '' : undefined;
}

/** update_user_meta: rewrites the first row of that key, or adds one. */
export async function setUserMeta(db: Writer, userId: number, key: string, value: string): Promise<void> {
  const existing = await db.selectFrom('usermeta').select('umeta_id')
    .where('user_id', '=', userId).where('meta_key', '=', key).orderBy('umeta_id').executeTakeFirst();
  if (existing) {
    await db.updateTable('usermeta').set({ meta_value: value }).where('umeta_id', '=', existing.umeta_id).execute();
  } else {
    await db.insertInto('usermeta').values({ user_id: userId, meta_key: key, meta_value: value }).execute();
  }
}

export interface NewUser {
  login: string;
  email: string;
  displayName: string;
  registered: string;
  /** user_pass: WordPress needs a hash here; wpcal never logs in with it. */
  passwordHash: string;
}

export async function insertUser(db: Writer, user: NewUser): Promise<number> {
  const result = await db.insertInto('users').values({
    user_login: user.login,
    user_pass: user.passwordHash,
    user_nicename: user.login.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-').slice(0, 50),
    user_email: user.email,
    user_url: '',
    user_registered: user.registered,
    user_activation_key: '',
    user_status: 0,
    display_name: user.displayName,
  }).executeTakeFirstOrThrow();
  return Number(result.insertId);
}
