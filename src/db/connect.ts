import path from 'node:path';
import fs from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { createPool, type Pool, type PoolConnection } from 'mysql2';
import {
  Kysely, MysqlDialect, SqliteDialect, sql, type KyselyPlugin, type PluginTransformQueryArgs,
  type PluginTransformResultArgs, type QueryId, type QueryResult, type RootOperationNode, type UnknownRow,
} from 'kysely';
import type { Database } from './tables.ts';
import { TablePrefixPlugin } from './table-prefix-plugin.ts';
import { COUNTER_READ_WINDOW_MS, SettledVersions, commitCounterReader } from './innodb-changes.ts';

export type DialectName = 'sqlite' | 'mysql';

/** One open database: the Kysely handle plus what the rest of the code needs to know about it. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  readonly prefix: string;
  /** Human-readable target for log lines and error messages (no password). */
  readonly label: string;
  /**
   * A value that differs whenever the data may have changed since it was last read, through this
   * handle or any other connection; null when other connections' changes cannot be told (MySQL
   * tables that are not InnoDB, a server without a commit counter, the first sighting of a new
   * counter value), in which case nothing read now may be reused across requests. Read it before the
   * reads whose results it will tag.
   */
  dataVersion(): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * Counts the statements that may change data, before and after each, so that a read that overlapped
 * a write never looks current (single-connection SQLite runs a transaction's statements and its
 * commit without reads in between).
 */
class WriteCounter implements KyselyPlugin {
  count = 0;
  readonly #running = new WeakSet<QueryId>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode') {
      this.count++;
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
// GROUP BYs need it. mysql2 runs a connection's commands in order, so queueing the SET here puts
// it before the first query the pool hands the connection out for.
function relaxSqlMode(connection: PoolConnection): void {
  connection.query("SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION'");
}

function openMysql(url: string): { dialect: MysqlDialect; pool: Pool; label: string } {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new DatabaseUrlError(`database URL "${u.protocol}//${u.host}/" names no database`);
  const pool = createPool({
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database,
    charset: 'utf8mb4_unicode_ci',
    dateStrings: true,
    supportBigNumbers: true,
    timezone: 'Z',
    connectionLimit: 10,
    connectTimeout: 5000,
  });
  pool.on('connection', relaxSqlMode);
  return { dialect: new MysqlDialect({ pool }), pool, label: `mysql://${u.host}/${database}` };
}

function openSqlite(file: string): { dialect: SqliteDialect; label: string; otherConnectionsVersion: () => number } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // Changes whenever another connection (another process, WordPress itself) commits.
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  return { dialect: new SqliteDialect({ database }), label: `sqlite:${file}`, otherConnectionsVersion: () => Number(dataVersion.get()) };
}

/** Opens the database and checks that it answers; throws with a one-line reason when it does not. */
export async function openDatabase(url: string, prefix: string): Promise<Db> {
  if (!/^[A-Za-z0-9_]+$/.test(prefix)) throw new DatabaseUrlError(`invalid table prefix "${prefix}" (letters, digits and _ only)`);
  const parsed = parseDatabaseUrl(url);
  const opened = parsed.dialect === 'sqlite' ? openSqlite(parsed.target) : openMysql(parsed.target);
  const writes = new WriteCounter();
  const kysely = new Kysely<Database>({ dialect: opened.dialect, plugins: [new TablePrefixPlugin(prefix), writes] });
  let otherConnections: () => Promise<string | null> = async () => null;
  const db: Db = {
    kysely,
    dialect: parsed.dialect,
    prefix,
    label: opened.label,
    dataVersion: async () => {
      // Read before the other side: a write of ours in between then shows as a changed count.
      const ours = writes.count;
      const theirs = await otherConnections();
      return theirs === null ? null : `${ours}.${theirs}`;
    },
    close: () => kysely.destroy(),
  };
  try {
    await sql`SELECT 1`.execute(kysely);
    if ('otherConnectionsVersion' in opened) {
      const sqliteVersion = opened.otherConnectionsVersion;
      // The pragma costs three system calls: requests taken in during one turn of the event loop
      // share one read, made after all of them arrived.
      let shared: Promise<string> | null = null;
      otherConnections = () => shared ??= new Promise((resolve, reject) => setImmediate(() => {
        shared = null;
        try {
          resolve(String(sqliteVersion()));
        } catch (error) {
          reject(error);
        }
      }));
    } else {
      // Not through the write counter: it takes every statement but SELECT for a possible write.
      const read = await commitCounterReader(kysely.withoutPlugins(), prefix);
      if (read) {
        const versions = new SettledVersions(read, COUNTER_READ_WINDOW_MS);
        otherConnections = () => versions.current();
      }
    }
  } catch (error) {
    await db.close().catch(() => undefined);
    throw new DatabaseUnreachableError(`cannot reach database ${opened.label}: ${(error as Error).message}`);
  }
  return db;
}
