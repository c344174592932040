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

/** What makes a row an object: one per list of columns, so that rows of the same columns share one shape. */
const rowMakers = new Map<string, (row: unknown[]) => Record<string, unknown>>();

/**
 * Sets a reading statement to give rows as arrays, and returns what makes each an object keyed by
 * its columns' names as better-sqlite3 would (a later column of the same name wins; one named
 * `__proto__` is dropped by both). The maker is an object literal compiled once per list of
 * columns: objects given their properties one by one in a loop past a dozen or so fall into V8's
 * dictionary mode, where a post's row of 23 columns took some 1.5 KB (the venues and organizers
 * kept across requests are such rows) and was made about ten times slower. Statements of the same
 * columns (a post's row read by ID lists of every length) share the maker, so the code reading
 * their rows sees one shape. The lists are those of wpcal's own statements: few.
 */
function rowsAsArrays(statement: BetterSqlite3.Statement): (row: unknown[]) => Record<string, unknown> {
  const lastIndex = new Map<string, number>();
  statement.columns().forEach((column, i) => {
    if (column.name !== '__proto__') lastIndex.set(column.name, i);
  });
  statement.raw(true);
  // The names are quoted as JSON string literals, which are JavaScript string literals too.
  const fields = [...lastIndex].map(([name, i]) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  let maker = rowMakers.get(fields);
  if (!maker) rowMakers.set(fields, maker = new Function('row', `return { ${fields} };`) as (row: unknown[]) => Record<string, unknown>);
  return maker;
}
