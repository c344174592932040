// Issue 12: a write load on several `wpcal serve` processes sharing one database, then the
// invariants the database and the API must still hold. Shared by test/http/concurrent-writes.test.ts
// and test/bench/writes.bench.ts.
//
//   const cluster = new ServerCluster(database.url, 2);
//   try { await cluster.start(); result = await runWriteLoad(cluster, { clients: 8, requests: 300, seconds: 10 }); }
//   finally { await cluster.stop(); }
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { stoppedOnExit } from './children.ts';
import { BIN, runCli } from './cli.ts';
import { mysqlOptions } from './databases.ts';
import { leanRequest } from './lean-request.ts';
import { basicAuth, type HttpResult, type RequestOptions } from './server.ts';

const NS = '/wp-json/tribe/events/v1';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
/** Bodies of this many 5xx answers are kept for the report. */
const KEPT_FAILURES = 5;
/** Venues, organizers and categories come in coprime numbers, so a variant's trio is distinctive. */
const SEED_SIZES = { venues: 3, organizers: 4, categories: 5, tags: 3 };

// ---------------------------------------------------------------------------------------------
// Server processes

/** An error line a server logged (level ≥ 50): the driver's code (ER_…, SQLITE_…) or error type. */
export interface LoggedError {
  code: string;
  message: string;
}

interface LogEntry {
  level: number;
  msg?: string;
  url?: string;
  err?: { code?: unknown; type?: unknown; message?: unknown };
}

