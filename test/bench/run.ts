// `npm run bench [-- NAME…] [--mysql] [--duration=S] [--rounds=N] [--warmup=S] [--connections=N]
//   [--events=10000,100000] [--log=silent,info] [--cpu-prof=DIR] [--change-log]`
// Runs every test/bench/*.bench.ts (or the named ones) and prints one table of all throughput rows,
// each ratio measured against the bare route in the same run, then the tables of benchmarks whose
// rows have a shape of their own (e.g. writes.bench.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { benchDatabases, formatTable, type Bench, type BenchOptions, type BenchRow } from './harness.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SUFFIX = '.bench.ts';

function positiveNumbers(flag: string, text: string): number[] {
  const values = text.split(',').map((part) => Number(part.trim()));
  if (!values.length || values.some((v) => !Number.isFinite(v) || v <= 0)) throw new Error(`--${flag}: expected positive numbers, got "${text}"`);
  return values;
}

function logLevels(text: string): BenchOptions['logLevels'] {
  const levels = text.split(',').map((part) => part.trim());
  for (const level of levels) if (level !== 'silent' && level !== 'info') throw new Error(`--log: expected silent and/or info, got "${level}"`);
  return levels as BenchOptions['logLevels'];
}

function isBench(value: unknown): value is Bench<unknown> {
  return typeof value === 'object' && value !== null && 'run' in value && typeof value.run === 'function';
}

/**
 * Runs one benchmark and returns the targets it missed. Its rows join `throughput` (the shared
 * table), or, when it has a table of its own, that table joins `tables`.
 */
async function runBench(bench: Bench<unknown>, options: BenchOptions, throughput: BenchRow[], tables: string[]): Promise<string[]> {
  const own: unknown[] = [];
  await bench.run(options, (row) => {
    own.push(row);
    if (bench.table) return;
    // Without a table of its own, a benchmark reports throughput rows (Bench's default row type).
    const measured = row as BenchRow;
    throughput.push(measured);
    process.stderr.write(`  ${measured.scenario} [${measured.log}]: ${measured.wpcal.rps.toFixed(0)} vs ${measured.bare.rps.toFixed(0)} req/s\n`);
  });
  if (bench.table && own.length) tables.push(bench.table(own));
  return bench.check?.(own) ?? [];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      mysql: { type: 'boolean', default: false },
      duration: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '10' },
      events: { type: 'string', default: '10000,100000' },
      log: { type: 'string', default: 'silent,info' },
      'cpu-prof': { type: 'string' },
      'change-log': { type: 'boolean', default: false },
    },
  });
  const options: BenchOptions = {
    duration: positiveNumbers('duration', values.duration)[0]!,
    rounds: positiveNumbers('rounds', values.rounds)[0]!,
    warmup: positiveNumbers('warmup', values.warmup)[0]!,
    connections: positiveNumbers('connections', values.connections)[0]!,
    sizes: positiveNumbers('events', values.events),
    logLevels: logLevels(values.log),
    databases: benchDatabases(values.mysql),
    cpuProfileDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
    changeLog: values['change-log'],
  };
  const available = fs.readdirSync(HERE).filter((file) => file.endsWith(SUFFIX)).map((file) => file.slice(0, -SUFFIX.length)).sort();
  const unknown = positionals.filter((name) => !available.includes(name));
  if (unknown.length) throw new Error(`no benchmark named ${unknown.join(', ')} (have: ${available.join(', ')})`);
  const selected = positionals.length ? positionals : available;

  const rows: BenchRow[] = [];
  const tables: string[] = [];
  const failures: string[] = [];
  for (const name of selected) {
    const module: Record<string, unknown> = await import(pathToFileURL(path.join(HERE, `${name}${SUFFIX}`)).href);
    if (!isBench(module.bench)) throw new Error(`${name}${SUFFIX} exports no \`bench\``);
    failures.push(...await runBench(module.bench, options, rows, tables));
  }
  // Only the load benchmarks report throughput rows; the others print their own lines as they go.
  if (rows.length) {
    process.stdout.write(`\n${formatTable(rows)}\n\n`);
    process.stdout.write(`${options.connections} connections; ${options.rounds} rounds of ${options.duration} s per target, the targets taking turns, after ${options.warmup} s of warm-up each; req/s = mean over the rounds, p99 = median of the rounds; ratio = wpcal req/s ÷ bare req/s\n`);
  }
  for (const table of tables) process.stdout.write(`\n${table}\n\n`);
  if (failures.length) {
    process.stdout.write(`targets missed:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write('targets met\n');
  }
}

// Interrupted, it exits as a process does, so the servers it started are stopped with it (children.ts).
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) process.once(signal, () => process.exit(code));

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
