// How long a request may wait for the database before wpcal gives up and answers 503. Off while
// a command migrates or imports (a schema change on a large table may rightly take minutes);
// `serve` turns them on once the database is ready.
export interface Deadlines {
  /** A MySQL/MariaDB statement running longer than this fails (its connection is closed). */
  queryMs: number;
  /** Waiting longer than this for a free pooled connection fails. */
  acquireMs: number;
  /** A write transaction that keeps losing lock races (deadlocks, busy SQLite) gives up after this. */
  writeMs: number;
}

export const SERVING_DEADLINES: Deadlines = { queryMs: 10_000, acquireMs: 10_000, writeMs: 10_000 };

/** Commands: no statement or connection deadline, and writes wait as long as a long import may take. */
export const COMMAND_DEADLINES: Deadlines = { queryMs: 0, acquireMs: 0, writeMs: 600_000 };
