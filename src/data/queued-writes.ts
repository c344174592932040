// A write whose result nobody reads (meta rows, term links, TEC 6 rows) need not wait for its own
// round trip: on MySQL it is sent with the transaction's next statement (mysql-pool.ts), so a
// write of ten such statements costs a few round trips, not ten. Its failure then fails that
// next statement, and the transaction rolls back whole as after any failure. SQLite runs
// statements in the process: there it simply runs.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Writer } from './executor.ts';

/** Starts the SQL of a statement that may wait for the next one. */
export const QUEUED_MARK = '/* queued */ ';

export async function queueCompiled(trx: Writer, compiled: CompiledQuery): Promise<void> {
  await trx.executeQuery({ ...compiled, sql: QUEUED_MARK + compiled.sql });
}

export function queueWrite(trx: Writer, query: Compilable): Promise<void> {
  return queueCompiled(trx, query.compile());
}
