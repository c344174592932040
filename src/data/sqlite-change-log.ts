// What a SQLite file tells other connections of its changes: a log table, `{prefix}wpcal_changes`,
// filled by triggers on every table wpcal reads, so that another wpcal process, the sqlite3 shell
// or any other writer of the file leaves a row per post or term it changed (a SQLite file, unlike
// a MySQL server, says nothing of which table a commit wrote). The rows are read by
// sqlite-outside.ts. A long series of background transactions (an import's) writes one row each,
// "everything", in place of a row per row it writes: the quiet mark below.
import type SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { Reader, Writer } from './executor.ts';
import { changeLogTable, EVERYTHING, logTriggers, type ChangeRow, type Named } from './change-log.ts';

/**
 * The `seq` of the row a quiet transaction holds while it runs (AUTOINCREMENT never gives 0, and
 * no other connection sees it: the transaction holds the write lock until it is gone).
 */
const QUIET_SEQ = 0;

const quote = (identifier: string): string => `"${identifier}"`;

/** A trigger's rows as a SELECT of (table_name, post_id, term_taxonomy_id): a term by each of its term_taxonomy IDs, or one row with none. */
function selected(prefix: string, table: string, named: Named): string {
  const select = (postId: string | null, termTaxonomyId: string | null) => `SELECT '${table}', ${postId ?? 'NULL'}, ${termTaxonomyId ?? 'NULL'}`;
  if (named.termId === null) return select(named.postId, named.termTaxonomyId);
  const taxonomies = `FROM "${prefix}term_taxonomy" WHERE "term_id" = ${named.termId}`;
  return `${select(null, '"term_taxonomy_id"')} ${taxonomies} UNION ALL ${select(null, null)} WHERE NOT EXISTS (SELECT 1 ${taxonomies})`;
}

function triggers(prefix: string): Array<{ name: string; statement: string }> {
  const log = changeLogTable(prefix);
  return logTriggers(prefix, quote).map((trigger) => ({
    name: trigger.name,
    statement: `CREATE TRIGGER IF NOT EXISTS "${trigger.name}" AFTER ${trigger.operation} ON "${trigger.prefixedTable}"
        WHEN NOT EXISTS (SELECT 1 FROM "${log}" WHERE "seq" = ${QUIET_SEQ})
        BEGIN INSERT INTO "${log}" ("table_name", "post_id", "term_taxonomy_id") ${trigger.named.map((named) => selected(prefix, trigger.table, named)).join(' UNION ')}; END`,
  }));
}

/**
 * Creates the log and its missing triggers, and removes a quiet mark left committed (SQLite only;
 * `reader` may write: DDL, as schema.ts runs it).
 */
export async function ensureChangeLog(reader: Reader, prefix: string): Promise<void> {
  const log = changeLogTable(prefix);
  const { rows } = await sql<{ type: string; name: string }>`SELECT type, name FROM sqlite_master WHERE type IN ('table', 'trigger')`.execute(reader);
  // Written only when missing, as schema.ts does: a file whose schema is whole is never written to.
  if (!rows.some((row) => row.type === 'table' && row.name === log)) {
    await sql.raw(`CREATE TABLE IF NOT EXISTS "${log}" (
      "seq" INTEGER PRIMARY KEY AUTOINCREMENT,
      "table_name" TEXT NOT NULL,
      "post_id" INTEGER,
      "term_taxonomy_id" INTEGER
    )`).execute(reader);
  }
  const existing = new Set(rows.filter((row) => row.type === 'trigger').map((row) => row.name));
  const quiet = sql.raw(`"${log}" WHERE "seq" = ${QUIET_SEQ}`);
  if ((await sql`SELECT 1 FROM ${quiet}`.execute(reader)).rows.length) await sql`DELETE FROM ${quiet}`.execute(reader);
  const missing = triggers(prefix).filter((trigger) => !existing.has(trigger.name));
  for (const trigger of missing) await sql.raw(trigger.statement).execute(reader);
}

/**
 * Quiets the triggers for the rest of a background transaction (call first in it); `endQuiet`
 * (call last) leaves one row, everything, in place of the rows they would have written. Nothing
 * is done where the file has no log.
 */
