// A real wpcal server on a loopback port over a fresh database, for HTTP-level tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server.ts';
import { createUser } from '../../src/users/manage.ts';
import type { RoleName } from '../../src/auth/roles.ts';
import type { DatabaseKind, TestDatabase } from './databases.ts';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body (undefined when the body is empty). */
  json: any;
}

export interface RequestOptions {
  body?: unknown;
  /** Send the body form-encoded instead of JSON. */
  form?: Record<string, string>;
  auth?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  /** The uploads folder the server writes images to. */
  uploads: string;
  server: RunningServer;
  database: TestDatabase;
  /** Creates a user with that role and returns its Authorization header value. */
  userWithRole(role: RoleName, login?: string): Promise<string>;
  request(method: string, path: string, options?: RequestOptions): Promise<HttpResult>;
  close(): Promise<void>;
}

export function basicAuth(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

export async function request(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  if (options.auth) headers.Authorization = options.auth;
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The server's own options a test may set, and the harness's. */
export interface StartOptions extends Pick<ServerOptions, 'siteUrl' | 'now' | 'seed' | 'deadlines' | 'imageMaxBytes' | 'imageTimeoutMs' | 'imagePorts' | 'locale' | 'languages' | 'outsideChecks'> {
  /** The table prefix (default wp_). */
  tablePrefix?: string;
  /** Where the server connects instead of the test database's own URL (e.g. through a proxy). */
  connectVia?: (url: string) => string;
  /** Runs against the database before the server starts (e.g. load a dump). */
  before?: (database: TestDatabase) => Promise<void>;
  /** The uploads folder (default: a new temporary folder, removed on close). */
  uploads?: string;
}

export async function startTestServer(kind: DatabaseKind, options: StartOptions = {}): Promise<TestServer> {
  const database = await kind.create();
  await options.before?.(database);
  const ownUploads = options.uploads === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-uploads-')) : null;
  const uploads = options.uploads ?? ownUploads!;
  const server = await startServer({
    uploads,
    imageMaxBytes: options.imageMaxBytes,
    imageTimeoutMs: options.imageTimeoutMs,
    imagePorts: options.imagePorts,
    db: options.connectVia ? options.connectVia(database.url) : database.url,
    tablePrefix: options.tablePrefix ?? 'wp_',
    host: '127.0.0.1',
    port: 0,
    logger: pino({ level: 'silent' }),
    siteUrl: options.siteUrl,
    now: options.now,
    seed: options.seed,
    deadlines: options.deadlines,
    locale: options.locale,
    languages: options.languages,
    outsideChecks: options.outsideChecks,
  });
  let users = 0;
  return {
    url: server.url,
    uploads,
    server,
    database,
    async userWithRole(role, login) {
      const name = login ?? `${role}${++users}`;
      const created = await createUser(server.db, name, role, `${name}@example.test`);
      return basicAuth(name, created.password);
    },
    request: (method, path, opts) => request(server.url, method, path, opts),
    async close() {
      await server.close();
      await database.drop();
      if (ownUploads) fs.rmSync(ownUploads, { recursive: true, force: true });
    },
  };
}
