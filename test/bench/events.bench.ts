// ISSUE 3: GET /events (per_page 10 and 50) and GET /events/<id>, on calendars of each size,
// against a bare Koa app answering the same bytes. Target: half the bare throughput at 100k.
import { openDatabase } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { acrossRounds, load, ServerProcess, type Bench, type BenchOptions, type BenchRow, type Load } from './harness.ts';
import { seedCalendar } from './seed-events.ts';

const PREFIX = 'wp_';
const TARGET_SIZE = 100_000;
const TARGET_RATIO = 0.5;
const API = '/wp-json/tribe/events/v1';
/** Response headers that belong to the connection or the moment, not to the answer. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Scenario {
  name: string;
  path: string;
  /** Number of events the answer must hold (a wrong answer is not worth timing). */
  expectedEvents: number;
}

function scenarios(sampleEventId: number): Scenario[] {
  return [
    { name: 'GET /events?per_page=10', path: `${API}/events?per_page=10`, expectedEvents: 10 },
    { name: 'GET /events?per_page=50', path: `${API}/events?per_page=50`, expectedEvents: 50 },
    { name: 'GET /events/<id>', path: `${API}/events/${sampleEventId}`, expectedEvents: 1 },
  ];
}

function eventCount(body: unknown): number {
  if (body && typeof body === 'object' && 'events' in body) return Array.isArray(body.events) ? body.events.length : -1;
  return body && typeof body === 'object' && 'id' in body ? 1 : 0;
}

/** One real answer of wpcal, checked, as the bare app will replay it. */
async function referenceAnswer(url: string, expectedEvents: number): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const count = eventCount(JSON.parse(body.toString('utf8')));
  if (response.status !== 200 || count !== expectedEvents) {
    throw new Error(`${url}: status ${response.status} with ${count} events (expected 200 with ${expectedEvents})`);
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!TRANSPORT_HEADERS.has(name)) headers[name] = value;
  });
  return { headers, body };
}

async function seededDatabase(url: string, size: number): Promise<number> {
  const db = await openDatabase(url, PREFIX);
  try {
    await prepareDatabase(db);
    const started = Date.now();
    const { sampleEventId } = await seedCalendar(db, size, new Date());
    process.stderr.write(`  seeded ${size} events in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return sampleEventId;
  } finally {
    await db.close();
  }
}

/**
 * wpcal at each log level and the bare app, warmed up, then loaded in turns for `rounds` rounds
 * (a burst of load from elsewhere on the machine then costs each of them alike).
 */
async function takingTurns(server: ServerProcess, path: string, options: BenchOptions): Promise<Map<string, Load>> {
  const targets = [
    ...options.logLevels.map((level) => ({ name: level, url: server.wpcalUrl + path, level })),
    { name: 'bare', url: server.bareUrl + path, level: 'silent' as const },
  ];
  const rounds = new Map<string, Load[]>(targets.map((target) => [target.name, []]));
  for (const target of targets) {
    await server.logLevel(target.level);
    await load(target.url, options.warmup, options.connections);
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const target of targets) {
      await server.logLevel(target.level);
      rounds.get(target.name)!.push(await load(target.url, options.duration, options.connections));
    }
  }
  return new Map([...rounds].map(([name, loads]) => [name, acrossRounds(loads)]));
}

export const bench: Bench = {
  async run(options: BenchOptions, report: (row: BenchRow) => void): Promise<void> {
    for (const kind of options.databases) {
      for (const size of options.sizes) {
        process.stderr.write(`events: ${kind.name}, ${size} events\n`);
        const database = await kind.create();
        try {
          const sampleEventId = await seededDatabase(database.url, size);
          const server = await ServerProcess.start(database.url, PREFIX, options.cpuProfileDir);
          try {
            for (const scenario of scenarios(sampleEventId)) {
              const answer = await referenceAnswer(server.wpcalUrl + scenario.path, scenario.expectedEvents);
              await server.canned(200, answer.headers, answer.body);
              const measured = await takingTurns(server, scenario.path, options);
              const bare = measured.get('bare')!;
              for (const log of options.logLevels) report({ scenario: scenario.name, db: kind.name, events: size, log, wpcal: measured.get(log)!, bare });
            }
          } finally {
            await server.stop();
          }
        } finally {
          await database.drop();
        }
      }
    }
  },
  check(rows: readonly BenchRow[]): string[] {
    return rows.filter((row) => row.events >= TARGET_SIZE && row.wpcal.rps < TARGET_RATIO * row.bare.rps)
      .map((row) => `${row.scenario} (${row.db}, ${row.events} events, log ${row.log}): ${(row.wpcal.rps / row.bare.rps).toFixed(2)} of the bare route, target ${TARGET_RATIO}`);
  },
};
