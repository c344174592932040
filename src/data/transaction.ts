// The one way to write: every REST write, import, migration and user command runs its work through
// `writeTransaction`, which
// - begins so that the work never has to upgrade a lock it cannot get: SQLite takes the write lock
//   at BEGIN (sqlite-immediate.ts); MySQL/MariaDB run READ COMMITTED, so searches take no gap locks
//   (two writers inserting meta of two new posts at the end of an index deadlock on the gap under
//   REPEATABLE READ) and each statement after a lock wait sees what the holder committed;
// - runs it again, whole, after a deadlock, a lock wait timeout or a busy SQLite, with jittered
//   backoff, until the deadline passes (then `DatabaseBusyError`, answered 503);
// - keeps hot rows every write touches (TEC's `tribe_last_save_post`, term counts) out of the time
//   the work runs, which would order every writer on them and deadlock on MySQL: tasks registered
//   with `beforeCommit` write them as the transaction's last statements, queued to travel with
//   the COMMIT; those registered with `afterCommitEach` run once the work is committed, on their
//   own (TEC's known date range), concurrent writers sharing one run;
// - then tells its commit listeners what the write touched (`touches`), before the write returns,
//   so that what readers keep in memory is current by the time the write is answered; until they
//   were told, the database names no data version (`commits`), so nothing read from memory that
//   lags behind the commit is kept under a version that outlives it.
import type { Kysely } from 'kysely';
import type { AfterCommitRunner, Autocommit, DialectName, Writer } from './executor.ts';
import type { OwnPostStamps } from './own-post-stamps.ts';
import type { Database } from './tables.ts';

export class DatabaseBusyError extends Error {
  readonly code = 'WPCAL_DB_BUSY';
}

/** Work done after a commit: each statement must leave the rows right on its own (see afterCommitEach). */
type AfterCommitTask = (db: AfterCommitRunner) => Promise<void>;

/**
 * How the database numbers the rows of one multi-row INSERT that leaves the key to it:
 * consecutively, `step` apart (SQLite; InnoDB's autoinc lock modes 0 and 1), or interleaved with
 * concurrent inserts (lock mode 2, Galera), where only a one-row INSERT says which ID it got.
 */
export interface AutoIdNumbering {
  consecutive: boolean;
  step: number;
}

/** Work done after commits on the items the committed transactions gave it, in commit order. */
export type AfterCommitBatch<T> = (db: AfterCommitRunner, items: T[]) => Promise<void>;

interface Gathered {
  items: unknown[];
  run: AfterCommitBatch<unknown>;
}

/**
 * What a committed write changed, as far as what readers keep in memory is concerned (events' list
 * keys and representations): the posts and term_taxonomy IDs it names, or `everything`.
 */
export type Touched = { posts: ReadonlySet<number>; terms: ReadonlySet<number> } | 'everything';

/** Told of each committed write once its after-commit tasks ran, before the write returns. */
export type CommitListener = (touched: Touched) => Promise<void>;

interface TransactionState {
  dialect: DialectName;
  numbering: AutoIdNumbering;
  beforeCommit: Map<string, (trx: Writer) => Promise<void>>;
  gathered: Map<string, Gathered>;
  /** Null until the work says it names all it touches (namesWhatItTouches): then it touched `everything`. */
  touched: { posts: Set<number>; terms: Set<number> } | null;
  /** The post_modified_gmt it leaves on posts it wrote through insertPost and updatePost (stampedPost). */
  stamps?: Map<number, string>;
}

const states = new WeakMap<Writer, TransactionState>();

function stateOf(trx: Writer): TransactionState {
  const state = states.get(trx);
  if (!state) throw new Error('not a transaction opened by writeTransaction');
  return state;
}

export function dialectOf(trx: Writer): DialectName {
  return stateOf(trx).dialect;
}

export function numberingOf(trx: Writer): AutoIdNumbering {
  return stateOf(trx).numbering;
}

/**
 * Runs `task` once the work is done, as the transaction's last statements: for a hot row every
 * write touches, written with queued statements (queued-writes.ts), which on MySQL travel with the
 * COMMIT, so the row is locked only while the transaction commits. Of the tasks registered under
 * one `key`, the last one runs; they run in the order of their keys, so every writer takes their
 * rows in one order whatever order its work registered them in.
 */
export function beforeCommit(trx: Writer, key: string, task: (trx: Writer) => Promise<void>): void {
  stateOf(trx).beforeCommit.set(key, task);
}

/**
 * Runs `run` after this transaction commits (never if it rolls back), for a hot row whose new
 * value depends on what each write did: on SQLite in a transaction of its own, on MySQL statement
 * by statement outside any transaction, so each statement must be right on its own. `item` joins
 * the items of every transaction that commits with this key, in commit order, and each run takes
 * all those gathered so far: concurrent writers share one run. A run that fails drops its items.
 */
export function afterCommitEach<T>(trx: Writer, key: string, item: T, run: AfterCommitBatch<T>): void {
  const gathered = stateOf(trx).gathered;
  const entry = gathered.get(key) ?? { items: [], run: run as AfterCommitBatch<unknown> };
  entry.items.push(item);
  gathered.set(key, entry);
}

