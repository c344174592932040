// ISSUE 12: write throughput under concurrency. `npm run bench -- writes [--mysql] [--duration=S] [--change-log]`:
// 16 and 64 concurrent writers on 1 and 2 `wpcal serve` processes sharing one fresh database, for
// `--duration` seconds each (the mix and the invariants are test/support/write-load.ts's).
// Targets: no 5xx, no invariant violated, and at least 260 writes/s on MariaDB with 16 writers and
// one process.
import { withChangeLog, type DatabaseKind } from '../support/databases.ts';
import {
  ServerCluster, loggedErrorSummary, problems, runWriteLoad, type WriteLoadResult,
} from '../support/write-load.ts';
import { markdownTable, type Bench, type BenchOptions } from './harness.ts';

const WRITERS = [16, 64];
const PROCESSES = [1, 2];
const TARGET = { db: 'mysql', writers: 16, processes: 1, writesPerSecond: 260 };
/** A bound on the requests as well as the time: far above what the loopback can serve. */
const MAX_REQUESTS_PER_SECOND = 10_000;

export interface WriteRow {
  db: string;
  processes: number;
  writers: number;
  result: WriteLoadResult;
}

const label = (row: Pick<WriteRow, 'db' | 'processes' | 'writers'>): string =>
  `${row.db}, ${row.processes} process${row.processes > 1 ? 'es' : ''}, ${row.writers} writers`;

async function measure(kind: DatabaseKind, processes: number, writers: number, options: BenchOptions): Promise<WriteRow> {
  const seconds = options.duration;
  const database = await kind.create();
  const changeLog = options.changeLog && kind.name === 'mysql';
  const cluster = new ServerCluster(database.url, processes, options.cpuProfileDir);
  try {
    if (changeLog) await withChangeLog(database);
    await cluster.start();
    const result = await runWriteLoad(cluster, { clients: writers, requests: seconds * MAX_REQUESTS_PER_SECOND, seconds });
    return { db: changeLog ? 'mysql, change log' : kind.name, processes, writers, result };
  } finally {
    await cluster.stop();
    await database.drop();
  }
}

const HEADERS = ['db', 'processes', 'writers', 'requests', 'writes/s', 'p50 ms', 'p99 ms', '5xx', '503 + Retry-After', 'violations', 'errors logged'];

function cells({ db, processes, writers, result }: WriteRow): string[] {
  return [
    db, String(processes), String(writers), String(result.requests), result.writesPerSecond.toFixed(0),
    String(result.p50), String(result.p99), String(result.serverErrors), String(result.overloaded),
    String(result.violations.length), loggedErrorSummary(result),
  ];
}

function missed(row: WriteRow): string[] {
  const misses = problems(row.result).slice(0, 5).map((problem) => `${label(row)}: ${problem}`);
  const extra = problems(row.result).length - 5;
  if (extra > 0) misses.push(`${label(row)}: … and ${extra} more`);
  const isTarget = row.db.startsWith(TARGET.db) && row.writers === TARGET.writers && row.processes === TARGET.processes;
  if (isTarget && row.result.writesPerSecond < TARGET.writesPerSecond) {
    misses.push(`${label(row)}: ${row.result.writesPerSecond.toFixed(0)} writes/s, target ${TARGET.writesPerSecond}`);
  }
  return misses;
}

export const bench: Bench<WriteRow> = {
  async run(options: BenchOptions, report: (row: WriteRow) => void): Promise<void> {
    for (const kind of options.databases) {
      for (const processes of PROCESSES) {
        for (const writers of WRITERS) {
          const row = await measure(kind, processes, writers, options);
          process.stderr.write(`  writes: ${label(row)}: ${row.result.writesPerSecond.toFixed(0)} writes/s, ${row.result.serverErrors} 5xx, ${row.result.violations.length} violations\n`);
          report(row);
        }
      }
    }
  },
  check: (rows) => rows.flatMap(missed),
  table: (rows) => [
    markdownTable(HEADERS, rows.map(cells), 1),
    'writes/s = write requests answered 2xx per second of load; p50/p99 = latency of every write request; '
      + '5xx excludes a 503 with Retry-After (counted apart); violations = invariants of test/support/write-load.ts broken afterwards',
  ].join('\n'),
};
