// The terms a list filters by (which exist, and each one's descendants) are looked up once while no
// write touches terms: event writes without terms leave them, so a list by category under many
// writes a second does not look them up again at every request; a term write, and another
// connection's change of a term, show at once.
import { expect } from 'chai';
import { openDatabase } from '../../src/data/connect.ts';
import { PerVersionAnswers } from '../../src/domain/per-version-answers.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const NS = '/wp-json/tribe/events/v1';

/** Counts the lookups of filter terms made afresh (not answered from what was kept). */
function countTermLookups(): { count(): number; restore(): void } {
  const get = PerVersionAnswers.prototype.get;
  let asked = 0;
  PerVersionAnswers.prototype.get = function countedGet<T>(this: PerVersionAnswers, key: string, version: string | null, ask: () => Promise<T>): Promise<T> {
    const counted = /^(categories exist|tribe_events_cat filter)/.test(key) ? () => {
      asked++;
      return ask();
    } : ask;
    return get.call(this, key, version, counted) as Promise<T>;
  };
  return { count: () => asked, restore: () => { PerVersionAnswers.prototype.get = get; } };
}

forEachDatabase('filter terms kept across writes', (kind) => {
  let t: TestServer;
  let auth: string;
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.request('POST', NS + path, { body, auth });
    expect(res.status, res.text).to.be.oneOf([200, 201]);
    return (res.json as { id: number }).id;
  };
  const listed = async (query: string) => {
    const res = await t.request('GET', `${NS}/events?start_date=2027-01-01&end_date=2027-12-31&${query}`);
    return { status: res.status, titles: res.status === 200 ? (res.json as { events: { title: string }[] }).events.map((event) => event.title) : [] };
  };

  before(async () => {
    t = await startTestServer(kind);
    auth = await t.userWithRole('administrator', 'admin');
  });
  after(() => t?.close());

  it('looks the terms up once while event writes touch none, and again once a write touches terms', async () => {
    const music = await post('/categories', { name: 'Music', slug: 'music' });
    await post('/events', { title: 'Concert', start_date: '2027-05-01 20:00:00', end_date: '2027-05-01 22:00:00', categories: [music] });
    const lookups = countTermLookups();
    try {
      for (let n = 0; n < 12; n++) {
        await post('/events', { title: `Talk ${n}`, start_date: '2027-06-01 10:00:00', end_date: '2027-06-01 11:00:00' });
        expect(await listed('categories=music')).to.deep.equal({ status: 200, titles: ['Concert'] });
      }
      expect(lookups.count(), 'lookups over 12 writes and lists').to.be.at.most(2);
      // A child category, and an event in it: the parent's filter takes it at once.
      const jazz = await post('/categories', { name: 'Jazz', slug: 'jazz', parent: music });
      await post('/events', { title: 'Quartet', start_date: '2027-05-02 20:00:00', end_date: '2027-05-02 22:00:00', categories: [jazz] });
      expect(await listed('categories=music')).to.deep.equal({ status: 200, titles: ['Concert', 'Quartet'] });
      expect(lookups.count(), 'looked up again after the term writes').to.be.greaterThan(2);
    } finally {
      lookups.restore();
    }
  });

  // The plugin takes a term's slug or name (term_exists): both change.
  it('shows another connection\'s change of a term\'s slug and name', async () => {
    expect((await listed('categories=music')).status).to.equal(200);
    const other = await openDatabase(t.database.url, 'wp_');
    try {
      await other.write((trx) => trx.updateTable('terms').set({ slug: 'musique', name: 'Musique' }).where('slug', '=', 'music').execute());
    } finally {
      await other.close();
    }
    let now = await listed('categories=musique');
    for (let tries = 0; tries < 50 && now.status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      now = await listed('categories=musique');
    }
    expect(now).to.deep.equal({ status: 200, titles: ['Concert', 'Quartet'] });
    expect((await listed('categories=music')).status, 'the old slug and name').to.equal(400);
  });
});
