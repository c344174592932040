// ISSUE 14: what the server holds in memory. `npm run bench -- serve-memory [--mysql]
// [--events=100000,1000000]` seeds each size (a million takes minutes), starts `wpcal serve` as a
// user runs it (the built command, logging every request) and reads its memory from /proc
// (Linux): REST_MS after the events' list keys are read, the RSS, its
// anonymous part and the peak while they were read; then the RSS after a lap of never-shown
// windows and LONG_TAIL_SECONDS of long tail over events shown before (`--connections`).
// Target (issue 14): under 300 MB of RSS at 1,000,000 events, at rest and after the long tail.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { serveCli } from '../support/cli.ts';
import { markdownTable, type Bench, type BenchOptions } from './harness.ts';
import { seedInChunks } from './seed-events.ts';
import { LAP, windows } from './windows.ts';

const TARGET_EVENTS = 1_000_000;
const TARGET_MB = 300;
const LONG_TAIL_SECONDS = 15;
/** How long the server is left idle once the keys are read before it is measured at rest (what the read left behind is freed in the seconds after it). */
const REST_MS = 5000;
/** What `serve` logs once the keys are read. */
const KEYS_READ = "the events' list keys are in memory";

export interface MemoryRow {
  db: string;
  events: number;
  /** MB, REST_MS after the keys are read (idle); the peak is the highest so far. */
  rss: number;
  anonymous: number;
  peak: number;
  /** MB, after the lap and the long tail. */
  rssAfter: number;
  anonymousAfter: number;
}

/** The process's resident memory in MB, as /proc tells it. */
function residentMb(pid: number): { rss: number; anonymous: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), anonymous: mb('RssAnon'), peak: mb('VmHWM') };
}

async function longTail(base: string, options: BenchOptions): Promise<void> {
  const next = windows();
  const run = (amount: number | undefined) => autocannon({
    url: base, connections: options.connections, timeout: 30,
    ...(amount === undefined ? { duration: LONG_TAIL_SECONDS } : { amount }),
    requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
  });
  for (const result of [await run(LAP), await run(undefined)]) {
    if (result.errors || result.non2xx) throw new Error(`long tail: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
}

function missed(row: MemoryRow): string[] {
  if (row.events < TARGET_EVENTS) return [];
  const label = `${row.db}, ${row.events} events`;
  return [['at rest', row.rss], ['after the long tail', row.rssAfter]]
    .filter(([, mb]) => Number(mb) > TARGET_MB)
    .map(([when, mb]) => `serve memory (${label}) ${when}: RSS ${Number(mb).toFixed(0)} MB; target under ${TARGET_MB} MB`);
}

const mb = (value: number): string => value.toFixed(0);

export const bench: Bench<MemoryRow> = {
  async run(options, report) {
    for (const kind of options.databases) {
      for (const events of options.sizes) {
        process.stderr.write(`serve-memory: ${kind.name}, ${events} events\n`);
        const database = await kind.create();
        try {
          await seedInChunks(database.url, events);
          const server = await serveCli(['--db', database.url, '--port', '0']);
          try {
            await server.logged(KEYS_READ);
            await new Promise((resolve) => setTimeout(resolve, REST_MS));
            const atRest = residentMb(server.pid);
            await longTail(server.url, options);
            const after = residentMb(server.pid);
            report({ db: kind.name, events, ...atRest, rssAfter: after.rss, anonymousAfter: after.anonymous });
            process.stderr.write(`  RSS ${mb(atRest.rss)} MB at rest (peak ${mb(atRest.peak)}), ${mb(after.rss)} MB after the long tail\n`);
          } finally {
            await server.stop();
          }
        } finally {
          await database.drop();
        }
      }
    }
  },
  check: (rows) => rows.flatMap(missed),
  table: (rows) => [
    markdownTable(['db', 'events', 'RSS MB', 'anonymous MB', 'peak MB', 'RSS after MB', 'anonymous after MB'], rows.map((row) => [
      row.db, String(row.events), mb(row.rss), mb(row.anonymous), mb(row.peak), mb(row.rssAfter), mb(row.anonymousAfter),
    ]), 1),
    `RSS = the server process's resident memory ${REST_MS / 1000} s after the list keys are read, idle (anonymous: without mapped files; peak: the highest so far, while they were read); after = after a lap of ${LAP} never-shown windows and ${LONG_TAIL_SECONDS} s of long tail over events shown before`,
  ].join('\n'),
};
