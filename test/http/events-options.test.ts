// TEC settings that change how events are listed, written and shown (events.md §3.3, §4.1, §4.8,
// §6.2): `multiDayCutoff`, `tribe_events_timezone_mode = site` and PRO's `custom-fields`, read
// from the serialized option `tribe_events_calendar_options`.
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { siteOptions } from '../support/site-options.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { seedEvent } from '../support/seed-events.ts';

const API = '/wp-json/tribe/events/v1';
const HOME = 'http://127.0.0.1:8881';
const NOW = new Date('2026-11-22T13:30:35Z');
type Json = Record<string, any>;


const ids = (res: { json: Json }): number[] => res.json.events.map((e: Json) => e.id);

forEachDatabase('TEC option multiDayCutoff', (kind) => {
  let t: TestServer;
  const e: Record<string, number> = {};
  before(async () => {
    t = await startTestServer(kind, { siteUrl: HOME, now: () => NOW, before: siteOptions('UTC', { multiDayCutoff: '06:00' }) });
    const db = t.server.db;
    e.early = await seedEvent(db, { title: 'Before the cutoff', start: '2026-12-05 05:00:00', end: '2026-12-05 05:30:00' });
    e.morning = await seedEvent(db, { title: 'Morning', start: '2026-12-05 07:00:00', end: '2026-12-05 08:00:00' });
    e.lateNight = await seedEvent(db, { title: 'Late night', start: '2026-12-06 23:00:00', end: '2026-12-07 05:00:00' });
    e.dawn = await seedEvent(db, { title: 'Until dawn', start: '2026-12-06 23:30:00', end: '2026-12-07 06:30:00' });
    e.nextDay = await seedEvent(db, { title: 'Next day', start: '2026-12-06 06:00:00', end: '2026-12-06 07:00:00' });
    e.beforeNextCutoff = await seedEvent(db, { title: 'Before next cutoff', start: '2026-12-06 05:30:00', end: '2026-12-06 05:45:00' });
  });
  after(async () => t.close());

  it('moves the day edges of start_date and end_date to the cutoff', async () => {
    const res = await t.request('GET', `${API}/events?start_date=2026-12-05&end_date=2026-12-06`);
    expect(res.status).to.equal(200);
    expect(ids(res)).to.deep.equal([e.morning, e.beforeNextCutoff, e.nextDay, e.lateNight]);
    expect(res.json.rest_url).to.contain('&start_date=2026-12-05 06:00:00&end_date=2026-12-07 05:59:59&');
    expect(res.json.total).to.equal(4);
  });

  it('uses the shifted end of day for starts_after (from the next day cutoff on)', async () => {
    const res = await t.request('GET', `${API}/events?starts_after=2026-12-05&starts_before=2026-12-06`);
    expect(res.json.rest_url).to.contain('&starts_before=2026-12-07 05:59:59&starts_after=2026-12-06 05:59:59');
    expect(ids(res)).to.deep.equal([e.nextDay, e.lateNight, e.dawn]);
  });

  it('stores all-day events from D 06:00:00 to (D′+1) 05:59:59', async () => {
    const admin = await t.userWithRole('administrator');
    const res = await t.request('POST', `${API}/events`, {
      auth: admin,
      body: { title: 'All weekend', start_date: '2026-12-12 15:00', end_date: '2026-12-13 09:00', all_day: true, status: 'publish' },
    });
    expect(res.status).to.equal(201);
    expect([res.json.all_day, res.json.start_date, res.json.end_date, res.json.utc_start_date, res.json.utc_end_date]).to.deep.equal([
      true, '2026-12-12 06:00:00', '2026-12-14 05:59:59', '2026-12-12 06:00:00', '2026-12-14 05:59:59',
    ]);
    const row = await t.server.db.kysely.selectFrom('tec_occurrences').select(['start_date', 'end_date', 'start_date_utc', 'end_date_utc'])
      .where('post_id', '=', res.json.id).executeTakeFirstOrThrow();
    expect(row).to.deep.equal({
      start_date: '2026-12-12 06:00:00', end_date: '2026-12-14 05:59:59', start_date_utc: '2026-12-12 06:00:00', end_date_utc: '2026-12-14 05:59:59',
    });
    const listed = await t.request('GET', `${API}/events?start_date=2026-12-12&end_date=2026-12-13`);
    expect(ids(listed)).to.deep.equal([res.json.id]);
  });
});

