// better-sqlite3 behind Kysely with each SQL text prepared once. Kysely's SQLite driver prepares
// every query it runs, and preparing costs more than running the short queries wpcal issues.
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

export function preparingOnce(database: BetterSqlite3.Database): SqliteDatabase {
  const prepared = new LRUCache<string, BetterSqlite3.Statement>({ max: PREPARED });
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (sql.length <= KEPT_SQL_CHARS) prepared.set(sql, statement);
      }
      const kept = statement;
      return {
        reader: kept.reader,
        // all() and run() finish before they return, so the statement is free again at once.
        all: (parameters) => kept.all(parameters),
        run: (parameters) => kept.run(parameters),
        // An iterating statement is busy until the stream ends: a stream gets one of its own.
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
    },
  };
}
