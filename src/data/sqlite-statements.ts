// better-sqlite3 behind Kysely with each SQL text prepared once. Kysely's SQLite driver prepares
// every query it runs, and preparing costs more than running the short queries wpcal issues.
// Rows come back as arrays made into objects here: better-sqlite3's own row objects cost a third
// more for the 23 columns of a post (a page of new events reads some 300 rows).
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct SQL texts kept prepared (queries with literal ID lists make many). */
const PREPARED = 500;
/**
 * Longer texts are prepared each time: long literal ID lists make them (a list given thousands of
 * posts, id-lists.ts), seldom twice the same, and a statement takes memory in proportion to its
 * text (about 0.6 MB for 5,000 IDs): 500 of them would hold hundreds of MB.
 */
const KEPT_SQL_CHARS = 8192;

/** A statement kept prepared, and for a reading one what makes its rows objects. */
interface Prepared {
  statement: BetterSqlite3.Statement;
  rowOf?: (row: unknown[]) => Record<string, unknown>;
}

export function preparingOnce(database: BetterSqlite3.Database): SqliteDatabase {
  const kept = new LRUCache<string, Prepared>({ max: PREPARED });
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let prepared = kept.get(sql);
      if (!prepared) {
        const statement = database.prepare(sql);
        prepared = { statement, rowOf: statement.reader ? rowsAsArrays(statement) : undefined };
        if (sql.length <= KEPT_SQL_CHARS) kept.set(sql, prepared);
      }
      const { statement, rowOf } = prepared;
      return {
        reader: statement.reader,
        // all() and run() finish before they return, so the statement is free again at once.
        all: (parameters) => (rowOf ? (statement.all(parameters) as unknown[][]).map(rowOf) : statement.all(parameters)),
        run: (parameters) => statement.run(parameters),
        // An iterating statement is busy until the stream ends: a stream gets one of its own.
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
    },
  };
}

/**
 * Sets a reading statement to give rows as arrays, and returns what makes each an object keyed by
 * its columns' names as better-sqlite3 would (a later column of the same name wins; one named
 * `__proto__` is dropped by both).
 */
function rowsAsArrays(statement: BetterSqlite3.Statement): (row: unknown[]) => Record<string, unknown> {
  const names = statement.columns().map((column) => column.name);
  statement.raw(true);
  return (row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) object[names[i]!] = row[i];
    return object;
  };
}
