import path from 'node:path';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { createPool, type PoolConnection } from 'mysql2';
import {
  Kysely, MysqlDialect, sql, type Dialect, type KyselyPlugin, type PluginTransformQueryArgs,
  type PluginTransformResultArgs, type QueryId, type QueryResult, type RootOperationNode, type UnknownRow,
} from 'kysely';
import type { Database } from './tables.ts';
import { withTablePrefix } from './table-prefix.ts';
import {
  COUNTER_READ_WINDOW_MS, OUTSIDE_CHECK_MS, OUTSIDE_FULL_CHECK_MS, SettledVersions, commitCounterReader, oldestOpenTransactionReader, sweptOnce, tableTimesReader,
  type TableTimes,
} from './innodb-changes.ts';
import { OutsideEpochs } from './outside-epochs.ts';
import { OwnPostStamps } from './own-post-stamps.ts';
import { postsModifiedSince } from './posts.ts';
import { formatDbDatetime } from '../time/wall.ts';
import { COMMAND_DEADLINES, type Deadlines } from './deadlines.ts';
import type { DialectName, Writer } from './executor.ts';
import { InnodbFootprints, type Footprint } from './innodb-footprints.ts';
import { poolWithDeadlines } from './mysql-pool.ts';
import { ImmediateSqliteDialect } from './sqlite-immediate.ts';
import { beginQuiet, changeLogReader, endQuiet, pruneChangeLog, type ChangeLogReader } from './sqlite-change-log.ts';
import * as mysqlLog from './mysql-change-log.ts';
import { SqliteOutside, type SqliteEpochs, type SqliteOutsideSources, type SqliteVersions } from './sqlite-outside.ts';
import { preparingOnce } from './sqlite-statements.ts';
import { WriteTransactions, namesWhatItTouches, type AutoIdNumbering, type CommitListener, type WriteOptions } from './transaction.ts';

export type { DialectName };

/** What an outside version covers: every table of the prefix, or the post tables (POST_TABLES). */
export type OutsideScope = 'all' | 'posts';

/** Whether a handle reads a change log; 'unreadable': the database has one it could not read (not of wpcal's making, or altered). */
export type ChangeLogUse = 'read' | 'none' | 'needs the PROCESS privilege' | 'unreadable';

/** One open database: the Kysely handle plus what the rest of the code needs to know about it. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  readonly prefix: string;
  /** Human-readable target for log lines and error messages (no password). */
  readonly label: string;
  /**
   * A value that differs whenever the data may have changed since it was last read, through this
   * handle or any other connection (on MySQL, other connections' changes as outsideVersion tells
   * them, and the posts its check finds); null when other connections' changes cannot be told
   * (MySQL tables that are not InnoDB, a server without a commit counter, a counter that kept
   * moving), in which case nothing read now may be reused across requests. Read it before the
   * reads whose results it will tag.
   */
  dataVersion(): Promise<string | null>;
  /**
   * A value that differs whenever another connection (another process, WordPress itself, a SQL
   * console) may have changed data since it was last read, which wpcal's own writes through this
   * handle leave alone: what they change is told to `onCommitted` listeners, and so are the posts
   * and terms another connection changed where the database says which (a change log: SQLite's,
   * or MySQL's when made; else MySQL's checks of the posts modified). On SQLite it is exact; on
   * MySQL another connection's commit made while this handle was writing may show up to
   * OUTSIDE_CHECK_MS late, or 1 / CHECK_SHARE times a slow check's duration (innodb-changes.ts;
   * without a change log, past a sweep when the check cannot see it). Null when it cannot be told
   * now. `of: 'posts'`: a value that moves only when another connection may have changed the post
   * tables (POST_TABLES) in a way not told post by post.
   */
  outsideVersion(of?: OutsideScope): Promise<string | null>;
  /**
   * Whether the outside version `after` follows `before` by one sweep alone: on MySQL, after
   * OUTSIDE_FULL_CHECK_MS of this handle's writes everything is taken as changed although no other
   * connection was seen to commit (innodb-changes.ts's sweptOnce). Never on SQLite.
   */
  sweptOnce(before: string, after: string): boolean;
  /**
   * How many of this handle's commits have been told to the `onCommitted` listeners. A write's
   * response follows its telling, so two reads begun under the same count both see every own write
   * whose response a client could have had before the later of them was asked for.
   */
  ownCommitsTold(): number;
  /** Tells `listener` what each committed write of this handle touched, before the write returns. */
  onCommitted(listener: CommitListener): void;
  /** Runs `work` in a write transaction, with transaction.ts's lock rules and retries. */
  write<T>(work: (trx: Writer) => Promise<T>, options?: WriteOptions): Promise<T>;
  /** What a request may wait for; commands start without deadlines, `serve` sets its own. */
  deadlines: Deadlines;
  /**
   * Whether a change log tells this handle other connections' writes post by post: SQLite's file
   * always has one; on MySQL, when `wpcal migrate --change-log` made it, and the handle's user may
   * read the open transactions (PROCESS).
   */
  readonly changeLog: ChangeLogUse;
  /**
   * On MariaDB, what this handle's statements added to the server's transaction counter
   * (innodb-footprints.ts), which tells its own commits from other connections'; null elsewhere.
   */
  footprint(): Footprint | null;
  close(): Promise<void>;
}

