// How a MySQL/MariaDB handle tells that data may have changed: an InnoDB counter that every commit
// on the server advances (commits of other databases too: that only costs a reuse).
import { sql, type Kysely } from 'kysely';
import type { Footprint } from './innodb-footprints.ts';
import type { Database } from './tables.ts';

/**
 * Status variables that every commit advances, best first. MariaDB's highest transaction ID moves
 * when a read-write transaction starts and when it commits, and never for plain reads. The log
 * sequence number (MariaDB's, then MySQL 8.0.30+'s) also moves at each checkpoint, which MariaDB
 * writes about every second while it flushes pages after a large write, so it comes second.
 */
const COMMIT_COUNTERS = ['Innodb_max_trx_id', 'Innodb_lsn_current', 'Innodb_redo_log_current_lsn'];

interface StatusRow {
  Variable_name: string;
  Value: string;
}

async function readStatus(kysely: Kysely<Database>, variable: string): Promise<string | null> {
  const { rows } = await sql<StatusRow>`SHOW GLOBAL STATUS LIKE ${variable}`.execute(kysely);
  return rows[0]?.Value ?? null;
}

/** How the server's commit counter is read, and whether it counts transactions (innodb-footprints.ts). */
export interface CommitCounter {
  read: () => Promise<string | null>;
  /** MariaDB's highest transaction ID: own statements' footprints tell what they added to it. */
  countsTransactions: boolean;
}

/**
 * The commit counter of this server, or null when changes cannot be told from it: no such status
 * variable, or a table of this prefix in another engine (MyISAM writes leave InnoDB alone).
 */
