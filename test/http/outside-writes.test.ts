// Writes made behind wpcal's back (WordPress itself, another wpcal, a SQL console) show in the next
// answer (on MySQL, in an answer begun COUNTER_READ_WINDOW_MS later), although anonymous reads are
// reused while nothing changes.
import { expect } from 'chai';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { COUNTER_READ_WINDOW_MS } from '../../src/data/innodb-changes.ts';
import { forEachDatabase } from '../support/databases.ts';
import { countReuses, type ReuseCounter } from '../support/reuse-counter.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

forEachDatabase('writes by other connections', (kind) => {
  let t: TestServer;
  /** A second handle on the same database: its writes are not wpcal's. */
  let outside: Db;
  let reuses: ReuseCounter;
  before(async () => {
    reuses = countReuses();
    t = await startTestServer(kind, { seed: 'fixtures/demo.json' });
    outside = await openDatabase(t.database.url, 'wp_');
  });
  after(async () => {
    reuses?.restore();
    await outside?.close();
    await t?.close();
  });

  /** The next request after a write made outside: past the window on MySQL (see innodb-changes.ts). */
  async function requestAfterOutsideWrite(path: string) {
    await new Promise((resolve) => setTimeout(resolve, COUNTER_READ_WINDOW_MS + 1));
    return t.request('GET', path);
  }

  /**
   * An answer that is being reused (the response cache handed it out again). On MySQL reuse
   * follows a server-wide commit counter, which every other database's commits move too (a shared
   * test server is never quiet), so there it is shown by test/db/innodb-changes.test.ts and the
   * benchmark instead.
   */
  async function reusedAnswer(path: string): Promise<any> {
    const built = await t.request('GET', path);
    expect(built.status, path).to.equal(200);
    // An answer is kept for the clock second it was built in: the next one may begin a new second.
    for (let attempt = 0; attempt < 5; attempt++) {
      const seen = reuses.count();
      const again = await t.request('GET', path);
      expect(again.text, 'the same answer while nothing changes').to.equal(built.text);
      if (kind.name !== 'sqlite' || reuses.count() > seen) return again.json;
    }
    throw new Error(`${path} was never reused`);
  }

  it('a single event shows a title changed outside on the next request', async () => {
    const list = await reusedAnswer(`${API}/events`);
    const id: number = list.events[0].id;
    const before = await reusedAnswer(`${API}/events/${id}`);
    await outside.kysely.updateTable('posts').set({ post_title: `${before.title} (moved)` }).where('ID', '=', id).execute();
    const after = await requestAfterOutsideWrite(`${API}/events/${id}`);
    expect(after.json.title).to.equal(`${before.title} (moved)`);
  });

  it('a list shows meta changed outside and loses an event trashed outside', async () => {
    const before = await reusedAnswer(`${API}/events?per_page=2`);
    const [first, second] = before.events as Array<{ id: number; cost: string }>;
    await outside.kysely.updateTable('postmeta').set({ meta_value: '99' })
      .where('post_id', '=', second!.id).where('meta_key', '=', '_EventCost').execute();
    let after = await requestAfterOutsideWrite(`${API}/events?per_page=2`);
    expect(after.json.events[1].cost).to.not.equal(second!.cost);
    expect(after.json.events[1].cost).to.contain('99');

    await outside.kysely.updateTable('posts').set({ post_status: 'trash' }).where('ID', '=', first!.id).execute();
    after = await requestAfterOutsideWrite(`${API}/events?per_page=2`);
    expect(after.json.total).to.equal(before.total - 1);
    expect(after.json.events.map((event: { id: number }) => event.id)).to.not.include(first!.id);
  });

  it('a transaction committed outside shows whole, not half', async () => {
    const before = await reusedAnswer(`${API}/events?per_page=50`);
    const events = before.events as Array<{ id: number; title: string }>;
    expect(events.length).to.be.greaterThan(1);
    const titles = (answer: { events: Array<{ title: string }> }) => answer.events.map((event) => event.title);
    await outside.kysely.transaction().execute(async (trx) => {
      for (const [index, event] of events.entries()) {
        await trx.updateTable('posts').set({ post_title: `Renamed ${event.title}` }).where('ID', '=', event.id).execute();
        if (index === 0) {
          const during = await requestAfterOutsideWrite(`${API}/events?per_page=50`);
          expect(titles(during.json), 'nothing shows before the commit').to.deep.equal(titles(before));
        }
      }
    });
    const after = await requestAfterOutsideWrite(`${API}/events?per_page=50`);
    expect(titles(after.json)).to.deep.equal(events.map((event) => `Renamed ${event.title}`));
  });
});
