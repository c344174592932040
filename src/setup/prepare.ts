// What commands do to a database before their work: check that the table prefix names a WordPress
// site of the database (a mistyped prefix would otherwise create a second, empty one), then add
// the missing tables, indexes and options.
import type { Db } from '../data/connect.ts';
import { ensureSchema, type SchemaChanges } from '../data/schema.ts';
import { hasPrefix, wordPressPrefixes } from '../data/table-discovery.ts';
import { ensureDefaultOptions } from './default-options.ts';
import { migrateEvents, type EventMigrationOptions, type EventMigrationResult } from './migrate-events.ts';

/**
 * When a command may create the WordPress tables of a prefix that has none: never; only in a
 * database without WordPress tables of any prefix (a first start); or beside other prefixes' tables.
 */
export type TableCreation = 'never' | 'in-empty-database' | 'beside-other-sites';

/** The prefix has no WordPress tables and the command may not create them: a bad `--table-prefix` (or `--db`). */
export class MissingTablesError extends Error {
  constructor(readonly prefix: string, readonly found: readonly string[]) {
    super(found.length
      ? `no tables with prefix "${prefix}"; this database has ${found.map((other) => `"${other}"`).join(', ')}`
      : `no tables with prefix "${prefix}": this database has no WordPress tables; run wpcal migrate`);
  }
}

/** Throws MissingTablesError unless the prefix's site exists or `creation` allows making it here. */
export async function checkTablePrefix(db: Db, creation: TableCreation): Promise<void> {
  const prefixes = await wordPressPrefixes(db);
  if (hasPrefix(prefixes, db.prefix) || creation === 'beside-other-sites') return;
  if (creation === 'in-empty-database' && prefixes.length === 0) return;
  throw new MissingTablesError(db.prefix, prefixes);
}

interface SchemaAndOptions extends SchemaChanges {
  addedOptions: string[];
}

async function schemaAndOptions(db: Db, creation: TableCreation): Promise<SchemaAndOptions> {
  await checkTablePrefix(db, creation);
  const schema = await ensureSchema(db);
  return { ...schema, addedOptions: await ensureDefaultOptions(db) };
}

/** Missing tables, indexes and options: what every command makes sure of. Rewrites nothing. */
export async function prepareDatabase(db: Db, creation: TableCreation = 'in-empty-database'): Promise<SchemaAndOptions> {
  return schemaAndOptions(db, creation);
}

export interface MigratedDatabase extends SchemaAndOptions {
  events: EventMigrationResult;
}

export interface MigrateOptions extends EventMigrationOptions {
  /** `in-empty-database` unless the user confirmed (`--yes`) a new site beside another one. */
  creation?: TableCreation;
}

/** Everything `wpcal migrate` does: tables, indexes and options, then the TEC 6 rows of events lacking them. */
export async function migrateDatabase(db: Db, { creation = 'in-empty-database', ...options }: MigrateOptions = {}): Promise<MigratedDatabase> {
  const prepared = await schemaAndOptions(db, creation);
  return { ...prepared, events: await migrateEvents(db, options) };
}
