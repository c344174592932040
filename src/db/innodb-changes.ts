// How a MySQL/MariaDB handle tells that data may have changed: an InnoDB counter that every commit
// on the server advances (commits of other databases too: that only costs a reuse).
import { sql, type Kysely } from 'kysely';
import type { Database } from './tables.ts';

/**
 * Status variables that every commit advances, best first. MariaDB's highest transaction ID moves
 * when a read-write transaction starts and when it commits, and never for plain reads. The log
 * sequence number (MariaDB's, then MySQL 8.0.30+'s) also moves at each checkpoint, which MariaDB
 * writes about every second while it flushes pages after a large write, so it comes second.
 */
const COMMIT_COUNTERS = ['Innodb_max_trx_id', 'Innodb_lsn_current', 'Innodb_redo_log_current_lsn'];

interface StatusRow {
  Variable_name: string;
  Value: string;
}

async function readStatus(kysely: Kysely<Database>, variable: string): Promise<string | null> {
  const { rows } = await sql<StatusRow>`SHOW GLOBAL STATUS LIKE ${variable}`.execute(kysely);
  return rows[0]?.Value ?? null;
}

/**
 * The commit counter reader for this server, or null when changes cannot be told from it: no such
 * status variable, or a table of this prefix in another engine (MyISAM writes leave InnoDB alone).
 */
export async function commitCounterReader(kysely: Kysely<Database>, prefix: string): Promise<(() => Promise<string | null>) | null> {
  const variable = await findCommitCounter(kysely);
  if (!variable) return null;
  const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND ENGINE <> 'InnoDB'
      AND LEFT(TABLE_NAME, ${prefix.length}) = ${prefix}`.execute(kysely);
  if (Number(rows[0]?.n ?? 0) > 0) return null;
  return () => readStatus(kysely, variable);
}

async function findCommitCounter(kysely: Kysely<Database>): Promise<string | null> {
  for (const variable of COMMIT_COUNTERS) {
    if (await readStatus(kysely, variable) !== null) return variable;
  }
  return null;
}

/**
 * Turns counter reads into data versions for concurrent requests. A caller gets the result of a
 * read that started after its call (so it sees every commit made before it asked), and callers
 * that arrive while a read is running share the next one. A value is only returned once a later
 * read found it unchanged: InnoDB advances both counters for a commit an instant before the commit
 * becomes visible to readers, so a first sighting may still come with the old rows.
 */
export class SettledVersions {
  #running: Promise<string | null> | null = null;
  #queued: Promise<string | null> | null = null;
  #lastSeen: string | null = null;

  constructor(private readonly read: () => Promise<string | null>) {}

  current(): Promise<string | null> {
    if (!this.#running) return this.#start();
    const startAgain = () => {
      this.#queued = null;
      return this.#start();
    };
    return this.#queued ??= this.#running.then(startAgain, startAgain);
  }

  #start(): Promise<string | null> {
    const running = this.read().then((value) => {
      const settled = value !== null && value === this.#lastSeen;
      this.#lastSeen = value;
      return settled ? value : null;
    }, () => null).finally(() => {
      this.#running = null;
    });
    this.#running = running;
    return running;
  }
}
