import type { Db } from './connect.ts';
import { ensureSchema, type SchemaChanges } from './migrate.ts';
import { ensureDefaultOptions } from './defaults.ts';

export interface PreparedDatabase extends SchemaChanges {
  addedOptions: string[];
}

/** Everything `wpcal migrate` does; `serve` runs it too. Adds what is missing, rewrites nothing. */
export async function prepareDatabase(db: Db): Promise<PreparedDatabase> {
  const schema = await ensureSchema(db);
  const addedOptions = await ensureDefaultOptions(db);
  return { ...schema, addedOptions };
}
