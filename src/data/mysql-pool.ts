// A mysql2 pool as Kysely's MysqlDialect uses it, with deadlines and queued writes.
// - Deadlines: a statement past `queryMs` fails (mysql2 then closes its connection, so a frozen
//   server cannot hold it forever) and waiting past `acquireMs` for a connection fails instead of
//   queueing for ever.
// - Queued writes (queued-writes.ts): inside a transaction, a statement marked QUEUED_MARK and the
//   transaction's BEGIN are not sent alone: they travel with the next statement in one
//   multi-statement packet, so a write whose result nobody reads costs no round trip of its own.
//   A queued statement that fails fails the statement it travels with, and the transaction with
//   it; ROLLBACK (TO SAVEPOINT) drops what is still queued, as it would undo it. Values are escaped
//   into the text by mysql2 on the client, as for every statement it sends with query().
// - Reads sent together (together.ts): the rows of each of their SELECTs, after what was queued.
import type { Pool, PoolConnection, QueryError } from 'mysql2';
import type { MysqlPool, MysqlPoolConnection } from 'kysely';
import type { Deadlines } from './deadlines.ts';
import { QUEUED_MARK } from './queued-writes.ts';
import { TOGETHER_MARK } from './together.ts';

/** A connection or statement deadline that passed (answered 503 by the REST layer). */
export class DatabaseTimeoutError extends Error {
  readonly code = 'WPCAL_DB_TIMEOUT';
}

/**
 * The most a packet of queued statements and the statement they travel with may count, text values
 * twice (escaping can double them; a character takes up to 3 bytes): well below MySQL 5.7's default
 * max_allowed_packet (4 MB). Beyond it the queue goes first, alone; a statement alone is kept small
 * by what builds it (insertRows: 1M characters).
 */
const MAX_QUEUED_CHARS = 512 * 1024;

type QueryCallback = (error: unknown, result: unknown) => void;

/** What Kysely reads from the answer to a statement that was only queued. */
const QUEUED_ANSWER = Object.freeze({ affectedRows: 0, insertId: 0, changedRows: 0 });

function size(sql: string, values: readonly unknown[]): number {
  let chars = sql.length;
  for (const value of values) if (typeof value === 'string') chars += 2 * value.length;
  return chars;
}

interface Packet {
  sql: string;
  values: unknown[];
  /** Statements of the queue ahead of the caller's own. */
  queued: number;
  /** Whether the caller's own statement is reads sent together. */
  together: boolean;
}

/** The statements a transaction has not sent yet, in order. */
class Queue {
  sql: string[] = [];
  values: unknown[] = [];
  chars = 0;

  get empty(): boolean {
    return this.sql.length === 0;
  }

  /** Whether the queue and this statement can travel in one packet. */
  fits(sql: string, values: readonly unknown[]): boolean {
    return this.chars + size(sql, values) <= MAX_QUEUED_CHARS;
  }

  push(sql: string, values: readonly unknown[]): void {
    this.sql.push(sql);
    this.values.push(...values);
    this.chars += size(sql, values);
  }

  /** The queue's statements, followed by this one if given, as one packet; the queue is emptied. */
  take(sql?: string, values: readonly unknown[] = []): Packet {
    const statements = sql === undefined ? this.sql : [...this.sql, sql];
    const packet = { sql: statements.join(';\n'), values: [...this.values, ...values], queued: this.sql.length, together: sql?.startsWith(TOGETHER_MARK) ?? false };
    this.clear();
    return packet;
  }

  clear(): void {
    this.sql = [];
    this.values = [];
    this.chars = 0;
  }
}

const isRollback = (sql: string): boolean => /^rollback\b/i.test(sql);

/** The answer to the caller's statement (each of them for reads sent together), not to those queued ahead of it. */
function ownResult(packet: Packet, result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  if (packet.together) return result.slice(packet.queued);
  return packet.queued > 0 ? result[result.length - 1] : result;
}

function withQueryDeadline(connection: PoolConnection, deadlines: () => Deadlines): MysqlPoolConnection {
  let destroyed = false;
  let inTransaction = false;
  /** Whether anything of the open transaction reached the server. */
  let sentInTransaction = false;
  const queue = new Queue();
  const answerLater = (callback: QueryCallback) => queueMicrotask(() => callback(null, QUEUED_ANSWER));

  function send(packet: Packet, callback: QueryCallback): void {
    const timeout = deadlines().queryMs || undefined;
    connection.query({ sql: packet.sql, values: packet.values, timeout }, (error: QueryError | null, result: unknown) => {
      // mysql2 leaves a timed-out statement at the head of the connection's queue, where every
      // later statement would wait for ever: the connection is dropped from the pool instead.
      if (error?.code === 'PROTOCOL_SEQUENCE_TIMEOUT' && !destroyed) {
        destroyed = true;
        connection.destroy();
      }
      callback(error, ownResult(packet, result));
    });
  }

  return {
    query(sql: string, values: unknown[], callback?: QueryCallback) {
      if (!callback) {
        // A stream (Kysely streams with a query and no callback) would bypass the queue, BEGIN included.
        if (inTransaction) throw new Error('wpcal does not stream inside a write transaction');
        return connection.query({ sql, values });
      }
      if (sql === 'begin') {
        inTransaction = true;
        sentInTransaction = false;
        queue.push(sql, values);
        return answerLater(callback);
      }
      if (inTransaction && sql.startsWith(QUEUED_MARK) && queue.fits(sql, values)) {
        queue.push(sql, values);
        return answerLater(callback);
      }
      if (isRollback(sql)) {
        queue.clear();
        // Nothing of the transaction was sent: there is nothing to roll back.
        if (inTransaction && !sentInTransaction && !/savepoint/i.test(sql)) {
          inTransaction = false;
          return answerLater(callback);
        }
      }
      if (sql === 'commit' || sql === 'rollback') inTransaction = false;
      else if (inTransaction) sentInTransaction = true;
      if (queue.empty || queue.fits(sql, values)) return send(queue.take(sql, values), callback);
      // Too long to travel together: the queue goes first, and its failure is this statement's.
      send(queue.take(), (error) => {
        if (error) callback(error, undefined);
        else send({ sql, values, queued: 0, together: sql.startsWith(TOGETHER_MARK) }, callback);
      });
    },
    release: () => {
      queue.clear();
      inTransaction = false;
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
