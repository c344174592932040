import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export type Executor = Kysely<Database>;

export async function getOptions(db: Executor, names: readonly string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map();
  const rows = await db.selectFrom('options').select(['option_name', 'option_value'])
    .where('option_name', 'in', names).execute();
  return new Map(rows.map((r) => [r.option_name, r.option_value]));
}

export async function getOption(db: Executor, name: string): Promise<string | undefined> {
  return (await getOptions(db, [name])).get(name);
}

/** update_option: writes the value, creating the row when it is missing. */
export async function setOption(db: Executor, name: string, value: string, autoload = 'yes'): Promise<void> {
  const updated = await db.updateTable('options').set({ option_value: value })
    .where('option_name', '=', name).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  const exists = await getOption(db, name);
  if (exists === undefined) {
    await db.insertInto('options').values({ option_name: name, option_value: value, autoload }).execute();
  }
}

/** add_option: creates the row only when it is missing; never changes an existing value. */
export async function addOption(db: Executor, name: string, value: string, autoload = 'yes'): Promise<boolean> {
  if ((await getOption(db, name)) !== undefined) return false;
  await db.insertInto('options').values({ option_name: name, option_value: value, autoload }).execute();
  return true;
}
