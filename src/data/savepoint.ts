// A part of a write transaction that can be undone alone: SAVEPOINT, then RELEASE when the part
// succeeds or ROLLBACK TO when it throws (the same statements on SQLite and MySQL/MariaDB).
import { sql } from 'kysely';
import type { Writer } from './executor.ts';
import { isLockConflict } from './transaction.ts';

let savepoints = 0;

async function run(trx: Writer, statement: string): Promise<void> {
  await sql.raw(statement).execute(trx);
}

/**
 * Runs `part` inside a savepoint of `trx`. When it throws, what it wrote is undone, the
 * transaction goes on and the error propagates; a lost lock race is passed on untouched (MySQL has
 * already rolled the whole transaction back, and writeTransaction runs it again).
 */
export async function withSavepoint<T>(trx: Writer, part: () => Promise<T>): Promise<T> {
  const name = `wpcal_part_${++savepoints}`;
  await run(trx, `SAVEPOINT ${name}`);
  try {
    const result = await part();
    // Inside the try: a queued write of the part (queued-writes.ts) runs with the RELEASE, and
    // its failure is the part's.
    await run(trx, `RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    if (!isLockConflict(error)) {
      // The part's failure is the news; a failing ROLLBACK TO (the connection lost) is its sequel.
      await run(trx, `ROLLBACK TO SAVEPOINT ${name}`).catch((rollbackError: unknown) => {
        throw Object.assign(error instanceof Error ? error : new Error(String(error)), { rollbackError });
      });
    }
    throw error;
  }
}
