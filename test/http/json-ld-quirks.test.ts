// `json_ld` details as the plugin writes them (samples 60, 68, 69, 70).
import { expect } from 'chai';
import { updatePost } from '../../src/data/posts.ts';
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

  it('names a password-protected venue opened with its password "Protected: …" (sample 70)', async () => {
    const venue = await t.request('POST', `${API}/venues`, { auth: admin, body: { venue: 'Secret Venue', city: 'Nowhere' } });
    await t.server.db.write((trx) => updatePost(trx, venue.json.id, { post_password: 'roses' }));
    const opened = await t.request('GET', `${API}/venues/${venue.json.id}?password=roses`);
    expect(opened.json.json_ld).to.deep.equal({
      '@type': 'Place', name: 'Protected: Secret Venue', description: '', url: '',
      address: { '@type': 'PostalAddress', addressLocality: 'Nowhere' }, telephone: '', sameAs: '',
    });
  });

  it('writes location false for a linked venue the reader gets no JSON-LD of: a draft, a protected one (samples 60, 69)', async () => {
    const draft = await t.request('POST', `${API}/venues`, { auth: admin, body: { venue: 'Draft Venue', status: 'draft' } });
    const atDraft = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'At draft venue', ...WHEN, venue: draft.json.id } });
    const anonymous = await t.request('GET', `${API}/events/${atDraft.json.id}`);
    expect(anonymous.json.venue).to.not.have.property('json_ld');
    expect(anonymous.json.json_ld.location).to.equal(false);
    expect((await t.request('GET', `${API}/events/${atDraft.json.id}`, { auth: admin })).json.json_ld.location).to.include({ '@type': 'Place', name: 'Draft Venue' });

    const secret = await t.request('POST', `${API}/venues`, { auth: admin, body: { venue: 'Hidden Hall' } });
    await t.server.db.write((trx) => updatePost(trx, secret.json.id, { post_password: 'roses' }));
    const atSecret = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'At hidden hall', ...WHEN, venue: secret.json.id } });
    expect((await t.request('GET', `${API}/events/${atSecret.json.id}`)).json.json_ld.location).to.equal(false);

    const nowhere = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'No venue', ...WHEN } });
    const bare = (await t.request('GET', `${API}/events/${nowhere.json.id}`)).json.json_ld;
    expect(bare).to.not.have.property('location');
    expect(bare).to.not.have.property('organizer');
  });

  it('writes organizer false for a linked organizer the reader gets no JSON-LD of', async () => {
    const draft = await t.request('POST', `${API}/organizers`, { auth: admin, body: { organizer: 'Draft Org', status: 'draft' } });
    const event = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'With draft org', ...WHEN, organizer: [draft.json.id] } });
    expect((await t.request('GET', `${API}/events/${event.json.id}`)).json.json_ld.organizer).to.equal(false);
    expect((await t.request('GET', `${API}/events/${event.json.id}`, { auth: admin })).json.json_ld.organizer).to.include({ '@type': 'Person', name: 'Draft Org' });
  });
});
