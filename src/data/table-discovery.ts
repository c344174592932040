// Which tables a database holds, and which WordPress sites (table prefixes) they make up.
import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** The names of the database's tables, as the server spells them. */
export async function listTables(db: Db): Promise<string[]> {
  const query = db.dialect === 'mysql'
    ? sql<{ name: string }>`SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()`
    : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`;
  return (await query.execute(db.kysely)).rows.map((row) => row.name);
}

// Table names are case-insensitive on SQLite and on some MySQL setups (schema.ts compares them so too).
const fold = (name: string): string => name.toLowerCase();

/** The table every WordPress site of a prefix has, and the one beside it that must be there too. */
const POSTS = 'posts';
const OPTIONS = 'options';

/** The prefixes P of the database's WordPress sites: those with both a `{P}posts` and a `{P}options` table. */
export async function wordPressPrefixes(db: Db): Promise<string[]> {
  const tables = await listTables(db);
  const folded = new Set(tables.map(fold));
  return tables
    .filter((name) => fold(name).endsWith(POSTS))
    .map((name) => name.slice(0, -POSTS.length))
    .filter((prefix) => folded.has(fold(prefix + OPTIONS)))
    .sort();
}

/** Whether `prefix` is one of these (as the server compares table names). */
export function hasPrefix(prefixes: readonly string[], prefix: string): boolean {
  return prefixes.some((found) => fold(found) === fold(prefix));
}