export async function commitCounterReader(kysely: Kysely<Database>, prefix: string): Promise<CommitCounter | null> {
  const variable = await findCommitCounter(kysely);
  if (!variable) return null;
  const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND ENGINE <> 'InnoDB'
      AND LEFT(TABLE_NAME, ${prefix.length}) = ${prefix}`.execute(kysely);
  if (Number(rows[0]?.n ?? 0) > 0) return null;
  return { read: () => readStatus(kysely, variable), countsTransactions: variable === COMMIT_COUNTERS[0] };
}

async function findCommitCounter(kysely: Kysely<Database>): Promise<string | null> {
  for (const variable of COMMIT_COUNTERS) {
    if (await readStatus(kysely, variable) !== null) return variable;
  }
  return null;
}

/**
 * How long a counter read answers for requests arriving after it started: other connections'
 * commits show at most this much later (wpcal's own writes show at once). Waiting for a new read
 * (about 150 µs: the server computes its InnoDB status for each) for every batch of requests held
 * reused answers to a quarter of the bare route's throughput.
 */
export const COUNTER_READ_WINDOW_MS = 5;

/** A read of the counter, and when (performance.now()) it started. */
interface Read {
  startedAt: number;
  value: Promise<string | null>;
}

/**
 * Reads of the counter made one after the other, at most, to see a new value twice (SettledVersions).
 * Under ten own commits a second (each moves MariaDB's counter twice), a third to a half of the
 * requests got no version when a new value waited for the next request's read to be seen again;
 * read again at once, 1–9% (the long tail at 100,000 events, 8 connections).
 */
export const SETTLING_READS = 3;

/**
 * Turns counter reads into data versions for concurrent requests. A caller gets the result of a
 * read that started at most `windowMs` before its call (so it sees every commit made longer ago
 * than that), and callers that arrive while a read too old for them is running share the next
 * one. A value is only returned once a later read found it unchanged: InnoDB advances the
 * counter (transaction ID or log sequence number) for a commit an instant before the commit
 * becomes visible to readers, so a first sighting may still come with the old rows. A first
 * sighting is read again at once, up to SETTLING_READS reads in all (a counter that keeps moving
 * answers null), and the callers waiting for it share the reads.
 */
export class SettledVersions {
  #latest: Read | null = null;
  #running = false;
  #queued: Promise<string | null> | null = null;
  #lastSeen: string | null = null;

  constructor(
    private readonly read: () => Promise<string | null>,
    private readonly windowMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  current(): Promise<string | null> {
    const latest = this.#latest;
    if (latest && latest.startedAt >= this.clock() - this.windowMs) return latest.value;
    if (!this.#running) return this.#start();
    return this.#queued ??= latest!.value.then(() => {
      this.#queued = null;
      return this.#start();
    });
  }

  #start(): Promise<string | null> {
    this.#running = true;
    const value = this.#settle().finally(() => {
      this.#running = false;
    });
    this.#latest = { startedAt: this.clock(), value };
    return value;
  }

  async #settle(): Promise<string | null> {
    for (let reads = 0; reads < SETTLING_READS; reads++) {
      const counter = await this.read().catch(() => null);
      const seenBefore = counter === this.#lastSeen;
      this.#lastSeen = counter;
      if (counter === null || seenBefore) return counter;
    }
    return null;
  }
}

/** wpcal's own writes through a handle: how many are under way, and a count moved as each begins and ends. */
export interface OwnWrites {
  running: number;
  activity: number;
}

/**
 * How often, while counter moves could be wpcal's own writes or another connection's, the posts
 * changed meanwhile are read (postsModifiedSince): another connection's save of a post shows at
 * most this much later.
 */
export const OUTSIDE_CHECK_MS = 2000;
/** ...and how often everything is read again then: another connection's other writes show at most this much later. */
export const OUTSIDE_FULL_CHECK_MS = 60_000;
/**
 * The share of the time checks may take: one reads every post (WordPress has no index on
 * post_modified_gmt: 0.3 s at 100,000 events on MariaDB, and requests wait for it), so after a
 * check of D ms the next comes OUTSIDE_CHECK_MS or D / CHECK_SHARE after the move it looks for.
 */
export const CHECK_SHARE = 0.2;

/** A counter read under way: its place in the order reads began, and wpcal's own writes (and statements' footprint) as it began. */
export interface CounterRead {
  number: number;
  startedWith: OwnWrites;
  footprint?: Footprint;
}

/** A read made with none of the handle's statements that may write under way, and what they had added by then. */
interface QuietRead {
  counter: number;
  units: number;
  uncertain: number;
  /** Its number (CounterRead's). */
  number: number;
}

/** What a counter read means (OutsideCommits.judge). */
export interface Judged {
  /** Changes when another connection may have written anything; null when unknown. */
  epoch: string | null;
  /** Set when the posts modified since this time (ms since the epoch) are to be read now. */
  checkSince?: number;
  /** Set when everything was taken as changed after OUTSIDE_FULL_CHECK_MS (a sweep). */
  swept?: true;
  /**
   * Set when the counter moved with none of wpcal's writes under way: another connection committed,
   * in this database or another (or the server wrote its own tables). The epoch is moved by
   * changed() once the caller finds it may be this database's.
   */
  foreignMove?: true;
}

/**
 * Tells other connections' commits from wpcal's own on a server-wide counter that both move:
 * `judge` turns each counter read (begun with `begin`; wpcal's own writes as it began and ended) into an
 * epoch that changes when another connection may have committed anything. A move with none of
 * wpcal's writes under way since the read before is another connection's: a new epoch at once. A
 * move while wpcal was writing may be either: it is taken for wpcal's (whose writes tell what they
 * changed); OUTSIDE_CHECK_MS after the first such move (dated by the read before it, which saw
 * none; later when checks are slow, see checked), the posts modified since are read
 * (checkSince), and OUTSIDE_FULL_CHECK_MS after it the epoch changes all the same: a sweep,
 * which the epoch tells apart from a change seen (`CHANGES.SWEEPS`, see sweptOnce). A second
 * epoch, postsEpoch, moves only with the changes that may have touched the post tables.
 *
 * When the counter counts transactions and the handle's statements say what they added to it
 * (innodb-footprints.ts), moves between two reads made while none of them was under way are the
 * handle's alone if they add up to what its statements surely added: no check or sweep is then
 * due for them (nor for a move taken for its own since the first of the two reads).
 */
export class OutsideCommits {
  /**
   * Changes seen or supposed (changed()), those of them that may have touched the post tables,
   * and sweeps (everything taken as changed after OUTSIDE_FULL_CHECK_MS).
   */
  #changes = 0;
  #postChanges = 0;
  #sweeps = 0;
  #last: string | null = null;
  #previousStart: OwnWrites = { running: 0, activity: 0 };
  #begun = 0;
  /** The number of the last read judged: one begun before it saw nothing newer. */
  #judged = 0;
  /**
   * The first move since the last check that wpcal's writes may explain, and since the last full
   * check; and the number of the read that found each.
   */
  #ambiguousSince: number | null = null;
  #uncheckedSince: number | null = null;
  #ambiguousFoundBy = 0;
  #uncheckedFoundBy = 0;
  /** When the read before was judged, and the last read that found the counter moved (or the first). */
  #lastJudgedAt = 0;
  #movedAt = 0;
  /** How long after an ambiguous move its check comes (checked()). */
  #checkAfter: number;
  /** The last read made while none of the handle's statements that may write was under way. */
  #quiet: QuietRead | null = null;

  constructor(
    private readonly checkMs: number,
    private readonly fullCheckMs: number,
    private readonly clock: () => number = () => Date.now(),
    /** False when a change log tells the post tables' changes: sweeps then leave postsEpoch. */
    private readonly postsSwept = true,
  ) {
    this.#checkAfter = checkMs;
  }

  /** A check of the posts modified took this long: the next comes no sooner than its cost allows (CHECK_SHARE). */
  checked(durationMs: number): void {
    this.#checkAfter = Math.max(this.checkMs, durationMs / CHECK_SHARE);
  }

  /** Call as a counter read begins. */
  begin(startedWith: OwnWrites, footprint?: Footprint): CounterRead {
    return { number: ++this.#begun, startedWith, footprint };
  }

  judge(read: CounterRead, counter: string | null, endedWith: OwnWrites, footprint?: Footprint): Judged {
    if (counter === null) return { epoch: null };
    // Reads may end in another order than they began: a later one was judged already.
    if (read.number < this.#judged) return { epoch: this.epoch };
    this.#judged = read.number;
    const now = this.clock();
    let foreign = false;
    if (counter !== this.#last) this.#movedAt = now;
    const ownAfter = this.#ownAloneAfter(read, counter, footprint);
    if (ownAfter !== null) {
      if (this.#ambiguousFoundBy > ownAfter) this.#ambiguousSince = null;
      if (this.#uncheckedFoundBy > ownAfter) this.#uncheckedSince = null;
    } else if (this.#last !== null && counter !== this.#last) {
      const ownMayExplain = endedWith.activity !== this.#previousStart.activity || this.#previousStart.running > 0;
      if (ownMayExplain) {
        // The move may have come at any time since the read before, which saw none.
        if (this.#ambiguousSince === null) [this.#ambiguousSince, this.#ambiguousFoundBy] = [this.#lastJudgedAt, read.number];
        if (this.#uncheckedSince === null) [this.#uncheckedSince, this.#uncheckedFoundBy] = [this.#lastJudgedAt, read.number];
      } else {
        foreign = true;
      }
    }
    this.#last = counter;
    this.#lastJudgedAt = now;
    this.#previousStart = read.startedWith;
    // The caller tells whether the move touched this database (TableChanges), then calls changed().
    if (foreign) return { epoch: this.epoch, foreignMove: true };
    if (this.#uncheckedSince !== null && now - this.#uncheckedSince >= this.fullCheckMs) {
      // A check that was due still comes: lists keep what they held through a sweep (sweptOnce).
      const since = this.#ambiguousSince;
      this.#sweeps++;
      this.#forgetMoves();
      return since === null ? { epoch: this.epoch, swept: true } : { epoch: this.epoch, checkSince: since, swept: true };
    }
    const since = this.#ambiguousSince;
    if (since === null || now - since < this.#checkAfter) return { epoch: this.epoch };
    this.#ambiguousSince = null;
    return { epoch: this.epoch, checkSince: since };
  }

  /**
   * For a read made while none of the handle's statements that may write was under way (from
   * before it began until it ended): the number of the quiet read before it, if every move since
   * is surely the handle's own; else null.
   */
  #ownAloneAfter(read: CounterRead, counter: string, ended: Footprint | undefined): number | null {
    const started = read.footprint;
    if (!started || !ended || started.open > 0 || ended.moves !== started.moves || !/^\d{1,15}$/.test(counter)) return null;
    const before = this.#quiet;
    this.#quiet = { counter: Number(counter), units: ended.units, uncertain: ended.uncertain, number: read.number };
    const explained = before !== null && ended.uncertain === before.uncertain && Number(counter) - before.counter === ended.units - before.units;
    return explained ? before.number : null;
  }

  /** Whether the reads judged for the last `ms` found the counter still. */
  quietFor(ms: number): boolean {
    return this.clock() - this.#movedAt >= ms;
  }

  /** The epoch now, `CHANGES.SWEEPS` (changed() and sweeps move it). */
  get epoch(): string {
    return `${this.#changes}.${this.#sweeps}`;
  }

  /** The epoch of the post tables (POST_TABLES), `CHANGES.SWEEPS`: changes that left them alone do not move it. */
  get postsEpoch(): string {
    return this.postsSwept ? `${this.#postChanges}.${this.#sweeps}` : String(this.#postChanges);
  }

  /**
   * Anything may have changed (another connection's commit, a check that could not be made): a new
   * epoch; `postTables` false when the post tables were seen unchanged (then the checks and the
   * sweep that own writes' moves asked for still come: the post tables' epoch holds what they tell).
   */
  changed(postTables = true): void {
    this.#changes++;
    if (!postTables) return;
    this.#postChanges++;
    this.#forgetMoves();
  }

  #forgetMoves(): void {
    this.#ambiguousSince = null;
    this.#uncheckedSince = null;
  }
}

