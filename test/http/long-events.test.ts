// A list reads the occurrence start index from a little before its window: as far back as the
// calendar's longest event reaches (events.md §3.3). An event that began long before the window
// and ends in it must still be listed and counted, in the local and in the UTC columns.
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

forEachDatabase('lists and events far longer than their window', (kind) => {
  let t: TestServer;
  const ids: Record<string, number> = {};

  before(async () => {
    t = await startTestServer(kind);
    const auth = await t.userWithRole('administrator');
    const events = {
      season: ['2031-01-05 09:00:00', '2031-04-20 18:00:00', 'America/New_York'],
      weekend: ['2031-04-19 10:00:00', '2031-04-20 12:00:00', 'UTC'],
      later: ['2031-05-02 10:00:00', '2031-05-02 12:00:00', 'UTC'],
    };
    for (const [name, [start, end, timezone]] of Object.entries(events)) {
      const res = await t.request('POST', `${API}/events`, { auth, body: { title: name, start_date: start, end_date: end, timezone } });
      expect(res.status, res.text).to.equal(201);
      ids[name] = res.json.id;
    }
  });
  after(async () => t?.close());

  async function listed(query: string): Promise<{ names: string[]; total: string | null }> {
    const res = await t.request('GET', `${API}/events${query}`);
    expect(res.status, res.text).to.equal(200);
    return { names: res.json.events.map((event: { title: string }) => event.title), total: res.headers.get('x-tec-total') };
  }

  it('lists an event that started months before the window and ends in it', async () => {
    expect(await listed('?ends_after=2031-04-15&start_date=2030-01-01')).to.deep.equal({ names: ['season', 'weekend', 'later'], total: '3' });
    // A relative bound on a day means its end (23:59:59): the season's last day is not after it.
    expect(await listed('?ends_after=2031-04-20&start_date=2030-01-01')).to.deep.equal({ names: ['later'], total: '1' });
  });

  it('finds it within a window on both sides of it, and pages through', async () => {
    expect(await listed('?start_date=2031-01-01&end_date=2031-04-30')).to.deep.equal({ names: ['season', 'weekend'], total: '2' });
    expect(await listed('?starts_before=2031-02-01&ends_after=2031-04-01&start_date=2030-01-01')).to.deep.equal({ names: ['season'], total: '1' });
    expect(await listed('?ends_after=2031-04-15&start_date=2030-01-01&per_page=1&page=2')).to.deep.equal({ names: ['weekend'], total: '3' });
  });
});