/**
 * The work names everything it changes that readers keep in memory (touches); without this call a
 * committed write is taken to have changed everything.
 */
export function namesWhatItTouches(trx: Writer): void {
  const state = stateOf(trx);
  state.touched ??= { posts: new Set(), terms: new Set() };
}

/** Posts (rows, meta, occurrences, term links) and term_taxonomy IDs (rows, counts) this write changes. */
export function touches(trx: Writer, changed: { posts?: Iterable<number>; terms?: Iterable<number> }): void {
  const touched = stateOf(trx).touched;
  if (!touched) return;
  for (const id of changed.posts ?? []) touched.posts.add(Number(id));
  for (const id of changed.terms ?? []) touched.terms.add(Number(id));
}

/**
 * The post_modified_gmt this write leaves on the post (the row it wrote stays locked until the
 * commit): what tells a check of the posts modified this write's stamps from other connections'
 * saves (own-post-stamps.ts). A statement that changes it afterwards without saying so only makes
 * the check tell the post again.
 */
export function stampedPost(trx: Writer, post: number, modifiedGmt: string): void {
  const state = states.get(trx);
  if (state) (state.stamps ??= new Map()).set(post, modifiedGmt);
}

const MYSQL_RETRYABLE = new Set([
  1213, // ER_LOCK_DEADLOCK
  1205, // ER_LOCK_WAIT_TIMEOUT
  1020, // ER_CHECKREAD: MariaDB's snapshot isolation saw the row change under a locking read
]);

/** A lost race between writers: the whole transaction can simply run again. */
export function isLockConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { errno, code } = error as { errno?: unknown; code?: unknown };
  if (typeof errno === 'number' && MYSQL_RETRYABLE.has(errno)) return true;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

export interface TransactionOptions {
  dialect: DialectName;
  /** The handle write transactions are opened on (SQLite: a connection of its own). */
  kysely: Kysely<Database>;
  /** Milliseconds a write may keep retrying lost lock races before it gives up. */
  budgetMs(): number;
  numbering(): AutoIdNumbering;
  /**
   * What a background write does first and last (quiets the change log's triggers, and leaves one
   * row for all it wrote: sqlite-change-log.ts, mysql-change-log.ts), and, when given, `after`
   * whatever happened, still in the transaction (MySQL: the quiet is the session's, not the transaction's).
   */
  background?: { begin(trx: Writer): Promise<void>; end(trx: Writer): Promise<void>; after?(trx: Writer): Promise<void> };
}

export interface WriteOptions {
  /**
   * One of a long series of transactions (an import's units): on SQLite, once committed, it
   * leaves the write lock free long enough for a waiting writer to take it. SQLite does not
   * queue its writers, and one that begins its next transaction at once would starve them.
   */
  background?: boolean;
}

const FIRST_PAUSE_MS = 2;
/**
 * The longest pause between attempts. MySQL queues lock waits itself: retries follow deadlocks
 * and timeouts, and back off far. A SQLite writer waits by trying again: it tries often, so it
 * finds the lock free in the gap a background writer leaves (GIVE_WAY_MS).
 */
const LONGEST_PAUSE_MS = { mysql: 250, sqlite: 4 } satisfies Record<DialectName, number>;
/** How long a background writer on SQLite leaves the write lock free after each commit. */
const GIVE_WAY_MS = 6;

