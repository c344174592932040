// Reads whose SELECTs do not depend on each other's rows travel together: on MySQL in one
// multi-statement packet (one round trip, where side-by-side queries on pooled connections cost
// one each), on SQLite one after the other in the process. A data function that others may want
// to read beside theirs exports a `Read` (its statements and how its value is made of their rows)
// beside the function that reads it alone.
import { CompiledQuery, MysqlAdapter, type Compilable } from 'kysely';
import type { Reader } from './executor.ts';

/** Starts the SQL of several SELECTs sent as one packet (mysql-pool.ts answers each one's rows). */
export const TOGETHER_MARK = '/* together */ ';

export interface Read<T> {
  readonly queries: readonly Compilable<unknown>[];
  /** The value, from each query's rows in the order of `queries`. */
  value(rows: readonly (readonly unknown[])[]): T;
}

type Values<T extends readonly Read<unknown>[]> = { -readonly [K in keyof T]: T[K] extends Read<infer V> ? V : never };

/** Whether reads sent together travel in one packet (MySQL), where a statement more costs no round trip of its own. */
export function sendsPackets(db: Reader): boolean {
  return db.getExecutor().adapter instanceof MysqlAdapter;
}

async function rowsOf(db: Reader, compiled: readonly CompiledQuery[]): Promise<unknown[][]> {
  if (compiled.length > 1 && sendsPackets(db)) {
    const packet = CompiledQuery.raw(TOGETHER_MARK + compiled.map((query) => query.sql).join(';\n'), compiled.flatMap((query) => query.parameters));
    const { rows } = await db.executeQuery<unknown[]>(packet);
    return rows;
  }
  const rows: unknown[][] = [];
  for (const query of compiled) rows.push((await db.executeQuery(query)).rows as unknown[]);
  return rows;
}

/** One read made of several: their statements in order, its value made of their values. */
export function combinedRead<T extends readonly Read<unknown>[], V>(reads: T, combine: (values: Values<T>) => V): Read<V> {
  return {
    queries: reads.flatMap((read) => read.queries),
    value(rows) {
      let next = 0;
      return combine(reads.map((read) => read.value(rows.slice(next, next += read.queries.length))) as Values<T>);
    },
  };
}

/** Reads ahead (readAhead) not sent yet, per transaction or database handle. */
const waiting = new WeakMap<Reader, Set<PendingRead<unknown>>>();

/** A read whose value is wanted later: sent with the next reads sent together, or alone when asked for first. */
export interface ReadAhead<T> {
  value(): Promise<T>;
}

class PendingRead<T> implements ReadAhead<T> {
  #value: Promise<T> | null = null;

  constructor(private readonly db: Reader, readonly read: Read<T>) {}

  value(): Promise<T> {
    waiting.get(this.db)?.delete(this);
    return this.#value ??= readAlone(this.db, this.read);
  }

  /** Takes the value of the packet it travelled with. */
  sentWith(value: Promise<T>): void {
    this.#value = value;
    // Failing with its packet, it fails whoever asks for it; no one may ask.
    value.catch(() => undefined);
  }
}

/**
 * Sends `read` with the next reads `db` sends together (on MySQL, in their packet), so a value a
 * transaction needs after its first read costs no round trip of its own.
 */
export function readAhead<T>(db: Reader, read: Read<T>): ReadAhead<T> {
  const ahead = new PendingRead(db, read);
  const set = waiting.get(db) ?? new Set();
  set.add(ahead as PendingRead<unknown>);
  waiting.set(db, set);
  return ahead;
}

/** The values of these reads, their statements sent together (with any reads ahead of `db`). */
export async function readTogether<T extends readonly Read<unknown>[]>(db: Reader, ...reads: T): Promise<Values<T>> {
  const ahead = [...waiting.get(db) ?? []];
  waiting.delete(db);
  const all = combinedRead([...reads, ...ahead.map((each) => each.read)], (values) => values);
  const values = rowsOf(db, all.queries.map((query) => query.compile())).then((rows) => all.value(rows));
  ahead.forEach((each, i) => each.sentWith(values.then((list) => list[reads.length + i])));
  return (await values).slice(0, reads.length) as Values<T>;
}

/** The value of one read. */
export async function readAlone<T>(db: Reader, read: Read<T>): Promise<T> {
  const [value] = await readTogether(db, read);
  return value;
}

