import type { Db } from './connect.ts';
import { ensureSchema, type SchemaChanges } from './migrate.ts';
import { ensureDefaultOptions } from './defaults.ts';
import { countEventsWithoutRows, migrateEvents, type EventMigrationOptions, type EventMigrationResult } from './migrate-events.ts';

export interface PreparedDatabase extends SchemaAndOptions {
  /** Events still lacking TEC 6 rows (invisible in lists until they are built). */
  eventsWithoutRows: number;
}

/**
 * Missing tables, indexes and options, and how many events lack TEC 6 rows (what `serve` checks
 * at start before building them). Adds what is missing and rewrites nothing.
 */
export async function prepareDatabase(db: Db): Promise<PreparedDatabase> {
  const prepared = await schemaAndOptions(db);
  return { ...prepared, eventsWithoutRows: await countEventsWithoutRows(db) };
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
