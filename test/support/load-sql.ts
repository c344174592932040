// Loads WordPress data into a test database with SQL: the shared schema dump (the site, its
// options and its admin) and the fixture files of test/fixtures-sql/, on MariaDB and on SQLite.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, parseDatabaseUrl, type Db } from '../../src/data/connect.ts';
import { ensureSchema } from '../../src/data/schema.ts';
import { TABLE_NAMES } from '../../src/data/tables.ts';
import type { TestDatabase } from './databases.ts';
import { mysqlScript } from './mysql-script.ts';
import { WORDPRESS_DUMP } from './plugin-samples.ts';

export const FIXTURES_SQL = path.resolve(import.meta.dirname, '../fixtures-sql');

/** Statements of a fixture file: whole-line `--` comments dropped, split at `;` ending a line. */
export function splitSql(text: string): string[] {
  return text.split('\n').filter((line) => !line.startsWith('--')).join('\n')
    .split(/;[ \t]*$/m).map((statement) => statement.trim()).filter((statement) => statement !== '');
}

/** Runs a fixture file (with `{prefix}` placeholders) in one transaction. */
export async function loadSqlFile(db: Db, file: string): Promise<void> {
  const text = (await fs.readFile(path.resolve(FIXTURES_SQL, file), 'utf8')).replaceAll('{prefix}', db.prefix);
  await db.kysely.transaction().execute(async (trx) => {
    for (const statement of splitSql(text)) await sql.raw(statement).execute(trx);
  });
}

/** The dump with its `wp_` prefix (table names and the prefixed option/usermeta keys) replaced. */
function prefixedDump(dump: string, prefix: string): string {
  if (prefix === 'wp_') return dump;
  return dump.replaceAll('`wp_', `\`${prefix}`)
    .replaceAll("'wp_user_roles'", `'${prefix}user_roles'`)
    .replaceAll("'wp_capabilities'", `'${prefix}capabilities'`)
    .replaceAll("'wp_user_level'", `'${prefix}user_level'`);
}

const MYSQL_ESCAPES: Record<string, string> = { '0': '\0', n: '\n', r: '\r', t: '\t', Z: '\x1a', b: '\b' };

/** One mysqldump INSERT line in SQLite syntax: backslash escapes decoded, quotes doubled, backticks to double quotes. */
function toSqliteInsert(line: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (!inString) {
      out += c === '`' ? '"' : c;
      if (c === "'") inString = true;
    } else if (c === '\\') {
      const next = line[++i]!;
      const decoded = MYSQL_ESCAPES[next] ?? next;
      out += decoded === "'" ? "''" : decoded;
    } else if (c === "'" && line[i + 1] === "'") {
      out += "''";
      i++;
    } else {
      out += c;
      if (c === "'") inString = false;
    }
  }
  return out;
}

/** The dump's rows of the tables wpcal knows, as SQLite statements. */
function sqliteInserts(dump: string, prefix: string): string[] {
  const known = new Set(TABLE_NAMES.map((table) => `${prefix}${table}`));
  return dump.split('\n')
    .filter((line) => line.startsWith('INSERT INTO `') && known.has(line.slice(13, line.indexOf('`', 13))))
    .map((line) => toSqliteInsert(line.replace(/;\s*$/, '')));
}

/**
 * The shared WordPress + TEC dump (schema, options, admin user) under `prefix`, then the
 * fixture files. MariaDB runs the dump itself; SQLite gets wpcal's schema and the dump's rows.
 */
export async function loadWordPressSite(database: TestDatabase, prefix: string, fixtures: string[] = []): Promise<void> {
  const dump = prefixedDump(await fs.readFile(WORDPRESS_DUMP, 'utf8'), prefix);
  const mysql = parseDatabaseUrl(database.url).dialect === 'mysql';
  if (mysql) await mysqlScript(database.url, dump);
  const db = await openDatabase(database.url, prefix);
  try {
    if (!mysql) {
      await ensureSchema(db);
      for (const statement of sqliteInserts(dump, prefix)) await sql.raw(statement).execute(db.kysely);
    }
    for (const file of fixtures) await loadSqlFile(db, file);
  } finally {
    await db.close();
  }
}