forEachDatabase('TEC option tribe_events_timezone_mode = site', (kind) => {
  let t: TestServer;
  const e: Record<string, number> = {};
  before(async () => {
    t = await startTestServer(kind, {
      siteUrl: HOME, now: () => NOW, before: siteOptions('America/New_York', { tribe_events_timezone_mode: 'site' }),
    });
    const db = t.server.db;
    // Site day 2026-12-05 (New York) is 2026-12-05 05:00:00 – 2026-12-06 04:59:59 UTC.
    e.auckland = await seedEvent(db, { title: 'Auckland noon', timezone: 'Pacific/Auckland', start: '2026-12-05 12:00:00', end: '2026-12-05 13:00:00' });
    e.berlin = await seedEvent(db, { title: 'Berlin night', timezone: 'Europe/Berlin', start: '2026-12-05 23:30:00', end: '2026-12-05 23:45:00' });
    e.tokyo = await seedEvent(db, { title: 'Tokyo morning', timezone: 'Asia/Tokyo', start: '2026-12-06 10:00:00', end: '2026-12-06 11:00:00' });
    e.la = await seedEvent(db, { title: 'LA evening', timezone: 'America/Los_Angeles', start: '2026-12-05 20:00:00', end: '2026-12-05 20:30:00' });
    e.laLate = await seedEvent(db, { title: 'LA late', timezone: 'America/Los_Angeles', start: '2026-12-05 21:00:00', end: '2026-12-05 22:00:00' });
  });
  after(async () => t.close());

  it('compares the site-day bounds, converted to UTC, with the UTC columns and orders by UTC start', async () => {
    const res = await t.request('GET', `${API}/events?start_date=2026-12-05&end_date=2026-12-05`);
    expect(res.status).to.equal(200);
    // Auckland starts 2026-12-04 23:00 UTC (before); LA late ends 2026-12-06 06:00 UTC (after).
    // By event-local wall time the order would be Auckland, LA, Berlin and Tokyo would be out.
    expect(ids(res)).to.deep.equal([e.berlin, e.tokyo, e.la]);
    expect([res.json.total, res.headers.get('x-tec-total')]).to.deep.equal([3, '3']);
  });

  it('applies strict bounds as UTC instants', async () => {
    const res = await t.request('GET', `${API}/events?start_date=2026-12-06%2001:00:00&end_date=2026-12-06%2004:30:00&strict_dates=true`);
    expect(ids(res)).to.deep.equal([e.tokyo, e.la]);
  });

  it('writes json_ld dates in the site time zone, the event fields unchanged', async () => {
    const res = await t.request('GET', `${API}/events/${e.berlin}`);
    expect(res.status).to.equal(200);
    expect([res.json.start_date, res.json.utc_start_date, res.json.timezone]).to.deep.equal(['2026-12-05 23:30:00', '2026-12-05 22:30:00', 'Europe/Berlin']);
    expect([res.json.json_ld.startDate, res.json.json_ld.endDate]).to.deep.equal(['2026-12-05T17:30:00-05:00', '2026-12-05T17:45:00-05:00']);
    const tokyo = await t.request('GET', `${API}/events/${e.tokyo}`);
    expect([tokyo.json.json_ld.startDate, tokyo.json.json_ld.endDate]).to.deep.equal(['2026-12-05T20:00:00-05:00', '2026-12-05T21:00:00-05:00']);
  });
});

