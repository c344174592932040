// `json_ld` details as the plugin writes them (sample 68).
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
const WHEN = { start_date: '2030-12-24 18:00:00', end_date: '2030-12-24 20:00:00' };

forEachDatabase('json_ld quirks', (kind) => {
  let t: TestServer;
  let admin: string;
  before(async () => {
    t = await startTestServer(kind);
    admin = await t.userWithRole('administrator', 'admin');
  });
  after(async () => t?.close());

  it('links a draft event as TEC does: its ?post_type=…&p=ID link with an encoded and a plain slash', async () => {
    const created = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'Draft event', status: 'draft', ...WHEN } });
    expect(created.status, created.text).to.equal(201);
    const single = await t.request('GET', `${API}/events/${created.json.id}`, { auth: admin });
    const link = `${t.url}/?post_type=tribe_events&p=${created.json.id}`;
    expect(single.json.url).to.equal(link);
    expect(single.json.json_ld.url).to.equal(`${link}%2F/`);
  });

  it('links a published event by its permalink, unchanged', async () => {
    const created = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'Published event', ...WHEN } });
    const single = await t.request('GET', `${API}/events/${created.json.id}`);
    expect(single.json.json_ld.url).to.equal(single.json.url);
    expect(single.json.url).to.match(/\/event\/published-event\/$/);
  });
});
