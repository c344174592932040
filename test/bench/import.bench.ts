// `npm run bench import` (or `node --import tsx test/bench/import.bench.ts`): imports 100,000
// events from the JSON fixture format and from a TEC CSV file into fresh databases with the real
// `wpcal import` command, then exports them with `wpcal export --format json`, printing seconds
// and events per second. Target: each import of 100k events in under 30 s (WPCAL_BENCH_EVENTS
// changes the size).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN } from '../support/cli.ts';
import { databaseKinds, type DatabaseKind } from '../support/databases.ts';
import type { Bench, BenchOptions } from './harness.ts';
import { writeJsonFixture, writeTecCsv } from './import-data.ts';

const EVENTS = Number(process.env.WPCAL_BENCH_EVENTS ?? 100_000);
const TARGET_SECONDS = 30;

/** Runs wpcal to completion; stdout goes to `stdoutFile` (or is discarded). Returns seconds taken. */
function timed(args: string[], stdoutFile?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const out = stdoutFile ? fs.openSync(stdoutFile, 'w') : 'ignore';
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, WPCAL_LOG: 'silent' }, stdio: ['ignore', out, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d) => { stderr += d; });
    child.on('close', (code) => {
      if (typeof out === 'number') fs.closeSync(out);
      if (code !== 0) reject(new Error(`wpcal ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      else resolve(Number(process.hrtime.bigint() - started) / 1e9);
    });
  });
}

const misses: string[] = [];

function line(what: string, db: string, seconds: number): void {
  process.stdout.write(`${what.padEnd(22)} ${db.padEnd(7)} ${EVENTS} events  ${seconds.toFixed(1).padStart(6)} s  ${Math.round(EVENTS / seconds).toString().padStart(7)} events/s\n`);
}

async function runOn(kind: DatabaseKind, files: { json: string; csv: string }, dir: string): Promise<void> {
  for (const format of ['json', 'csv'] as const) {
    const db = await kind.create();
    try {
      const seconds = await timed(['import', files[format], '--db', db.url]);
      line(`import ${format}`, kind.name, seconds);
      if (seconds > TARGET_SECONDS) misses.push(`import ${format} on ${kind.name}: ${seconds.toFixed(1)} s > ${TARGET_SECONDS} s`);
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
