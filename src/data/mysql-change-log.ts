// The change log on MySQL/MariaDB (change-log.ts), made only when asked for (`wpcal migrate
// --change-log`: it writes triggers into a database that may be WordPress's own): another
// connection's commit to the post tables is then told post by post instead of as a change of
// everything. Each row names the connection pool that wrote it (`@wpcal_writer`, set on each of a
// handle's connections; NULL for any other program), so a handle passes over its own rows. A
// background transaction (an import's) quiets its session's triggers and leaves one row,
// everything.
//
// InnoDB numbers the rows as they are inserted, not as they commit: a row may show after rows
// numbered above it. MysqlChangeLog keeps the rows it told above a floor, below which no row can
// still show: a look before the oldest transaction open at a later look (INNODB_TRX, which needs
// the PROCESS privilege) saw every row numbered up to the highest it saw, or they were never to be.
import { sql } from 'kysely';
import type { Reader, Writer } from './executor.ts';
import { changeLogTable, EVERYTHING, logTriggers, touchedBy, type ChangeRow, type Named, type Touched } from './change-log.ts';
import { STALE, type TableTimes } from './innodb-changes.ts';

/** The session variable each of a handle's connections names its writes by. */
export const WRITER_VARIABLE = '@wpcal_writer';

const quote = (identifier: string): string => `\`${identifier}\``;

/**
 * The session variable a background transaction quiets the triggers with, set from its first
 * statement to its last (transaction.ts's `after` unsets it, whatever happened). A trigger that
 * read a table for it (as SQLite's do) took a locking read under WordPress's REPEATABLE READ: on a
 * log without rows, a gap lock up to its end that every other trigger's insert waited for.
 */
const QUIET_VARIABLE = '@wpcal_quiet';

/** Rows one look tells at most: past them everything is taken as changed (rebuilding costs no more then). */
export const MOST_ROWS_TOLD = 5000;
/** Rows older than this are pruned; a handle that last read the log longer ago than LOOK_GAP_SECONDS takes everything as changed. */
export const KEPT_SECONDS = 3600;
export const LOOK_GAP_SECONDS = KEPT_SECONDS - 300;
/** Rows pruned at once. */
export const PRUNED_AT_ONCE = 5000;

const COLUMNS = '(`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`)';

/** One row of the log as VALUES: a single-row INSERT takes no table lock on the counter, where INSERT … SELECT does (innodb_autoinc_lock_mode 1, MariaDB's default), and deadlocks then came as ER_AUTOINC_READ_FAILED. */
const values = (table: string, named: Named): string => `('${table}', ${named.postId ?? 'NULL'}, ${named.termTaxonomyId ?? 'NULL'}, ${named.termId ?? 'NULL'}, ${WRITER_VARIABLE})`;

/** The INSERT of a trigger's rows; an update whose row keeps its IDs logs one row. */
function insertOf(log: string, table: string, named: Named[]): string {
  const insert = (rows: Named[]) => `INSERT INTO ${log} ${COLUMNS} VALUES ${rows.map((row) => values(table, row)).join(', ')};`;
  if (named.length === 1) return insert(named);
  const [old, updated] = named as [Named, Named];
  const pairs = (['postId', 'termTaxonomyId', 'termId'] as const).filter((key) => old[key] !== null).map((key) => `${old[key]} <=> ${updated[key]}`);
  if (!pairs.length) return insert([updated]);
  return `IF ${pairs.join(' AND ')} THEN ${insert([updated])} ELSE ${insert(named)} END IF;`;
}

function triggerStatements(prefix: string): Array<{ name: string; statement: string }> {
  const log = quote(changeLogTable(prefix));
  return logTriggers(prefix, quote).map((trigger) => ({
    name: trigger.name,
    statement: `CREATE TRIGGER ${quote(trigger.name)} AFTER ${trigger.operation} ON ${quote(trigger.prefixedTable)} FOR EACH ROW
      BEGIN
        IF ${QUIET_VARIABLE} IS NULL THEN
          ${insertOf(log, trigger.table, trigger.named)}
        END IF;
      END`,
  }));
}

/** A LIKE pattern of the log's triggers' names (each `_` of them escaped). */
const triggerPattern = (prefix: string): string => `${changeLogTable(prefix)}_`.replace(/_/g, '\\_') + '%';