export async function beginQuiet(trx: Writer, prefix: string): Promise<void> {
  if (!await hasLog(trx, prefix)) return;
  await sql.raw(`INSERT INTO "${changeLogTable(prefix)}" ("seq", "table_name") VALUES (${QUIET_SEQ}, '${EVERYTHING}')`).execute(trx);
}

export async function endQuiet(trx: Writer, prefix: string): Promise<void> {
  if (!await hasLog(trx, prefix)) return;
  const log = changeLogTable(prefix);
  await sql.raw(`DELETE FROM "${log}" WHERE "seq" = ${QUIET_SEQ}`).execute(trx);
  await sql.raw(`INSERT INTO "${log}" ("table_name") VALUES ('${EVERYTHING}')`).execute(trx);
}

async function hasLog(trx: Writer, prefix: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${changeLogTable(prefix)}`.execute(trx);
  return rows.length > 0;
}

/** Deletes the rows up to `seq` (a reader still before it then finds a gap, and takes everything as changed). */
export async function pruneChangeLog(trx: Writer, prefix: string, seq: number): Promise<void> {
  await sql.raw(`DELETE FROM "${changeLogTable(prefix)}" WHERE "seq" > ${QUIET_SEQ} AND "seq" <= ${Math.floor(seq)}`).execute(trx);
}

/** The log's rows since a sequence number, read at once on a connection of its own (sqlite-outside.ts). */
export interface ChangeLogReader {
  /** The rows after `seq`, `limit` at most; null when the file has no log, lacks a trigger, or holds a quiet mark another program committed. */
  since(seq: number, limit: number): ChangeRow[] | null;
  /** The last sequence number given (0 for none, or no log). */
  latest(): number;
  /** The least sequence number still held (null: none). */
  oldest(): number | null;
  /** `PRAGMA schema_version`: it moves with every change of a table, index or trigger. */
  schemaVersion(): number;
}

export function changeLogReader(database: SqliteDatabase.Database, prefix: string): ChangeLogReader {
  const log = changeLogTable(prefix);
  const expected = triggers(prefix).map((trigger) => trigger.name);
  const schemaVersion = database.prepare('PRAGMA schema_version').pluck();
  const triggerNames = database.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger'`).pluck();
  const tableNamed = database.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?`).pluck();
  /** The schema version the log and triggers were last found whole in, and its statements. */
  let whole: { schema: unknown; rows: SqliteDatabase.Statement; quiet: SqliteDatabase.Statement; latest: SqliteDatabase.Statement; oldest: SqliteDatabase.Statement } | null = null;
  const statements = () => {
    const schema = schemaVersion.get();
    if (whole?.schema === schema) return whole;
    whole = null;
    if (tableNamed.get(log) === undefined) return null;
    const present = new Set(triggerNames.all() as string[]);
    if (!expected.every((name) => present.has(name))) return null;
    whole = {
      schema,
      rows: database.prepare(`SELECT "seq", "table_name", "post_id", "term_taxonomy_id" FROM "${log}" WHERE "seq" > ? ORDER BY "seq" LIMIT ?`),
      quiet: database.prepare(`SELECT 1 FROM "${log}" WHERE "seq" = ${QUIET_SEQ}`).pluck(),
      // The table's AUTOINCREMENT counter: rows deleted (pruned) or not yet any, it still says where numbering is.
      latest: database.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck(),
      oldest: database.prepare(`SELECT MIN("seq") FROM "${log}" WHERE "seq" > ${QUIET_SEQ}`).pluck(),
    };
    return whole;
  };
  return {
    since: (seq, limit) => {
      const found = statements();
      // A quiet mark committed (no transaction of wpcal's commits one) silences every trigger.
      if (!found || found.quiet.get() !== undefined) return null;
      return found.rows.all(seq, limit) as ChangeRow[];
    },
    latest: () => Number(statements()?.latest.get(log) ?? 0),
    schemaVersion: () => Number(schemaVersion.get()),
    oldest: () => {
      const found = statements();
      const seq = found?.oldest.get();
      return seq === null || seq === undefined ? null : Number(seq);
    },
  };
}
