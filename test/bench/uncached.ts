// `node --import tsx test/bench/uncached.ts [--mysql] [--events=10000] [--requests=30] [--queries]`
// Per-request latency of the events routes with every reuse switched off: the database reports no
// data version (as MariaDB/MySQL always does), so no answer, page or representation is reused.
// Sequential requests, one at a time; `--queries` adds the mean time of each distinct SQL statement.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { pino } from 'pino';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { createApp } from '../../src/http/app.ts';
import { buildServices } from '../../src/services.ts';
import { databaseKinds } from '../support/databases.ts';
import { seedCalendar } from './seed-events.ts';

const PREFIX = 'wp_';
const API = '/wp-json/tribe/events/v1';

/** Wall time of every statement, keyed by its SQL text. */
class QueryTimer implements KyselyPlugin {
  readonly times = new Map<string, number[]>();
  readonly #started = new WeakMap<QueryId, { at: number; sql: string }>();

  constructor(private readonly compile: (node: RootOperationNode, queryId: QueryId) => string) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.#started.set(queryId, { at: performance.now(), sql: this.compile(node, queryId) });
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.#started.get(queryId);
    if (started) {
      const list = this.times.get(started.sql) ?? [];
      list.push(performance.now() - started.at);
      this.times.set(started.sql, list);
    }
    return result;
  }
}

function stats(values: number[]): { mean: number; median: number; p90: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    median: sorted[Math.floor(sorted.length / 2)]!,
    p90: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))]!,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mysql: { type: 'boolean', default: false },
      events: { type: 'string', default: '10000' },
      requests: { type: 'string', default: '30' },
      queries: { type: 'boolean', default: false },
    },
  });
  const kind = databaseKinds().find((k) => k.name === (values.mysql ? 'mysql' : 'sqlite'));
  if (!kind) throw new Error('--mysql needs WPCAL_TEST_MYSQL (e.g. mysql://root@127.0.0.1:3306/)');
  const size = Number(values.events);
  const requests = Number(values.requests);
  const database = await kind.create();
  let db: Db | null = null;
  let server: http.Server | null = null;
  try {
    db = await openDatabase(database.url, PREFIX);
    await prepareDatabase(db);
    const started = Date.now();
    const { sampleEventId } = await seedCalendar(db, size, new Date());
    process.stderr.write(`${kind.name}: seeded ${size} events in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const executor = db.kysely.getExecutor();
    const timer = new QueryTimer((node, queryId) => executor.compileQuery(node, queryId).sql);
    const uncached: Db = { ...db, kysely: values.queries ? db.kysely.withPlugin(timer) : db.kysely, dataVersion: async () => null, outsideVersion: async () => null };
    let base = '';
    const app = createApp({ services: buildServices(uncached, { fallbackHome: () => base }), logger: pino({ level: 'silent' }) });
    const listening = http.createServer(app.callback());
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;

    const paths = [`${API}/events?per_page=10`, `${API}/events?per_page=50`, `${API}/events/${sampleEventId}`];
    for (const path of paths) {
      for (let i = 0; i < 3; i++) await (await fetch(base + path)).arrayBuffer();
      timer.times.clear();
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const at = performance.now();
        const response = await fetch(base + path);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        times.push(performance.now() - at);
      }
      const s = stats(times);
      process.stdout.write(`${kind.name} ${size} ${path.slice(API.length)}: mean ${s.mean.toFixed(1)} ms, median ${s.median.toFixed(1)}, p90 ${s.p90.toFixed(1)}\n`);
      for (const [text, list] of timer.times) {
        process.stdout.write(`    ${(list.reduce((a, b) => a + b, 0) / requests).toFixed(2)} ms/request (${list.length / requests}×)  ${text.replace(/\s+/g, ' ').slice(0, 220)}\n`);
      }
    }
  } finally {
    server?.close();
    await db?.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
