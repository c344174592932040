// Requests that get no data version (an own commit being told, a commit counter that keeps moving)
// share one build of the same answer begun under the same own commits — never one begun before a
// write whose response their client could have had.
import { expect } from 'chai';
import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from '../../src/data/connect.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
/** Long enough for a local request to reach the point where it shares a build or starts its own. */
const ARRIVAL_MS = 300;

/**
 * Reads through `reads` whose first result carrying post rows waits until released (once the
 * statement ran and its connection was let go: SQLite's one connection serves the writes too);
 * `held` counts such results. Events' rows are read through executeQuery (together.ts), whose
 * statements on MySQL come back as one result of row lists.
 */
class PostRowsGate {
  held = 0;
  readonly reads: Db['kysely'];
  #release!: () => void;
  readonly #released = new Promise<void>((resolve) => { this.#release = resolve; });

  constructor(reads: Db['kysely']) {
    const executeQuery = async (query: CompiledQuery): Promise<QueryResult<unknown>> => {
      const result = await reads.executeQuery(query);
      const rows = (Array.isArray(result.rows[0]) ? result.rows.flat() : result.rows) as object[];
      if (rows.some((row) => 'post_title' in row) && ++this.held === 1) await this.#released;
      return result;
    };
    this.reads = new Proxy(reads, {
      get: (target, name) => {
        if (name === 'executeQuery') return executeQuery;
        const value: unknown = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  release(): void {
    this.#release();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

forEachDatabase('answers without a data version', (kind) => {
  let t: TestServer;
  let admin: string;
  let db: Db;
  let reads: Db['kysely'];
  let gate: PostRowsGate | undefined;

  before(async function () {
    this.timeout(60_000);
    // A fixed clock: requests of a test fall in one clock second, which answers also depend on.
    t = await startTestServer(kind, { seed: 'fixtures/demo.json', now: () => new Date('2026-11-20T12:00:00Z') });
    admin = await t.userWithRole('administrator');
    db = t.server.db;
    reads = db.kysely;
    // No version, data or outside: nothing is kept, every answer is built from SQL.
    db.dataVersion = async () => null;
    db.outsideVersion = async () => null;
  });
  /** From now on, the first post rows read wait for gate.release(). */
  function closeGate(): PostRowsGate {
    gate = new PostRowsGate(reads);
    (db as { kysely: Db['kysely'] }).kysely = gate.reads;
    return gate;
  }
  afterEach(() => {
    gate?.release();
    (db as { kysely: Db['kysely'] }).kysely = reads;
  });
  after(async () => {
    await t?.close();
  });

  it('lets concurrent requests for the same answer share one build', async () => {
    const path = `${API}/events?per_page=3&start_date=2026-01-01`;
    const gate = closeGate();
    const first = t.request('GET', path);
    await sleep(ARRIVAL_MS);
    const others = [t.request('GET', path), t.request('GET', path), t.request('GET', path)];
    await sleep(ARRIVAL_MS);
    expect(gate.held, 'post rows read by one build').to.equal(1);
    gate.release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200, 200]);
    expect(answers[0]!.json.events).to.have.length(3);
    for (const answer of answers.slice(1)) expect(answer.text).to.equal(answers[0]!.text);
  });

  it('does not hand a request a build begun before a write its client saw answered', async () => {
    const path = `${API}/events?per_page=3&start_date=2026-01-01&page=1`;
    const listed = await t.request('GET', `${path}&_method=GET`);
    const id = (listed.json.events as Array<{ id: number }>)[0]!.id;
    const gate = closeGate();
    const before = t.request('GET', path);
    await sleep(ARRIVAL_MS);
    expect(gate.held, 'the first build holds its post rows').to.equal(1);
    const saved = await t.request('POST', `${API}/events/${id}`, { headers: { Authorization: admin }, body: { title: 'Renamed while a list was built' } });
    expect(saved.status).to.equal(200);
    // Had it joined the build under way, it would answer with that build's rows, read before the write.
    const asked = t.request('GET', path);
    await sleep(ARRIVAL_MS);
    gate.release();
    const after = await asked;
    expect(after.status).to.equal(200);
    expect((after.json.events as Array<{ id: number; title: string }>).find((event) => event.id === id)?.title).to.equal('Renamed while a list was built');
    expect((await before).status).to.equal(200);
  });
});
