// Writes made behind wpcal's back (WordPress itself, another wpcal, a SQL console) show in the next
// answer (on MySQL, in an answer begun COUNTER_READ_WINDOW_MS later, or past a sweep when made
// while wpcal writes), although anonymous reads are reused while nothing changes.
import { expect } from 'chai';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { COUNTER_READ_WINDOW_MS, TABLES_RECHECK_MS } from '../../src/data/innodb-changes.ts';
import { namesWhatItTouches, touches } from '../../src/data/transaction.ts';
import { forEachDatabaseWithChangeLog, withChangeLog } from '../support/databases.ts';
import { countReuses, type ReuseCounter } from '../support/reuse-counter.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

/** A request begun past the counter read window (MySQL: see innodb-changes.ts), so another connection's write shows. */
async function requestAfterWindow(t: TestServer, path: string) {
  await new Promise((resolve) => setTimeout(resolve, COUNTER_READ_WINDOW_MS + 1));
  return t.request('GET', path);
}

forEachDatabaseWithChangeLog('writes by other connections', (kind, changeLog) => {
  let t: TestServer;
  /** A second handle on the same database: its writes are not wpcal's. */
  let outside: Db;
  let reuses: ReuseCounter;
  before(async () => {
    reuses = countReuses();
    t = await startTestServer(kind, { seed: 'fixtures/demo.json', before: changeLog ? withChangeLog : undefined });
    outside = await openDatabase(t.database.url, 'wp_');
  });
  after(async () => {
    reuses?.restore();
    await outside?.close();
    await t?.close();
  });

  /** The next request after a write made outside: past the window on MySQL (see innodb-changes.ts). */
  const requestAfterOutsideWrite = (path: string) => requestAfterWindow(t, path);

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

  it('an event shows its category renamed and its venue retitled outside', async () => {
    const list = await reusedAnswer(`${API}/events?per_page=50`);
    const event = (list.events as Array<{ id: number; categories: Array<{ id: number; name: string }>; venue: { id?: number; venue?: string } | [] }>)
      .find((candidate) => candidate.categories.length > 0 && !Array.isArray(candidate.venue));
    expect(event, 'the demo has an event with a category and a venue').to.not.equal(undefined);
    const before = await reusedAnswer(`${API}/events/${event!.id}`);
    const [category, venue] = [before.categories[0] as { id: number; name: string }, before.venue as { id: number; venue: string }];
    await outside.kysely.updateTable('terms').set({ name: `${category.name} (renamed)` }).where('term_id', '=', category.id).execute();
    let after = await requestAfterOutsideWrite(`${API}/events/${event!.id}`);
    expect(after.json.categories[0].name).to.equal(`${category.name} (renamed)`);
    await outside.kysely.updateTable('posts').set({ post_title: `${venue.venue} (retitled)` }).where('ID', '=', venue.id).execute();
    after = await requestAfterOutsideWrite(`${API}/events/${event!.id}`);
    expect(after.json.venue.venue).to.equal(`${venue.venue} (retitled)`);
    const listed = await requestAfterOutsideWrite(`${API}/events?per_page=50`);
    const again = (listed.json.events as Array<{ id: number; categories: Array<{ name: string }>; venue: { venue: string } }>).find((candidate) => candidate.id === event!.id)!;
    expect([again.categories[0]!.name, again.venue.venue]).to.deep.equal([`${category.name} (renamed)`, `${venue.venue} (retitled)`]);
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

forEachDatabaseWithChangeLog('writes by other connections while wpcal writes', (kind, changeLog) => {
  /** The sweeps' period (OUTSIDE_FULL_CHECK_MS) of this test's server; with the change log, the checks' (OUTSIDE_CHECK_MS), and no sweep. */
  const FULL_CHECK_MS = 2500;
  const LOG_CHECK_MS = 300;
  let t: TestServer;
  let outside: Db;
  before(async () => {
    const outsideChecks = changeLog ? { outsideCheckMs: LOG_CHECK_MS, outsideFullCheckMs: 600_000 } : { outsideCheckMs: 600_000, outsideFullCheckMs: FULL_CHECK_MS };
    t = await startTestServer(kind, { seed: 'fixtures/demo.json', outsideChecks, before: changeLog ? withChangeLog : undefined });
    outside = await openDatabase(t.database.url, 'wp_');
  });
  after(async () => {
    await outside?.close();
    await t?.close();
  });

  it('shows meta changed outside during its own write: on MySQL past the sweep, first from the representations kept before, built again behind that answer (with the change log, at the check after it)', async function () {
    this.timeout(30_000);
    const path = `${API}/events?per_page=3`;
    const costOf = async (id: number): Promise<string> => {
      const answer = await t.request('GET', path);
      expect(answer.status).to.equal(200);
      return answer.json.events.find((event: { id: number }) => event.id === id).cost;
    };
    // Saved long ago, as the posts of a calendar mostly are: the sweep's check of the posts saved since finds none.
    await outside.kysely.updateTable('posts').set({ post_modified_gmt: '2026-01-05 10:00:00' }).execute();
    // Seen, and looked at once more (MySQL's tables): nothing that wpcal's writes may explain is left to check.
    await requestAfterWindow(t, path);
    await new Promise((resolve) => setTimeout(resolve, TABLES_RECHECK_MS));
    const [event] = (await t.request('GET', path)).json.events as Array<{ id: number; cost: string }>;
    expect(event!.cost).to.not.contain('77');
    const changeCost = () => outside.kysely.updateTable('postmeta').set({ meta_value: '77' })
      .where('post_id', '=', event!.id).where('meta_key', '=', '_EventCost').execute();
    // Committed while an own write of another post is under way: on MySQL the counter's move may be
    // either's. SQLite takes one writer at a time: there it comes right after.
    await t.server.db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts: [999_999] });
      if (kind.name === 'mysql') await changeCost();
      await trx.insertInto('postmeta').values({ post_id: 999_999, meta_key: 'wpcal_probe', meta_value: '1' }).execute();
    });
    if (kind.name !== 'mysql') await changeCost();
    if (changeLog) {
      expect(await costOf(event!.id), 'not told apart from the own write: hidden until the check').to.equal(event!.cost);
      await new Promise((resolve) => setTimeout(resolve, LOG_CHECK_MS + 50));
    } else if (kind.name === 'mysql') {
      expect(await costOf(event!.id), 'not told apart from the own write: hidden until the sweep').to.equal(event!.cost);
      await new Promise((resolve) => setTimeout(resolve, FULL_CHECK_MS + 50));
      expect(await costOf(event!.id), 'the first answer past the sweep: the representation kept before').to.equal(event!.cost);
    }
    let cost = await costOf(event!.id);
    for (const end = Date.now() + 3000; !cost.includes('77') && Date.now() < end;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      cost = await costOf(event!.id);
    }
    expect(cost, 'the rows as they are').to.contain('77');
  });
});
