// Every data test runs once per database: SQLite always, MariaDB/MySQL when WPCAL_TEST_MYSQL is set.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { ensureSchema } from '../../src/data/schema.ts';
import { createChangeLog } from '../../src/data/mysql-change-log.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';

export interface TestDatabase {
  /** The URL wpcal is given (`sqlite:…` or `mysql://…/wpcal_test_…`). */
  url: string;
  /** Drops the database (MySQL) or deletes the file (SQLite). */
  drop(): Promise<void>;
}

export interface DatabaseKind {
  name: 'sqlite' | 'mysql';
  create(): Promise<TestDatabase>;
}

const sqliteKind: DatabaseKind = {
  name: 'sqlite',
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-test-'));
    return {
      url: `sqlite:${path.join(dir, 'wp.sqlite')}`,
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** mysql2 connection options from a `mysql://USER:PASSWORD@HOST:PORT/[DATABASE]` URL. */
export function mysqlOptions(url: string): { host: string; port: number; user: string; password: string; database?: string } {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.slice(1));
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    ...(database ? { database } : {}),
  };
}

function mysqlKind(serverUrl: string): DatabaseKind {
  return {
    name: 'mysql',
    async create() {
      const name = `wpcal_test_${crypto.randomBytes(6).toString('hex')}`;
      const { database: _unused, ...server } = mysqlOptions(serverUrl);
      // Connect to the server itself: the database is created right here.
      const admin = await createConnection(server);
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        async drop() {
          await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
          await admin.end();
        },
      };
    },
  };
}

export function databaseKinds(): DatabaseKind[] {
  const kinds = [sqliteKind];
  const mysqlUrl = process.env.WPCAL_TEST_MYSQL;
  if (mysqlUrl) kinds.push(mysqlKind(mysqlUrl));
  return kinds;
}

/** Declares the suite once per database kind: `forEachDatabase('events', (kind) => { … })`. */
export function forEachDatabase(title: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds()) {
    describe(`${title} [${kind.name}]`, () => body(kind));
  }
}

/** As forEachDatabase, and on MySQL once more with the change log (`changeLog` true: make it with withChangeLog before a server opens the database). */
export function forEachDatabaseWithChangeLog(title: string, body: (kind: DatabaseKind, changeLog: boolean) => void): void {
  for (const kind of databaseKinds()) {
    describe(`${title} [${kind.name}]`, () => body(kind, false));
    if (kind.name === 'mysql') describe(`${title} [mysql, change log]`, () => body(kind, true));
  }
}

/**
 * Inside a forEachDatabase body: a new database of this kind, opened with wpcal's tables, for each
 * test, closed and dropped after it. The returned function gives the current test's handle.
 */
export function eachTestOpensSchema(kind: DatabaseKind): () => Db {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await kind.create();
    db = await openDatabase(database.url, 'wp_');
    await ensureSchema(db);
  });
  afterEach(async () => {
    await db.close();
    await database.drop();
  });
  return () => db;
}

/**
 * Inside a describe block: a new prepared database of this kind, for the whole block, with two
 * handles on it given to `use` once open: `db`, and `other`, whose commits are another
 * connection's for `db`.
 */
export function preparedDatabaseForBlock(kind: DatabaseKind, use: (handles: { db: Db; other: Db }) => void): void {
  let database: TestDatabase | undefined;
  let handles: { db: Db; other: Db } | undefined;
  before(async () => {
    database = await kind.create();
    const db = await openDatabase(database.url, 'wp_');
    await prepareDatabase(db);
    handles = { db, other: await openDatabase(database.url, 'wp_') };
    use(handles);
  });
  after(async () => {
    await handles?.other.close();
    await handles?.db.close();
    await database?.drop();
  });
}

/** A MySQL test database given wpcal's tables and the change log (`wpcal migrate --change-log`), before a server opens it. */
export async function withChangeLog(database: TestDatabase): Promise<void> {
  const db = await openDatabase(database.url, 'wp_');
  try {
    await prepareDatabase(db);
    await createChangeLog(db.kysely, 'wp_');
  } finally {
    await db.close();
  }
}
