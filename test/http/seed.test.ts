// `wpcal serve --seed fixtures/demo.json`: a newcomer's first start shows a real calendar.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startServer } from '../../src/server.ts';
import { FixtureError } from '../../src/fixtures/seed.ts';

const DEMO = path.resolve(import.meta.dirname, '../../fixtures/demo.json');

forEachDatabase('seeding the demo calendar', (kind) => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(kind, { seed: DEMO });
  });
  after(async () => t.close());

  it('lists the demo events with their venues, organizers and terms', async () => {
    const res = await t.request('GET', '/wp-json/tribe/events/v1/events');
    expect(res.status).to.equal(200);
    expect(res.json.total).to.equal(4);
    const titles = res.json.events.map((e: { title: string }) => e.title);
    expect(titles).to.deep.equal(['Jazz Night by the River', 'Repair Caf\u00e9', 'Open Studio Weekend', 'Big Band Brunch']);
    const jazz = res.json.events[0];
    expect(jazz.venue.venue).to.equal('Riverside Hall');
    expect(jazz.organizer.map((o: { organizer: string }) => o.organizer)).to.deep.equal(['Portland Jazz Society']);
    expect(jazz.categories.map((c: { slug: string; parent: number }) => c.slug)).to.deep.equal(['jazz']);
    expect(jazz.featured).to.equal(true);
    expect(res.json.events[2].all_day).to.equal(true);
  });

  it('links child categories to their parent', async () => {
    const res = await t.request('GET', '/wp-json/tribe/events/v1/categories?hide_empty=0');
    const bySlug = new Map(res.json.categories.map((c: { slug: string; id: number; parent: number }) => [c.slug, c]));
    const music = bySlug.get('music') as { id: number };
    expect((bySlug.get('jazz') as { parent: number }).parent).to.equal(music.id);
  });

  it('does not seed again when the calendar already has events', async () => {
    const again = await startServer({
      db: t.database.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, seed: DEMO, logger: pino({ level: 'silent' }),
    });
    try {
      const res = await fetch(`${again.url}/wp-json/tribe/events/v1/events`);
      expect(((await res.json()) as { total: number }).total).to.equal(4);
    } finally {
      await again.close();
    }
  });

  it('refuses a broken fixture with a message naming the file and entry', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-fixture-'));
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, JSON.stringify({ events: { x: { title: 'No dates' } } }));
    const database = await kind.create();
    try {
      await startServer({ db: database.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, seed: file, logger: pino({ level: 'silent' }) })
        .then(() => expect.fail('the server should not start'), (error: unknown) => {
          expect(error).to.be.instanceOf(FixtureError);
          expect((error as Error).message).to.equal(`${file}: events "x": Missing parameter(s): start_date, end_date`);
        });
    } finally {
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