/**
 * Counts the statements that may change data, before and after each, so that a read that overlapped
 * a write never looks current (single-connection SQLite runs a transaction's statements and its
 * commit without reads in between).
 */
class WriteCounter implements KyselyPlugin {
  count = 0;
  /**
   * Those made while none of the handle's write transactions runs (statements on the handle
   * itself, outside `write`): they tell no listener what they changed, so they count as changes
   * of another connection would (the outside version moves).
   */
  strays = 0;
  readonly #running = new WeakSet<QueryId>();

  constructor(private readonly writing: () => boolean) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode') {
      this.count++;
      if (!this.writing()) this.strays++;
      this.#running.add(queryId);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#running.delete(queryId)) this.count++;
    return result;
  }
}

/** A database URL or table prefix that cannot be used as given (the command line's exit code 2). */
export class DatabaseUrlError extends Error {}

/** A database that does not answer (exit code 1). */
export class DatabaseUnreachableError extends Error {}

interface ParsedUrl {
  dialect: DialectName;
  /** sqlite: file path or ':memory:'; mysql: the URL itself */
  target: string;
}

export function parseDatabaseUrl(url: string): ParsedUrl {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (!file) throw new DatabaseUrlError(`database URL "${url}" names no file`);
    return { dialect: 'sqlite', target: file };
  }
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) {
    return { dialect: 'mysql', target: url.replace(/^mariadb:/, 'mysql:') };
  }
  throw new DatabaseUrlError(`unsupported database URL "${url}" (use sqlite:PATH or mysql://USER:PASSWORD@HOST:PORT/DATABASE)`);
}

// WordPress drops the strict and zero-date modes on every connection: its zero dates and loose
// GROUP BYs need it. Write transactions run READ COMMITTED (transaction.ts says why); single
// statements read the same either way. mysql2 runs a connection's commands in order, so queueing
// the SET here puts it before the first query the pool hands the connection out for.
function configureSession(connection: PoolConnection, writer: string): void {
  // A session that cannot be set up (the server going away) is dropped; the next statement on it
  // fails and is answered as the outage it is.
  const dropOnError = (error: unknown) => {
    if (error) connection.destroy();
  };
  connection.query("SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION'", dropOnError);
  connection.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', dropOnError);
  // A lock wait ends (error 1205, retried by WriteTransactions) well before the statement deadline
  // would close the connection, which leaves the server holding that transaction's locks.
  connection.query(`SET SESSION innodb_lock_wait_timeout = ${LOCK_WAIT_SECONDS}`, dropOnError);
  // The rows this pool's writes leave in the change log name it (mysql-change-log.ts).
  connection.query(`SET ${mysqlLog.WRITER_VARIABLE} = ?`, [writer], dropOnError);
}

