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
// - Footprints (innodb-footprints.ts): what each transaction, and each statement outside one that
//   may write, added to the server's transaction counter, as its answers tell.
// - Reads sent together (together.ts): the rows of each of their SELECTs, after what was queued.
import type { Pool, PoolConnection, QueryError } from 'mysql2';
import type { MysqlPool, MysqlPoolConnection } from 'kysely';
import type { Deadlines } from './deadlines.ts';
import { InnodbFootprints, TransactionFootprint, statementKind } from './innodb-footprints.ts';
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
  /** Its statements, those queued first (reads sent together count as one). */
  statements: string[];
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
    const packet = { sql: statements.join(';\n'), statements, values: [...this.values, ...values], queued: this.sql.length, together: sql?.startsWith(TOGETHER_MARK) ?? false };
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
/** A transaction's end (not a savepoint's), as Kysely or a statement of wpcal's own writes it. */
const endsTransaction = (sql: string): boolean => /^(commit|rollback)(\s+work)?\s*$/i.test(sql);
/** A transaction begun by a statement of its own (START TRANSACTION WITH CONSISTENT SNAPSHOT), which is sent at once. */
const startsTransaction = (sql: string): boolean => /^(start\s+transaction|begin)\b/i.test(sql);

/** The answer to the caller's statement (each of them for reads sent together), not to those queued ahead of it. */
function ownResult(packet: Packet, result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  if (packet.together) return result.slice(packet.queued);
  return packet.queued > 0 ? result[result.length - 1] : result;
}

/** Tells `footprint` what the packet's statements did, from its answers. */
function account(footprint: TransactionFootprint, packet: Packet, error: unknown, result: unknown): void {
  if (error) return footprint.failed(packet.statements);
  const answers = packet.statements.length === 1 && !packet.together ? [result] : result as unknown[];
  packet.statements.forEach((sql, i) => footprint.answered(sql, i < packet.queued || !packet.together ? answers[i] : undefined));
}

function withQueryDeadline(connection: PoolConnection, deadlines: () => Deadlines, footprints: InnodbFootprints): MysqlPoolConnection {
  let destroyed = false;
  let inTransaction = false;
  /** Whether anything of the open transaction reached the server. */
  let sentInTransaction = false;
  /** The open transaction's footprint, until its end is answered. */
  let transaction: TransactionFootprint | null = null;
  const queue = new Queue();
  const answerLater = (callback: QueryCallback) => queueMicrotask(() => callback(null, QUEUED_ANSWER));

  function endTransaction(ending: TransactionFootprint | null): void {
    if (!ending || ending !== transaction) return;
    transaction = null;
    footprints.closed(ending.added);
  }

  function send(packet: Packet, callback: QueryCallback, footprint: TransactionFootprint | null): void {
    const timeout = deadlines().queryMs || undefined;
    connection.query({ sql: packet.sql, values: packet.values, timeout }, (error: QueryError | null, result: unknown) => {
      // mysql2 leaves a timed-out statement at the head of the connection's queue, where every
      // later statement would wait for ever: the connection is dropped from the pool instead.
      if (error?.code === 'PROTOCOL_SEQUENCE_TIMEOUT' && !destroyed) {
        destroyed = true;
        connection.destroy();
      }
      if (footprint) account(footprint, packet, error, result);
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
      if (startsTransaction(sql)) {
        inTransaction = true;
        sentInTransaction = false;
        // One left open (never seen) drew what it drew.
        transaction?.abandoned();
        endTransaction(transaction);
        transaction = new TransactionFootprint();
        footprints.opened();
      }
      if (sql === 'begin') {
        queue.push(sql, values);
        return answerLater(callback);
      }
      if (inTransaction && sql.startsWith(QUEUED_MARK) && queue.fits(sql, values)) {
        queue.push(sql, values);
        return answerLater(callback);
      }
      const ending = transaction;
      let footprint = transaction;
      let answered = callback;
      if (isRollback(sql)) {
        queue.clear();
        ending?.rolledBack();
        // Nothing of the transaction was sent: there is nothing to roll back.
        if (inTransaction && !sentInTransaction && !/savepoint/i.test(sql)) {
          inTransaction = false;
          endTransaction(ending);
          return answerLater(callback);
        }
      }
      if (endsTransaction(sql)) {
        inTransaction = false;
        answered = (error, result) => {
          endTransaction(ending);
          callback(error, result);
        };
      } else if (inTransaction) {
        sentInTransaction = true;
      } else if (statementKind(sql) !== 'neutral') {
        // Outside a transaction, a statement that may write is one of its own.
        const own = footprint = new TransactionFootprint();
        footprints.opened();
        answered = (error, result) => {
          footprints.closed(own.added);
          callback(error, result);
        };
      }
      if (queue.empty || queue.fits(sql, values)) return send(queue.take(sql, values), answered, footprint);
      // Too long to travel together: the queue goes first, and its failure is this statement's.
      send(queue.take(), (error) => {
        if (error) answered(error, undefined);
        else send({ sql, statements: [sql], values, queued: 0, together: sql.startsWith(TOGETHER_MARK) }, answered, footprint);
      }, footprint);
    },
    release: () => {
      queue.clear();
      // A transaction left open (its ROLLBACK failed) would take in the next user's statements:
      // the connection is closed instead, which the server answers by rolling it back.
      const leftOpen = inTransaction && sentInTransaction;
      inTransaction = false;
      if (leftOpen) transaction?.abandoned();
      endTransaction(transaction);
      if (destroyed) return;
      if (leftOpen) {
        destroyed = true;
        connection.destroy();
      } else {
        connection.release();
      }
    },
  } as unknown as MysqlPoolConnection;
}

export function poolWithDeadlines(pool: Pool, deadlines: () => Deadlines, footprints: InnodbFootprints): MysqlPool {
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
        if (!kept) wrapped.set(connection, kept = withQueryDeadline(connection, deadlines, footprints));
        callback(null, kept);
      });
    },
    end: (callback: (error: unknown) => void) => pool.end(callback),
  } as MysqlPool;
}
