// Database failures that are the database's state, not the request's fault: the REST layer answers
// them 503 with Retry-After instead of 500.
import { DatabaseTimeoutError } from './mysql-pool.ts';
import { DatabaseBusyError, isLockConflict } from './transaction.ts';

/** Connection-level failures of mysql2 and Node's sockets: the server is down, restarting or unreachable. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_CONNECTION_KILLED', 'ER_QUERY_INTERRUPTED', 'ER_CLIENT_INTERACTION_TIMEOUT',
]);

export interface Unavailable {
  code: 'wpcal_database_busy' | 'wpcal_database_unavailable';
  message: string;
  /** Seconds a client should wait before trying again. */
  retryAfter: number;
}

export function databaseUnavailable(error: unknown): Unavailable | null {
  if (error instanceof DatabaseBusyError || isLockConflict(error)) {
    return { code: 'wpcal_database_busy', message: 'The database is busy with other writes. Try again shortly.', retryAfter: 1 };
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const closed = error instanceof Error && /pool is closed|connection is in closed state|can't add new command when connection is in closed state/i.test(error.message);
  if (error instanceof DatabaseTimeoutError || (typeof code === 'string' && CONNECTION_CODES.has(code)) || closed) {
    return { code: 'wpcal_database_unavailable', message: 'The database is not answering. Try again shortly.', retryAfter: 5 };
  }
  return null;
}