/**
 * Whether the epoch `after` differs from `before` by one sweep alone: everything was taken as
 * changed because wpcal wrote for OUTSIDE_FULL_CHECK_MS, not because another connection was seen
 * to commit (or a check failed). Epochs of two sweeps apart, or of another shape, say no.
 */
export function sweptOnce(before: string, after: string): boolean {
  const [was, is] = [before.split('.'), after.split('.')];
  return was.length === 2 && is.length === 2 && was[0] === is[0] && Number(is[1]) === Number(was[1]) + 1;
}

/**
 * What the server tells of the transactions open that may still write (all but autocommit reads):
 * when the oldest began, 'YYYY-MM-DD HH:MM:SS' (null: none open); STALE when what it told may be
 * older than the read (see oldestOpenTransactionReader) or the read failed; undefined when it will
 * not tell (the user lacks the PROCESS privilege).
 */
export type OldestOpen = string | null | typeof STALE | undefined;
export const STALE = Symbol('stale');

/**
 * The server's open transactions, from one read: the oldest of all that may still write, and the
 * oldest of those that have changed or locked a row (one that has done neither holds no row of the
 * change log's, whose triggers insert after the row they log is changed, or locked by an UPDATE
 * that changes nothing: mysql-change-log.ts).
 */
export interface OpenTransactions {
  oldestOpen: OldestOpen;
  oldestWriting: OldestOpen;
}

