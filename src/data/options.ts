import { sql } from 'kysely';
import type { AfterCommitRunner, Reader, Writer } from './executor.ts';
import { queueWrite } from './queued-writes.ts';

export async function getOptions(db: Reader, names: readonly string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map();
  const rows = await db.selectFrom('options').select(['option_name', 'option_value'])
    .where('option_name', 'in', names).execute();
  return new Map(rows.map((r) => [r.option_name, r.option_value]));
}

export async function getOption(db: Reader, name: string): Promise<string | undefined> {
  return (await getOptions(db, [name])).get(name);
}

/** update_option: writes the value, creating the row when it is missing. */
export async function setOption(db: AfterCommitRunner, name: string, value: string, autoload = 'yes'): Promise<void> {
  // The row all but always exists: update it first (one statement; both drivers count the rows
  // matched, not only those changed), and create it only when there was none.
  const updated = await db.updateTable('options').set({ option_value: value }).where('option_name', '=', name).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  if (await addOption(db, name, value, autoload)) return;
  await db.updateTable('options').set({ option_value: value }).where('option_name', '=', name).execute();
}

/**
 * update_option as statements that wait for the transaction's next one (queued-writes.ts): the row
 * is created if missing (a read without lock when it exists), then updated, which locks it until
 * the transaction ends.
 */
export async function queueSetOption(trx: Writer, name: string, value: string, autoload = 'yes'): Promise<void> {
  // A one-row derived table to select from: MySQL takes a WHERE only after a FROM.
  const row = trx.selectFrom(sql<{ one: number }>`(SELECT 1 AS one)`.as('one'))
    .select([sql.val(name).as('option_name'), sql.val(value).as('option_value'), sql.val(autoload).as('autoload')])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('options').select('option_id').where('option_name', '=', name))));
  await queueWrite(trx, trx.insertInto('options').orIgnore().columns(['option_name', 'option_value', 'autoload']).expression(row));
  await queueWrite(trx, trx.updateTable('options').set({ option_value: value }).where('option_name', '=', name));
}

/**
 * add_option: creates the row only when it is missing; never changes an existing value. The insert
 * is ignored when another writer created the row first (option_name is unique).
 */
export async function addOption(db: AfterCommitRunner, name: string, value: string, autoload = 'yes'): Promise<boolean> {
  if ((await getOption(db, name)) !== undefined) return false;
  const inserted = await db.insertInto('options').orIgnore()
    .values({ option_name: name, option_value: value, autoload }).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * update_option on a row another writer may change meanwhile: writes `value` only when the row
 * still holds `expected` (undefined: when there is no row yet). Whether it was written.
 */
export async function replaceOption(db: AfterCommitRunner, name: string, expected: string | undefined, value: string, autoload = 'yes'): Promise<boolean> {
  if (expected === undefined) {
    const inserted = await db.insertInto('options').orIgnore().values({ option_name: name, option_value: value, autoload }).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const updated = await db.updateTable('options').set({ option_value: value })
    .where('option_name', '=', name).where('option_value', '=', expected).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