/**
 * The change log's reader, when the database has the log whole and the server tells its open
 * transactions (without them, rows that show late could not be told from rows never to show).
 */
async function openMysqlChangeLog(db: Db, writer: string, bound: () => Promise<mysqlLog.LogBound>): Promise<mysqlLog.MysqlChangeLog | Exclude<ChangeLogUse, 'read'>> {
  const reader = db.kysely.withoutPlugins();
  if (!await mysqlLog.hasChangeLog(reader, db.prefix)) return 'none';
  const read = mysqlLog.changeLogRows(reader, db.prefix, writer);
  let first: mysqlLog.LogRead;
  try {
    first = await read(Number.MAX_SAFE_INTEGER, 0, true);
  } catch {
    return 'unreadable';
  }
  const firstBound = await bound();
  if (firstBound.oldestWriting === undefined) return 'needs the PROCESS privilege';
  let pruning = false;
  return new mysqlLog.MysqlChangeLog(read, first, firstBound, (upTo) => {
    if (pruning) return;
    pruning = true;
    void db.write(async (trx) => {
      namesWhatItTouches(trx);
      await mysqlLog.pruneChangeLog(trx, db.prefix, upTo);
    }).catch(() => undefined).finally(() => {
      pruning = false;
    });
  });
}

/** How far apart the clocks of the processes writing post_modified_gmt may be. */
const CLOCK_SLACK_MS = 10_000;

/** Seconds a MySQL statement waits for a row lock: below SERVING_DEADLINES.queryMs. */
const LOCK_WAIT_SECONDS = 5;

interface Opened {
  dialect: Dialect;
  /** SQLite: a connection of its own for write transactions, so that reads never wait for a lock. */
  writeDialect?: Dialect;
  label: string;
  /** SQLite: both pragmas read at once, and the change log's reader (none for ':memory:', which no one else sees). */
  sqlite?: { versions: () => SqliteVersions; changeLog?: (prefix: string) => ChangeLogReader };
  /** MySQL: what the pool's writes name themselves by in the change log, and what its statements added to the transaction counter. */
  mysqlWriter?: string;
  footprints?: InnodbFootprints;
}

function openMysql(url: string, deadlines: () => Deadlines): Opened {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new DatabaseUrlError(`database URL "${u.protocol}//${u.host}/" names no database`);
  // `?socket=PATH`: the server's Unix socket instead of TCP (WordPress's `localhost:/path/to.sock`).
  const socketPath = u.searchParams.get('socket');
  const pool = createPool({
    ...(socketPath ? { socketPath } : { host: u.hostname, port: u.port ? Number(u.port) : 3306 }),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database,
    charset: 'utf8mb4_unicode_ci',
    dateStrings: true,
    supportBigNumbers: true,
    timezone: 'Z',
    // A write transaction holds its connection throughout and every read outside one takes one per
    // statement: with 10, sixteen concurrent writers spent more time queueing for a connection
    // than running statements. 32 per process stays well below max_connections (151).
    connectionLimit: 32,
    connectTimeout: 5000,
    // Queued writes travel with the next statement in one packet (mysql-pool.ts). Every value is a
    // placeholder mysql2 escapes on the client (an object as a string, never as SQL of its own):
    // no statement text is built from input.
    multipleStatements: true,
    stringifyObjects: true,
  });
  const writer = randomUUID();
  pool.on('connection', (connection) => configureSession(connection, writer));
  const footprints = new InnodbFootprints();
  return {
    dialect: new MysqlDialect({ pool: poolWithDeadlines(pool, deadlines, footprints) }),
    label: `mysql://${u.host}/${database}${socketPath ? ` (socket ${socketPath})` : ''}`,
    mysqlWriter: writer,
    footprints,
  };
}