/**
 * When each table of the handle's prefix last changed, by its name without the prefix (null: not
 * since the server started), the server's clock, and the transactions open (OldestOpen); times
 * are 'YYYY-MM-DD HH:MM:SS'.
 */
export interface TableTimes extends Partial<OpenTransactions> {
  tables: ReadonlyMap<string, string | null>;
  now: string;
  /** Some table of the prefix is not InnoDB (made so since the handle opened): the counter no longer sees all. */
  otherEngines?: boolean;
}

/** Reads TableTimes for the tables of this prefix in the connection's database. */
export function tableTimesReader(kysely: Kysely<Database>, prefix: string): () => Promise<TableTimes> {
  return async () => {
    // Joined to a row of its own, so that the clock comes even with no table.
    const { rows } = await sql<{ now: string; name: string | null; updated: string | null; other: number | string | null }>`SELECT CAST(NOW() AS CHAR) AS now,
        t.TABLE_NAME AS name, CAST(t.UPDATE_TIME AS CHAR) AS updated, t.TABLE_TYPE = 'BASE TABLE' AND t.ENGINE <> 'InnoDB' AS other
      FROM (SELECT 1 AS one) AS clock LEFT JOIN information_schema.TABLES AS t
        ON t.TABLE_SCHEMA = DATABASE() AND LEFT(t.TABLE_NAME, ${prefix.length}) = ${prefix}`.execute(kysely);
    const tables = new Map<string, string | null>();
    for (const { name, updated } of rows) if (name) tables.set(name.slice(prefix.length), updated);
    return { tables, now: rows[0]!.now, otherEngines: rows.some((row) => Number(row.other ?? 0) > 0) };
  };
}