/** The names of the log's triggers present. */
async function presentTriggers(reader: Reader, prefix: string): Promise<Set<string>> {
  const pattern = triggerPattern(prefix);
  const { rows } = await sql<{ name: string }>`SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS
    WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE ${pattern}`.execute(reader);
  return new Set(rows.map((row) => row.name));
}

/** Creates the log and its missing triggers (`reader` may write: DDL); answers the triggers it created. */
export async function createChangeLog(reader: Reader, prefix: string): Promise<string[]> {
  await sql.raw(`CREATE TABLE IF NOT EXISTS ${quote(changeLogTable(prefix))} (
    \`seq\` BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    \`table_name\` VARCHAR(32) NOT NULL,
    \`post_id\` BIGINT UNSIGNED NULL,
    \`term_taxonomy_id\` BIGINT UNSIGNED NULL,
    \`term_id\` BIGINT UNSIGNED NULL,
    \`writer\` VARCHAR(36) NULL,
    \`logged_at\` TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
  ) ENGINE=InnoDB`).execute(reader);
  const present = await presentTriggers(reader, prefix);
  const missing = triggerStatements(prefix).filter((trigger) => !present.has(trigger.name));
  for (const trigger of missing) await sql.raw(trigger.statement).execute(reader);
  return missing.map((trigger) => trigger.name);
}

/** Drops the log's triggers, then the log; answers whether there was one. */
export async function dropChangeLog(reader: Reader, prefix: string): Promise<boolean> {
  const present = await presentTriggers(reader, prefix);
  for (const name of present) await sql.raw(`DROP TRIGGER IF EXISTS ${quote(name)}`).execute(reader);
  const table = await hasLogTable(reader, prefix);
  if (table) await sql.raw(`DROP TABLE ${quote(changeLogTable(prefix))}`).execute(reader);
  return table || present.size > 0;
}

/**
 * The accounts the log's triggers run as (their DEFINER: the user that made them). A trigger whose
 * definer is dropped fails every write to its table, WordPress's too.
 */
export async function triggerDefiners(reader: Reader, prefix: string): Promise<string[]> {
  const { rows } = await sql<{ definer: string }>`SELECT DISTINCT DEFINER AS definer FROM information_schema.TRIGGERS
    WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE ${triggerPattern(prefix)} ORDER BY definer`.execute(reader);
  return rows.map((row) => row.definer);
}

/** Whether the database has the log with every trigger. */
export async function hasChangeLog(reader: Reader, prefix: string): Promise<boolean> {
  if (!await hasLogTable(reader, prefix)) return false;
  const present = await presentTriggers(reader, prefix);
  return triggerStatements(prefix).every((trigger) => present.has(trigger.name));
}

async function hasLogTable(reader: Reader, prefix: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ${changeLogTable(prefix)}`.execute(reader);
  return rows.length > 0;
}

/** Quiets the triggers of this session (call first in a background transaction); `endQuiet` (call last) leaves one row, everything, and `unquiet` (after either) lets them log again. */
export async function beginQuiet(trx: Writer): Promise<void> {
  await sql.raw(`SET ${QUIET_VARIABLE} = 1`).execute(trx);
}

export async function endQuiet(trx: Writer, prefix: string): Promise<void> {
  if (!await hasLogTable(trx, prefix)) return;
  await sql.raw(`INSERT INTO ${quote(changeLogTable(prefix))} (\`table_name\`, \`writer\`) VALUES ('${EVERYTHING}', ${WRITER_VARIABLE})`).execute(trx);
}

export async function unquiet(trx: Writer): Promise<void> {
  await sql.raw(`SET ${QUIET_VARIABLE} = NULL`).execute(trx);
}

/**
 * Deletes up to PRUNED_AT_ONCE rows older than KEPT_SECONDS, the oldest first, up to `upTo` (the
 * pruner's floor: a row logged long ago by a transaction that committed since may be above it).
 */
export async function pruneChangeLog(trx: Writer, prefix: string, upTo: number): Promise<void> {
  await sql.raw(`DELETE FROM ${quote(changeLogTable(prefix))}
    WHERE \`seq\` <= ${Math.floor(upTo)} AND \`logged_at\` < NOW() - INTERVAL ${KEPT_SECONDS} SECOND ORDER BY \`seq\` LIMIT ${PRUNED_AT_ONCE}`).execute(trx);
}

/**
 * How often the triggers are counted: information_schema.TRIGGERS takes the server milliseconds
 * (4–6 ms on MariaDB, reading each table's trigger file), the rest of a read a fraction of one. A
 * trigger dropped is seen this much later at most; one dropped and made again in between, by its
 * time of creation.
 */
