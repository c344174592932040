// ISSUE 7: `wpcal export` streams with constant memory. Seeds calendars of each size (`--events`,
// default 10k and 100k; add 1,000,000 by hand, seeding takes minutes), runs the real
// `wpcal export --format json|ics|wxr` with stdout to /dev/null and prints the child's time (with
// the milliseconds per event, flat when the export is linear in calendar size) and peak RSS.
// Target: peak RSS at the largest size within 1.5× of the smallest, per format.
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { stoppedOnExit } from '../support/children.ts';
import { BIN } from '../support/cli.ts';
import { databaseKinds, type DatabaseKind } from '../support/databases.ts';
import type { Bench, BenchOptions } from './harness.ts';
import { seedInChunks } from './seed-events.ts';

const FORMATS = ['json', 'ics', 'wxr'] as const;
const MAX_RATIO = 1.5;
const MAX_RSS_TAG = 'wpcal-bench-max-rss-kb ';
// Loaded into the child before wpcal: reports the process's peak RSS (kB) on stderr as it exits.
const REPORT_MAX_RSS = `data:text/javascript,${encodeURIComponent(
  `import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(2, '\\n${MAX_RSS_TAG}' + process.resourceUsage().maxRSS + '\\n'));`,
)}`;

interface Measure {
  seconds: number;
  peakMb: number;
}

function exportPeak(url: string, format: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = stoppedOnExit(spawn(process.execPath, ['--import', REPORT_MAX_RSS, BIN, 'export', '--format', format, '--db', url], {
      env: { ...process.env, WPCAL_LOG: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    }));
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const reported = stderr.split('\n').find((line) => line.startsWith(MAX_RSS_TAG));
      if (code !== 0 || !reported) reject(new Error(`wpcal export --format ${format} exited ${code}: ${stderr.trim()}`));
      else resolve({ seconds, peakMb: Number(reported.slice(MAX_RSS_TAG.length)) / 1024 });
    });
  });
}

const misses: string[] = [];

async function runOn(kind: DatabaseKind, sizes: number[]): Promise<void> {
  const peaks = new Map<string, number[]>();
  for (const size of sizes) {
    const db = await kind.create();
    try {
      await seedInChunks(db.url, size);
      for (const format of FORMATS) {
        const { seconds, peakMb } = await exportPeak(db.url, format);
        (peaks.get(format) ?? peaks.set(format, []).get(format)!).push(peakMb);
        const perEvent = (seconds * 1000 / size).toFixed(2);
        process.stdout.write(`export ${format.padEnd(4)} ${kind.name.padEnd(7)} ${String(size).padStart(8)} events  ${seconds.toFixed(1).padStart(6)} s (${perEvent} ms/event)  peak RSS ${peakMb.toFixed(0).padStart(5)} MB\n`);
      }
    } finally {
      await db.drop();
    }
  }
  if (sizes.length < 2) return;
  const [smallest, largest] = [sizes[0]!, sizes[sizes.length - 1]!];
  for (const [format, mb] of peaks) {
    const ratio = mb[mb.length - 1]! / mb[0]!;
    process.stdout.write(`export ${format.padEnd(4)} ${kind.name.padEnd(7)} peak RSS ${largest} ÷ ${smallest} events: ${ratio.toFixed(2)}\n`);
    if (ratio > MAX_RATIO) misses.push(`export ${format} on ${kind.name}: peak RSS grows ${ratio.toFixed(2)}× from ${smallest} to ${largest} events`);
  }
}

async function run(options: Pick<BenchOptions, 'databases' | 'sizes'>): Promise<void> {
  const sizes = [...options.sizes].sort((a, b) => a - b);
  for (const kind of options.databases) await runOn(kind, sizes);
}

/** For `npm run bench`: prints its own lines (its figures are not request rates), reports no rows. */
export const bench: Bench = { run: (options) => run(options), check: () => misses };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = (process.env.WPCAL_BENCH_EVENTS ?? '10000,100000').split(',').map(Number);
  await run({ databases: databaseKinds(), sizes });
  if (misses.length) {
    process.stdout.write(`targets missed:\n${misses.map((m) => `  - ${m}`).join('\n')}\n`);
    process.exitCode = 1;
  }
}