/** The log lines that matter here (errors and the listening line); request lines are skipped unparsed. */
function parseLogLine(line: string): LogEntry | undefined {
  const level = Number(/^\{"level":(\d+)/.exec(line)?.[1] ?? 0);
  if (level < 50 && !line.includes('"wpcal listening"')) return undefined;
  try {
    return JSON.parse(line) as LogEntry;
  } catch {
    return undefined;
  }
}

function loggedError(entry: LogEntry): LoggedError {
  const code = entry.err?.code ?? entry.err?.type ?? entry.msg ?? 'unknown';
  return { code: String(code), message: String(entry.err?.message ?? entry.msg ?? '') };
}

/** One `wpcal serve --port 0` child; its URL comes from its "wpcal listening" log line. */
class ServeProcess {
  readonly errors: LoggedError[] = [];
  url = '';
  #stderr = '';
  readonly #child: ChildProcess;

  /** `cpuProfileDir`: where V8 writes the process's CPU profile (node --cpu-prof), if anywhere. */
  constructor(dbUrl: string, cpuProfileDir?: string) {
    const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
    this.#child = stoppedOnExit(spawn(process.execPath, [...profile, BIN, 'serve', '--db', dbUrl, '--port', '0', '--host', '127.0.0.1'], {
      // info: the level wpcal runs at by default, and the one that logs the listening URL.
      env: { ...process.env, WPCAL_LOG: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }));
    this.#child.stderr!.on('data', (data) => { this.#stderr += data; });
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  get exited(): boolean {
    return this.#child.exitCode !== null || this.#child.signalCode !== null;
  }

  /** Why the process is gone, when it is. */
  get exitReason(): string {
    return `exit ${this.#child.exitCode ?? this.#child.signalCode}${this.#stderr.trim() ? `: ${this.#stderr.trim().slice(0, 500)}` : ''}`;
  }

  listening(): Promise<void> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => settle(new Error(`wpcal serve (pid ${this.pid}) did not listen within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      this.#child.once('exit', () => settle(new Error(`wpcal serve (pid ${this.pid}) stopped before listening (${this.exitReason})`)));
      readline.createInterface({ input: this.#child.stdout! }).on('line', (line) => {
        const entry = parseLogLine(line);
        if (!entry) return;
        if (entry.msg === 'wpcal listening' && typeof entry.url === 'string') {
          this.url = entry.url;
          settle();
        } else if (entry.level >= 50) {
          this.errors.push(loggedError(entry));
        }
      });
    });
  }

  /** SIGTERM (wpcal closes its server and database), SIGKILL if it lingers. */
  stop(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      this.#child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.#child.kill('SIGTERM');
    });
  }
}

/** An administrator with an application password, made by `wpcal user add`; its Authorization value. */
async function createAdmin(dbUrl: string): Promise<string> {
  const login = 'loadtest';
  const result = await runCli(['user', 'add', login, '--role', 'administrator', '--db', dbUrl], {}, START_TIMEOUT_MS);
  const password = result.stdout.trim().split('\n').pop()?.trim();
  if (result.code !== 0 || !password) throw new Error(`wpcal user add exited ${result.code}: ${result.stderr.trim()}`);
  return basicAuth(login, password);
}

/**
 * N `wpcal serve` processes on one database, and an administrator to write with. The first
 * process migrates the database alone; the others start once it listens, while `wpcal user add`
 * creates the administrator. `stop()` stops every process started so far, so an `after` hook can
 * call it whatever `start()` got to.
 */
export class ServerCluster {
  readonly #processes: ServeProcess[] = [];
  /** The administrator's Authorization header value (once started). */
  auth = '';

  constructor(readonly dbUrl: string, readonly size: number, readonly cpuProfileDir?: string) {}

  async start(): Promise<void> {
    await this.#launch(1);
    const [auth] = await Promise.all([createAdmin(this.dbUrl), this.#launch(this.size - 1)]);
    this.auth = auth;
  }

  async #launch(count: number): Promise<void> {
    if (count < 1) return;
    const started = Array.from({ length: count }, () => new ServeProcess(this.dbUrl, this.cpuProfileDir));
    this.#processes.push(...started);
    await Promise.all(started.map((serve) => serve.listening()));
  }

  get urls(): string[] {
    return this.#processes.map((serve) => serve.url);
  }

  /** The URLs of the processes still running. */
  get liveUrls(): string[] {
    return this.#processes.filter((serve) => !serve.exited).map((serve) => serve.url);
  }

  /** The error lines every process logged so far. */
  get loggedErrors(): LoggedError[] {
    return this.#processes.flatMap((serve) => serve.errors);
  }

  /** A line for each process that is no longer running. */
  get exits(): string[] {
    return this.#processes.filter((serve) => serve.exited).map((serve) => `wpcal serve (pid ${serve.pid}) stopped: ${serve.exitReason}`);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#processes.map((serve) => serve.stop()));
  }
}

// ---------------------------------------------------------------------------------------------
// The calendar the clients write to

export interface Calendar {
  auth: string;
  venues: number[];
  organizers: number[];
  categories: number[];
  tags: number[];
  /** Events every client updates. */
  shared: number[];
}

/** A request that never throws: a failed connection is status 0 with the error as text. */
async function send(url: string, method: string, path: string, options: RequestOptions): Promise<HttpResult> {
  try {
    return await leanRequest(url, method, path, options);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { status: 0, headers: new Headers(), text: `${String(error)}${cause}`, json: undefined };
  }
}

/** POSTs a seed object and returns its ID; seeding is setup, so anything but a 201 throws. */
async function seedOne(url: string, auth: string, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await send(url, 'POST', NS + path, { auth, body });
  if (res.status !== 201 || typeof res.json?.id !== 'number') throw new Error(`seeding POST ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json.id;
}

/** One after the other, so IDs follow the index. */
async function seedMany(count: number, create: (index: number) => Promise<number>): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) ids.push(await create(index));
  return ids;
}

/** `YYYY-MM-DD HH:MM:SS` (UTC wall time, as the site's zone is UTC). */
function wallTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A two-hour event `day` days from today, so that the default list window holds it. */
function eventDates(day: number): { start_date: string; end_date: string } {
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day, 10));
  return { start_date: wallTime(start), end_date: wallTime(new Date(start.getTime() + 2 * 3600_000)) };
}

/** Everything a shared-event update sends, all derived from one variant number. */
export type VariantFields = { title: string; description: string; venue: number; organizer: number[]; categories: number[] };

export function variantFields(calendar: Calendar, v: number): VariantFields {
  return {
    title: `shared-${v}`,
    description: `desc-${v}`,
    venue: calendar.venues[v % calendar.venues.length]!,
    organizer: [calendar.organizers[v % calendar.organizers.length]!],
    categories: [calendar.categories[v % calendar.categories.length]!],
  };
}

