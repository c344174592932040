import type { Db } from './connect.ts';
import { ensureSchema, type SchemaChanges } from './migrate.ts';
import { ensureDefaultOptions } from './defaults.ts';
import { migrateEvents, type EventMigrationOptions, type EventMigrationResult } from './migrate-events.ts';

/** Missing tables, indexes and options: what every command makes sure of. Rewrites nothing. */
export async function prepareDatabase(db: Db): Promise<SchemaAndOptions> {
  return schemaAndOptions(db);
}

interface SchemaAndOptions extends SchemaChanges {
  addedOptions: string[];
}

async function schemaAndOptions(db: Db): Promise<SchemaAndOptions> {
  const schema = await ensureSchema(db);
  return { ...schema, addedOptions: await ensureDefaultOptions(db) };
}

export interface MigratedDatabase extends SchemaAndOptions {
  events: EventMigrationResult;
}

/** Everything `wpcal migrate` does: tables, indexes and options, then the TEC 6 rows of events lacking them. */
export async function migrateDatabase(db: Db, options: EventMigrationOptions = {}): Promise<MigratedDatabase> {
  const prepared = await schemaAndOptions(db);
  return { ...prepared, events: await migrateEvents(db, options) };
}
