// Shared by the `wpcal import` / `wpcal export` tests: the command run against a test database,
// a server over what it wrote, row counts, scratch files, and answers compared without what
// changes between two writes of the same data.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { openDatabase } from '../../src/data/connect.ts';
import { BULK_ROWS } from '../../src/data/bulk-insert.ts';
import { EVENT_CHUNKS_PER_UNIT } from '../../src/transfer/staged.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { runCli, type CliResult } from './cli.ts';
import type { DatabaseKind, TestDatabase } from './databases.ts';
import { request, type HttpResult } from './server.ts';

export const SITE = 'http://calendar.example';
export const NS = '/wp-json/tribe/events/v1';
/** List arguments that show every event of the test files. */
export const WIDE = '?start_date=2000-01-01&end_date=2099-12-31&per_page=50';
export const DEMO = path.resolve(import.meta.dirname, '../../fixtures/demo.json');

/** Events an import writes per unit of writes (per transaction) on the database. */
export const eventsPerUnit = (kind: DatabaseKind): number => BULK_ROWS * EVENT_CHUNKS_PER_UNIT[kind.name];

/** Scratch files in a directory of their own: `write` returns a file's path, `remove` deletes them all. */
export function scratchFiles(prefix: string): { write: (name: string, content: string | Buffer) => string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    write: (name, content) => {
      const target = path.join(dir, name);
      fs.writeFileSync(target, content);
      return target;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Fresh databases of a kind for one suite, dropped after it (call it inside the suite). */
export function freshDatabases(kind: DatabaseKind): () => Promise<TestDatabase> {
  const databases: TestDatabase[] = [];
  after(async () => {
    for (const db of databases) await db.drop();
  });
  return async () => {
    const db = await kind.create();
    databases.push(db);
    return db;
  };
}

export const wpcal = (db: TestDatabase, ...args: string[]): Promise<CliResult> => runCli([...args, '--db', db.url], { WPCAL_SITE_URL: SITE }, 60000);

export interface ServedDatabase {
  get: (path: string, auth?: string) => Promise<HttpResult>;
  close: () => Promise<void>;
  server: RunningServer;
}

/** A server over an existing database (the one the CLI wrote), for reading it through the API. */
export async function serve(db: TestDatabase): Promise<ServedDatabase> {
  const server = await startServer({ db: db.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, siteUrl: SITE, logger: pino({ level: 'silent' }) });
  return { server, get: (p, auth) => request(server.url, 'GET', p, { auth }), close: () => server.close() };
}

/** The number of posts of each type; revisions (saved by updates, as WordPress does) only when `revisions`. */
export async function postCounts(db: TestDatabase, revisions = false): Promise<Record<string, number>> {
  const opened = await openDatabase(db.url, 'wp_');
  try {
    const rows = await opened.kysely.selectFrom('posts').select(['post_type', (eb) => eb.fn.countAll<number>().as('n')])
      .$if(!revisions, (qb) => qb.where('post_type', '!=', 'revision')).groupBy('post_type').execute();
    return Object.fromEntries(rows.map((row) => [row.post_type, Number(row.n)]));
  } finally {
    await opened.close();
  }
}

/** Migrates the database (as `serve` would) so row counts work on an untouched one. */
export async function migrate(db: TestDatabase): Promise<void> {
  expect((await runCli(['migrate', '--db', db.url])).code).to.equal(0);
}

/** Without modification dates; e-mails (entity-encoded at random, as WordPress's antispambot does) decoded. */
export function withoutVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutVolatile);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value)
    .filter(([key]) => !['modified', 'modified_utc'].includes(key))
    .map(([key, inner]) => [key, key === 'email' && typeof inner === 'string'
      ? inner.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      : withoutVolatile(inner)]));
}
