// Every data test runs once per database: SQLite always, MariaDB/MySQL when WPCAL_TEST_MYSQL is set.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { createConnection } from 'mysql2/promise';

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

function mysqlKind(serverUrl: string): DatabaseKind {
  return {
    name: 'mysql',
    async create() {
      const name = `wpcal_test_${crypto.randomBytes(6).toString('hex')}`;
      const server = new URL(serverUrl);
      const admin = await createConnection({
        host: server.hostname,
        port: server.port ? Number(server.port) : 3306,
        user: decodeURIComponent(server.username),
        password: decodeURIComponent(server.password),
      });
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
