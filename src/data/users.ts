import type { Reader, Writer } from './executor.ts';
import type { UserRow } from './tables.ts';

export async function findUserByLogin(db: Reader, login: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_login', '=', login).executeTakeFirst();
}

/** A user found by login or email, with what signing in reads besides the row. */
export interface LoginCandidate {
  user: UserRow;
  /** The first `_application_passwords` meta value, null when there is none. */
  applicationPasswords: string | null;
  /** The first `{prefix}capabilities` meta value, null when there is none. */
  capabilities: string | null;
  /** The `using_application_passwords` option, null when it is missing. */
  passwordsInUse: string | null;
}

/** The user and the meta and option that authenticate it, in one round trip. */
export async function findLoginCandidate(
  db: Reader, column: 'user_login' | 'user_email', value: string, capabilitiesKey: string,
): Promise<LoginCandidate | undefined> {
  const row = await db.selectFrom('users').selectAll('users')
    .select((eb) => {
      const firstMeta = (key: string) => eb.selectFrom('usermeta').select('meta_value')
        .whereRef('usermeta.user_id', '=', 'users.ID').where('meta_key', '=', key)
        .orderBy('umeta_id').limit(1);
      return [
        firstMeta('_application_passwords').as('wpcal_application_passwords'),
        firstMeta(capabilitiesKey).as('wpcal_capabilities'),
        eb.selectFrom('options').select('option_value').where('option_name', '=', 'using_application_passwords')
          .limit(1).as('wpcal_passwords_in_use'),
      ];
    })
    .where(column, '=', value).orderBy('users.ID').limit(1).executeTakeFirst();
  if (!row) return undefined;
  const { wpcal_application_passwords, wpcal_capabilities, wpcal_passwords_in_use, ...user } = row;
  return {
    user,
    applicationPasswords: wpcal_application_passwords ?? null,
    capabilities: wpcal_capabilities ?? null,
    passwordsInUse: wpcal_passwords_in_use ?? null,
  };
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

/** A user as an export names it. */
export interface AuthorRow {
  ID: number;
  user_login: string;
  user_email: string;
  display_name: string;
}

/** The users who wrote posts of these types (trashed posts and auto-drafts aside), by ID. */
export async function authorsOfPostTypes(db: Reader, postTypes: readonly string[]): Promise<AuthorRow[]> {
  const authors = db.selectFrom('posts').select('post_author').distinct().where('post_type', 'in', postTypes)
    .where('post_status', 'not in', ['trash', 'auto-draft']);
  const rows = await db.selectFrom('users').select(['ID', 'user_login', 'user_email', 'display_name'])
    .where('ID', 'in', authors).orderBy('ID').execute();
  return rows.map((row) => ({ ...row, ID: Number(row.ID) }));
}