async function seedCalendar(url: string, auth: string, sharedCount: number, ledger: Ledger): Promise<Calendar> {
  const calendar: Calendar = {
    auth,
    venues: await seedMany(SEED_SIZES.venues, (i) => seedOne(url, auth, '/venues', { venue: `Venue ${i}` })),
    organizers: await seedMany(SEED_SIZES.organizers, (i) => seedOne(url, auth, '/organizers', { organizer: `Organizer ${i}` })),
    categories: await seedMany(SEED_SIZES.categories, (i) => seedOne(url, auth, '/categories', { name: `Category ${i}` })),
    tags: await seedMany(SEED_SIZES.tags, (i) => seedOne(url, auth, '/tags', { name: `Tag ${i}` })),
    shared: [],
  };
  calendar.shared = await seedMany(sharedCount, (v) => seedOne(url, auth, '/events', { ...variantFields(calendar, v), ...eventDates(1 + v) }));
  ledger.created.push(...calendar.shared);
  return calendar;
}

// ---------------------------------------------------------------------------------------------
// The clients

export interface LoadOptions {
  /** Concurrent clients, each with one request in flight. */
  clients: number;
  /** Requests in all, across clients (the load stops at this count or after `seconds`). */
  requests: number;
  seconds: number;
  /** Events every client updates (default 4). */
  sharedEvents?: number;
}

/** `tag` sets one tag on a shared event (sending only `tags`); `update` sends a whole variant. */
type Operation = 'create' | 'update' | 'trash' | 'create-category' | 'rename-category' | 'tag' | 'list' | 'list-category';

/** Weights of the mix: ~45 % creates, ~45 % updates with trashes and term writes, 10 % reads. */
const MIX: readonly (readonly [Operation, number])[] = [
  ['create', 41], ['update', 41], ['trash', 3], ['create-category', 1], ['rename-category', 1], ['tag', 3],
  ['list', 5], ['list-category', 5],
];
const READS: ReadonlySet<Operation> = new Set(['list', 'list-category']);

interface Call {
  operation: Operation;
  method: string;
  path: string;
  body?: Record<string, unknown>;
  /** The status a correct server answers (every call the clients make is valid). */
  expected: number;
  /** The event a create or a trash concerns. */
  eventId?: number;
}

/** What the requests did, for the invariants. */
interface Ledger {
  /** Every event ID answered with a 201 (the seeded shared events included). */
  created: number[];
  /** Events a DELETE was sent for, and those trashed with a 200. */
  trashSent: Set<number>;
  trashed: Set<number>;
}

interface Sample {
  operation: Operation;
  status: number;
  ms: number;
  retryAfter: boolean;
}

export interface FailedRequest {
  method: string;
  path: string;
  status: number;
  body: string;
}

