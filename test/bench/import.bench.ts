// `npm run bench import` (or `node --import tsx test/bench/import.bench.ts`): imports
// WPCAL_BENCH_EVENTS events (100,000 unless set) from the JSON fixture format (with venues,
// organizers and categories) and from a TEC CSV file into fresh databases with the real
// `wpcal import` command, then exports them with `wpcal export`, printing seconds, events per
// second and, for each import, the peak resident memory of the process (and its anonymous part:
// the heap, without the pages of the SQLite file it maps). Target (issue 12): a million events in
// under 60 s, i.e. 16,667 events/s at any size (6 s for the default 100,000).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stoppedOnExit } from '../support/children.ts';
import { BIN } from '../support/cli.ts';
import { databaseKinds, type DatabaseKind } from '../support/databases.ts';
import type { Bench, BenchOptions } from './harness.ts';
import { writeJsonFixture, writeTecCsv } from './import-data.ts';

const EVENTS = Number(process.env.WPCAL_BENCH_EVENTS ?? 100_000);
/** A million events in a minute. */
const TARGET_EVENTS_PER_SECOND = 1_000_000 / 60;

/** Peaks of a process's memory in kB, as /proc shows them (Linux); 0 where it does not. */
interface Memory {
  /** VmHWM: the peak resident set. */
  peak: number;
  /** The highest RssAnon seen (polled). */
  anonymous: number;
}

/** Polls the process's /proc status until it exits: VmHWM only grows, RssAnon is sampled. */
function watchMemory(pid: number | undefined): { stop(): Memory } {
  const memory: Memory = { peak: 0, anonymous: 0 };
  const poll = (): void => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      memory.peak = Math.max(memory.peak, kb('VmHWM'));
      memory.anonymous = Math.max(memory.anonymous, kb('RssAnon'));
    } catch {
      // Exited, or no /proc.
    }
  };
  const timer = setInterval(poll, 50);
  return { stop: () => (clearInterval(timer), memory) };
}

interface Run {
  seconds: number;
  memory: Memory;
}

/** Runs wpcal to completion; stdout goes to `stdoutFile` (or is discarded). */
function timed(args: string[], stdoutFile?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const out = stdoutFile ? fs.openSync(stdoutFile, 'w') : 'ignore';
    const child = stoppedOnExit(spawn(process.execPath, [BIN, ...args], { env: { ...process.env, WPCAL_LOG: 'silent' }, stdio: ['ignore', out, 'pipe'] }));
    const watch = watchMemory(child.pid);
    let stderr = '';
    child.stderr?.on('data', (d) => { stderr += d; });
    child.on('close', (code) => {
      const memory = watch.stop();
      if (typeof out === 'number') fs.closeSync(out);
      if (code !== 0) reject(new Error(`wpcal ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      else resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, memory });
    });
  });
}

const misses: string[] = [];

const mb = (kb: number): string => `${Math.round(kb / 1024)} MB`;

function line(what: string, db: string, { seconds, memory }: Run): void {
  const rss = memory.peak ? `  peak RSS ${mb(memory.peak).padStart(7)} (anonymous ${mb(memory.anonymous)})` : '';
  process.stdout.write(`${what.padEnd(12)} ${db.padEnd(7)} ${EVENTS} events  ${seconds.toFixed(1).padStart(6)} s  ${Math.round(EVENTS / seconds).toString().padStart(7)} events/s${rss}\n`);
}

async function runOn(kind: DatabaseKind, files: { json: string; csv: string }, dir: string): Promise<void> {
  for (const format of ['json', 'csv'] as const) {
    const db = await kind.create();
    try {
      const imported = await timed(['import', files[format], '--db', db.url]);
      line(`import ${format}`, kind.name, imported);
      const rate = EVENTS / imported.seconds;
      if (rate < TARGET_EVENTS_PER_SECOND) {
        misses.push(`import ${format} on ${kind.name}: ${Math.round(rate)} events/s < ${Math.round(TARGET_EVENTS_PER_SECOND)} (${imported.seconds.toFixed(1)} s > ${(EVENTS / TARGET_EVENTS_PER_SECOND).toFixed(1)} s)`);
      }
      if (format === 'json') {
        const exported = path.join(dir, `export-${kind.name}.json`);
        line('export json', kind.name, await timed(['export', '--format', 'json', '--db', db.url], exported));
        line('export ics', kind.name, await timed(['export', '--format', 'ics', '--db', db.url]));
        line('export wxr', kind.name, await timed(['export', '--format', 'wxr', '--db', db.url]));
      }
    } finally {
      await db.drop();
    }
  }
}

async function run(options: Pick<BenchOptions, 'databases'>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-import-bench-'));
  try {
    const files = { json: path.join(dir, 'events.json'), csv: path.join(dir, 'events.csv') };
    writeJsonFixture(files.json, EVENTS);
    writeTecCsv(files.csv, EVENTS);
    for (const kind of options.databases) await runOn(kind, files, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** For `npm run bench`: prints its own lines (its figures are not request rates), reports no rows. */
export const bench: Bench = { run: (options) => run(options), check: () => misses };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run({ databases: databaseKinds() });
  if (misses.length) {
    process.stdout.write(`targets missed:\n${misses.map((m) => `  - ${m}`).join('\n')}\n`);
    process.exitCode = 1;
  }
}