export const TRIGGER_CHECK_MS = 1000;

/** A read of the log: the server's clock, the highest row, the triggers' state, and the rows other writers left. */
export interface LogRead {
  now: string;
  highest: number;
  /** The number of triggers and when the last was made (null: the log or a trigger is missing; undefined: not read). */
  triggers?: string | null;
  /** When the oldest row was logged (null: none). */
  oldestLogged: string | null;
  rows: ChangeRow[];
}

/** The log's reads: its state, then its rows after `after` that no connection of `writer`'s wrote, `limit` at most; the triggers counted when asked. */
export type LogReader = (after: number, limit: number, countTriggers: boolean) => Promise<LogRead>;

export function changeLogRows(reader: Reader, prefix: string, writer: string): LogReader {
  const log = changeLogTable(prefix);
  const expected = triggerStatements(prefix).length;
  const pattern = triggerPattern(prefix);
  return async (after, limit, countTriggers) => {
    let triggers: string | null | undefined;
    if (countTriggers) {
      const { rows: [counted] } = await sql<{ triggers: number | string; created: string | null }>`SELECT COUNT(*) AS triggers, CAST(MAX(CREATED) AS CHAR) AS created
        FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE ${pattern}`.execute(reader);
      triggers = Number(counted!.triggers) === expected ? `${counted!.triggers} ${counted!.created}` : null;
    }
    const { rows: [state] } = await sql<{ now: string; highest: number | string | null; oldest: string | null }>`SELECT
        CAST(NOW() AS CHAR) AS now, (SELECT MAX(seq) FROM ${sql.table(log)}) AS highest,
        CAST((SELECT logged_at FROM ${sql.table(log)} ORDER BY seq LIMIT 1) AS CHAR) AS oldest`.execute(reader);
    const { rows } = await sql<LoggedRow>`SELECT seq, table_name, post_id, term_taxonomy_id, term_id FROM ${sql.table(log)}
      WHERE seq > ${after} AND NOT (writer <=> ${writer}) ORDER BY seq LIMIT ${limit}`.execute(reader);
    return {
      now: state!.now,
      highest: Number(state!.highest ?? 0),
      triggers,
      oldestLogged: state!.oldest,
      rows: await byTermTaxonomy(reader, rows),
    };
  };
}

interface LoggedRow extends ChangeRow {
  term_id: number | string | null;
}

const idOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The rows with a term's ID given each of its term_taxonomy IDs (a row each; one with none when it has none, as SQLite's triggers log it). */
async function byTermTaxonomy(reader: Reader, rows: readonly LoggedRow[]): Promise<ChangeRow[]> {
  const termIds = [...new Set(rows.filter((row) => row.term_id !== null).map((row) => Number(row.term_id)))];
  const taxonomies = new Map<number, number[]>();
  if (termIds.length) {
    const found = await reader.selectFrom('term_taxonomy').select(['term_id', 'term_taxonomy_id']).where('term_id', 'in', termIds).execute();
    for (const { term_id: termId, term_taxonomy_id: id } of found) taxonomies.set(Number(termId), [...taxonomies.get(Number(termId)) ?? [], Number(id)]);
  }
  return rows.flatMap(({ term_id: termId, ...row }) => {
    const changed = { ...row, seq: Number(row.seq), post_id: idOrNull(row.post_id), term_taxonomy_id: idOrNull(row.term_taxonomy_id) };
    if (termId === null) return [changed];
    const ids = taxonomies.get(Number(termId)) ?? [];
    return ids.length ? ids.map((id) => ({ ...changed, term_taxonomy_id: id })) : [changed];
  });
}

/**
 * The server's clock and the oldest transaction open that has changed or locked a row
 * (innodb-changes.ts), read before the log. Only those can hold rows of the log not committed yet:
 * a trigger inserts its row after the row it logs is changed (or, for an UPDATE that changes
 * nothing, locked), so a transaction that has done neither (a consistent snapshot's reads) has
 * drawn no number of the log's, and any it draws later is above every row a look has read. A
 * table of another engine than InnoDB takes no row lock: a statement stalled for a second between
 * such a change and its log row's first write could have its row passed by the floor.
 */
export type LogBound = Pick<TableTimes, 'now' | 'oldestWriting'>;