forEachDatabase('TEC option custom-fields (PRO additional fields)', (kind) => {
  let t: TestServer;
  const e: Record<string, number> = {};
  const fields = [
    { name: '_ecp_custom_1', label: 'Cool Field', type: 'text', values: '' },
    { name: '_ecp_custom_2', label: 'Awesome Field', type: 'text', values: '' },
    { name: '_ecp_custom_3', label: 'Size', type: 'dropdown', values: 'Small\r\nLarge' },
  ];
  before(async () => {
    t = await startTestServer(kind, { siteUrl: HOME, now: () => NOW, before: siteOptions('UTC', { 'custom-fields': fields }) });
    const db = t.server.db;
    const at = (day: number) => ({ start: `2026-12-0${day} 10:00:00`, end: `2026-12-0${day} 11:00:00` });
    e.one = await seedEvent(db, { title: 'Test Event 1', ...at(1), meta: [['_ecp_custom_1', 'Cool Value']] });
    e.two = await seedEvent(db, { title: 'Test Event 2', ...at(2), meta: [['_ecp_custom_2', 'Awesome Value']] });
    e.none = await seedEvent(db, { title: 'Test Event 3', ...at(3) });
    e.both = await seedEvent(db, {
      title: 'Both', ...at(4),
      meta: [['_ecp_custom_3', 'Large'], ['_ecp_custom_1', 'First'], ['_ecp_custom_1', 'Second'], ['_ecp_custom_9', 'not configured']],
    });
    e.empty = await seedEvent(db, { title: 'Empty values', ...at(5), meta: [['_ecp_custom_1', ''], ['_ecp_custom_2', '0']] });
  });
  after(async () => t.close());

  it('lists the configured fields having a value, in configuration order, [] when none', async () => {
    const res = await t.request('GET', `${API}/events?start_date=2026-12-01&end_date=2026-12-05`);
    expect(ids(res)).to.deep.equal([e.one, e.two, e.none, e.both, e.empty]);
    const custom = res.json.events.map((event: Json) => JSON.stringify(event.custom_fields));
    expect(custom).to.deep.equal([
      '{"_ecp_custom_1":{"label":"Cool Field","value":"Cool Value"}}',
      '{"_ecp_custom_2":{"label":"Awesome Field","value":"Awesome Value"}}',
      '[]',
      '{"_ecp_custom_1":{"label":"Cool Field","value":"First"},"_ecp_custom_3":{"label":"Size","value":"Large"}}',
      '[]',
    ]);
    expect(res.text).to.contain('"organizer":[],"custom_fields":{"_ecp_custom_1":{"label":"Cool Field","value":"Cool Value"}}}');
    expect(res.text).to.contain('"organizer":[],"custom_fields":[]}');
  });

  it('shows them on the single read too, before json_ld', async () => {
    const res = await t.request('GET', `${API}/events/${e.two}`);
    const keys = Object.keys(res.json);
    expect(keys.slice(-2)).to.deep.equal(['custom_fields', 'json_ld']);
    expect(res.json.custom_fields).to.deep.equal({ _ecp_custom_2: { label: 'Awesome Field', value: 'Awesome Value' } });
  });
});

forEachDatabase('TEC option postsPerPage (not the events list page size)', (kind) => {
  let t: TestServer;
  const seeded: number[] = [];
  before(async () => {
    t = await startTestServer(kind, { siteUrl: HOME, now: () => NOW, before: siteOptions('UTC', { postsPerPage: 3 }) });
    for (let day = 1; day <= 12; day++) {
      const date = `2026-12-${String(day).padStart(2, '0')}`;
      seeded.push(await seedEvent(t.server.db, { title: `Day ${day}`, start: `${date} 10:00:00`, end: `${date} 11:00:00` }));
    }
  });
  after(async () => t.close());

  it('keeps the WordPress posts_per_page (10) as the per_page default, in the list and the route index', async () => {
    const res = await t.request('GET', `${API}/events`);
    expect(res.status).to.equal(200);
    expect(ids(res)).to.deep.equal(seeded.slice(0, 10));
    expect([res.json.total, res.json.total_pages, res.headers.get('x-tec-totalpages')]).to.deep.equal([12, 2, '2']);
    expect(res.json.rest_url).to.equal(`${HOME}${API}/events/?page=1&per_page=10&start_date=2026-11-21 00:00:00&end_date=2028-11-22 23:59:59&status=publish`);
    expect(res.json.next_rest_url).to.match(/\/events\/\?per_page=10&.*&page=2$/);
    const second = await t.request('GET', `${API}/events?page=2`);
    expect(ids(second)).to.deep.equal(seeded.slice(10));
    const index = await t.request('GET', API);
    expect(index.json.routes['/tribe/events/v1/events'].endpoints[0].args.per_page.default).to.equal('10');
  });
});