/**
 * The page cache of each SQLite connection (KiB). Pages are read with system calls into it, not
 * through a memory map of the file: every page touched through a map stays in the process's
 * resident memory (1.0–1.1 GB at 1,000,000 events), and most lists are answered from the list
 * keys; a list SQL answers (a search before its lookup) takes up to half as long again. 4 MB holds
 * the inner pages of the tables and indexes a page of events is read through; what misses it is
 * in the system's file cache, a system call away: at 1,000,000 events 16 MB held 14 MB more after a
 * long tail for the same throughput (never-shown windows 100 req/s either way), and the writes
 * benchmark ran as fast (150 against 142 writes/s on average, two alternated pairs).
 */
const PAGE_CACHE_KIB = 4 * 1024;

/**
 * `busyMs` is how long a statement blocks the event loop waiting for another process's lock:
 * long for the reading connection (WAL readers all but never wait), none for the writing one,
 * whose BEGIN IMMEDIATE is retried without blocking by writeTransaction.
 */
function sqliteConnection(file: string, busyMs: number): SqliteDatabase.Database {
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma(`busy_timeout = ${busyMs}`);
  database.pragma('synchronous = NORMAL');
  database.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  return database;
}

/** The SQLite file, opened; the reason in words, naming the file, when it cannot be. */
function openSqliteFile(file: string, createFolder: boolean, busyMs: number): SqliteDatabase.Database {
  const folder = path.dirname(path.resolve(file));
  if (file !== ':memory:' && !fs.existsSync(folder)) {
    if (!createFolder) throw new DatabaseUnreachableError(`cannot open SQLite database ${file}: the folder ${folder} does not exist`);
    fs.mkdirSync(folder, { recursive: true });
  }
  try {
    return sqliteConnection(file, busyMs);
  } catch (error) {
    throw new DatabaseUnreachableError(`cannot open SQLite database ${file}: ${(error as Error).message}`);
  }
}

/** A bulk writer's page cache (KiB): an import walks its indexes all over a file that grows by gigabytes. */
const BULK_CACHE_KIB = 64 * 1024;

/**
 * How a connection that writes in bulk (an import's) is set up; see above. It checkpoints the WAL
 * as often as every other connection: one that let the WAL grow would leave the checkpoint to the
 * next connection that commits, an API write, which would then copy megabytes before it answers.
 */
function forBulkWrites(database: SqliteDatabase.Database): void {
  database.pragma(`cache_size = -${BULK_CACHE_KIB}`);
}

function openSqlite(file: string, createFolder: boolean, bulkWrites: boolean): Opened {
  const database = openSqliteFile(file, createFolder, 5000);
  const writer = file === ':memory:' ? undefined : openSqliteFile(file, false, 0);
  if (bulkWrites && writer) forBulkWrites(writer);
  // A connection's data_version moves for the commits of every connection but itself.
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  // One connection (':memory:'): one read tells both.
  const outsideVersion = writer ? writer.prepare('PRAGMA data_version').pluck() : null;
  return {
    dialect: new ImmediateSqliteDialect({ database: preparingOnce(database) }),
    // Two connections to ':memory:' would be two databases.
    writeDialect: writer && new ImmediateSqliteDialect({ database: preparingOnce(writer) }),
    label: `sqlite:${file}`,
    sqlite: {
      versions: () => {
        const otherConnections = Number(dataVersion.get());
        return { otherConnections, outside: outsideVersion ? Number(outsideVersion.get()) : otherConnections };
      },
      changeLog: writer && ((prefix) => changeLogReader(database, prefix)),
    },
  };
}

/** How a SQLite handle's looks are made: through the change log (sqlite-outside.ts), or, on ':memory:', from the one pragma. */
function sqliteEpochs(
  sqlite: NonNullable<Opened['sqlite']>, prefix: string, writes: Pick<SqliteOutsideSources, 'tell' | 'prune'>,
): () => Promise<SqliteEpochs> {
  if (sqlite.changeLog) {
    const outside = new SqliteOutside({ versions: sqlite.versions, log: sqlite.changeLog(prefix), ...writes });
    return () => outside.read();
  }
  return async () => {
    const versions = sqlite.versions();
    return { otherConnections: String(versions.otherConnections), all: String(versions.outside), posts: String(versions.outside) };
  };
}

