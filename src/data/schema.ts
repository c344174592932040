// Creates the missing WordPress/TEC tables and adds their missing indexes; never drops or alters anything.
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db, DialectName } from './connect.ts';
import type { TableName } from './tables.ts';
import { listTables } from './table-discovery.ts';
import { ensureChangeLog } from './sqlite-change-log.ts';

export interface SchemaChanges {
  /** Prefixed names of the tables this run created. */
  createdTables: string[];
  /** Names of the indexes this run created, those of the new tables included. */
  createdIndexes: string[];
}

interface IndexDdl {
  name: string;
  /** Adds the index to the existing table. */
  statement: string;
}

interface TableDdl {
  name: string;
  /** Creates the table with all its indexes. */
  statements: string[];
  indexes: IndexDdl[];
}

const SCHEMA_FILES: Record<DialectName, URL> = {
  mysql: new URL('../../schema/mysql.sql', import.meta.url),
  sqlite: new URL('../../schema/sqlite.sql', import.meta.url),
};

export class SchemaFileError extends Error {}

/** Statements of a schema file: whole-line `--` comments dropped, split at `;` ending a line. */
function splitStatements(text: string): string[] {
  return text
    .split(/\r?\n/)
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;[ \t]*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

const CREATE_TABLE = /^CREATE\s+TABLE\s+IF\s+NOT\s+EXISTS\s+[`"]([^`"]+)[`"]/i;
const MYSQL_KEY = /^\s*(UNIQUE\s+)?KEY\s+`([^`]+)`\s*(\(.*\))\s*,?\s*$/i;
const SQLITE_INDEX = /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+IF\s+NOT\s+EXISTS\s+"([^"]+)"\s+ON\s+"([^"]+)"/i;

function tableName(statement: string): string {
  const match = CREATE_TABLE.exec(statement);
  if (!match?.[1]) throw new SchemaFileError(`schema statement is not CREATE TABLE IF NOT EXISTS: ${statement.slice(0, 80)}`);
  return match[1];
}

// MySQL keys live inside CREATE TABLE; each one is re-expressed as an ALTER TABLE for existing tables.
function parseMysql(statements: string[]): TableDdl[] {
  return statements.map((statement) => {
    const name = tableName(statement);
    const indexes = statement.split('\n').flatMap((line): IndexDdl[] => {
      const key = MYSQL_KEY.exec(line);
      if (!key?.[2] || !key[3]) return [];
      const kind = key[1] ? 'UNIQUE KEY' : 'KEY';
      return [{ name: key[2], statement: `ALTER TABLE \`${name}\` ADD ${kind} \`${key[2]}\` ${key[3]}` }];
    });
    return { name, statements: [statement], indexes };
  });
}

// SQLite indexes are separate statements following their table's CREATE TABLE.
function parseSqlite(statements: string[]): TableDdl[] {
  const tables: TableDdl[] = [];
  for (const statement of statements) {
    const index = SQLITE_INDEX.exec(statement);
    if (!index?.[1] || !index[2]) {
      tables.push({ name: tableName(statement), statements: [statement], indexes: [] });
      continue;
    }
    const table = tables.find((t) => t.name === index[2]);
    if (!table) throw new SchemaFileError(`schema index ${index[1]} precedes its table ${index[2]}`);
    table.statements.push(statement);
    table.indexes.push({ name: index[1], statement });
  }
  return tables;
}

async function loadSchema(db: Db): Promise<TableDdl[]> {
  const text = (await fs.readFile(SCHEMA_FILES[db.dialect], 'utf8')).replaceAll('{prefix}', db.prefix);
  const statements = splitStatements(text);
  return db.dialect === 'mysql' ? parseMysql(statements) : parseSqlite(statements);
}

// Index names are case-insensitive on both servers, table names on SQLite and on some MySQL setups.
const fold = (name: string): string => name.toLowerCase();

async function existingTables(db: Db): Promise<Set<string>> {
  return new Set((await listTables(db)).map(fold));
}

/** Index names per (folded) table name. */
async function existingIndexes(db: Db): Promise<Map<string, Set<string>>> {
  const query = db.dialect === 'mysql'
    ? sql<{ tableName: string; name: string }>`SELECT DISTINCT TABLE_NAME AS tableName, INDEX_NAME AS name
        FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE()`
    : sql<{ tableName: string; name: string }>`SELECT tbl_name AS tableName, name FROM sqlite_master WHERE type = 'index'`;
  const { rows } = await query.execute(db.kysely);
  const byTable = new Map<string, Set<string>>();
  for (const row of rows) {
    const names = byTable.get(fold(row.tableName)) ?? new Set<string>();
    names.add(fold(row.name));
    byTable.set(fold(row.tableName), names);
  }
  return byTable;
}

async function run(db: Db, statement: string): Promise<void> {
  await sql.raw(statement).execute(db.kysely);
}

/** True when the (unprefixed) WordPress/TEC table exists under the database's prefix. */
export async function tableExists(db: Db, table: TableName): Promise<boolean> {
  return (await existingTables(db)).has(fold(db.prefix + table));
}

/**
 * Creates the missing tables of schema/<dialect>.sql and adds the missing indexes of the existing
 * ones, matched by name (on SQLite, the change log and its triggers too: sqlite-change-log.ts).
 * Existing columns, rows and unrelated tables are left as they are.
 */
export async function ensureSchema(db: Db): Promise<SchemaChanges> {
  const tables = await loadSchema(db);
  const presentTables = await existingTables(db);
  const presentIndexes = await existingIndexes(db);
  const changes: SchemaChanges = { createdTables: [], createdIndexes: [] };
  for (const table of tables) {
    if (!presentTables.has(fold(table.name))) {
      for (const statement of table.statements) await run(db, statement);
      changes.createdTables.push(table.name);
      changes.createdIndexes.push(...table.indexes.map((index) => index.name));
      continue;
    }
    const present = presentIndexes.get(fold(table.name)) ?? new Set<string>();
    for (const index of table.indexes) {
      if (present.has(fold(index.name))) continue;
      await run(db, index.statement);
      changes.createdIndexes.push(index.name);
    }
  }
  if (db.dialect === 'sqlite') await ensureChangeLog(db.kysely, db.prefix);
  return changes;
}
