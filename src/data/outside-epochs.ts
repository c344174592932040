// How a MySQL/MariaDB handle turns what it reads of the server (the commit counter, its tables'
// change times, transactions left open) and what it knows of its own writes into the outside
// epochs: the whole prefix's, and the post tables'. innodb-changes.ts holds the parts.
import { CHANGE_LOG, type Touched } from './change-log.ts';
import type { Footprint } from './innodb-footprints.ts';
import { OutsideCommits, TABLES_RECHECK_MS, TableChanges, type OwnWrites, type TableTimes } from './innodb-changes.ts';
import type { LogBound } from './mysql-change-log.ts';
import { POST_TABLES } from './tables.ts';

/** What the epochs are read from. */
export interface OutsideSources {
  counter: () => Promise<string | null>;
  /** When the counter counts transactions: what this handle's own statements added to it (innodb-footprints.ts). */
  footprint?: () => Footprint;
  tables: () => Promise<TableTimes>;
  ownWrites: () => OwnWrites;
  /** The posts modified since this time (ms since the epoch), and how to tell them as changed. */
  postsModifiedSince: (since: number) => Promise<readonly number[]>;
  tell: (touched: { posts: ReadonlySet<number>; terms: ReadonlySet<number> }) => Promise<void>;
  /**
   * The change log's reader (mysql-change-log.ts), when the database has one: it then tells the
   * post tables' changes, at each look and in place of the checks of the posts modified.
   */
  changeLog?: { changes(bound: LogBound | null): Promise<Touched> };
}

/** The epochs one counter read tells. */
export interface Epochs {
  all: string;
  posts: string;
}

export class OutsideEpochs {
  readonly #commits: OutsideCommits;
  readonly #tables: TableChanges;
  /** wpcal's own writes as the tables were last looked at (their stamps since are its own). */
  #lookedWith: number;
  /** Whether rebases are made (the server tells its open transactions), and when the next may be tried. */
  #rebasing = true;
  #nextRebase = 0;
  #checksTold = 0;
  /**
   * Set for good once a table of the prefix is found in another engine than InnoDB (its writes
   * move no counter, and wpcal's own would count for what they did not add): no epoch then, as
   * when one is found as the handle opens (commitCounterReader).
   */
  #otherEngines = false;

  constructor(
    private readonly sources: OutsideSources, checkMs: number, fullCheckMs: number,
    private readonly clock: () => number = () => Date.now(),
  ) {
    // What the log tells of the post tables is exact: no sweep of them.
    this.#commits = new OutsideCommits(checkMs, fullCheckMs, clock, !sources.changeLog);
    this.#tables = new TableChanges(sources.tables, clock);
    this.#lookedWith = sources.ownWrites().activity;
  }

  /** Checks that told posts so far (what the data version adds to the epoch). */
  get checksTold(): number {
    return this.#checksTold;
  }

  /** The first look at the tables, as the handle opens. */
  async start(): Promise<void> {
    await this.#look('move');
  }

  /** The epochs as a counter read made now tells them; null when it cannot tell. */
  async read(): Promise<Epochs | null> {
    if (this.#otherEngines) return null;
    const commits = this.#commits;
    const reading = commits.begin(this.sources.ownWrites(), this.sources.footprint?.());
    const counter = await this.sources.counter();
    const judged = commits.judge(reading, counter, this.sources.ownWrites(), this.sources.footprint?.());
    if (judged.epoch === null) return null;
    // A sweep looks at the engines too: a table made MyISAM while wpcal wrote was no foreign move.
    if (judged.swept) this.#otherEngines ||= (await this.sources.tables().catch(() => null))?.otherEngines === true;
    if (judged.foreignMove) await this.#look('move');
    else if (this.#tables.recheckDue) await this.#look('recheck');
    else await this.#rebase(counter!);
    // Told before the epochs are answered, so no request given them reuses what the check drops.
    if (judged.checkSince !== undefined && !await this.#check(judged.checkSince)) return null;
    if (this.#otherEngines) return null;
    return { all: commits.epoch, posts: commits.postsEpoch };
  }

  async #look(why: 'move' | 'recheck'): Promise<void> {
    this.#lookedWith = this.sources.ownWrites().activity;
    const changed = await this.#tables.changed(why);
    if (this.#tables.lastRead?.otherEngines) this.#otherEngines = true;
    if (!this.sources.changeLog) {
      if (changed === 'all' || changed.size) this.#commits.changed(changed === 'all' || [...changed].some((table) => POST_TABLES.has(table)));
      return;
    }
    // The log's own writes are no change of what readers keep.
    if (changed === 'all' || [...changed].some((table) => !POST_TABLES.has(table) && table !== CHANGE_LOG)) this.#commits.changed(false);
    await this.#tellLogged(this.sources.changeLog, this.#tables.lastRead);
  }

  /** Tells what the log says other connections touched; true once told (false: everything was taken as changed). */
  async #tellLogged(log: NonNullable<OutsideSources['changeLog']>, bound: LogBound | null): Promise<boolean> {
    let touched: Touched;
    try {
      touched = await log.changes(bound);
    } catch {
      touched = 'everything';
    }
    if (touched === 'everything') {
      this.#commits.changed();
      return false;
    }
    if (touched.otherTables) this.#commits.changed(false);
    if (!touched.posts.size && !touched.terms.size) return true;
    try {
      await this.sources.tell(touched);
    } catch {
      this.#commits.changed();
      return false;
    }
    this.#checksTold++;
    return true;
  }

  /**
   * After own writes, once the counter was still for TABLES_RECHECK_MS (so all they committed is
   * stamped), the tables are looked at again as the next look's base, if no transaction is open
   * (one would stamp the second it began, maybe one of those base times; an own write under way
   * counts too) and nothing committed meanwhile: else the own writes' stamps would pass for
   * another connection's at its next commit. Tried again TABLES_RECHECK_MS after one that could
   * not be made; never again once the server will not tell its open transactions.
   */
  async #rebase(counter: string): Promise<void> {
    const own = this.sources.ownWrites();
    if (!this.#rebasing || own.activity === this.#lookedWith || this.clock() < this.#nextRebase || !this.#commits.quietFor(TABLES_RECHECK_MS)) return;
    this.#nextRebase = this.clock() + TABLES_RECHECK_MS;
    const based = await this.#tables.rebase(async () => await this.sources.counter() === counter);
    if (based === 'based') this.#lookedWith = own.activity;
    if (based === 'unknown') this.#rebasing = false;
  }

  /** Tells the posts another connection saved since `since`; false when they could not be read (then anything may have changed: new epochs). */
  async #check(since: number): Promise<boolean> {
    const log = this.sources.changeLog;
    if (log) return this.#tellLogged(log, await this.sources.tables().catch(() => null));
    const started = this.clock();
    let posts: readonly number[];
    try {
      posts = await this.sources.postsModifiedSince(since);
    } catch {
      this.#commits.changed();
      return false;
    }
    this.#commits.checked(this.clock() - started);
    await this.sources.tell({ posts: new Set(posts), terms: new Set() });
    this.#checksTold++;
    return true;
  }
}
