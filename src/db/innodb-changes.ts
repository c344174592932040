// How a MySQL/MariaDB handle tells that data may have changed: InnoDB's log sequence number, which
// every commit on the server advances (commits of other databases too: that only costs a reuse).
import { sql, type Kysely } from 'kysely';
import type { Database } from './tables.ts';

/** The status variable holding the current LSN: MariaDB's, then MySQL 8.0.30+'s. */
const LSN_VARIABLES = ['Innodb_lsn_current', 'Innodb_redo_log_current_lsn'];

interface StatusRow {
  Variable_name: string;
  Value: string;
}

async function readLsn(kysely: Kysely<Database>, variable: string): Promise<string | null> {
  const { rows } = await sql<StatusRow>`SHOW GLOBAL STATUS LIKE ${variable}`.execute(kysely);
  return rows[0]?.Value ?? null;
}

/**
 * The LSN reader for this server, or null when changes cannot be told from it: no LSN status
 * variable, or a table of this prefix in another engine (MyISAM writes leave the LSN alone).
 */
export async function lsnReader(kysely: Kysely<Database>, prefix: string): Promise<(() => Promise<string | null>) | null> {
  const variable = await findLsnVariable(kysely);
  if (!variable) return null;
  const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND ENGINE <> 'InnoDB'
      AND LEFT(TABLE_NAME, ${prefix.length}) = ${prefix}`.execute(kysely);
  if (Number(rows[0]?.n ?? 0) > 0) return null;
  return () => readLsn(kysely, variable);
}

async function findLsnVariable(kysely: Kysely<Database>): Promise<string | null> {
  for (const variable of LSN_VARIABLES) {
    if (await readLsn(kysely, variable) !== null) return variable;
  }
  return null;
}

/**
 * Turns LSN reads into data versions for concurrent requests. A caller gets the result of a read
 * that started after its call (so it sees every commit made before it asked), and callers that
 * arrive while a read is running share the next one. A position is only returned once a later
 * read found it unchanged: InnoDB advances the LSN of a commit an instant before the commit
 * becomes visible to readers, so a first sighting may still come with the old rows.
 */
export class LsnVersions {
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
    const running = this.read().then((lsn) => {
      const settled = lsn !== null && lsn === this.#lastSeen;
      this.#lastSeen = lsn;
      return settled ? lsn : null;
    }, () => null).finally(() => {
      this.#running = null;
    });
    this.#running = running;
    return running;
  }
}
