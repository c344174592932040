// Issue 12, item 5: the API keeps answering writes while `wpcal import` writes a large file to the
// same database. Clients create events through the API for as long as the import runs; every
// create must succeed (no 5xx, no 503), the import must finish whole, and no ID may be shared or
// taken twice.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { runCli, type CliResult } from '../support/cli.ts';
import { forEachDatabase } from '../support/databases.ts';
import { eventsPerUnit } from '../support/cli-transfer.ts';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.ts';

const CLIENTS = 4;
const NS = '/wp-json/tribe/events/v1';

/** A fixture of `total` events with venues, organizers and categories by name; a few keep an ID. */
function fixture(total: number): string {
  const events: Record<string, unknown> = {};
  for (let n = 0; n < total; n++) {
    const day = String(1 + (n % 28)).padStart(2, '0');
    events[`bulk-${n}`] = {
      title: `Imported ${n}`, start_date: `2032-05-${day} 18:00:00`, end_date: `2032-05-${day} 20:00:00`,
      venue: `Hall ${n % 3}`, organizers: [`Host ${n % 2}`], categories: [`Series ${n % 4}`],
      ...(n % 1000 === 500 ? { id: 700_000 + n } : {}),
    };
  }
  return JSON.stringify({ events });
}

forEachDatabase('API writes beside a running import', (kind) => {
  /** Five units of writes of the import. */
  const EVENTS = 5 * eventsPerUnit(kind);
  let server: TestServer;
  let auth: string;
  let imported: CliResult;
  const answers: HttpResult[] = [];
  /** Per create answered while the import ran: how many of its events were committed by then. */
  const importedAtAnswer: number[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-beside-'));

  before(async function () {
    this.timeout(240_000);
    server = await startTestServer(kind);
    auth = await server.userWithRole('administrator');
    const file = path.join(tmp, 'bulk.json');
    fs.writeFileSync(file, fixture(EVENTS));
    const importedSoFar = async (): Promise<number> => Number((await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM wp_postmeta WHERE meta_key = '_wpcal_import_key'`
      .execute(server.server.db.kysely)).rows[0].n);
    let running = true;
    const importing = runCli(['import', file, '--db', server.database.url], {}, 180_000).finally(() => {
      running = false;
    });
    const client = async (c: number): Promise<void> => {
      for (let i = 0; running; i++) {
        const answer = await server.request('POST', `${NS}/events`, {
          auth,
          body: { title: `API ${c}-${i}`, start_date: '2032-06-01 10:00:00', end_date: '2032-06-01 11:00:00', venue: { venue: `API hall ${c}` }, categories: ['API series'] },
        });
        answers.push(answer);
        if (running) importedAtAnswer.push(await importedSoFar());
      }
    };
    [imported] = await Promise.all([importing, ...Array.from({ length: CLIENTS }, (_, c) => client(c))]);
  });

  after(async function () {
    this.timeout(20_000);
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const rows = async <T>(query: string): Promise<T[]> => (await sql.raw<T>(query).execute(server.server.db.kysely)).rows;

  it('finishes the import whole', () => {
    expect(imported.stderr).to.equal('');
    // The events, 3 venues, 2 organizers and 4 categories they name.
    expect(imported.stdout.trim()).to.equal(`created ${EVENTS + 9}, updated 0, skipped 0, failed 0`);
    expect(imported.code).to.equal(0);
  });

  it('answers API creates between the units of the import, every one with a 201', () => {
    const between = importedAtAnswer.filter((n) => n > 0 && n < EVENTS);
    expect(between.length, `creates answered with part of the import committed (${importedAtAnswer.join(' ')})`).to.be.greaterThan(CLIENTS);
    const failed = answers.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.text.slice(0, 200)}`);
    expect(failed).to.deep.equal([]);
  });

  it('stores every event of both once, with its own ID, TEC 6 rows and import key', async () => {
    const created = answers.map((answer) => Number(answer.json.id));
    expect(new Set(created).size, 'distinct IDs answered').to.equal(created.length);
    const events = await rows<{ ID: unknown; post_title: string }>("SELECT ID, post_title FROM wp_posts WHERE post_type = 'tribe_events'");
    expect(events.length).to.equal(EVENTS + created.length);
    const titles = new Map(events.map((row) => [Number(row.ID), row.post_title]));
    expect(created.filter((id) => !titles.get(id)?.startsWith('API ')), 'API events stored as answered').to.deep.equal([]);
    const kept = await rows<{ ID: unknown; post_title: string }>('SELECT ID, post_title FROM wp_posts WHERE ID IN (700500, 701500, 702500, 703500, 704500) ORDER BY ID');
    expect(kept.map((row) => [Number(row.ID), row.post_title])).to.deep.equal([0, 1, 2, 3, 4].map((k) => [700_500 + k * 1000, `Imported ${500 + k * 1000}`]));
    const [tec] = await rows<{ events: unknown; occurrences: unknown; keys: unknown }>(`SELECT
      (SELECT COUNT(DISTINCT post_id) FROM wp_tec_events) AS events,
      (SELECT COUNT(DISTINCT post_id) FROM wp_tec_occurrences) AS occurrences,
      (SELECT COUNT(*) FROM wp_postmeta WHERE meta_key = '_wpcal_import_key') AS \`keys\``);
    expect([Number(tec.events), Number(tec.occurrences), Number(tec.keys)]).to.deep.equal([events.length, events.length, EVENTS]);
  });

  it('keeps each category count equal to its published events', async () => {
    const stale = await rows<{ name: string }>(`SELECT t.name FROM wp_term_taxonomy tt INNER JOIN wp_terms t ON t.term_id = tt.term_id
      WHERE tt.count <> (SELECT COUNT(*) FROM wp_term_relationships r INNER JOIN wp_posts p ON p.ID = r.object_id
        WHERE r.term_taxonomy_id = tt.term_taxonomy_id AND p.post_status = 'publish')`);
    expect(stale).to.deep.equal([]);
  });
});
