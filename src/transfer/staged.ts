// What an import learns while it writes (the IDs of posts it created, the slugs it took, the terms
// it touched) is true only once the transaction that wrote it commits. An import commits unit by
// unit, and a unit that loses a lock race runs again from the start: what a failed attempt
// learned must be forgotten, what a committed one learned kept.
import type { DialectName, Writer } from '../data/executor.ts';

interface Stageable {
  commit(): void;
  discard(): void;
}

/** A map whose entries set during a unit of writes count only once the unit commits. */
export class StagedMap<K, V> implements Stageable {
  private readonly kept: Map<K, V>;
  private readonly pending = new Map<K, V>();

  constructor(entries?: Iterable<readonly [K, V]>) {
    this.kept = new Map(entries);
  }

  get(key: K): V | undefined {
    return this.pending.has(key) ? this.pending.get(key) : this.kept.get(key);
  }

  has(key: K): boolean {
    return this.pending.has(key) || this.kept.has(key);
  }

  set(key: K, value: V): this {
    this.pending.set(key, value);
    return this;
  }

  /** Every key, kept or set during the current unit. */
  *keys(): IterableIterator<K> {
    yield* this.kept.keys();
    for (const key of this.pending.keys()) if (!this.kept.has(key)) yield key;
  }

  commit(): void {
    for (const [key, value] of this.pending) this.kept.set(key, value);
    this.pending.clear();
  }

  discard(): void {
    this.pending.clear();
  }
}

/** A set whose members added during a unit of writes count only once the unit commits. */
export class StagedSet<T> implements Stageable {
  private readonly entries = new StagedMap<T, true>();

  has(value: T): boolean {
    return this.entries.has(value);
  }

  add(value: T): this {
    this.entries.set(value, true);
    return this;
  }

  /** Every member, kept or added during the current unit. */
  values(): IterableIterator<T> {
    return this.entries.keys();
  }

  commit(): void {
    this.entries.commit();
  }

  discard(): void {
    this.entries.discard();
  }
}

/** A count whose increments during a unit of writes count only once the unit commits. */
export class StagedCount implements Stageable {
  private kept = 0;
  private pending = 0;

  add(n = 1): void {
    this.pending += n;
  }

  /** What committed units added. */
  get value(): number {
    return this.kept;
  }

  commit(): void {
    this.kept += this.pending;
    this.pending = 0;
  }

  discard(): void {
    this.pending = 0;
  }
}

/**
 * Venue, organizer and term records per unit of writes: each is several statements, and a unit
 * holds its locks (on SQLite the database's write lock) until it commits.
 */
export const RECORDS_PER_UNIT = 100;

/**
 * Chunks of events (BULK_ROWS each) per unit of writes. On SQLite a commit writes every page the
 * unit changed to the WAL (then the checkpoint copies it into the file), and an event changes
 * pages all over the indexes that are not in insertion order (the occurrences' `hash` and dates,
 * the posts' name and date): with units of 1000 events, an import of 300,000 wrote 43 KB per
 * event (WAL and checkpoints), with units of 5000, 17 KB. The unit holds the write lock throughout, so an API write waits
 * for one unit (about half a second). MySQL/MariaDB write changed pages back from the buffer pool
 * whenever they commit: there a unit stays one chunk, and the next chunk is computed while the
 * server writes it.
 */
export const EVENT_CHUNKS_PER_UNIT = { sqlite: 5, mysql: 1 } as const satisfies Record<DialectName, number>;

/** Runs a unit of an import's writes in a transaction (a new one, or the dry run's) and resolves once it is committed. */
export type WriteUnit = <T>(work: (trx: Writer) => Promise<T>) => Promise<T>;

/**
 * The units of writes of one import file and the staged knowledge they share: each attempt of a
 * unit starts from what committed units learned, and what it learns is kept once it commits.
 */
export class Units {
  private readonly staged: Stageable[] = [];

  constructor(private readonly unit: WriteUnit) {}

  /** Registers staged state (returned as given). */
  track<T extends Stageable>(state: T): T {
    this.staged.push(state);
    return state;
  }

  async run<T>(work: (trx: Writer) => Promise<T>): Promise<T> {
    const result = await this.unit((trx) => {
      for (const state of this.staged) state.discard();
      return work(trx);
    });
    for (const state of this.staged) state.commit();
    return result;
  }
}
