// The iCalendar feed over HTTP: /wp-json/wpcal/v1/events.ics and the plugin's front-end form
// (/events/?ical=1, /?post_type=tribe_events&ical=1), with the arguments of GET /events.
import { expect } from 'chai';
import ICAL from 'ical.js';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.ts';

const NS = '/wp-json/tribe/events/v1';
const FEED = '/wp-json/wpcal/v1/events.ics';
const SITE = 'http://127.0.0.1:8882';
const NOW = new Date('2026-03-01T12:00:00Z');

function vevents(res: HttpResult): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(res.text)).getAllSubcomponents('vevent');
}

const summaries = (res: HttpResult): string[] => vevents(res).map((v) => String(v.getFirstPropertyValue('summary'))).sort();
const uids = (res: HttpResult): string[] => vevents(res).map((v) => String(v.getFirstPropertyValue('uid'))).sort();

forEachDatabase('iCalendar feed', (kind) => {
  let t: TestServer;
  let admin: string;
  let editor: string;
  const ids: Record<string, number> = {};

  before(async () => {
    t = await startTestServer(kind, { siteUrl: SITE, now: () => NOW });
    admin = await t.userWithRole('administrator');
    editor = await t.userWithRole('editor');
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await t.request('POST', `${NS}/${path}`, { auth: admin, body });
      expect(res.status, JSON.stringify(res.json)).to.equal(201);
      return res.json.id as number;
    };
    await post('categories', { name: 'Music', slug: 'music' });
    await post('categories', { name: 'Sports', slug: 'sports' });
    const venue = await post('venues', { venue: 'Town Hall', address: '1 Main St', city: 'Springfield' });
    const organizer = await post('organizers', { organizer: 'Jane Doe', email: 'jane@example.com' });
    ids.jazz = await post('events', {
      title: 'Jazz Night', description: '<p>Bring <em>friends</em> &amp; chairs.</p>', start_date: '2026-03-10 19:00:00', end_date: '2026-03-10 21:00:00',
      timezone: 'America/New_York', categories: ['music'], venue, organizer: [organizer], website: 'https://jazz.example.org',
    });
    ids.marathon = await post('events', { title: 'Marathon', start_date: '2026-04-05', end_date: '2026-04-06', all_day: true, categories: ['sports'] });
    ids.past = await post('events', { title: 'Winter Fair', start_date: '2026-01-05 10:00:00', end_date: '2026-01-05 12:00:00' });
    ids.draft = await post('events', { title: 'Draft Plan', start_date: '2026-03-20 10:00:00', end_date: '2026-03-20 11:00:00', status: 'draft' });
    ids.secret = await post('events', { title: 'Members Only', description: 'The secret agenda', start_date: '2026-03-15 10:00:00', end_date: '2026-03-15 11:00:00' });
    await t.server.db.kysely.updateTable('posts').set({ post_password: 'pw' }).where('ID', '=', ids.secret).execute();
  });

  after(async () => {
    await t.close();
  });

  it('serves the listed events as text/calendar, as an attachment named after the site', async () => {
    const res = await t.request('GET', FEED);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/calendar; charset=utf-8');
    const name = (await t.request('GET', '/wp-json/')).json.name as string;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    expect(res.headers.get('content-disposition')).to.equal(`attachment; filename="${slug}-events.ics"`);
    expect(res.headers.get('x-tec-total')).to.equal('3');
    expect(res.text.startsWith('BEGIN:VCALENDAR\r\n')).to.equal(true);
    expect(summaries(res)).to.deep.equal(['Jazz Night', 'Marathon', 'Members Only']);
  });

  it('writes each event\'s times, zone, text, venue, organizer, categories and URL', async () => {
    const res = await t.request('GET', FEED);
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).to.include('America/New_York');
    const jazz = vevents(res).find((v) => v.getFirstPropertyValue('summary') === 'Jazz Night')!;
    expect(res.text).to.include('DTSTART;TZID=America/New_York:20260310T190000\r\n');
    expect(new ICAL.Event(jazz).startDate.toJSDate().toISOString()).to.equal('2026-03-10T23:00:00.000Z');
    expect(jazz.getFirstPropertyValue('uid')).to.equal(`${ids.jazz}-20260310T230000Z@127.0.0.1:8882`);
    expect(jazz.getFirstPropertyValue('description')).to.equal('Bring friends & chairs.');
    expect(jazz.getFirstPropertyValue('location')).to.equal('Town Hall, 1 Main St, Springfield');
    expect(jazz.getFirstPropertyValue('organizer')).to.equal('mailto:jane@example.com');
    expect(jazz.getFirstProperty('categories')!.getValues()).to.deep.equal(['Music']);
    expect(jazz.getFirstPropertyValue('url')).to.equal('https://jazz.example.org');
    expect(res.text).to.match(/BEGIN:VEVENT\r\nUID:\d+-\d{8}T\d{6}Z@127\.0\.0\.1:8882\r\nDTSTAMP:\d{8}T\d{6}Z\r\nDTSTART;VALUE=DATE:20260405\r\nDTEND;VALUE=DATE:20260407\r\nSUMMARY:Marathon\r\n/);
  });

  it('keeps the UIDs stable from one request to the next', async () => {
    const first = await t.request('GET', FEED);
    const second = await t.request('GET', FEED);
    expect(uids(first)).to.have.length(3);
    expect(uids(second)).to.deep.equal(uids(first));
  });

  it('answers the plugin\'s front-end forms with the same calendar and headers', async () => {
    const rest = await t.request('GET', FEED);
    for (const path of ['/events/?ical=1', '/events?ical=1', '/?post_type=tribe_events&ical=1', '/events/?ical=1&categories=music']) {
      const res = await t.request('GET', path);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type'), path).to.equal('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition'), path).to.equal(rest.headers.get('content-disposition'));
      if (!path.includes('categories')) expect(res.text, path).to.equal(rest.text);
    }
    expect(summaries(await t.request('GET', '/events/?ical=1&categories=music'))).to.deep.equal(['Jazz Night']);
    const notFeed = await t.request('GET', '/events/');
    expect(notFeed.headers.get('content-type')).to.equal('text/html; charset=UTF-8');
    expect((await t.request('GET', '/?post_type=post&ical=1')).status).to.equal(404);
  });

  it('applies the GET /events filters: categories, start_date, status, pagination', async () => {
    expect(summaries(await t.request('GET', `${FEED}?categories=sports`))).to.deep.equal(['Marathon']);
    expect(summaries(await t.request('GET', `${FEED}?start_date=2026-01-01`))).to.deep.equal(['Jazz Night', 'Marathon', 'Members Only', 'Winter Fair']);
    expect(summaries(await t.request('GET', `${FEED}?start_date=2026-03-12&end_date=2026-03-31`))).to.deep.equal(['Members Only']);
    const paged = await t.request('GET', `${FEED}?per_page=2&page=2`);
    expect(summaries(paged)).to.deep.equal(['Marathon']);
    expect(paged.headers.get('x-tec-totalpages')).to.equal('2');
    expect(summaries(await t.request('GET', `${FEED}?status=draft`, { auth: editor }))).to.deep.equal(['Draft Plan']);
    expect(summaries(await t.request('GET', FEED, { auth: editor }))).to.include('Draft Plan');
  });

  it('rejects bad arguments as GET /events does, in the JSON error envelope', async () => {
    for (const query of ['status=draft', 'categories=nope', 'start_date=before%20my%20birthday', 'per_page=0']) {
      const res = await t.request('GET', `${FEED}?${query}`);
      expect(res.status, query).to.equal(400);
      expect(res.headers.get('content-type'), query).to.match(/^application\/json/);
      expect(res.json.code, query).to.equal('rest_invalid_param');
    }
  });

  it('accepts pages larger than the list\'s 50', async () => {
    const res = await t.request('GET', `${FEED}?per_page=5000`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-tec-totalpages')).to.equal('1');
  });

  it('leaves the content of password-protected events to those who may edit events', async () => {
    const description = (res: HttpResult) => vevents(res).find((v) => v.getFirstPropertyValue('summary') === 'Members Only')!.getFirstPropertyValue('description');
    expect(description(await t.request('GET', FEED))).to.equal(null);
    expect(description(await t.request('GET', FEED, { auth: editor }))).to.equal('The secret agenda');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.request('HEAD', FEED);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/calendar; charset=utf-8');
    expect(res.text).to.equal('');
  });

  it('lists the route under its own namespace in the root index', async () => {
    const index = (await t.request('GET', '/wp-json/')).json;
    expect(index.namespaces).to.include('wpcal/v1');
    expect(index.routes['/wpcal/v1/events.ics'].methods).to.deep.equal(['GET']);
  });
});