/**
 * INNODB_TRX answers from a copy of the server's transactions that it takes again only when the
 * copy was last read (by anyone) more than this long before: reads closer together keep getting
 * the same copy, however old.
 */
export const INNODB_TRX_COPY_MS = 100;

/**
 * The reads of INNODB_TRX made by this process, each statement marked with its number: a copy of
 * the server's transactions showing a statement so marked was taken during that read (two
 * readers numbering their own reads could find each other's statement of the same number).
 */
let openTransactionReads = 0;
const nextOpenTransactionsMark = (): string => `wpcal-open-transactions ${++openTransactionReads};`;

/** What reading INNODB_TRX without the PROCESS privilege fails with. */
const ER_SPECIFIC_ACCESS_DENIED_ERROR = 1227;

/** The same answer for both. */
const both = (oldest: OldestOpen): OpenTransactions => ({ oldestOpen: oldest, oldestWriting: oldest });

/**
 * Reads OpenTransactions (INNODB_TRX asks for the PROCESS privilege; InnoDB stamps the tables a
 * transaction changed with the second it began, its first read or write, not the commit's). The
 * read is made in a transaction of its own whose statement carries a number of its own: the copy
 * was taken during the read only if it shows that statement (else STALE). Not asked again until
 * one to two INNODB_TRX_COPY_MS after the last read ended (STALE meanwhile): its own reads let the
 * copy be taken again, and, spaced at random, so do those of other processes reading it in turn.
 */