/** How InnoDB numbers the rows of a multi-row INSERT (read once: both are server settings). */
async function autoIdNumbering(kysely: Kysely<Database>): Promise<AutoIdNumbering> {
  const { rows } = await sql<{ mode: unknown; step: unknown }>`SELECT @@innodb_autoinc_lock_mode AS mode, @@auto_increment_increment AS step`.execute(kysely);
  return { consecutive: Number(rows[0].mode) <= 1, step: Number(rows[0].step) || 1 };
}

/** Opens the database and checks that it answers; throws with a one-line reason when it does not. */
export interface OpenOptions {
  /** Create a SQLite file's missing folder (the default database's); otherwise it is an error. */
  createFolder?: boolean;
  /** Writes come in bulk (imports): on SQLite, the writing connection is set up for it (forBulkWrites). */
  bulkWrites?: boolean;
  /** MySQL: how late another connection's commit made while this handle writes may show (OUTSIDE_CHECK_MS; more when checks are slow). */
  outsideCheckMs?: number;
  /** MySQL: ...and how late one that does not save a post as WordPress does may (OUTSIDE_FULL_CHECK_MS, the sweeps' period). */
  outsideFullCheckMs?: number;
}

export async function openDatabase(url: string, prefix: string, options: OpenOptions = {}): Promise<Db> {
  if (!/^[A-Za-z0-9_]+$/.test(prefix)) throw new DatabaseUrlError(`invalid table prefix "${prefix}" (letters, digits and _ only)`);
  const parsed = parseDatabaseUrl(url);
  let deadlines = COMMAND_DEADLINES;
  const opened = parsed.dialect === 'sqlite' ? openSqlite(parsed.target, options.createFolder === true, options.bulkWrites === true) : openMysql(parsed.target, () => deadlines);
  // Late-bound: the transactions need the handle the counter is a plugin of.
  const writes = new WriteCounter(() => transactions.ownWrites().running > 0);
  const plugins = [writes];
  const kysely = new Kysely<Database>({ dialect: withTablePrefix(opened.dialect, prefix), plugins });
  const writer = opened.writeDialect ? new Kysely<Database>({ dialect: withTablePrefix(opened.writeDialect, prefix), plugins }) : kysely;
  let numbering: AutoIdNumbering = { consecutive: true, step: 1 };
  const transactions = new WriteTransactions({
    dialect: parsed.dialect, kysely: writer, budgetMs: () => deadlines.writeMs, numbering: () => numbering,
    background: parsed.dialect === 'sqlite'
      ? { begin: (trx) => beginQuiet(trx, prefix), end: (trx) => endQuiet(trx, prefix) }
      : { begin: (trx) => mysqlLog.beginQuiet(trx), end: (trx) => mysqlLog.endQuiet(trx, prefix), after: (trx) => mysqlLog.unquiet(trx) },
  });
  let otherConnections: () => Promise<string | null> = async () => null;
  let outside: (of: OutsideScope) => Promise<string | null> = async () => null;
  let swept = (_before: string, _after: string): boolean => false;
  let changeLog: Db['changeLog'] = parsed.dialect === 'sqlite' ? 'read' : 'none';
  let footprint: (() => Footprint) | undefined;
  const db: Db = {
    kysely,
    dialect: parsed.dialect,
    prefix,
    label: opened.label,
    write: (work, writeOptions) => transactions.run(work, writeOptions),
    get deadlines() {
      return deadlines;
    },
    set deadlines(value) {
      deadlines = value;
    },
    dataVersion: async () => {
      // While an own commit is told to the listeners, what they keep may lag behind the database:
      // no version, so nothing read then is kept under one that outlives the commit.
      const before = transactions.commits();
      if (before.settling) return null;
      // Read before the other side: a write of ours in between then shows as a changed count.
      const ours = writes.count;
      const theirs = await otherConnections();
      const after = transactions.commits();
      if (theirs === null || after.settling || after.settled !== before.settled) return null;
      return `${ours}.${before.settled}.${theirs}`;
    },
    outsideVersion: async (of = 'all') => {
      const strays = writes.strays;
      const theirs = await outside(of);
      return theirs === null ? null : `${strays}.${theirs}`;
    },
    sweptOnce: (before, after) => {
      const [strays, epoch] = [before.indexOf('.'), after.indexOf('.')];
      return before.slice(0, strays) === after.slice(0, epoch) && swept(before.slice(strays + 1), after.slice(epoch + 1));
    },
    get changeLog() {
      return changeLog;
    },
    ownCommitsTold: () => transactions.commits().settled,
    footprint: () => footprint?.() ?? null,
    onCommitted: (listener) => transactions.onCommitted(listener),
    close: async () => {
      if (writer !== kysely) await writer.destroy();
      await kysely.destroy();
    },
  };
  try {
    if (parsed.dialect === 'mysql') numbering = await autoIdNumbering(kysely);
    else await sql`SELECT 1`.execute(kysely);
    if (opened.sqlite) {
      const read = sqliteEpochs(opened.sqlite, prefix, {
        tell: (touched) => transactions.tell(touched),
        prune: (upTo) => void db.write(async (trx) => {
          namesWhatItTouches(trx);
          await pruneChangeLog(trx, prefix, upTo);
        }).catch(() => undefined),
      });
      // Each pragma costs three system calls: requests taken in during one turn of the event loop
      // share one look, made after all of them arrived.
      let shared: Promise<SqliteEpochs> | null = null;
      const epochs = () => shared ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        shared = null;
        return read();
      });
      otherConnections = async () => (await epochs()).otherConnections;
      outside = async (of) => (await epochs())[of];
    } else {
      // Not through the write counter: it takes every statement but SELECT for a possible write.
      const counter = await commitCounterReader(kysely.withoutPlugins(), prefix);
      if (counter) {
        if (counter.countsTransactions) footprint = () => opened.footprints!.snapshot();
        const [tableTimes, openTransactions] = [tableTimesReader(kysely.withoutPlugins(), prefix), oldestOpenTransactionReader(kysely.withoutPlugins())];
        // Other databases' commits (and the server's own, as it writes index statistics) move the counter too.
        const tables = async (): Promise<TableTimes> => ({ ...await tableTimes(), ...await openTransactions() });
        const log = await openMysqlChangeLog(db, opened.mysqlWriter!, tables);
        changeLog = typeof log === 'string' ? log : 'read';
        // Without the log, the checks of the posts modified pass over what wpcal's own writes left.
        const stamps = new OwnPostStamps();
        if (typeof log === 'string') transactions.stampPostsIn(stamps);
        const epochs = new OutsideEpochs({
          counter: counter.read,
          footprint,
          tables,
          ownWrites: () => transactions.ownWrites(),
          postsModifiedSince: async (since) => (await postsModifiedSince(kysely, formatDbDatetime(since - CLOCK_SLACK_MS)))
            .filter((post) => !stamps.isOwn(post.id, post.modifiedGmt)).map((post) => post.id),
          tell: (touched) => transactions.tell(touched),
          changeLog: typeof log === 'string' ? undefined : log,
        }, options.outsideCheckMs ?? OUTSIDE_CHECK_MS, options.outsideFullCheckMs ?? OUTSIDE_FULL_CHECK_MS);
        await epochs.start();
        // Both epochs of one read, as `EPOCH POSTS_EPOCH`.
        const settled = new SettledVersions(async () => {
          const now = await epochs.read();
          return now && `${now.all} ${now.posts}`;
        }, COUNTER_READ_WINDOW_MS);
        outside = async (of) => {
          const both = await settled.current();
          return both === null ? null : both.split(' ')[of === 'posts' ? 1 : 0]!;
        };
        swept = sweptOnce;
        // Other connections' changes as the outside version tells them, and the posts a check told of.
        otherConnections = async () => {
          const all = await outside('all');
          return all === null ? null : `${epochs.checksTold}.${all}`;
        };
      }
    }
  } catch (error) {
    await db.close().catch(() => undefined);
    throw new DatabaseUnreachableError(`cannot reach database ${opened.label}: ${(error as Error).message}`);
  }
  return db;
}
