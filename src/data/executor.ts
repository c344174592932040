// What the data layer's functions run on. A Reader is any handle (the pool or a transaction); a
// Writer is a transaction opened by `writeTransaction` (transaction.ts): functions that change rows
// take a Writer, so a write outside a transaction, its lock order and its retries is a type error.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables.ts';

export type DialectName = 'sqlite' | 'mysql';

export type Reader = Kysely<Database>;
export type Writer = Transaction<Database>;
