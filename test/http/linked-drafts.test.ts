// Linked drafts as the plugin treats them (samples 56–60): saving a published event publishes the
// drafts it linked before the save, changing their status only; a draft linked by the save itself
// (a create, or an update sending it) stays a draft until the event is saved again.
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
const WHEN = { start_date: '2030-12-21 18:00:00', end_date: '2030-12-21 20:00:00' };

forEachDatabase('linked drafts', (kind) => {
  let t: TestServer;
  let admin: string;
  before(async () => {
    t = await startTestServer(kind, { now: () => new Date('2030-11-25T13:11:22Z') });
    admin = await t.userWithRole('administrator', 'admin');
  });
  after(async () => t?.close());

  const row = (id: number) => t.server.db.kysely.selectFrom('posts').select(['post_status', 'post_date', 'post_date_gmt'])
    .where('ID', '=', id).executeTakeFirstOrThrow();

  it('an event linking a draft venue by ID leaves it a draft (samples 57–60)', async () => {
    const venue = await t.request('POST', `${API}/venues`, { auth: admin, body: { venue: 'Draft Venue', status: 'draft' } });
    expect(venue.json.status).to.equal('draft');
    const event = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'Event at draft venue', ...WHEN, venue: venue.json.id } });
    expect(event.status, event.text).to.equal(201);
    expect(event.json.venue).to.include({ id: venue.json.id, status: 'draft' });
    expect((await row(venue.json.id)).post_status).to.equal('draft');

    const byEvent = await t.request('GET', `${API}/venues?event=${event.json.id}`);
    expect(byEvent.json).to.include({ total: 0, total_pages: 0 });
    expect(byEvent.json.venues).to.deep.equal([]);
    const single = await t.request('GET', `${API}/venues/${venue.json.id}`);
    expect(single.status).to.equal(403);
    expect(single.json.code).to.equal('venue-not-accessible');
    const anonymous = await t.request('GET', `${API}/events/${event.json.id}`);
    expect(anonymous.json.venue).to.include({ id: venue.json.id, status: 'draft', url: `${t.url}/?post_type=tribe_venue&p=${venue.json.id}` });
  });

  it('publishing a draft event publishes its draft venue and organizer, changing nothing but their status', async () => {
    const venue = await t.request('POST', `${API}/venues`, { auth: admin, body: { venue: 'Later Hall', status: 'draft', date: '2030-10-01 09:00:00' } });
    const organizer = await t.request('POST', `${API}/organizers`, { auth: admin, body: { organizer: 'Later Org', status: 'draft', date: '2030-10-02 09:00:00' } });
    const event = await t.request('POST', `${API}/events`, {
      auth: admin, body: { title: 'Draft first', status: 'draft', ...WHEN, venue: venue.json.id, organizer: [organizer.json.id] },
    });
    expect(event.status, event.text).to.equal(201);
    const before = { venue: await row(venue.json.id), organizer: await row(organizer.json.id) };
    expect(before.venue.post_status).to.equal('draft');

    const published = await t.request('POST', `${API}/events/${event.json.id}`, { auth: admin, body: { status: 'publish' } });
    expect(published.status, published.text).to.equal(200);
    expect(await row(venue.json.id)).to.deep.equal({ ...before.venue, post_status: 'publish' });
    expect(await row(organizer.json.id)).to.deep.equal({ ...before.organizer, post_status: 'publish' });
    expect(before.venue.post_date).to.equal('2030-10-01 09:00:00');
  });

  it('an update of a published event leaves a newly linked draft a draft; the next save publishes it', async () => {
    const venue = await t.request('POST', `${API}/venues`, { auth: admin, body: { venue: 'Still Draft Hall', status: 'draft' } });
    const event = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'Published already', ...WHEN } });
    const updated = await t.request('POST', `${API}/events/${event.json.id}`, { auth: admin, body: { venue: venue.json.id } });
    expect(updated.status, updated.text).to.equal(200);
    expect((await row(venue.json.id)).post_status).to.equal('draft');
    await t.request('POST', `${API}/events/${event.json.id}`, { auth: admin, body: { title: 'Published, saved again' } });
    expect((await row(venue.json.id)).post_status).to.equal('publish');
  });
});
