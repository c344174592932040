// A mysql2 pool as Kysely's MysqlDialect uses it, with deadlines: a statement past `queryMs` fails
// (mysql2 then closes its connection, so a frozen server cannot hold it forever) and waiting past
// `acquireMs` for a connection fails instead of queueing for ever.
import type { Pool, PoolConnection, QueryError } from 'mysql2';
import type { MysqlPool, MysqlPoolConnection } from 'kysely';
import type { Deadlines } from './deadlines.ts';

/** A connection or statement deadline that passed (answered 503 by the REST layer). */
export class DatabaseTimeoutError extends Error {
  readonly code = 'WPCAL_DB_TIMEOUT';
}

type QueryCallback = (error: unknown, result: unknown) => void;

function withQueryDeadline(connection: PoolConnection, deadlines: () => Deadlines): MysqlPoolConnection {
  let destroyed = false;
  return {
    query(sql: string, values: unknown[], callback?: QueryCallback) {
      // Kysely streams with a query and no callback (exports): no deadline on a stream.
      if (!callback) return connection.query({ sql, values });
      const timeout = deadlines().queryMs || undefined;
      return connection.query({ sql, values, timeout }, (error: QueryError | null, result: unknown) => {
        // mysql2 leaves a timed-out statement at the head of the connection's queue, where every
        // later statement would wait for ever: the connection is dropped from the pool instead.
        if (error?.code === 'PROTOCOL_SEQUENCE_TIMEOUT' && !destroyed) {
          destroyed = true;
          connection.destroy();
        }
        callback(error, result);
      });
    },
    release: () => {
      if (!destroyed) connection.release();
    },
  } as unknown as MysqlPoolConnection;
}

export function poolWithDeadlines(pool: Pool, deadlines: () => Deadlines): MysqlPool {
  const wrapped = new WeakMap<PoolConnection, MysqlPoolConnection>();
  return {
    getConnection(callback: (error: unknown, connection: MysqlPoolConnection) => void) {
      const limit = deadlines().acquireMs;
      let settled = false;
      const timer = limit ? setTimeout(() => {
        settled = true;
        callback(new DatabaseTimeoutError(`no database connection within ${limit} ms`), undefined as never);
      }, limit) : undefined;
      pool.getConnection((error, connection) => {
        if (settled) {
          // Too late for the caller that asked: hand the connection straight back.
          connection?.release();
          return;
        }
        clearTimeout(timer);
        if (error) return callback(error, undefined as never);
        let kept = wrapped.get(connection);
        if (!kept) wrapped.set(connection, kept = withQueryDeadline(connection, deadlines));
        callback(null, kept);
      });
    },
    end: (callback: (error: unknown) => void) => pool.end(callback),
  } as MysqlPool;
}
