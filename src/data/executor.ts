// What the data layer's functions run on. A Reader is any handle (the pool or a transaction); a
// Writer is a transaction opened by `writeTransaction` (transaction.ts): functions that change rows
// take a Writer, so a write outside a transaction, its lock order and its retries is a type error.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables.ts';

export type DialectName = 'sqlite' | 'mysql';

export type Reader = Kysely<Database>;
export type Writer = Transaction<Database>;

declare const autocommit: unique symbol;
/**
 * A handle outside any transaction, where each statement commits on its own: what an after-commit
 * task (transaction.ts) gets on MySQL, so a task of one statement costs one round trip.
 */
export type Autocommit = Kysely<Database> & { readonly [autocommit]: true };
/** Where an after-commit task runs: its own transaction (SQLite) or autocommit (MySQL). */
export type AfterCommitRunner = Writer | Autocommit;
