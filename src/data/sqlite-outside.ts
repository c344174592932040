// How a SQLite handle turns the file's data versions and its change log (sqlite-change-log.ts) into
// the outside epochs (the whole prefix's, and the post tables') and the posts and terms it tells
// its listeners of, as its own writes do. Another connection's commit moves the writing
// connection's data_version; the log's rows since the last look then say what it touched: posts and
// terms are told (what readers keep of the others stays), other tables move the prefix's epoch,
// and a quiet transaction, a gap (rows pruned before they were read), a file without the log, a
// schema changed since the last look, or a log that cannot be read moves both: everything is
// taken as changed.
import { touchedBy, type ChangeRow, type Touched } from './change-log.ts';
import type { ChangeLogReader } from './sqlite-change-log.ts';

/** Rows one look tells at most: past them everything is taken as changed (rebuilding costs no more then). */
export const MOST_ROWS_TOLD = 5000;
/** Rows the log keeps: a process further behind takes everything as changed. */
export const KEPT_ROWS = 50_000;
/**
 * Rows pruned at once, past KEPT_ROWS: the DELETE holds the event loop (better-sqlite3 is
 * synchronous), 1.7 ms for 5,000 rows, 12.5 ms for 50,000.
 */
export const PRUNED_AT_ONCE = 5_000;

/** Both connections' `PRAGMA data_version`, read at once. */
export interface SqliteVersions {
  /** Changes when a connection other than the reading one commits (the writing one included). */
  otherConnections: number;
  /** Changes only when a connection other than the writing one commits. */
  outside: number;
}

export interface SqliteOutsideSources {
  versions(): SqliteVersions;
  log: ChangeLogReader;
  /** Tells the commit listeners of posts and term_taxonomy IDs another connection changed. */
  tell(touched: { posts: ReadonlySet<number>; terms: ReadonlySet<number> }): Promise<void>;
  /** Deletes the log's rows up to this sequence number, in the background. */
  prune(upTo: number): void;
}

/** What one look tells: the data version's part for other connections, and both outside epochs. */
export interface SqliteEpochs {
  otherConnections: string;
  all: string;
  posts: string;
}

/**
 * What rows read after `seq` say; everything when they do not follow it (rows pruned meanwhile) or
 * the log numbers from below it again (made anew).
 */
function foundIn(rows: readonly ChangeRow[], seq: number, latest: number): Touched {
  if (latest < seq || rows.length > MOST_ROWS_TOLD || (rows.length ? rows[0]!.seq !== seq + 1 : latest > seq)) return 'everything';
  return touchedBy(rows);
}

export class SqliteOutside {
  /** The writing connection's data_version as the log was last read, and the last row read (or known to be wpcal's own). */
  #seen: number;
  #seq: number;
  /** The file's schema version as the log was last read: DDL since (a trigger dropped and made again) may have lost rows. */
  #schema: number;
  /** The reading connection's data_version at the last look: it moves for own commits too. */
  #other: number;
  #all = 0;
  #posts = 0;
  #told = 0;
  /** The least sequence number the log may still hold. */
  #oldest: number;
  /** The look under way, and the one that follows it for the callers that came meanwhile. */
  #looking: Promise<SqliteEpochs> | null = null;
  #queued: Promise<SqliteEpochs> | null = null;

  constructor(private readonly sources: SqliteOutsideSources) {
    // Nothing is kept yet: a commit between these reads costs at most a look that tells it again.
    this.#schema = sources.log.schemaVersion();
    this.#seq = sources.log.latest();
    const versions = sources.versions();
    this.#seen = versions.outside;
    this.#other = versions.otherConnections;
    this.#oldest = sources.log.oldest() ?? this.#seq;
  }

  /**
   * The epochs once what other connections changed before the call was told. Callers that come
   * while a look is under way share the next one: the look under way may have read the versions
   * before a commit they saw.
   */
  read(): Promise<SqliteEpochs> {
    if (!this.#looking) return this.#start();
    return this.#queued ??= this.#looking.then(() => undefined, () => undefined).then(() => {
      this.#queued = null;
      return this.#start();
    });
  }

  #start(): Promise<SqliteEpochs> {
    const look = this.#look();
    this.#looking = look;
    const done = () => {
      if (this.#looking === look) this.#looking = null;
    };
    look.then(done, done);
    return look;
  }

  async #look(): Promise<SqliteEpochs> {
    const { otherConnections, outside } = this.sources.versions();
    if (outside !== this.#seen) await this.#readLog(outside);
    else if (otherConnections !== this.#other) this.#passOwnRows();
    this.#other = otherConnections;
    this.#pruneIfLong();
    return { otherConnections: `${this.#told}.${otherConnections}`, all: String(this.#all), posts: String(this.#posts) };
  }

  async #readLog(outside: number): Promise<void> {
    let found: Touched;
    try {
      const schema = this.sources.log.schemaVersion();
      // The latest first: rows committed after it are read at the next look (the version moved for them).
      const latest = this.sources.log.latest();
      const rows = this.sources.log.since(this.#seq, MOST_ROWS_TOLD + 1);
      found = rows && schema === this.#schema ? foundIn(rows, this.#seq, latest) : 'everything';
      this.#schema = schema;
      if (rows) this.#seq = Math.max(latest, rows.at(-1)?.seq ?? latest);
    } catch {
      // The version is not taken as seen: the log is read again at the next look.
      return this.#everything();
    }
    this.#seen = outside;
    if (found === 'everything') return this.#everything();
    if (found.otherTables) this.#all++;
    if (!found.posts.size && !found.terms.size) return;
    try {
      await this.sources.tell(found);
      this.#told++;
    } catch {
      this.#everything();
    }
  }

  #everything(): void {
    this.#all++;
    this.#posts++;
  }

  /**
   * Own commits add rows too: when no other connection committed since the last look (the writing
   * connection's version, read after the log's latest row, has not moved), every row so far is
   * read or wpcal's own, and the next look starts after them.
   */
  #passOwnRows(): void {
    try {
      const latest = this.sources.log.latest();
      if (this.sources.versions().outside === this.#seen) this.#seq = Math.max(this.#seq, latest);
    } catch {
      // Passed over, and told again, at a later look.
    }
  }

  #pruneIfLong(): void {
    if (this.#seq - this.#oldest < KEPT_ROWS + PRUNED_AT_ONCE) return;
    this.#oldest = this.#seq - KEPT_ROWS;
    this.sources.prune(this.#oldest);
  }
}