/** Seconds between two 'YYYY-MM-DD HH:MM:SS' times of the server's clock. */
function secondsBetween(earlier: string, later: string): number {
  const at = (time: string) => Date.parse(`${time.replace(' ', 'T')}Z`);
  return (at(later) - at(earlier)) / 1000;
}

/**
 * Turns reads of the log into what other connections touched, each row told once: rows above the
 * floor told so far are kept (`#told`) until the floor passes them. Everything is taken as
 * changed when more than MOST_ROWS_TOLD rows come at once, when a trigger is missing or was made
 * again since the last count (a write in between may not be logged; counted once in
 * TRIGGER_CHECK_MS), when the last look is older than the rows kept, and when a look took
 * everything without reading rows that could still show (more than MOST_ROWS_TOLD): once more
 * when the floor passes them.
 */
export class MysqlChangeLog {
  #floor: number;
  readonly #told = new Set<number>();
  /** Looks whose rows are not all below the floor yet: when, and the highest row then. */
  #looks: Array<{ at: string; highest: number }> = [];
  /** The highest row when a look took everything without reading them; rows up to it are not read again. */
  #passedUpTo: number | null = null;
  #triggers: string | null;
  #triggersCountedAt: number;
  #lastAt: string;

  constructor(
    private readonly read: LogReader,
    /** A read that counted the triggers. */
    first: LogRead,
    /** Read after `first`. */
    firstBound: LogBound | null,
    /** Deletes old rows up to this one, in the background. */
    private readonly prune: (upTo: number) => void,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.#floor = first.highest;
    this.#triggers = first.triggers ?? null;
    this.#triggersCountedAt = clock();
    this.#lastAt = first.now;
    this.#looks.push({ at: first.now, highest: first.highest });
    // Rows of transactions open as the log was first read may still show below its highest row:
    // taken as everything once they cannot any more (nothing is kept yet, so none open then is no matter).
    if (firstBound?.oldestWriting !== null) this.#passedUpTo = first.highest;
  }

  /**
   * What other connections touched since the last call, from rows read now; `bound` was read
   * before the call (null: unknown, the floor stays).
   */
  async changes(bound: LogBound | null): Promise<Touched> {
    const from = Math.max(this.#floor, this.#passedUpTo ?? 0);
    const countTriggers = this.clock() - this.#triggersCountedAt >= TRIGGER_CHECK_MS;
    if (countTriggers) this.#triggersCountedAt = this.clock();
    const read = await this.read(from, MOST_ROWS_TOLD + 1, countTriggers);
    const triggers = read.triggers === undefined ? this.#triggers : read.triggers;
    const wasWhole = triggers !== null && triggers === this.#triggers;
    const gap = secondsBetween(this.#lastAt, read.now) > LOOK_GAP_SECONDS;
    this.#triggers = triggers;
    this.#lastAt = read.now;
    this.#looks.push({ at: read.now, highest: read.highest });
    let touched: Touched;
    if (read.rows.length > MOST_ROWS_TOLD) {
      this.#passedUpTo = Math.max(this.#passedUpTo ?? 0, read.highest);
      touched = 'everything';
    } else {
      const fresh = read.rows.filter((row) => !this.#told.has(row.seq));
      for (const row of fresh) this.#told.add(row.seq);
      touched = wasWhole && !gap ? touchedBy(fresh) : 'everything';
    }
    if (this.#raiseFloor(bound)) touched = 'everything';
    if (read.oldestLogged !== null && secondsBetween(read.oldestLogged, read.now) > KEPT_SECONDS + 60) this.prune(this.#floor);
    return touched;
  }

  /** Raises the floor as far as `bound` allows; true when it passed rows a look took everything without reading. */
  #raiseFloor(bound: LogBound | null): boolean {
    const open = bound?.oldestWriting;
    if (!bound || open === undefined || open === STALE) return false;
    const limit = open !== null && open < bound.now ? open : bound.now;
    // Whole seconds: a look in an earlier second than the oldest open transaction began came before it.
    const settled = this.#looks.filter((look) => look.at < limit);
    if (!settled.length) return false;
    this.#looks = this.#looks.filter((look) => look.at >= limit);
    this.#floor = Math.max(this.#floor, ...settled.map((look) => look.highest));
    for (const seq of this.#told) if (seq <= this.#floor) this.#told.delete(seq);
    if (this.#passedUpTo === null || this.#floor < this.#passedUpTo) return false;
    this.#passedUpTo = null;
    return true;
  }
}