function pause(attempt: number, longest: number): number {
  const ceiling = Math.min(longest, FIRST_PAUSE_MS * 2 ** attempt);
  return ceiling / 2 + Math.random() * ceiling / 2;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The write transactions of one database handle. */
export class WriteTransactions {
  /** Per after-commit key: the newest task, the one running, and the newest generation done. */
  readonly #newest = new Map<string, { task: AfterCommitTask; generation: number }>();
  readonly #running = new Map<string, Promise<void>>();
  readonly #done = new Map<string, number>();
  /** Per afterCommitEach key: the items of committed transactions no run has taken yet. */
  readonly #pending = new Map<string, unknown[]>();
  #generations = 0;
  readonly #listeners: CommitListener[] = [];
  /** Own writes under way, and a count that moves as each begins and as each ends (ownWrites). */
  #underWay = 0;
  #activity = 0;
  /** Own commits sent but whose listeners are not all told yet, and those told (commits). */
  #settling = 0;
  #settled = 0;
  #stamps: OwnPostStamps | null = null;

  constructor(private readonly options: TransactionOptions) {}

  /** From now on, the stamps each write leaves (stampedPost) are kept in `stamps` once it committed. */
  stampPostsIn(stamps: OwnPostStamps): void {
    this.#stamps = stamps;
  }

  /** Adds a listener told of every committed write (see CommitListener). */
  onCommitted(listener: CommitListener): void {
    this.#listeners.push(listener);
  }

  /** Tells the listeners of changes made by other connections (connect.ts finds some on MySQL). */
  async tell(touched: Touched): Promise<void> {
    for (const listener of this.#listeners) await listener(touched);
  }

  /** Writes of this handle under way, and a count that moves whenever one begins or ends. */
  ownWrites(): { running: number; activity: number } {
    return { running: this.#underWay, activity: this.#activity };
  }

  /**
   * Own commits from the moment one is sent until its listeners were all told: what readers keep
   * in memory may lag behind the database meanwhile (`settling` > 0), and `settled` moves as each
   * ends. A version read with none settling, and the same `settled` before and after, names data
   * that memory agrees with (Db.dataVersion).
   */
  commits(): { settling: number; settled: number } {
    return { settling: this.#settling, settled: this.#settled };
  }

  async run<T>(work: (trx: Writer) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    this.#underWay++;
    this.#activity++;
    const commit = { sent: false };
    try {
      return await this.#run(work, options, commit);
    } finally {
      this.#settle(commit);
      this.#underWay--;
      this.#activity++;
    }
  }

  /** Ends the commit's settling (once: after its listeners were told, or as its write fails). */
  #settle(commit: { sent: boolean }): void {
    if (!commit.sent) return;
    commit.sent = false;
    this.#settling--;
    this.#settled++;
  }

  /**
   * `commit`: the write's, whose listeners hear of it (an after-commit task has none: it is part
   * of its write's); marked sent just before its COMMIT.
   */
  async #run<T>(work: (trx: Writer) => Promise<T>, options: WriteOptions, commit?: { sent: boolean }): Promise<T> {
    // Each attempt has its own state: work left running by a failed attempt cannot register tasks
    // for the one that commits.
    const { result, state } = await this.#retrying(async () => {
      const attempt: TransactionState = {
        dialect: this.options.dialect, numbering: this.options.numbering(), beforeCommit: new Map(), gathered: new Map(), touched: null,
      };
      const result = await this.#once(work, attempt, options.background === true, () => {
        if (!commit || commit.sent) return;
        commit.sent = true;
        this.#settling++;
      });
      return { result, state: attempt };
    });
    // Only what the write tells its listeners of passes for told (a post changed but not named does not).
    if (state.stamps) this.#stamps?.keep(state.stamps, state.touched?.posts ?? null);
    for (const [key, { items, run }] of state.gathered) {
      const pending = this.#pending.get(key) ?? this.#pending.set(key, []).get(key)!;
      pending.push(...items);
      await this.#afterCommit(key, (db) => run(db, pending.splice(0)));
    }
    if (commit) {
      await this.tell(state.touched ?? 'everything');
      this.#settle(commit);
    }
    if (options.background && this.options.dialect === 'sqlite') await sleep(GIVE_WAY_MS);
    return result;
  }

  /** Runs `attempt` again after each lost lock race, with jittered pauses, until the budget is spent. */
  async #retrying<T>(attempt: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.options.budgetMs();
    for (let tries = 0; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        if (!isLockConflict(error)) throw error;
        const wait = pause(tries, LONGEST_PAUSE_MS[this.options.dialect]);
        if (Date.now() + wait > deadline) {
          throw new DatabaseBusyError(`the database stayed busy for ${this.options.budgetMs()} ms (${tries + 1} attempts)`, { cause: error });
        }
        await sleep(wait);
      }
    }
  }

  #runTask(task: AfterCommitTask): Promise<void> {
    if (this.options.dialect === 'sqlite') return this.#run(task, {});
    const autocommit = this.options.kysely as Autocommit;
    return this.#retrying(() => task(autocommit));
  }

  /** `committing` is called as the work is done, just before the COMMIT is sent. */
  #once<T>(work: (trx: Writer) => Promise<T>, state: TransactionState, background: boolean, committing: () => void): Promise<T> {
    const around = background ? this.options.background : undefined;
    // MySQL connections are READ COMMITTED for the session (connect.ts): no statement needed here.
    return this.options.kysely.transaction().execute(async (trx) => {
      states.set(trx, state);
      try {
        await around?.begin(trx);
        const result = await work(trx);
        for (const key of [...state.beforeCommit.keys()].sort()) await state.beforeCommit.get(key)!(trx);
        await around?.end(trx);
        committing();
        return result;
      } finally {
        await around?.after?.(trx);
      }
    });
  }

  /**
   * Runs the task, or waits for a newer one of the same key to have run: concurrent writers then
   * share one update of a hot row (one commit for many) instead of queueing one each. The work
   * is committed by now, so the request has succeeded: a task that cannot run (the database went
   * away in between) is dropped rather than turning that success into an error.
   */
  async #afterCommit(key: string, task: AfterCommitTask): Promise<void> {
    const generation = ++this.#generations;
    this.#newest.set(key, { task, generation });
    while ((this.#done.get(key) ?? 0) < generation) {
      const running = this.#running.get(key);
      if (running) {
        await running;
        continue;
      }
      const newest = this.#newest.get(key)!;
      const run = this.#runTask(newest.task).catch(() => undefined).then(() => {
        this.#done.set(key, Math.max(this.#done.get(key) ?? 0, newest.generation));
        this.#running.delete(key);
      });
      this.#running.set(key, run);
      await run;
    }
  }
}