/** mulberry32: a small seeded generator, so each client's sequence of calls is reproducible. */
function randomSource(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

class Client {
  readonly #random: (below: number) => number;
  /** The client's own events still published: the only ones it trashes. */
  readonly #own: number[] = [];
  #sequence = 0;

  constructor(readonly index: number, readonly calendar: Calendar) {
    this.#random = randomSource(index + 1);
  }

  #any<T>(items: readonly T[]): T {
    return items[this.#random(items.length)]!;
  }

  #operation(): Operation {
    let roll = this.#random(MIX.reduce((sum, [, weight]) => sum + weight, 0));
    const [operation] = MIX.find(([, weight]) => (roll -= weight) < 0)!;
    return operation === 'trash' && this.#own.length === 0 ? 'create' : operation;
  }

  next(): Call {
    const { calendar } = this;
    const name = `${this.index}-${++this.#sequence}`;
    switch (this.#operation()) {
      case 'create':
        return {
          operation: 'create', method: 'POST', path: `${NS}/events`, expected: 201,
          body: {
            title: `event-${name}`, ...eventDates(1 + this.#random(300)), venue: this.#any(calendar.venues),
            organizer: [this.#any(calendar.organizers)], categories: [this.#any(calendar.categories)],
          },
        };
      case 'update': {
        const v = this.#random(1_000_000);
        return { operation: 'update', method: 'POST', path: `${NS}/events/${this.#any(calendar.shared)}`, expected: 200, body: variantFields(calendar, v) };
      }
      case 'trash': {
        const eventId = this.#own.splice(this.#random(this.#own.length), 1)[0]!;
        return { operation: 'trash', method: 'DELETE', path: `${NS}/events/${eventId}`, expected: 200, eventId };
      }
      case 'create-category':
        return { operation: 'create-category', method: 'POST', path: `${NS}/categories`, expected: 201, body: { name: `Category ${name}` } };
      case 'rename-category':
        return { operation: 'rename-category', method: 'POST', path: `${NS}/categories/${this.#any(calendar.categories)}`, expected: 200, body: { name: `Renamed ${name}` } };
      case 'tag':
        // PATCH: a POST would also unlink the organizers it does not send.
        return { operation: 'tag', method: 'PATCH', path: `${NS}/events/${this.#any(calendar.shared)}`, expected: 200, body: { tags: [this.#any(calendar.tags)] } };
      case 'list':
        return { operation: 'list', method: 'GET', path: `${NS}/events?per_page=10`, expected: 200 };
      case 'list-category':
        return { operation: 'list-category', method: 'GET', path: `${NS}/events?categories=${this.#any(calendar.categories)}`, expected: 200 };
    }
  }

  /** Keeps the ledger of what was created and trashed. */
  answered(call: Call, res: HttpResult, ledger: Ledger): void {
    if (call.operation === 'create' && res.status === 201 && typeof res.json?.id === 'number') {
      ledger.created.push(res.json.id);
      this.#own.push(res.json.id);
    } else if (call.operation === 'trash' && res.status === 200) {
      ledger.trashed.add(call.eventId!);
    }
  }
}

interface Recording {
  samples: Sample[];
  failures: FailedRequest[];
  /** Answers other than the expected one and other than a 5xx (a 4xx, a dropped connection). */
  unexpected: string[];
  seconds: number;
}

async function runClients(urls: readonly string[], calendar: Calendar, options: LoadOptions, ledger: Ledger): Promise<Recording> {
  const recording: Recording = { samples: [], failures: [], unexpected: [], seconds: 0 };
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let issued = 0;
  const claim = (): boolean => issued < options.requests && performance.now() < deadline && ++issued > 0;

  async function run(client: Client): Promise<void> {
    while (claim()) {
      const call = client.next();
      if (call.operation === 'trash') ledger.trashSent.add(call.eventId!);
      const url = urls[issued % urls.length]!;
      const sentAt = performance.now();
      const res = await send(url, call.method, call.path, { auth: calendar.auth, body: call.body });
      record(recording, call, res, performance.now() - sentAt);
      client.answered(call, res, ledger);
    }
  }

  await Promise.all(Array.from({ length: options.clients }, (_, i) => run(new Client(i, calendar))));
  recording.seconds = (performance.now() - started) / 1000;
  return recording;
}

function record(recording: Recording, call: Call, res: HttpResult, ms: number): void {
  const retryAfter = res.status === 503 && res.headers.has('retry-after');
  recording.samples.push({ operation: call.operation, status: res.status, ms, retryAfter });
  if (res.status >= 500 && recording.failures.length < KEPT_FAILURES) {
    recording.failures.push({ method: call.method, path: call.path, status: res.status, body: res.text.slice(0, 500) });
  } else if (res.status < 500 && res.status !== call.expected) {
    recording.unexpected.push(`${call.method} ${call.path}: ${res.status} (expected ${call.expected}) ${res.text.slice(0, 200)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Invariants

/** The invariant a violation breaks (issue 12: b–f, plus the answers themselves). */
export type Invariant = 'answers' | 'events' | 'torn' | 'counts' | 'orphans' | 'duplicates' | 'processes';

export interface Violation {
  invariant: Invariant;
  detail: string;
}

type Row = Record<string, unknown>;

/** Read-only SQL on the database under test, in the SQL both SQLite and MariaDB accept. */
interface SqlReader {
  rows(sql: string): Promise<Row[]>;
  close(): Promise<void>;
}

async function openReader(dbUrl: string): Promise<SqlReader> {
  if (dbUrl.startsWith('sqlite:')) {
    const db = new Database(dbUrl.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    return { rows: async (sql) => db.prepare(sql).all() as Row[], close: async () => { db.close(); } };
  }
  const connection = await createConnection(mysqlOptions(dbUrl));
  return { rows: async (sql) => (await connection.query(sql))[0] as Row[], close: () => connection.end() };
}

const violation = (invariant: Invariant) => (detail: string): Violation => ({ invariant, detail });

/** At most `limit` items of a list, and how many more there are. */
function some(items: readonly unknown[], limit = 10): string {
  return items.slice(0, limit).join(', ') + (items.length > limit ? ` … (${items.length} in all)` : '');
}

/** b: the tribe_events posts are exactly the 201s, and trashed exactly where a DELETE said so. */
async function checkEvents(db: SqlReader, ledger: Ledger): Promise<Violation[]> {
  const v = violation('events');
  const rows = await db.rows(`SELECT ID AS id, post_status AS status FROM wp_posts WHERE post_type = 'tribe_events'`);
  const stored = new Map(rows.map((row) => [Number(row.id), String(row.status)]));
  const created = new Set(ledger.created);
  const out: Violation[] = [];
  if (created.size !== ledger.created.length) out.push(v(`${ledger.created.length - created.size} IDs were answered 201 more than once`));
  const missing = [...created].filter((id) => !stored.has(id));
  if (missing.length) out.push(v(`answered 201 but not stored as tribe_events: ${some(missing)}`));
  const extra = [...stored.keys()].filter((id) => !created.has(id));
  if (extra.length) out.push(v(`stored with no 201 answer (${stored.size} stored, ${created.size} answered): ${some(extra)}`));
  const notTrashed = [...ledger.trashed].filter((id) => stored.has(id) && stored.get(id) !== 'trash');
  if (notTrashed.length) out.push(v(`trashed with a 200 but not in the trash: ${some(notTrashed)}`));
  const wrongStatus = [...created].filter((id) => !ledger.trashSent.has(id) && stored.has(id) && stored.get(id) !== 'publish');
  if (wrongStatus.length) out.push(v(`never trashed but not published: ${some(wrongStatus.map((id) => `${id} (${stored.get(id)})`))}`));
  return out;
}

/** A shared event as the API presents it, reduced to what the torn check compares. */
interface SharedView {
  title: string;
  description: string;
  venue: number[];
  organizers: number[];
  categories: number[];
}

function sharedView(event: Record<string, unknown>): SharedView {
  const ids = (value: unknown): number[] => (Array.isArray(value) ? value : [value])
    .filter((item): item is { id: unknown } => typeof item === 'object' && item !== null && 'id' in item)
    .map((item) => Number(item.id));
  return {
    title: String(event.title), description: String(event.description),
    venue: ids(event.venue), organizers: ids(event.organizer), categories: ids(event.categories),
  };
}

const sameIds = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

/** c: what in a shared event does not come from the variant its title names (nothing when untorn). */
function tornFields(calendar: Calendar, view: SharedView): string[] {
  const titled = /^shared-(\d+)$/.exec(view.title);
  if (!titled) return [`title ${JSON.stringify(view.title)} names no variant`];
  const v = Number(titled[1]);
  const want = variantFields(calendar, v);
  const problems: string[] = [];
  if (Number(/desc-(\d+)/.exec(view.description)?.[1]) !== v) problems.push(`description ${JSON.stringify(view.description)}`);
  if (!sameIds(view.venue, [want.venue])) problems.push(`venue [${view.venue}] (variant's ${want.venue})`);
  if (!sameIds(view.organizers, want.organizer)) problems.push(`organizers [${view.organizers}] (variant's ${want.organizer})`);
  if (!sameIds(view.categories, want.categories)) problems.push(`categories [${view.categories}] (variant's ${want.categories})`);
  return problems.length ? [`title shared-${v} but ${problems.join(', ')}`] : [];
}

async function checkShared(urls: readonly string[], calendar: Calendar): Promise<Violation[]> {
  const v = violation('torn');
  const out: Violation[] = [];
  for (const id of calendar.shared) {
    const titles = new Set<string>();
    for (const url of urls) {
      const res = await send(url, 'GET', `${NS}/events/${id}`, { auth: calendar.auth });
      if (res.status !== 200) {
        out.push(v(`GET event ${id} from ${url}: ${res.status} ${res.text.slice(0, 200)}`));
        continue;
      }
      const view = sharedView(res.json);
      titles.add(view.title);
      out.push(...tornFields(calendar, view).map((problem) => v(`event ${id} (${url}): ${problem}`)));
    }
    if (titles.size > 1) out.push(v(`event ${id}: the processes disagree on its title (${[...titles].join(' / ')})`));
  }
  return out;
}

/** d: each category and tag count is its number of published events (and posts, for tags). */
async function checkTermCounts(db: SqlReader): Promise<Violation[]> {
  const rows = await db.rows(`
    SELECT tt.term_taxonomy_id AS id, tt.taxonomy AS taxonomy, tt.count AS stored,
      (SELECT COUNT(*) FROM wp_term_relationships tr INNER JOIN wp_posts p ON p.ID = tr.object_id
        WHERE tr.term_taxonomy_id = tt.term_taxonomy_id AND p.post_status = 'publish'
          AND (p.post_type = 'tribe_events' OR (tt.taxonomy = 'post_tag' AND p.post_type = 'post'))) AS actual
    FROM wp_term_taxonomy tt WHERE tt.taxonomy IN ('tribe_events_cat', 'post_tag')`);
  return rows.filter((row) => Number(row.stored) !== Number(row.actual))
    .map((row) => violation('counts')(`${row.taxonomy} term_taxonomy ${row.id}: count ${row.stored}, ${row.actual} published objects`));
}

/** e: rows whose owner is gone, and events without their TEC 6 rows. */
const ORPHAN_QUERIES: readonly (readonly [string, string])[] = [
  ['postmeta rows of no post', `SELECT m.meta_id AS id FROM wp_postmeta m LEFT JOIN wp_posts p ON p.ID = m.post_id WHERE p.ID IS NULL`],
  ['tec_events rows of no post', `SELECT e.event_id AS id FROM wp_tec_events e LEFT JOIN wp_posts p ON p.ID = e.post_id WHERE p.ID IS NULL`],
  ['tec_occurrences rows of no post', `SELECT o.occurrence_id AS id FROM wp_tec_occurrences o LEFT JOIN wp_posts p ON p.ID = o.post_id WHERE p.ID IS NULL`],
  ['tec_occurrences rows of no tec_events row', `SELECT o.occurrence_id AS id FROM wp_tec_occurrences o LEFT JOIN wp_tec_events e ON e.event_id = o.event_id WHERE e.event_id IS NULL`],
  ['term_relationships of no post', `SELECT tr.object_id AS id FROM wp_term_relationships tr LEFT JOIN wp_posts p ON p.ID = tr.object_id WHERE p.ID IS NULL`],
  ['term_relationships of no term_taxonomy', `SELECT tr.term_taxonomy_id AS id FROM wp_term_relationships tr LEFT JOIN wp_term_taxonomy tt ON tt.term_taxonomy_id = tr.term_taxonomy_id WHERE tt.term_taxonomy_id IS NULL`],
  ['term_taxonomy rows of no term', `SELECT tt.term_taxonomy_id AS id FROM wp_term_taxonomy tt LEFT JOIN wp_terms t ON t.term_id = tt.term_id WHERE t.term_id IS NULL`],
  ['events not in the trash without exactly one tec_events row', `
    SELECT p.ID AS id FROM wp_posts p WHERE p.post_type = 'tribe_events' AND p.post_status <> 'trash'
      AND (SELECT COUNT(*) FROM wp_tec_events e WHERE e.post_id = p.ID) <> 1`],
  ['events not in the trash without a tec_occurrences row', `
    SELECT p.ID AS id FROM wp_posts p WHERE p.post_type = 'tribe_events' AND p.post_status <> 'trash'
      AND NOT EXISTS (SELECT 1 FROM wp_tec_occurrences o WHERE o.post_id = p.ID)`],
];

async function checkOrphans(db: SqlReader): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const [what, sql] of ORPHAN_QUERIES) {
    const ids = (await db.rows(sql)).map((row) => row.id);
    if (ids.length) out.push(violation('orphans')(`${ids.length} ${what}: ${some(ids)}`));
  }
  return out;
}

/** f: no (object, term) pair linked twice. */
async function checkDuplicates(db: SqlReader): Promise<Violation[]> {
  const rows = await db.rows(`
    SELECT object_id AS object, term_taxonomy_id AS tt, COUNT(*) AS n FROM wp_term_relationships
    GROUP BY object_id, term_taxonomy_id HAVING COUNT(*) > 1`);
  return rows.map((row) => violation('duplicates')(`object ${row.object} linked ${row.n} times to term_taxonomy ${row.tt}`));
}

async function checkInvariants(cluster: ServerCluster, calendar: Calendar, ledger: Ledger): Promise<Violation[]> {
  const processes = cluster.exits.map(violation('processes'));
  const torn = await checkShared(cluster.liveUrls, calendar);
  const db = await openReader(cluster.dbUrl);
  try {
    return [
      ...processes, ...torn,
      ...await checkEvents(db, ledger), ...await checkTermCounts(db), ...await checkOrphans(db), ...await checkDuplicates(db),
    ];
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The run and its result

export interface WriteLoadResult {
  processes: number;
  clients: number;
  requests: number;
  seconds: number;
  /** Answers per status (0: the connection failed). */
  statuses: Record<number, number>;
  /** Writes answered 2xx, and per second of load. */
  writes: number;
  writesPerSecond: number;
  /** Latency of the write requests, ms. */
  p50: number;
  p99: number;
  /** 5xx answers, a 503 with Retry-After (deliberate shedding) excepted… */
  serverErrors: number;
  /** …which are counted here. */
  overloaded: number;
  /** The first few 5xx answers. */
  failures: FailedRequest[];
  /** Error lines the servers logged, per driver error code (ER_LOCK_DEADLOCK, SQLITE_BUSY, …). */
  loggedErrors: Record<string, number>;
  violations: Violation[];
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function tally<T>(items: readonly T[], key: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

function summarize(cluster: ServerCluster, options: LoadOptions, recording: Recording, violations: Violation[]): WriteLoadResult {
  const { samples } = recording;
  const writes = samples.filter((s) => !READS.has(s.operation));
  const latencies = writes.map((s) => s.ms).sort((a, b) => a - b);
  const succeeded = writes.filter((s) => s.status >= 200 && s.status < 300).length;
  return {
    processes: cluster.size,
    clients: options.clients,
    requests: samples.length,
    seconds: recording.seconds,
    statuses: tally(samples, (s) => s.status),
    writes: succeeded,
    writesPerSecond: succeeded / recording.seconds,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    serverErrors: samples.filter((s) => s.status >= 500 && !s.retryAfter).length,
    overloaded: samples.filter((s) => s.retryAfter).length,
    failures: recording.failures,
    loggedErrors: tally(cluster.loggedErrors, (e) => e.code),
    violations: [...recording.unexpected.map(violation('answers')), ...violations],
  };
}

/** Seeds a calendar through the cluster's first process, runs the clients, then checks every invariant. */
export async function runWriteLoad(cluster: ServerCluster, options: LoadOptions): Promise<WriteLoadResult> {
  const ledger: Ledger = { created: [], trashSent: new Set(), trashed: new Set() };
  const calendar = await seedCalendar(cluster.urls[0]!, cluster.auth, options.sharedEvents ?? 4, ledger);
  const recording = await runClients(cluster.urls, calendar, options, ledger);
  const violations = await checkInvariants(cluster, calendar, ledger);
  return summarize(cluster, options, recording, violations);
}

// ---------------------------------------------------------------------------------------------
// Reporting

export function violationsOf(result: WriteLoadResult, invariant: Invariant): string[] {
  return result.violations.filter((v) => v.invariant === invariant).map((v) => v.detail);
}

/** `ER_LOCK_DEADLOCK×12, ER_DUP_ENTRY×3`, most frequent first. */
export function loggedErrorSummary(result: WriteLoadResult): string {
  return Object.entries(result.loggedErrors).sort(([, a], [, b]) => b - a).map(([code, n]) => `${code}×${n}`).join(', ') || 'none';
}

/** The 5xx of a run in a few lines: counts, the codes the servers logged, the first bodies. */
export function describeServerErrors(result: WriteLoadResult): string {
  return [
    `${result.serverErrors} 5xx and ${result.overloaded} 503 with Retry-After in ${result.requests} requests (statuses ${JSON.stringify(result.statuses)})`,
    `errors logged by the servers: ${loggedErrorSummary(result)}`,
    ...result.failures.map((f) => `  ${f.method} ${f.path} → ${f.status} ${f.body}`),
  ].join('\n');
}

/** Every target the run missed, one line each: 5xx answers and violated invariants. */
export function problems(result: WriteLoadResult): string[] {
  const errors = result.serverErrors + result.overloaded;
  return [
    ...(errors ? [`${result.serverErrors} 5xx and ${result.overloaded} 503 with Retry-After (logged: ${loggedErrorSummary(result)})`] : []),
    ...result.violations.map((v) => `${v.invariant}: ${v.detail}`),
  ];
}
