// What every benchmark shares: options, databases, the server process, load runs and the table.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { stoppedOnExit } from '../support/children.ts';
import { databaseKinds, type DatabaseKind } from '../support/databases.ts';
import type { ChildMessage, ParentMessage } from './messages.ts';

export interface BenchOptions {
  /** Seconds of measured load per target and round (after a warm-up of `warmup` seconds). */
  duration: number;
  /** Rounds in which the targets take turns, so that the machine's other load hits them alike. */
  rounds: number;
  warmup: number;
  connections: number;
  /** Calendar sizes to seed. */
  sizes: number[];
  /** wpcal's request log levels to measure ('silent' and/or 'info'). */
  logLevels: ('silent' | 'info')[];
  databases: DatabaseKind[];
  /** Directory for V8 CPU profiles of the server process (node --cpu-prof), or none. */
  cpuProfileDir?: string;
  /** MySQL: the seeded database gets the change log, as `wpcal migrate --change-log` makes it (the reads benchmark). */
  changeLog: boolean;
}

export interface Load {
  rps: number;
  p99: number;
}

export interface BenchRow {
  scenario: string;
  db: string;
  events: number;
  log: string;
  wpcal: Load;
  bare: Load;
}

/**
 * A benchmark. Its rows are throughput rows (BenchRow, in the shared wpcal-vs-bare table) unless it
 * has a `table`: then they are of its own shape and `table` prints them after the shared one.
 */
export interface Bench<Row = BenchRow> {
  /** Runs the scenarios; calls `report` as each row is measured. */
  run(options: BenchOptions, report: (row: Row) => void): Promise<void>;
  /** The targets this benchmark's rows missed, one line each. */
  check?(rows: readonly Row[]): string[];
  /** This benchmark's own table of its rows (see markdownTable). */
  table?(rows: readonly Row[]): string;
}

/** The requested databases: SQLite always, MariaDB/MySQL (WPCAL_TEST_MYSQL) with `--mysql`. */
export function benchDatabases(withMysql: boolean): DatabaseKind[] {
  const kinds = databaseKinds();
  if (withMysql && !kinds.some((kind) => kind.name === 'mysql')) {
    throw new Error('--mysql needs WPCAL_TEST_MYSQL (e.g. mysql://root@127.0.0.1:3306/)');
  }
  return kinds.filter((kind) => withMysql || kind.name === 'sqlite');
}

/** Requests a target answers in `seconds` with `connections` busy connections (loopback, bounded). */
export async function load(url: string, seconds: number, connections: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    // A cap on the count as well as the time: far above what one loopback core can serve.
    maxOverallRequests: seconds * 200_000,
    timeout: 10,
  });
  if (result.errors || result.non2xx) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers under load`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export function meanOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The middle value (the upper of the two middle ones for an even count). */
export function medianOf(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** One figure for several rounds of the same target: mean throughput, median p99. */
export function acrossRounds(rounds: readonly Load[]): Load {
  return { rps: meanOf(rounds.map((round) => round.rps)), p99: medianOf(rounds.map((round) => round.p99)) };
}

/** The forked process holding wpcal and the bare Koa app (server-process.ts). */
export class ServerProcess {
  #child: ChildProcess;
  #waiting: ((message: ChildMessage) => void)[] = [];
  wpcalUrl = '';
  bareUrl = '';

  private constructor(child: ChildProcess) {
    this.#child = child;
    child.on('message', (message: ChildMessage) => this.#waiting.shift()?.(message));
  }

  static async start(dbUrl: string, prefix: string, cpuProfileDir?: string): Promise<ServerProcess> {
    const script = fileURLToPath(new URL('./server-process.ts', import.meta.url));
    const execArgv = ['--import', 'tsx', ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [])];
    const child = stoppedOnExit(fork(script, [dbUrl, prefix], { execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
    const server = new ServerProcess(child);
    const ready = await server.#next();
    if (ready.type !== 'ready') throw new Error(`the server process did not start: ${ready.type === 'failed' ? ready.message : ready.type}`);
    server.wpcalUrl = ready.wpcalUrl;
    server.bareUrl = ready.bareUrl;
    return server;
  }

  #next(): Promise<ChildMessage> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the server process exited (${code})`));
      this.#child.once('exit', onExit);
      this.#waiting.push((message) => {
        this.#child.off('exit', onExit);
        resolve(message);
      });
    });
  }

  async #ask(message: ParentMessage): Promise<void> {
    const answer = this.#next();
    this.#child.send(message);
    const reply = await answer;
    if (reply.type !== 'ok') throw new Error(`the server process answered ${reply.type}`);
  }

  /** Makes the bare app answer with exactly this response. */
  canned(status: number, headers: Record<string, string>, body: Buffer): Promise<void> {
    return this.#ask({ type: 'canned', status, headers, body: body.toString('base64') });
  }

  /** The CPU time the server process has used so far (user and system), in microseconds. */
  async cpuMicros(): Promise<number> {
    const answer = this.#next();
    this.#child.send({ type: 'cpu' } satisfies ParentMessage);
    const reply = await answer;
    if (reply.type !== 'cpu') throw new Error(`the server process answered ${reply.type}`);
    return reply.micros;
  }

  logLevel(level: 'silent' | 'info'): Promise<void> {
    return this.#ask({ type: 'log', level });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.#child.once('exit', () => resolve());
      this.#child.send({ type: 'stop' } satisfies ParentMessage);
    });
  }
}

const HEADERS = ['scenario', 'db', 'events', 'log', 'wpcal req/s', 'bare req/s', 'ratio', 'wpcal p99 ms', 'bare p99 ms'];

export function tableCells(row: BenchRow): string[] {
  return [
    row.scenario, row.db, String(row.events), row.log,
    row.wpcal.rps.toFixed(0), row.bare.rps.toFixed(0), (row.wpcal.rps / row.bare.rps).toFixed(2),
    String(row.wpcal.p99), String(row.bare.p99),
  ];
}

/**
 * A Markdown table (readable as is in a terminal, pasteable into the README): the first
 * `textColumns` columns left-aligned, the figures after them right-aligned.
 */
export function markdownTable(headers: readonly string[], rows: readonly string[][], textColumns: number): string {
  const cells = [headers, ...rows];
  const widths = headers.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const line = (values: readonly string[]) => `| ${values.map((v, i) => (i < textColumns ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < textColumns ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** The shared table of throughput rows. */
export function formatTable(rows: readonly BenchRow[]): string {
  return markdownTable(HEADERS, rows.map(tableCells), 4);
}