export function oldestOpenTransactionReader(
  kysely: Kysely<Database>, clock: () => number = () => performance.now(), nextMark: () => string = nextOpenTransactionsMark,
): () => Promise<OpenTransactions> {
  let nextRead = -Infinity;
  return async () => {
    if (clock() < nextRead) return both(STALE);
    const mark = nextMark();
    try {
      return await kysely.connection().execute(async (connection) => {
        await sql`START TRANSACTION WITH CONSISTENT SNAPSHOT`.execute(connection);
        try {
          // trx_started is in the server's system time zone, NOW() and UPDATE_TIME in the session's.
          type Counted = number | string | null;
          const { rows } = await sql<{ oldest: string | null; open: Counted; writing: string | null; writers: Counted; current: Counted }>`SELECT /* ${sql.raw(mark)} */
              CAST(CONVERT_TZ(MIN(CASE WHEN trx_mysql_thread_id <> CONNECTION_ID() THEN trx_started END), 'SYSTEM', @@session.time_zone) AS CHAR) AS oldest,
              SUM(trx_mysql_thread_id <> CONNECTION_ID()) AS open,
              CAST(CONVERT_TZ(MIN(CASE WHEN trx_mysql_thread_id <> CONNECTION_ID() AND (trx_rows_modified > 0 OR trx_lock_structs > 0) THEN trx_started END), 'SYSTEM', @@session.time_zone) AS CHAR) AS writing,
              SUM(trx_mysql_thread_id <> CONNECTION_ID() AND (trx_rows_modified > 0 OR trx_lock_structs > 0)) AS writers,
              SUM(trx_mysql_thread_id = CONNECTION_ID() AND LOCATE(${mark}, trx_query) > 0) AS current
            FROM information_schema.INNODB_TRX WHERE trx_autocommit_non_locking = 0`.execute(connection);
          await sql`COMMIT`.execute(connection);
          const [row] = rows;
          // A time the zones could not convert is no answer: null would say none is open.
          const unconverted = (time: string | null, count: Counted) => time === null && Number(count ?? 0) > 0;
          if (!row || Number(row.current ?? 0) === 0 || unconverted(row.oldest, row.open) || unconverted(row.writing, row.writers)) return both(STALE);
          return { oldestOpen: row.oldest, oldestWriting: row.writing };
        } catch (error) {
          // A killed statement leaves the connection alive, and in the transaction, as it goes back to the pool.
          await sql`ROLLBACK`.execute(connection).catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      return both((error as { errno?: unknown }).errno === ER_SPECIFIC_ACCESS_DENIED_ERROR ? undefined : STALE);
    } finally {
      nextRead = clock() + INNODB_TRX_COPY_MS * (1 + Math.random());
    }
  };
}

/** How long after a move found foreign its tables are looked at once more (UPDATE_TIME has whole seconds). */
export const TABLES_RECHECK_MS = 1100;

/** The tables (names without the prefix) that may have changed since a look before, or all of them. */
export type ChangedTables = 'all' | ReadonlySet<string>;

/**
 * Tells which of the handle's tables may have changed since the last look, from InnoDB's in-memory
 * UPDATE_TIME (whole seconds): those whose time moved, or is not older than the second of the last
 * look (a commit within that second would not move it) or than the start of the oldest
 * transaction open at it (its commit stamps that second), and those created or dropped since. A
 * commit stamps its tables as it commits, an instant after the counter moved, so a look made for
 * a move is made once more TABLES_RECHECK_MS later (recheckDue).
 */
export class TableChanges {
  #times: ReadonlyMap<string, string | null> = new Map();
  #lastRead: TableTimes | null = null;
  /** Tables whose time is not older than this may have changed since the last look (null: all may). */
  #since: string | null = null;
  #recheckAt: number | null = null;

  constructor(private readonly read: () => Promise<TableTimes>, private readonly clock: () => number = () => Date.now()) {}

  /**
   * The tables that may have changed since the last look (the first look, or one that fails: all).
   * `why`: a counter move found foreign, or the look once more that such a look asks for.
   */
  async changed(why: 'move' | 'recheck'): Promise<ChangedTables> {
    this.#recheckAt = null;
    const times = await this.read().catch(() => null);
    this.#lastRead = times;
    if (!times) {
      this.#since = null;
      return 'all';
    }
    const [before, since] = [this.#times, this.#since];
    this.#base(times);
    if (since === null) return 'all';
    const changed = new Set<string>();
    for (const [table, time] of times.tables) {
      if (!before.has(table) || before.get(table) !== time || (time !== null && time >= since)) changed.add(table);
    }
    for (const table of before.keys()) if (!times.tables.has(table)) changed.add(table);
    if (why === 'move') this.#recheckAt = this.clock() + TABLES_RECHECK_MS;
    return changed;
  }

  /** What the last look read (null: it failed), the bound of what the change log read after it may hold. */
  get lastRead(): TableTimes | null {
    return this.#lastRead;
  }

  get recheckDue(): boolean {
    return this.#recheckAt !== null && this.clock() >= this.#recheckAt;
  }

  /**
   * Looks at the tables as the base of the next look, finding no change, when no transaction is
   * open (known: `oldestOpen` null) and `still` then says that no one committed since the caller
   * last judged the counter: for after wpcal's own writes, whose stamps would otherwise pass for
   * another connection's at the next look. Never while a look once more is to come. What it
   * found: 'based', 'unknown' when the server will not tell its open transactions, else 'not now'.
   */
  async rebase(still: () => Promise<boolean>): Promise<'based' | 'unknown' | 'not now'> {
    if (this.#recheckAt !== null) return 'not now';
    const times = await this.read().catch(() => null);
    if (times?.oldestOpen === undefined) return times ? 'unknown' : 'not now';
    if (times.oldestOpen !== null || !await still()) return 'not now';
    this.#base(times);
    return 'based';
  }

  /** A copy of the open transactions that may be stale leaves the bound as it was: it still holds. */
  #base(times: TableTimes): void {
    this.#times = times.tables;
    const open = times.oldestOpen;
    if (open === STALE) return;
    this.#since = typeof open === 'string' && open < times.now ? open : times.now;
  }
}
