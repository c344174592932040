// Event writes over HTTP (events.md §1, §6–§9): responses against the samples, every postmeta row
// and the TEC 6 rows after each write, validation, transactions and the permission matrix.
import { expect } from 'chai';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.ts';
import type { Db } from '../../src/data/connect.ts';
import { findUserByLogin } from '../../src/data/users.ts';
import { setOption } from '../../src/data/options.ts';
import { SAMPLES, expectLikeSampleBody as expectLikeSample } from '../support/plugin-samples.ts';

const NS = '/wp-json/tribe/events/v1';
const SITE = 'http://127.0.0.1:8881';
const NOW = new Date('2026-11-22T13:30:35Z');

/** The JSON body of a sample exchange. */
function sampleBody(name: string): Record<string, unknown> {
  const text = fs.readFileSync(`${SAMPLES}/${name}`, 'utf8');
  return JSON.parse(text.slice(text.indexOf('\n{') + 1));
}

type MetaRow = [string, string];

/** The event's meta rows in order, but for TEC's tracker note (test/http/plugin-rows.test.ts checks it). */
async function metaRows(db: Db, postId: number): Promise<MetaRow[]> {
  const rows = await db.kysely.selectFrom('postmeta').select(['meta_key', 'meta_value'])
    .where('post_id', '=', postId).where('meta_key', '!=', '_tribe_modified_fields').orderBy('meta_id').execute();
  return rows.map((row) => [row.meta_key ?? '', row.meta_value ?? '']);
}

function metaMap(rows: MetaRow[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const [key, value] of rows) (map[key] ??= []).push(value);
  return map;
}

async function tecRows(db: Db, postId: number) {
  const events = await db.kysely.selectFrom('tec_events').selectAll().where('post_id', '=', postId).execute();
  const occurrences = await db.kysely.selectFrom('tec_occurrences').selectAll().where('post_id', '=', postId).execute();
  return { events, occurrences };
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/** Both TEC 6 rows of an event hold these dates (§9.3 derivation). */
async function expectTecRows(db: Db, postId: number, d: { start: string; end: string; startUtc: string; endUtc: string; tz: string; duration: number }): Promise<void> {
  const { events, occurrences } = await tecRows(db, postId);
  expect(events).to.have.length(1);
  expect(occurrences).to.have.length(1);
  const [event] = events;
  const [occurrence] = occurrences;
  expect({
    start_date: event!.start_date, end_date: event!.end_date, start_date_utc: event!.start_date_utc,
    end_date_utc: event!.end_date_utc, timezone: event!.timezone, duration: Number(event!.duration), hash: event!.hash,
  }).to.deep.equal({ start_date: d.start, end_date: d.end, start_date_utc: d.startUtc, end_date_utc: d.endUtc, timezone: d.tz, duration: d.duration, hash: '' });
  expect(Number(occurrence!.event_id)).to.equal(Number(event!.event_id));
  expect(String(occurrence!.start_date).slice(0, 19)).to.equal(d.start);
  expect(String(occurrence!.end_date).slice(0, 19)).to.equal(d.end);
  expect(String(occurrence!.start_date_utc).slice(0, 19)).to.equal(d.startUtc);
  expect(String(occurrence!.end_date_utc).slice(0, 19)).to.equal(d.endUtc);
  expect(Number(occurrence!.duration)).to.equal(d.duration);
  expect(occurrence!.hash).to.equal(sha1([postId, d.start, d.end, d.startUtc, d.endUtc, d.duration].join(':')));
  expect(String(occurrence!.updated_at)).to.match(/^2026-11-22[ T]13:30:35/);
}

async function postRow(db: Db, id: number) {
  return db.kysely.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirstOrThrow();
}

/** The GUID of an uploaded file of the test site. */
const uploadUrl = (file: string): string => `${SITE}/wp-content/uploads/${file}`;

/** A JPEG attachment post whose GUID is uploadUrl(`{name}.jpg`); returns its ID. */
async function insertImageAttachment(db: Db, name: string): Promise<number> {
  const attachment = await db.kysely.insertInto('posts').values({
    post_author: 1, post_date: '2026-11-01 00:00:00', post_date_gmt: '2026-11-01 00:00:00', post_content: '', post_title: name, post_excerpt: '',
    post_status: 'inherit', comment_status: 'closed', ping_status: 'closed', post_password: '', post_name: name, to_ping: '', pinged: '',
    post_modified: '2026-11-01 00:00:00', post_modified_gmt: '2026-11-01 00:00:00', post_content_filtered: '', post_parent: 0,
    guid: uploadUrl(`${name}.jpg`), menu_order: 0, post_type: 'attachment', post_mime_type: 'image/jpeg', comment_count: 0,
  }).executeTakeFirstOrThrow();
  return Number(attachment.insertId);
}

async function countRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['posts', 'postmeta', 'terms', 'term_taxonomy', 'term_relationships', 'tec_events', 'tec_occurrences'] as const) {
    const row = await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

function expectInvalid(res: HttpResult, names: string[]): void {
  expect(res.status, res.text).to.equal(400);
  expect(res.json.code).to.equal('rest_invalid_param');
  expect(Object.keys(res.json.data.params)).to.deep.equal(names);
  expect(res.json.message).to.equal(`Invalid parameter(s): ${names.join(', ')}`);
}

function expectError(res: HttpResult, status: number, code: string, message?: string): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.json.code).to.equal(code);
  if (message !== undefined) expect(res.json.message).to.equal(message);
  expect(res.json.data.status).to.equal(status);
}

const SIMPLE = { title: 'Simple Event', description: 'A plain timed event', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 12:00:00', cost: '10' };

forEachDatabase('Event writes', (kind) => {
  let t: TestServer;
  let admin: string;
  let db: Db;
  let clock = NOW;

  before(async () => {
    t = await startTestServer(kind, { now: () => clock, siteUrl: SITE });
    admin = await t.userWithRole('administrator', 'admin');
    db = t.server.db;
    // The sample site's zone (a fresh wpcal database has gmt_offset 0, i.e. `UTC+0`).
    await db.write((trx) => setOption(trx, 'timezone_string', 'UTC'));
  });
  after(async () => t.close());

  const create = (body: Record<string, unknown>, auth: string | undefined = admin) => t.request('POST', `${NS}/events`, { body, auth });

  it('declares the write endpoints exactly as the namespace index of sample 01', async () => {
    const res = await t.request('GET', NS, { auth: admin });
    const sample = sampleBody('01-namespace-index.txt') as { routes: Record<string, { endpoints: { methods: string[] }[] }> };
    for (const route of ['/tribe/events/v1/events', '/tribe/events/v1/events/(?P<id>\\d+)', '/tribe/events/v1/events/by-slug/(?P<slug>[^/]+)']) {
      const writes = (endpoints: { methods: string[] }[]) => JSON.stringify(endpoints.filter((e) => e.methods[0] !== 'GET'));
      expect(writes(res.json.routes[route].endpoints), route).to.equal(writes(sample.routes[route]!.endpoints));
    }
  });

  describe('create', () => {
    it('creates a timed event like sample 11, with its meta and TEC 6 rows', async () => {
      const res = await create(SIMPLE);
      expect(res.status, res.text).to.equal(201);
      expectLikeSample(res.json, sampleBody('11-create-event-201-simple.txt'));
      expect(res.json).to.not.have.property('json_ld');
      const id = res.json.id;
      expect(res.json.global_id).to.equal(`127.0.0.1?id=${id}`);
      expect(await metaRows(db, id)).to.have.deep.members([
        ['_EventStartDate', '2026-12-01 10:00:00'], ['_EventEndDate', '2026-12-01 12:00:00'],
        ['_EventStartDateUTC', '2026-12-01 10:00:00'], ['_EventEndDateUTC', '2026-12-01 12:00:00'],
        ['_EventDuration', '7200'], ['_EventTimezone', 'UTC'], ['_EventTimezoneAbbr', 'UTC'],
        ['_EventShowMap', ''], ['_EventShowMapLink', ''], ['_EventCost', '10'], ['_EventOrigin', 'events-calendar'],
      ]);
      const post = await postRow(db, id);
      expect(post).to.include({
        post_type: 'tribe_events', post_status: 'publish', post_title: 'Simple Event', post_content: 'A plain timed event',
        post_name: 'simple-event', post_date: '2026-11-22 13:30:35', post_date_gmt: '2026-11-22 13:30:35',
        guid: `${SITE}/event/simple-event/`,
      });
      expect(Number(post.menu_order)).to.equal(0);
      const user = await findUserByLogin(db.kysely, 'admin');
      expect(Number(post.post_author)).to.equal(Number(user!.ID));
      await expectTecRows(db, id, { start: '2026-12-01 10:00:00', end: '2026-12-01 12:00:00', startUtc: '2026-12-01 10:00:00', endUtc: '2026-12-01 12:00:00', tz: 'UTC', duration: 7200 });
    });

    it('creates an all-day event like sample 12: snapped times, no _EventDuration', async () => {
      const res = await create({ title: 'All Day Event', description: 'Lasts all day', start_date: '2026-12-05', end_date: '2026-12-05', all_day: true });
      expect(res.status, res.text).to.equal(201);
      expectLikeSample(res.json, sampleBody('12-create-event-201-allday.txt'));
      const meta = metaMap(await metaRows(db, res.json.id));
      expect(meta).to.deep.equal({
        _EventStartDate: ['2026-12-05 00:00:00'], _EventEndDate: ['2026-12-05 23:59:59'],
        _EventStartDateUTC: ['2026-12-05 00:00:00'], _EventEndDateUTC: ['2026-12-05 23:59:59'],
        _EventAllDay: ['yes'], _EventTimezone: ['UTC'], _EventTimezoneAbbr: ['UTC'],
        _EventShowMap: [''], _EventShowMapLink: [''], _EventOrigin: ['events-calendar'],
      });
      await expectTecRows(db, res.json.id, { start: '2026-12-05 00:00:00', end: '2026-12-05 23:59:59', startUtc: '2026-12-05 00:00:00', endUtc: '2026-12-05 23:59:59', tz: 'UTC', duration: 86399 });
    });

    it('creates the full event of sample 13: venue and organizer by ID, terms by ID, cost, website, featured', async () => {
      const venue = await t.request('POST', `${NS}/venues`, { auth: admin, body: {
        venue: 'Oracle Hall', address: '1 Main St', city: 'Springfield', country: 'United States', state: 'IL', zip: '62701', phone: '555-0100', website: 'http://example.com/hall',
      } });
      const organizer = await t.request('POST', `${NS}/organizers`, { auth: admin, body: { organizer: 'Oracle Org', email: 'org@example.com', phone: '555-0199', website: 'http://example.com/org' } });
      const category = await t.request('POST', `${NS}/categories`, { auth: admin, body: { name: 'Music', slug: 'music', description: 'Music events' } });
      const tag = await t.request('POST', `${NS}/tags`, { auth: admin, body: { name: 'Jazz', slug: 'jazz' } });
      expect([venue.status, organizer.status, category.status, tag.status]).to.deep.equal([201, 201, 201, 201]);
      const res = await create({
        title: 'Jazz Night', description: '<p>Live jazz</p>', excerpt: 'Jazz!', start_date: '2026-12-10 19:00:00', end_date: '2026-12-10 22:30:00',
        venue: venue.json.id, organizer: [organizer.json.id], categories: [category.json.id], tags: [tag.json.id], cost: '25', website: 'http://example.com/jazz', featured: true,
      });
      expect(res.status, res.text).to.equal(201);
      expectLikeSample(res.json, sampleBody('13-create-event-201-full.txt'));
      expect(res.json.venue.id).to.equal(venue.json.id);
      expect(res.json.organizer[0].id).to.equal(organizer.json.id);
      expect(res.json.categories[0].id).to.equal(category.json.id);
      expect(res.json.tags[0].id).to.equal(tag.json.id);
      const meta = metaMap(await metaRows(db, res.json.id));
      expect(meta._EventVenueID).to.deep.equal([String(venue.json.id)]);
      expect(meta._EventOrganizerID).to.deep.equal([String(organizer.json.id)]);
      expect(meta._EventURL).to.deep.equal(['http://example.com/jazz']);
      expect(meta._tribe_featured).to.deep.equal(['1']);
      expect(meta._EventCost).to.deep.equal(['25']);
      expect(meta).to.not.have.property('_EventHideFromUpcoming');
      const terms = await db.kysely.selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', '=', res.json.id).execute();
      expect(terms.map((r) => Number(r.term_taxonomy_id)).sort()).to.deep.equal([res.json.categories[0].term_taxonomy_id, res.json.tags[0].term_taxonomy_id].sort());
    });

    it('stores the flags, sticky, timezone and hidden rows', async () => {
      const res = await create({
        title: 'Flags', start_date: '2026-07-01 10:00', end_date: '2026-07-01 11:30', timezone: 'America/New_York',
        show_map: true, show_map_link: 'true', hide_from_listings: '1', sticky: true, featured: 'false',
      });
      expect(res.status, res.text).to.equal(201);
      expect(res.json).to.include({ show_map: true, show_map_link: true, hide_from_listings: true, sticky: true, featured: false, timezone: 'America/New_York', timezone_abbr: 'EDT' });
      expect(res.json.utc_start_date).to.equal('2026-07-01 14:00:00');
      const meta = metaMap(await metaRows(db, res.json.id));
      expect(meta).to.deep.include({ _EventShowMap: ['1'], _EventShowMapLink: ['1'], _EventHideFromUpcoming: ['yes'], _EventTimezone: ['America/New_York'], _EventTimezoneAbbr: ['EDT'], _EventDuration: ['5400'] });
      expect(meta).to.not.have.property('_tribe_featured');
      expect(Number((await postRow(db, res.json.id)).menu_order)).to.equal(-1);
      await expectTecRows(db, res.json.id, { start: '2026-07-01 10:00:00', end: '2026-07-01 11:30:00', startUtc: '2026-07-01 14:00:00', endUtc: '2026-07-01 15:30:00', tz: 'America/New_York', duration: 5400 });
    });

    it('stores cost variants: array rows, derived currency symbol and position', async () => {
      const prefix = await create({ title: 'Cost A', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', cost: ['$5', '$10'] });
      expect(prefix.status, prefix.text).to.equal(201);
      expect(metaMap(await metaRows(db, prefix.json.id))).to.deep.include({ _EventCost: ['$5', '$10'], _EventCurrencySymbol: ['$'], _EventCurrencyPosition: ['prefix'] });
      const postfix = await create({ title: 'Cost B', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', cost: '20€' });
      expect(metaMap(await metaRows(db, postfix.json.id))).to.deep.include({ _EventCost: ['20€'] });
      const free = await create({ title: 'Cost C', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', cost: 'Free &amp; <b>open</b>' });
      const meta = metaMap(await metaRows(db, free.json.id));
      expect(meta._EventCost).to.deep.equal(['Free & open']);
      expect(meta).to.not.have.property('_EventCurrencySymbol');
      const number = await create({ title: 'Cost D', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', cost: 15 });
      expect(metaMap(await metaRows(db, number.json.id))._EventCost).to.deep.equal(['15']);
    });

    it('stores no cost row for a cost of "0" or 0, as the plugin does (no "Free", no offer)', async () => {
      for (const cost of ['0', 0]) {
        const res = await create({ title: `Zero cost ${cost}`, start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', cost });
        expect(res.status, res.text).to.equal(201);
        expect(metaMap(await metaRows(db, res.json.id)), String(cost)).to.not.have.property('_EventCost');
        expect(res.json.cost).to.equal('');
        expect(res.json.cost_details.values).to.deep.equal([]);
      }
    });

    it('links categories and tags by slug and name, creating unknown ones, skipping unknown IDs', async () => {
      const res = await create({ title: 'Terms', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', categories: 'music,Brand New Cat,99999', tags: ['Jazz', 'fresh-tag'] });
      expect(res.status, res.text).to.equal(201);
      expect(res.json.categories.map((c: { slug: string }) => c.slug)).to.have.members(['music', 'brand-new-cat']);
      // wpcal links the existing tag (the plugin would create a tag named after its ID).
      expect(res.json.tags.map((c: { slug: string }) => c.slug)).to.have.members(['jazz', 'fresh-tag']);
      const jazz = res.json.tags.find((c: { slug: string }) => c.slug === 'jazz');
      expect(jazz.count).to.equal(2);
      const numericTags = await db.kysely.selectFrom('terms').select('name').where('name', '=', String(jazz.id)).execute();
      expect(numericTags).to.deep.equal([]);
    });

    it('creates an inline venue and inline organizers, each with its own status (a draft stays a draft)', async () => {
      const res = await create({
        title: 'Inline', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00',
        venue: { venue: 'Inline Hall', city: 'Rome', status: 'draft' }, organizer: [{ organizer: 'Inline Org', email: 'io@example.com' }],
      });
      expect(res.status, res.text).to.equal(201);
      expect(res.json.venue).to.include({ venue: 'Inline Hall', city: 'Rome', status: 'draft' });
      expect(res.json.organizer[0]).to.include({ organizer: 'Inline Org', email: 'io@example.com', status: 'publish' });
      const venueRow = await postRow(db, res.json.venue.id);
      expect(venueRow).to.include({ post_type: 'tribe_venue', post_status: 'draft' });
      expect(res.json.venue.id).to.be.below(res.json.id);
    });

    it('keeps organizers in the order sent, one row each (IDs and {id} objects)', async () => {
      const a = await t.request('POST', `${NS}/organizers`, { auth: admin, body: { organizer: 'Org A' } });
      const b = await t.request('POST', `${NS}/organizers`, { auth: admin, body: { organizer: 'Org B' } });
      const res = await create({ title: 'Orgs', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', organizer: [{ id: b.json.id }, a.json.id] });
      expect(res.status, res.text).to.equal(201);
      expect(res.json.organizer.map((o: { id: number }) => o.id)).to.deep.equal([b.json.id, a.json.id]);
      expect(metaMap(await metaRows(db, res.json.id))._EventOrganizerID).to.deep.equal([String(b.json.id), String(a.json.id)]);
    });

    it('answers could-not-create-venue for a list of venues, could-not-create-organizer for a lone inline object', async () => {
      const before = await countRows(db);
      const venues = await create({ title: 'X', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', venue: [{ venue: 'A Hall' }] });
      expectError(venues, 400, 'could-not-create-venue', 'The venue could not be created from the provided data');
      const lone = await create({ title: 'X', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', organizer: { organizer: 'Lone' } });
      expectError(lone, 400, 'could-not-create-organizer', 'The organizer could not be created from the provided data');
      expect(await countRows(db)).to.deep.equal(before);
    });

    it('answers could-not-create-organizer for a comma-separated string of organizer IDs, on create and update, writing nothing', async () => {
      const a = await t.request('POST', `${NS}/organizers`, { auth: admin, body: { organizer: 'CSV Org A' } });
      const b = await t.request('POST', `${NS}/organizers`, { auth: admin, body: { organizer: 'CSV Org B' } });
      const event = await create({ title: 'CSV target', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', organizer: [a.json.id] });
      expect([a.status, b.status, event.status]).to.deep.equal([201, 201, 201]);
      const csv = `${a.json.id},${b.json.id}`;
      const before = await countRows(db);
      const snapshot = await db.kysely.selectFrom('posts').selectAll().orderBy('ID').execute();
      const created = await create({ title: 'CSV organizers', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', organizer: csv });
      expectError(created, 400, 'could-not-create-organizer', 'The organizer could not be created from the provided data');
      const updated = await t.request('PATCH', `${NS}/events/${event.json.id}`, { auth: admin, body: { title: 'Renamed', organizer: csv } });
      expectError(updated, 400, 'could-not-create-organizer', 'The organizer could not be created from the provided data');
      expect(await countRows(db)).to.deep.equal(before);
      expect(await db.kysely.selectFrom('posts').selectAll().orderBy('ID').execute()).to.deep.equal(snapshot);
      expect(metaMap(await metaRows(db, event.json.id))._EventOrganizerID).to.deep.equal([String(a.json.id)]);
    });

    it('rolls everything back when the organizers fail after the inline venue was made (no post, meta, term or venue left)', async () => {
      const before = await countRows(db);
      const res = await create({
        title: 'Rolled back', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', categories: 'Rollback Cat',
        venue: { venue: 'Rollback Hall' }, organizer: { organizer: 'Good Org' },
      });
      expectError(res, 400, 'could-not-create-organizer');
      expect(await countRows(db)).to.deep.equal(before);
      const leftovers = await db.kysely.selectFrom('posts').select('ID').where('post_title', 'in', ['Rolled back', 'Rollback Hall', 'Good Org']).execute();
      expect(leftovers).to.deep.equal([]);
    });

    it('links an image attachment by ID, and an update with an empty image removes it', async () => {
      const imageId = await insertImageAttachment(db, 'pic');
      const res = await create({ title: 'Pictured', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', image: String(imageId) });
      expect(res.status, res.text).to.equal(201);
      expect(res.json.image.id).to.equal(imageId);
      expect(metaMap(await metaRows(db, res.json.id))._thumbnail_id).to.deep.equal([String(imageId)]);
      const cleared = await t.request('PATCH', `${NS}/events/${res.json.id}`, { auth: admin, body: { image: '' } });
      expect(cleared.json.image).to.equal(false);
      expect(metaMap(await metaRows(db, res.json.id))).to.not.have.property('_thumbnail_id');
    });

    // A URL of an existing image attachment is linked without a download (images.test.ts covers downloads).
    it('links an image attachment by URL (its GUID or its imported original URL); a URL that cannot be downloaded is 400 image, writing nothing', async () => {
      const byGuid = await insertImageAttachment(db, 'poster');
      const byOriginal = await insertImageAttachment(db, 'flyer');
      const originalUrl = 'http://images.example.org/flyer-original.jpg';
      await db.kysely.insertInto('postmeta').values({ post_id: byOriginal, meta_key: '_tribe_importer_original_url', meta_value: originalUrl }).execute();
      for (const [url, imageId] of [[uploadUrl('poster.jpg'), byGuid], [originalUrl, byOriginal]] as const) {
        const res = await create({ title: 'Pictured by URL', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', image: url });
        expect(res.status, res.text).to.equal(201);
        expect(res.json.image.id, url).to.equal(imageId);
        expect(metaMap(await metaRows(db, res.json.id))._thumbnail_id, url).to.deep.equal([String(imageId)]);
      }
      const before = await countRows(db);
      expectInvalid(await create({ title: 'Unknown picture', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', image: uploadUrl('missing.jpg') }), ['image']);
      expect(await countRows(db)).to.deep.equal(before);
    });

    // §6.2: post_date is `date` read in the event zone; post_date_gmt is `date_utc`, else derived from
    // post_date with the site zone (UTC here), so the Rome offset never reaches post_date_gmt.
    const datedCases: Array<[string, Record<string, string>, { post_date: string; post_date_gmt: string }]> = [
      ['date only', { date: '2026-11-01 10:00:00' }, { post_date: '2026-11-01 10:00:00', post_date_gmt: '2026-11-01 10:00:00' }],
      ['date_utc only', { date_utc: '2026-11-02 07:15:00' }, { post_date: '2026-11-02 07:15:00', post_date_gmt: '2026-11-02 07:15:00' }],
      ['date and date_utc', { date: '2026-11-03 10:00:00', date_utc: '2026-11-03 08:30:00' }, { post_date: '2026-11-03 10:00:00', post_date_gmt: '2026-11-03 08:30:00' }],
    ];
    for (const [label, sent, stored] of datedCases) {
      it(`takes date in the event timezone and date_utc as UTC for the post dates (${label})`, async () => {
        const res = await create({ title: 'Dated', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00', timezone: 'Europe/Rome', ...sent });
        expect(res.status, res.text).to.equal(201);
        const post = await postRow(db, res.json.id);
        expect({ post_date: post.post_date, post_date_gmt: post.post_date_gmt }).to.deep.equal(stored);
      });
    }
  });

  describe('validation', () => {
    const base = { title: 'V', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' };

    it('lists missing required arguments (sample 06), before permission', async () => {
      const res = await create({ start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' });
      expect(res.json).to.deep.equal(sampleBody('06-create-400-missing-title.txt'));
      const anon = await create({}, undefined);
      expect(anon.status).to.equal(400);
      expect(anon.json.data.params).to.deep.equal(['title', 'start_date', 'end_date']);
    });

    it('rejects bad values with rest_invalid_param naming each, in declaration order', async () => {
      expectInvalid(await create({ ...base, author: 99999 }), ['author']);
      expectInvalid(await create({ ...base, author: '' }), ['author']);
      expectInvalid(await create({ ...base, date: 'foo', date_utc: 'bar' }), ['date', 'date_utc']);
      expectInvalid(await create({ ...base, title: '0' }), ['title']);
      expectInvalid(await create({ ...base, title: '' }), ['title']);
      expectInvalid(await create({ ...base, description: '' }), ['description']);
      expectInvalid(await create({ ...base, status: 'any' }), ['status']);
      expectInvalid(await create({ ...base, timezone: 'Mars/Base' }), ['timezone']);
      expectInvalid(await create({ ...base, timezone: 'Europe/Rome\u0000' }), ['timezone']);
      expectInvalid(await create({ ...base, start_date: 'not a date', end_date: 'never' }), ['start_date', 'end_date']);
      expectInvalid(await create({ ...base, image: '999999' }), ['image']);
      expectInvalid(await create({ ...base, website: 'example.com' }), ['website']);
      expectInvalid(await create({ ...base, venue: 'The Hall' }), ['venue']);
      expectInvalid(await create({ ...base, venue: 999999 }), ['venue']);
      expectInvalid(await create({ ...base, organizer: ['Someone'] }), ['organizer']);
      expectInvalid(await create({ ...base, tags: { x: { y: '' } } }), ['tags']);
    });

    it('validates inline venues and organizers against their create arguments (400 naming venue/organizer, nothing written)', async () => {
      const before = await countRows(db);
      expectInvalid(await create({ ...base, venue: { venue: 'Bad Site Hall', website: 'not a url' } }), ['venue']);
      expectInvalid(await create({ ...base, venue: { city: 'Nameless' } }), ['venue']);
      expectInvalid(await create({ ...base, venue: { venue: 'Hall', status: 'any' } }), ['venue']);
      expectInvalid(await create({ ...base, venue: { venue: 'Hall', author: 999999 } }), ['venue']);
      expectInvalid(await create({ ...base, venue: { venue: 'Hall', image: '999999' } }), ['venue']);
      expectInvalid(await create({ ...base, organizer: [{ organizer: 'Good Org' }, { organizer: 'Bad Org', email: ['not', 'a string'] }] }), ['organizer']);
      expectInvalid(await create({ ...base, organizer: [{ organizer: '0' }] }), ['organizer']);
      expectInvalid(await create({ ...base, organizer: [{ organizer: 'Dated', date: 'no such date' }] }), ['organizer']);
      expectInvalid(await create({ ...base, venue: { venue: 'Hall', phone: 5 }, organizer: [{ organizer: 'O', website: 'example.com' }] }), ['venue', 'organizer']);
      expect(await countRows(db)).to.deep.equal(before);
      const updated = await create(base);
      expectInvalid(await t.request('PATCH', `${NS}/events/${updated.json.id}`, { auth: admin, body: { venue: { venue: 'Hall', zip: ['1'] } } }), ['venue']);
      const valid = await create({ ...base, venue: { venue: 'Valid Inline Hall', website: '', phone: '' }, organizer: [{ organizer: 'Valid Inline Org', email: 'v@example.com' }] });
      expect(valid.status, valid.text).to.equal(201);
      expect(valid.json.venue.venue).to.equal('Valid Inline Hall');
    });

    it('type-checks booleans and strings', async () => {
      const res = await create({ ...base, all_day: 'yes' });
      expectInvalid(res, ['all_day']);
      expect(res.json.data.params.all_day).to.equal('all_day is not of type boolean.');
      expectInvalid(await create({ ...base, featured: '' }), ['featured']);
      expectInvalid(await create({ ...base, title: 5 }), ['title']);
      expectInvalid(await create({ ...base, title: ['a', 'b'] }), ['title']);
    });

    it('answers 400 naming end_date when the end is before the start, writing nothing', async () => {
      const before = await countRows(db);
      expectInvalid(await create({ ...base, start_date: '2026-12-01 12:00', end_date: '2026-12-01 11:00' }), ['end_date']);
      expect(await countRows(db)).to.deep.equal(before);
    });

    it('answers 400 in the envelope for form arrays where scalars are expected', async () => {
      const res = await t.request('POST', `${NS}/events?timezone[x][y]=1`, { auth: admin, body: base });
      expect(res.status, res.text).to.equal(400);
      expect(res.json.code).to.equal('rest_invalid_param');
    });
  });

  describe('update', () => {
    let id: number;
    beforeEach(async () => {
      const res = await create({ ...SIMPLE, website: 'http://example.com/s', featured: true, show_map: true, organizer: [{ organizer: 'Kept Org' }], categories: 'Kept Cat' });
      expect(res.status, res.text).to.equal(201);
      id = res.json.id;
    });

    it('PATCH changes only the fields sent (wpcal\'s extension; the plugin resets, sample 19)', async () => {
      const before = await metaRows(db, id);
      const res = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { title: 'Simple Event (updated)', cost: '12' } });
      expect(res.status, res.text).to.equal(200);
      const sample = sampleBody('19-event-update-put.txt');
      expect(res.json.title).to.equal(sample.title);
      expect(res.json.cost).to.equal(sample.cost);
      expect(res.json).to.include({ website: 'http://example.com/s', featured: true, show_map: true, status: 'publish' });
      expect(res.json.organizer).to.have.length(1);
      expect(res.json.categories).to.have.length(1);
      const after = await metaRows(db, id);
      expect(after.filter(([k]) => k !== '_EventCost')).to.deep.equal(before.filter(([k]) => k !== '_EventCost'));
      expect(metaMap(after)._EventCost).to.deep.equal(['12']);
      expect((await postRow(db, id)).post_modified).to.equal('2026-11-22 13:30:35');
    });

    for (const method of ['PUT', 'POST']) {
      it(`${method} resets the omitted website, flags and organizers as the plugin does (sample 19), keeping terms`, async () => {
        const res = await t.request(method, `${NS}/events/${id}`, { auth: admin, body: { title: 'Simple Event (updated)', cost: '12' } });
        expect(res.status, res.text).to.equal(200);
        expect(res.json).to.include({ title: 'Simple Event (updated)', cost: '$12', website: '', featured: false, show_map: false, status: 'publish' });
        expect(res.json.organizer).to.deep.equal([]);
        expect(res.json.categories).to.have.length(1);
        const meta = metaMap(await metaRows(db, id));
        expect(meta).to.deep.include({ _EventURL: [''], _EventShowMap: [''], _EventCost: ['12'] });
        for (const key of ['_EventOrganizerID', '_tribe_featured']) expect(meta, key).to.not.have.property(key);
      });
    }

    it('recomputes with the stored end when only start_date is sent, keeping TEC rows in step', async () => {
      const res = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { start_date: '2026-12-01 09:00:00' } });
      expect(res.status, res.text).to.equal(200);
      expect(res.json).to.include({ start_date: '2026-12-01 09:00:00', end_date: '2026-12-01 12:00:00' });
      expect(metaMap(await metaRows(db, id))._EventDuration).to.deep.equal(['10800']);
      await expectTecRows(db, id, { start: '2026-12-01 09:00:00', end: '2026-12-01 12:00:00', startUtc: '2026-12-01 09:00:00', endUtc: '2026-12-01 12:00:00', tz: 'UTC', duration: 10800 });
    });

    it('writes the TEC 6 rows an event lacks (written before TEC 6), and only its first occurrence of several', async () => {
      const lacking = (await create({ ...SIMPLE, title: 'Older event' })).json.id as number;
      await db.kysely.deleteFrom('tec_occurrences').where('post_id', '=', lacking).execute();
      await db.kysely.deleteFrom('tec_events').where('post_id', '=', lacking).execute();
      const dates = { start_date: '2026-12-03 10:00:00', end_date: '2026-12-03 11:00:00' };
      expect((await t.request('PATCH', `${NS}/events/${lacking}`, { auth: admin, body: dates })).status).to.equal(200);
      const expected = { start: '2026-12-03 10:00:00', end: '2026-12-03 11:00:00', startUtc: '2026-12-03 10:00:00', endUtc: '2026-12-03 11:00:00', tz: 'UTC', duration: 3600 };
      await expectTecRows(db, lacking, expected);

      // An event row without its occurrence gets one, under the event row's ID.
      await db.kysely.deleteFrom('tec_occurrences').where('post_id', '=', lacking).execute();
      expect((await t.request('PATCH', `${NS}/events/${lacking}`, { auth: admin, body: { title: 'Older, again', ...dates } })).status).to.equal(200);
      await expectTecRows(db, lacking, expected);

      // A second occurrence (a recurring event of TEC Pro) is left as it is.
      const [first] = (await tecRows(db, lacking)).occurrences;
      const second = { ...first!, occurrence_id: undefined, start_date: '2026-12-10 10:00:00', end_date: '2026-12-10 11:00:00', hash: 'second' };
      await db.kysely.insertInto('tec_occurrences').values(second as never).execute();
      expect((await t.request('PATCH', `${NS}/events/${lacking}`, { auth: admin, body: { start_date: '2026-12-04 10:00:00', end_date: '2026-12-04 11:00:00' } })).status).to.equal(200);
      const occurrences = (await tecRows(db, lacking)).occurrences.sort((a, b) => Number(a.occurrence_id) - Number(b.occurrence_id))
        .map((row) => [String(row.start_date).slice(0, 19), row.hash === 'second']);
      expect(occurrences).to.deep.equal([['2026-12-04 10:00:00', false], ['2026-12-10 10:00:00', true]]);
    });

    it('recomputes UTC dates from the stored local ones when only the timezone changes', async () => {
      const res = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { timezone: 'Asia/Tokyo' } });
      expect(res.status, res.text).to.equal(200);
      expect(res.json).to.include({ start_date: '2026-12-01 10:00:00', utc_start_date: '2026-12-01 01:00:00', timezone: 'Asia/Tokyo', timezone_abbr: 'JST' });
      await expectTecRows(db, id, { start: '2026-12-01 10:00:00', end: '2026-12-01 12:00:00', startUtc: '2026-12-01 01:00:00', endUtc: '2026-12-01 03:00:00', tz: 'Asia/Tokyo', duration: 7200 });
    });

    it('turns an event all-day and back, adding and removing _EventAllDay/_EventDuration', async () => {
      const allDay = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { all_day: true } });
      expect(allDay.json).to.include({ all_day: true, start_date: '2026-12-01 00:00:00', end_date: '2026-12-01 23:59:59' });
      let meta = metaMap(await metaRows(db, id));
      expect(meta._EventAllDay).to.deep.equal(['yes']);
      expect(meta).to.not.have.property('_EventDuration');
      const timed = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { all_day: false, start_date: '2026-12-01 08:00', end_date: '2026-12-01 09:00' } });
      expect(timed.json).to.include({ all_day: false, start_date: '2026-12-01 08:00:00' });
      meta = metaMap(await metaRows(db, id));
      expect(meta).to.not.have.property('_EventAllDay');
      expect(meta._EventDuration).to.deep.equal(['3600']);
    });

    it('rejects an end before the (stored) start with 400 end_date, changing nothing', async () => {
      const before = await metaRows(db, id);
      const beforePost = await postRow(db, id);
      expectInvalid(await t.request('PUT', `${NS}/events/${id}`, { auth: admin, body: { title: 'Nope', end_date: '2026-12-01 09:00' } }), ['end_date']);
      expect(await metaRows(db, id)).to.deep.equal(before);
      expect(await postRow(db, id)).to.deep.equal(beforePost);
    });

    it('PATCH replaces, clears and keeps links and flags only when sent', async () => {
      const res = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { organizer: [], categories: '', website: '', featured: false, hide_from_listings: true, sticky: true, cost: [] } });
      expect(res.status, res.text).to.equal(200);
      expect(res.json).to.include({ featured: false, hide_from_listings: true, sticky: true, cost: '' });
      expect(res.json.organizer).to.deep.equal([]);
      expect(res.json.categories).to.deep.equal([]);
      expect(res.json.website).to.equal(`${SITE}/event/${res.json.slug}/`);
      const meta = metaMap(await metaRows(db, id));
      for (const key of ['_EventOrganizerID', '_tribe_featured', '_EventURL', '_EventCost']) expect(meta, key).to.not.have.property(key);
      expect(meta._EventHideFromUpcoming).to.deep.equal(['yes']);
    });

    it('recounts terms when the status changes', async () => {
      const { term_taxonomy_id: category } = await db.kysely.selectFrom('term_relationships').select('term_taxonomy_id')
        .where('object_id', '=', id).executeTakeFirstOrThrow();
      const count = async () => Number((await db.kysely.selectFrom('term_taxonomy').select('count')
        .where('term_taxonomy_id', '=', category).executeTakeFirstOrThrow()).count);
      const before = await count();
      const drafted = await t.request('POST', `${NS}/events/${id}`, { auth: admin, body: { status: 'draft' } });
      expect(drafted.json.status).to.equal('draft');
      expect(await count(), 'drafts are not counted').to.equal(before - 1);
      const published = await t.request('POST', `${NS}/events/${id}`, { auth: admin, body: { status: 'publish' } });
      expect(published.json.status).to.equal('publish');
      expect(await count()).to.equal(before);
    });

    it('answers 404 for an unknown ID and 400 for a non-event ID', async () => {
      expectError(await t.request('PUT', `${NS}/events/999999`, { auth: admin, body: { title: 'x' } }), 404, 'rest-event-not-found', 'Event with ID 999999 does not exist.');
      const venue = await t.request('POST', `${NS}/venues`, { auth: admin, body: { venue: 'Not an event' } });
      expectError(await t.request('PUT', `${NS}/events/${venue.json.id}`, { auth: admin, body: { title: 'x' } }), 400, 'rest-invalid-event-id', 'The specified ID is not a valid event.');
      expectInvalid(await t.request('PUT', `${NS}/events/999999`, { auth: admin, body: { website: 'foo' } }), ['website']);
    });

    for (const method of ['POST', 'PUT', 'PATCH']) {
      it(`${method} updates by slug`, async () => {
        const slug = (await postRow(db, id)).post_name;
        const res = await t.request(method, `${NS}/events/by-slug/${slug}`, { auth: admin, body: { excerpt: `By slug with ${method}` } });
        expect(res.status, res.text).to.equal(200);
        expect([res.json.id, res.json.excerpt]).to.deep.equal([id, `<p>By slug with ${method}</p>`]);
        expect((await postRow(db, id)).post_excerpt).to.equal(`By slug with ${method}`);
      });
    }

    it('by slug, an unknown slug is 404 "Event with ID 0" and touches nothing', async () => {
      await create({ title: 'Empty slug draft', status: 'draft', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' });
      const before = await countRows(db);
      const snapshot = await db.kysely.selectFrom('posts').selectAll().orderBy('ID').execute();
      for (const path of ['%20', '-', 'no-such-event']) {
        expectError(await t.request('PUT', `${NS}/events/by-slug/${path}`, { auth: admin, body: { title: 'Hijack' } }), 404, 'rest-event-not-found', 'Event with ID 0 does not exist.');
      }
      expect(await countRows(db)).to.deep.equal(before);
      expect(await db.kysely.selectFrom('posts').selectAll().orderBy('ID').execute()).to.deep.equal(snapshot);
    });

    it('by slug looks up a body slug instead of the path: naming no event is 404 "Event with ID 0", naming another event updates that one', async () => {
      const pathSlug = (await postRow(db, id)).post_name;
      const other = await create({ title: 'Slug Target', start_date: '2026-12-02 10:00', end_date: '2026-12-02 11:00' });
      expect(other.status, other.text).to.equal(201);
      const rows = async () => ({
        counts: await countRows(db),
        posts: await db.kysely.selectFrom('posts').selectAll().orderBy('ID').execute(),
        meta: [await metaRows(db, id), await metaRows(db, other.json.id)],
      });
      const before = await rows();
      for (const method of ['POST', 'PUT', 'PATCH']) {
        const rename = await t.request(method, `${NS}/events/by-slug/${pathSlug}`, { auth: admin, body: { slug: 'renamed-by-slug', title: 'Renamed' } });
        expectError(rename, 404, 'rest-event-not-found', 'Event with ID 0 does not exist.');
      }
      expect(await rows()).to.deep.equal(before);

      const contributor = await t.userWithRole('contributor', 'slugcontrib');
      const denied = await t.request('PATCH', `${NS}/events/by-slug/${pathSlug}`, { auth: contributor, body: { slug: other.json.slug, excerpt: 'Hijack' } });
      expectError(denied, 403, 'rest_forbidden');
      expect(await rows()).to.deep.equal(before);

      const res = await t.request('PATCH', `${NS}/events/by-slug/${pathSlug}`, { auth: admin, body: { slug: other.json.slug, excerpt: 'Through another path' } });
      expect(res.status, res.text).to.equal(200);
      expect([res.json.id, res.json.slug, res.json.excerpt]).to.deep.equal([other.json.id, other.json.slug, '<p>Through another path</p>']);
      expect(await postRow(db, other.json.id)).to.include({ post_name: other.json.slug, post_excerpt: 'Through another path' });
      expect(await postRow(db, id)).to.deep.equal(before.posts.find((post) => Number(post.ID) === id));
      expect(await metaRows(db, id)).to.deep.equal(before.meta[0]);
    });
  });

  // §6.2 "Dates and timezone": the event zone is `timezone`, else the site zone (§0); the UTC meta
  // and the TEC 6 rows (§9.3) follow from it.
  describe('time on writes', () => {
    type StoredTime = Parameters<typeof expectTecRows>[2] & { abbr: string };
    const dates = { start_date: '2026-12-01 10:00', end_date: '2026-12-01 12:00' };

    /** The date meta of event `id` and its TEC 6 rows. */
    async function expectStoredTime(database: Db, id: number, d: StoredTime): Promise<void> {
      const meta = metaMap(await metaRows(database, id));
      const keys = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventTimezone', '_EventTimezoneAbbr', '_EventDuration'];
      expect(Object.fromEntries(keys.map((key) => [key, meta[key]]))).to.deep.equal({
        _EventStartDate: [d.start], _EventEndDate: [d.end], _EventStartDateUTC: [d.startUtc], _EventEndDateUTC: [d.endUtc],
        _EventTimezone: [d.tz], _EventTimezoneAbbr: [d.abbr], _EventDuration: [String(d.duration)],
      });
      await expectTecRows(database, id, d);
    }

    const SITE_ZONES: Array<[string, Record<string, string>, StoredTime]> = [
      ['timezone_string Europe/Rome: CET, UTC one hour earlier in winter', { timezone_string: 'Europe/Rome' },
        { start: '2026-12-01 10:00:00', end: '2026-12-01 12:00:00', startUtc: '2026-12-01 09:00:00', endUtc: '2026-12-01 11:00:00', tz: 'Europe/Rome', abbr: 'CET', duration: 7200 }],
      ['an empty timezone_string and gmt_offset 2: UTC+2', { timezone_string: '', gmt_offset: '2' },
        { start: '2026-12-01 10:00:00', end: '2026-12-01 12:00:00', startUtc: '2026-12-01 08:00:00', endUtc: '2026-12-01 10:00:00', tz: 'UTC+2', abbr: 'UTC+2', duration: 7200 }],
    ];
    for (const [label, options, stored] of SITE_ZONES) {
      it(`without timezone, stores the site zone (${label})`, async () => {
        // A server of its own: the site settings are read, then cached, at its first request.
        const site = await startTestServer(kind, { now: () => clock, siteUrl: SITE });
        try {
          for (const [name, value] of Object.entries(options)) await site.server.db.write((trx) => setOption(trx, name, value));
          const auth = await site.userWithRole('administrator', 'zone-admin');
          const res = await site.request('POST', `${NS}/events`, { auth, body: { title: 'Site zone', ...dates } });
          expect(res.status, res.text).to.equal(201);
          expect(res.json).to.include({ timezone: stored.tz, timezone_abbr: stored.abbr, utc_start_date: stored.startUtc });
          await expectStoredTime(site.server.db, res.json.id, stored);
        } finally {
          await site.close();
        }
      });
    }

    const SENT_ZONES: Array<[string, Record<string, string>, StoredTime]> = [
      ['UTC+5:30, a fixed offset that is its own abbreviation', { ...dates, timezone: 'UTC+5:30' },
        { start: '2026-12-01 10:00:00', end: '2026-12-01 12:00:00', startUtc: '2026-12-01 04:30:00', endUtc: '2026-12-01 06:30:00', tz: 'UTC+5:30', abbr: 'UTC+5:30', duration: 7200 }],
      ['UTC-3', { ...dates, timezone: 'UTC-3' },
        { start: '2026-12-01 10:00:00', end: '2026-12-01 12:00:00', startUtc: '2026-12-01 13:00:00', endUtc: '2026-12-01 15:00:00', tz: 'UTC-3', abbr: 'UTC-3', duration: 7200 }],
      // The plugin's duration is the elapsed time (issue 16, item 8): the 4 hours, not the 3 on the clock.
      ['America/New_York across the fall-back night, EDT at the start', { start_date: '2026-11-01 00:30', end_date: '2026-11-01 03:30', timezone: 'America/New_York' },
        { start: '2026-11-01 00:30:00', end: '2026-11-01 03:30:00', startUtc: '2026-11-01 04:30:00', endUtc: '2026-11-01 08:30:00', tz: 'America/New_York', abbr: 'EDT', duration: 14400 }],
      // Parsed in the zone as PHP's DateTime does: a wall time skipped by spring-forward moves on by the gap.
      ['America/New_York, a start in the spring-forward gap moves to 03:30 EDT', { start_date: '2026-03-08 02:30', end_date: '2026-03-08 04:30', timezone: 'America/New_York' },
        { start: '2026-03-08 03:30:00', end: '2026-03-08 04:30:00', startUtc: '2026-03-08 07:30:00', endUtc: '2026-03-08 08:30:00', tz: 'America/New_York', abbr: 'EDT', duration: 3600 }],
    ];
    for (const [label, body, stored] of SENT_ZONES) {
      it(`with timezone ${label}, on create and on update`, async () => {
        const created = await create({ title: 'Zoned', ...body });
        expect(created.status, created.text).to.equal(201);
        await expectStoredTime(db, created.json.id, stored);
        const earlier = (await create(SIMPLE)).json.id;
        const res = await t.request('PATCH', `${NS}/events/${earlier}`, { auth: admin, body });
        expect(res.status, res.text).to.equal(200);
        await expectStoredTime(db, earlier, stored);
      });
    }
  });

  // §6.1 / §7.1 validation, before anything is written (§2.1): a 400 naming the argument leaves
  // every table as it was, on create and on update alike. (An unknown category *name* is not bad
  // input: §6.2 creates the term.)
  describe('bad input writes nothing, on create and update', () => {
    // [argument, its message (§2.4: validators say "Invalid parameter.", type checks name the type), sent value]
    const BAD_INPUT: Array<[string, string, Record<string, unknown>]> = [
      ['venue', 'Invalid parameter.', { venue: 999999 }],
      ['organizer', 'Invalid parameter.', { organizer: [999999] }],
      ['organizer', 'Invalid parameter.', { organizer: [3.5] }],
      ['venue', 'Invalid parameter.', { venue: '12abc' }],
      ['start_date', 'Invalid parameter.', { start_date: 'not a date' }],
      // The validator (step 4) refuses a JSON number before the string type check (step 5) would.
      ['title', 'Invalid parameter.', { title: 5 }],
      ['all_day', 'all_day is not of type boolean.', { all_day: 'yes' }],
      ['timezone', 'Invalid parameter.', { timezone: 'Mars/Base' }],
    ];
    let target: number;
    before(async () => {
      const res = await create({ ...SIMPLE, title: 'Bad input target', organizer: [{ organizer: 'Bad Input Org' }], categories: 'Bad Input Cat' });
      expect(res.status, res.text).to.equal(201);
      target = res.json.id;
    });

    const snapshot = async () => ({
      counts: await countRows(db),
      posts: await db.kysely.selectFrom('posts').selectAll().orderBy('ID').execute(),
      meta: await metaRows(db, target),
      tec: await tecRows(db, target),
    });

    for (const [param, message, bad] of BAD_INPUT) {
      it(`${JSON.stringify(bad)} is 400 naming ${param}`, async () => {
        const before = await snapshot();
        const created = await create({ ...SIMPLE, title: 'Must not be created', ...bad });
        const updated = await t.request('PATCH', `${NS}/events/${target}`, { auth: admin, body: { excerpt: 'Must not be stored', ...bad } });
        for (const res of [created, updated]) {
          expectInvalid(res, [param]);
          expect(res.json.data.params[param]).to.equal(message);
        }
        expect(await snapshot()).to.deep.equal(before);
      });
    }

    it('an unknown category name is not bad input: the category is created and linked, on create and update', async () => {
      const created = await create({ ...SIMPLE, categories: ['no-such-category-name'] });
      expect(created.status, created.text).to.equal(201);
      expect(created.json.categories.map((c: { name: string }) => c.name)).to.deep.equal(['no-such-category-name']);
      const updated = await t.request('PATCH', `${NS}/events/${target}`, { auth: admin, body: { categories: ['no-such-category-either'] } });
      expect(updated.status, updated.text).to.equal(200);
      expect(updated.json.categories.map((c: { name: string }) => c.name)).to.deep.equal(['no-such-category-either']);
    });
  });

  describe('delete', () => {
    it('trashes (sample 24), answers 410 the second time (sample 25) and 403 on read (sample 27)', async () => {
      clock = new Date('2026-11-22T13:30:36Z');
      const created = await create({ title: 'Doomed Event', start_date: '2026-12-20 09:00:00', end_date: '2026-12-20 10:00:00' });
      expectLikeSample(created.json, sampleBody('23-create-event-201-to-delete.txt'));
      const id = created.json.id;
      const tecBefore = await tecRows(db, id);
      const res = await t.request('DELETE', `${NS}/events/${id}`, { auth: admin });
      expect(res.status, res.text).to.equal(200);
      expectLikeSample(res.json, sampleBody('24-event-delete-first.txt'));
      const meta = metaMap(await metaRows(db, id));
      expect(meta).to.deep.include({ _wp_trash_meta_status: ['publish'], _wp_trash_meta_time: [String(clock.getTime() / 1000)], _wp_desired_post_slug: ['doomed-event'] });
      expect(await tecRows(db, id)).to.deep.equal(tecBefore);
      const second = await t.request('DELETE', `${NS}/events/${id}`, { auth: admin });
      expect(second.json).to.deep.equal(sampleBody('25-event-delete-second.txt'));
      expect(second.status).to.equal(410);
      const read = await t.request('GET', `${NS}/events/${id}`);
      expect(read.json).to.deep.equal(sampleBody('27-event-get-trashed-anon.txt'));
      clock = NOW;
    });

    it('refuses anonymous callers with 401 (sample 26), and answers 404 / 400 for unknown or non-event IDs', async () => {
      const created = await create({ title: 'Safe', start_date: '2026-12-20 09:00:00', end_date: '2026-12-20 10:00:00' });
      const anon = await t.request('DELETE', `${NS}/events/${created.json.id}`);
      expect(anon.json).to.deep.equal(sampleBody('26-event-delete-401-anon.txt'));
      expect(anon.status).to.equal(401);
      expect((await postRow(db, created.json.id)).post_status).to.equal('publish');
      expectError(await t.request('DELETE', `${NS}/events/999999`, { auth: admin }), 404, 'rest-event-not-found', 'Event with ID 999999 does not exist.');
      const venue = await t.request('POST', `${NS}/venues`, { auth: admin, body: { venue: 'Still not an event' } });
      expectError(await t.request('DELETE', `${NS}/events/${venue.json.id}`, { auth: admin }), 400, 'rest-invalid-event-id');
    });

    it('trashes by slug; the old slug is then 400 slug', async () => {
      const created = await create({ title: 'Slug Doomed', start_date: '2026-12-20 09:00:00', end_date: '2026-12-20 10:00:00' });
      const res = await t.request('DELETE', `${NS}/events/by-slug/slug-doomed`, { auth: admin });
      expect(res.status, res.text).to.equal(200);
      expect(res.json).to.include({ id: created.json.id, status: 'trash', slug: 'slug-doomed__trashed' });
      expectInvalid(await t.request('DELETE', `${NS}/events/by-slug/slug-doomed`, { auth: admin }), ['slug']);
    });

    it('recounts the terms of a trashed event', async () => {
      const created = await create({ title: 'Counted', start_date: '2026-12-20 09:00:00', end_date: '2026-12-20 10:00:00', tags: 'Trash Count Tag' });
      expect(created.json.tags[0].count).to.equal(1);
      await t.request('DELETE', `${NS}/events/${created.json.id}`, { auth: admin });
      const row = await db.kysely.selectFrom('term_taxonomy').select('count').where('term_taxonomy_id', '=', created.json.tags[0].term_taxonomy_id).executeTakeFirstOrThrow();
      expect(Number(row.count)).to.equal(0);
    });
  });

  describe('permissions', () => {
    const body = { title: 'Perm', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' };
    let roles: Record<string, string>;
    before(async () => {
      roles = {
        subscriber: await t.userWithRole('subscriber', 'sub1'),
        contributor: await t.userWithRole('contributor', 'contrib1'),
        author: await t.userWithRole('author', 'author1'),
        editor: await t.userWithRole('editor', 'editor1'),
      };
    });

    it('create: anonymous 401 (sample 05), subscriber 403, others 201', async () => {
      const anon = await t.request('POST', `${NS}/events`, { body: { title: 'Anon', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' } });
      expect(anon.json).to.deep.equal(sampleBody('05-create-401-anon.txt'));
      expect(anon.status).to.equal(401);
      expectError(await create(body, roles.subscriber), 403, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
      for (const role of ['contributor', 'author', 'editor']) expect((await create(body, roles[role])).status, role).to.equal(201);
    });

    it('scales the status back for a contributor: nothing → draft, publish → pending, private kept', async () => {
      expect((await create(body, roles.contributor)).json.status).to.equal('draft');
      expect((await create({ ...body, status: 'publish' }, roles.contributor)).json.status).to.equal('pending');
      expect((await create({ ...body, status: 'future' }, roles.contributor)).json.status).to.equal('pending');
      expect((await create({ ...body, status: 'private' }, roles.contributor)).json.status).to.equal('private');
      expect((await create({ ...body, status: 'draft' }, roles.author)).json.status).to.equal('draft');
      expect((await create(body, roles.author)).json.status).to.equal('publish');
    });

    it('update: contributor edits own draft only; author own only; editor anyone', async () => {
      const own = (await create(body, roles.contributor)).json.id;
      const adminEvent = (await create(body)).json.id;
      const authorPublished = (await create(body, roles.author)).json.id;
      const edit = (id: number, auth: string | undefined, extra = {}) => t.request('PATCH', `${NS}/events/${id}`, { auth, body: { excerpt: 'e', ...extra } });
      expect((await edit(own, undefined)).status).to.equal(401);
      expect((await edit(own, roles.subscriber)).status).to.equal(403);
      expect((await edit(own, roles.contributor)).status).to.equal(200);
      const scaled = await edit(own, roles.contributor, { status: 'publish' });
      expect(scaled.json.status).to.equal('pending');
      expect((await edit(adminEvent, roles.contributor)).status).to.equal(403);
      const ownPublished = (await create({ ...body, status: 'publish' }, roles.author)).json.id;
      await t.request('PATCH', `${NS}/events/${ownPublished}`, { auth: admin, body: { author: (await findUserByLogin(db.kysely, 'contrib1'))!.ID } });
      expect((await edit(ownPublished, roles.contributor)).status).to.equal(403);
      expect((await edit(authorPublished, roles.author)).status).to.equal(200);
      expect((await edit(adminEvent, roles.author)).status).to.equal(403);
      expect((await edit(adminEvent, roles.editor)).status).to.equal(200);
      expect((await edit(999999, roles.contributor)).status).to.equal(404);
      expect((await edit(999999, roles.subscriber)).status).to.equal(403);
    });

    it('delete: contributor cannot trash an administrator’s event, author its own published one', async () => {
      const adminEvent = (await create(body)).json.id;
      const authorEvent = (await create(body, roles.author)).json.id;
      expect((await t.request('DELETE', `${NS}/events/${adminEvent}`, { auth: roles.contributor })).status).to.equal(403);
      expect((await t.request('DELETE', `${NS}/events/${adminEvent}`, { auth: roles.author })).status).to.equal(403);
      expect((await t.request('DELETE', `${NS}/events/${authorEvent}`, { auth: roles.author })).status).to.equal(200);
      expect((await t.request('DELETE', `${NS}/events/${adminEvent}`, { auth: roles.editor })).status).to.equal(200);
    });

    it('by slug keeps the ownership check (wpcal does not copy the plugin’s general-capability-only check)', async () => {
      const adminEvent = (await create({ ...body, title: 'Owned By Admin' })).json;
      const patch = await t.request('PATCH', `${NS}/events/by-slug/${adminEvent.slug}`, { auth: roles.contributor, body: { title: 'Hijacked' } });
      expectError(patch, 403, 'rest_forbidden');
      expectError(await t.request('DELETE', `${NS}/events/by-slug/${adminEvent.slug}`, { auth: roles.contributor }), 403, 'rest_forbidden');
      expect((await postRow(db, adminEvent.id))).to.include({ post_title: 'Owned By Admin', post_status: 'publish' });
      expectError(await t.request('DELETE', `${NS}/events/by-slug/${adminEvent.slug}`), 401, 'rest_forbidden');
      expect((await t.request('PATCH', `${NS}/events/by-slug/${adminEvent.slug}`, { auth: roles.editor, body: { excerpt: 'ok' } })).status).to.equal(200);
    });

    it('advertises the permitted methods in Allow', async () => {
      const id = (await create(body)).json.id;
      const res = await t.request('DELETE', `${NS}/events/${id}`, { auth: admin });
      expect(res.headers.get('allow')).to.equal('GET, DELETE, POST, PUT, PATCH');
      const created = await create(body, roles.contributor);
      expect(created.headers.get('allow')).to.equal('GET, POST');
    });
  });

  describe('permission matrix: role × status × own/others', () => {
    const ROLES = ['subscriber', 'contributor', 'author', 'editor', 'administrator'] as const;
    type Role = typeof ROLES[number];
    type Actor = Role | 'anonymous';
    const STATUSES = ['publish', 'draft', 'private', 'password', 'trash'] as const;
    type Status = typeof STATUSES[number];
    const auth = {} as Record<Role, string>;
    const userIds = {} as Record<Role, number>;
    const body = { start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' };

    before(async () => {
      for (const role of ROLES) {
        auth[role] = await t.userWithRole(role, `matrix-${role}`);
        userIds[role] = Number((await findUserByLogin(db.kysely, `matrix-${role}`))!.ID);
      }
    });

    /** An event of `owner`: `password` is published with a password, `trash` was published, then trashed. */
    async function eventOf(owner: Role, status: Status): Promise<number> {
      const stored = status === 'password' || status === 'trash' ? 'publish' : status;
      const res = await create({ ...body, title: `Matrix ${owner} ${status}`, author: userIds[owner], status: stored });
      expect(res.status, res.text).to.equal(201);
      const id = res.json.id as number;
      if (status === 'password') await db.kysely.updateTable('posts').set({ post_password: 'pw' }).where('ID', '=', id).execute();
      if (status === 'trash') expect((await t.request('DELETE', `${NS}/events/${id}`, { auth: admin })).status).to.equal(200);
      return id;
    }

    /** Whose event an actor's "others'" column uses: an administrator's (an editor's for administrators). */
    const otherOwner = (actor: Actor): Role => (actor === 'administrator' ? 'editor' : 'administrator');

    /** The statuses answered for each event status, as a space-separated row in STATUSES order. */
    async function row(actor: Actor, own: boolean, attempt: (id: number, auth: string | undefined) => Promise<HttpResult>, check?: (id: number, res: HttpResult, seeded: Status) => Promise<void>): Promise<string> {
      const codes: number[] = [];
      for (const status of STATUSES) {
        const id = await eventOf(own ? actor as Role : otherOwner(actor), status);
        const res = await attempt(id, actor === 'anonymous' ? undefined : auth[actor]);
        if (res.status === 401 || res.status === 403) expect(res.json.code, `${actor} ${status}`).to.equal('rest_forbidden');
        await check?.(id, res, status);
        codes.push(res.status);
      }
      return codes.join(' ');
    }

    const edit = (id: number, token: string | undefined) => t.request('PATCH', `${NS}/events/${id}`, { auth: token, body: { excerpt: 'edited' } });
    /** A refused edit leaves the row alone; an accepted one stores the excerpt. */
    const excerptChanged = async (id: number, res: HttpResult) => {
      expect((await postRow(db, id)).post_excerpt, `event ${id}`).to.equal(res.status === 200 ? 'edited' : '');
    };

    //                                 publish draft private password trash
    const EDIT_OWN: Record<Role, string> = {
      subscriber: '403 403 403 403 403',
      contributor: '403 200 200 403 403',
      author: '200 200 200 200 200',
      editor: '200 200 200 200 200',
      administrator: '200 200 200 200 200',
    };
    const EDIT_OTHERS: Record<Actor, string> = {
      anonymous: '401 401 401 401 401',
      subscriber: '403 403 403 403 403',
      contributor: '403 403 403 403 403',
      author: '403 403 403 403 403',
      editor: '200 200 200 200 200',
      administrator: '200 200 200 200 200',
    };
    // Permission comes first, so a trashed event answers 410 only to whoever may delete it.
    const DELETE_OWN: Record<Role, string> = {
      subscriber: '403 403 403 403 403',
      contributor: '403 200 200 403 403',
      author: '200 200 200 200 410',
      editor: '200 200 200 200 410',
      administrator: '200 200 200 200 410',
    };
    const DELETE_OTHERS: Record<Actor, string> = {
      anonymous: '401 401 401 401 401',
      subscriber: '403 403 403 403 403',
      contributor: '403 403 403 403 403',
      author: '403 403 403 403 403',
      editor: '200 200 200 200 410',
      administrator: '200 200 200 200 410',
    };

    it('update (PATCH /events/{id})', async () => {
      const own: Record<string, string> = {};
      const others: Record<string, string> = {};
      for (const role of ROLES) own[role] = await row(role, true, edit, excerptChanged);
      for (const actor of ['anonymous', ...ROLES] as const) others[actor] = await row(actor, false, edit, excerptChanged);
      expect(own).to.deep.equal(EDIT_OWN);
      expect(others).to.deep.equal(EDIT_OTHERS);
    });

    it('delete (DELETE /events/{id})', async () => {
      const trash = (id: number, token: string | undefined) => t.request('DELETE', `${NS}/events/${id}`, { auth: token });
      /**
       * Afterwards the event is in the trash exactly when it was seeded there or the delete was allowed;
       * a refused delete leaves the trash meta as seeded (one row each for a trashed event, none otherwise).
       */
      const trashedOnlyWhenAllowed = async (id: number, res: HttpResult, seeded: Status) => {
        expect((await postRow(db, id)).post_status === 'trash', `event ${id}`).to.equal(res.status === 200 || seeded === 'trash');
        if (res.status === 200) return;
        const trashMeta = (await metaRows(db, id)).filter(([key]) => key.startsWith('_wp_trash_meta_')).map(([key]) => key);
        expect(trashMeta, `event ${id}`).to.deep.equal(seeded === 'trash' ? ['_wp_trash_meta_status', '_wp_trash_meta_time'] : []);
      };
      const own: Record<string, string> = {};
      const others: Record<string, string> = {};
      for (const role of ROLES) own[role] = await row(role, true, trash, trashedOnlyWhenAllowed);
      for (const actor of ['anonymous', ...ROLES] as const) others[actor] = await row(actor, false, trash, trashedOnlyWhenAllowed);
      expect(own).to.deep.equal(DELETE_OWN);
      expect(others).to.deep.equal(DELETE_OTHERS);
    });

    it('create (POST /events) with each status: scale-back below author, as requested from author up', async () => {
      const created: Record<string, string> = {};
      for (const actor of ['anonymous', ...ROLES] as const) {
        const results: string[] = [];
        for (const status of [undefined, 'publish', 'draft', 'private', 'trash']) {
          const sent = { ...body, title: `Created ${actor}`, ...(status ? { status } : {}) };
          const res = await t.request('POST', `${NS}/events`, { body: sent, auth: actor === 'anonymous' ? undefined : auth[actor] });
          results.push(res.status === 201 ? res.json.status : String(res.status));
        }
        created[actor] = results.join(' ');
      }
      //                       (none)  publish  draft private trash
      expect(created).to.deep.equal({
        anonymous: '401 401 401 401 401',
        subscriber: '403 403 403 403 403',
        contributor: 'draft pending draft private trash',
        author: 'publish publish draft private trash',
        editor: 'publish publish draft private trash',
        administrator: 'publish publish draft private trash',
      });
    });
  });

  describe('HTML filtering (kses) for users without unfiltered_html', () => {
    const dates = { start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' };
    const dirty = {
      title: 'Party <script>alert(1)</script><b onclick="x()">now</b>',
      description: '<p onclick="steal()" class="intro">Hi <a href="javascript:alert(1)" title="t">there</a></p><script>evil()</script><iframe src="http://evil.example/"></iframe>',
      excerpt: '<em onmouseover="x()">Short</em><style>body{}</style>',
    };
    let contributor: string;
    let author: string;
    let editor: string;
    before(async () => {
      contributor = await t.userWithRole('contributor', 'kses-contributor');
      author = await t.userWithRole('author', 'kses-author');
      editor = await t.userWithRole('editor', 'kses-editor');
    });

    it('filters title, description and excerpt of contributors and authors, on create and update', async () => {
      for (const role of [contributor, author]) {
        const res = await create({ ...dates, ...dirty }, role);
        expect(res.status, res.text).to.equal(201);
        const row = await postRow(db, res.json.id);
        expect(row.post_title).to.equal('Party alert(1)<b>now</b>');
        expect(row.post_content).to.equal('<p class="intro">Hi <a href="alert(1)" title="t">there</a></p>evil()');
        expect(row.post_excerpt).to.equal('<em>Short</em>body{}');
        expect(row.post_name).to.equal(res.json.status === 'draft' ? '' : 'party-alert1now');
        expect(res.json.title).to.equal('Party alert(1)<b>now</b>');
        expect(res.json.description).to.not.match(/script|onclick|javascript|iframe/);
        const updated = await t.request('PATCH', `${NS}/events/${res.json.id}`, { auth: role, body: { description: '<div onclick="x">New</div><script>y()</script>' } });
        expect(updated.status, updated.text).to.equal(200);
        expect((await postRow(db, res.json.id)).post_content).to.equal('<div>New</div>y()');
      }
    });

    it('keeps the raw HTML of editors and administrators', async () => {
      for (const role of [editor, admin]) {
        const res = await create({ ...dates, ...dirty }, role);
        expect(res.status, res.text).to.equal(201);
        const row = await postRow(db, res.json.id);
        expect([row.post_title, row.post_content, row.post_excerpt]).to.deep.equal([dirty.title, dirty.description, dirty.excerpt]);
      }
    });

    it('filters the inline venue and organizer a contributor creates with the event', async () => {
      const res = await create({
        ...dates, title: 'Inline kses',
        venue: { venue: 'Hall <script>x</script>', description: '<p onclick="y">Big hall</p>' },
        organizer: [{ organizer: '<i onmouseover="z">Org</i>', description: '<a href="javascript:void(0)">me</a>' }],
      }, contributor);
      expect(res.status, res.text).to.equal(201);
      const venue = await postRow(db, res.json.venue.id);
      expect([venue.post_title, venue.post_content]).to.deep.equal(['Hall x', '<p>Big hall</p>']);
      const organizer = await postRow(db, res.json.organizer[0].id);
      expect([organizer.post_title, organizer.post_content]).to.deep.equal(['<i>Org</i>', '<a href="void(0)">me</a>']);
    });
  });

  describe('trash and back', () => {
    const dates = { start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' };
    const trashMeta = async (id: number) => {
      const meta = metaMap(await metaRows(db, id));
      return ['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug'].filter((key) => key in meta);
    };

    it('an update out of the trash restores the original slug and drops the trash bookkeeping', async () => {
      const created = await create({ ...dates, title: 'Round Trip' });
      const id = created.json.id;
      expect((await t.request('DELETE', `${NS}/events/${id}`, { auth: admin })).status).to.equal(200);
      expect(await trashMeta(id)).to.deep.equal(['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug']);
      const back = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { status: 'publish' } });
      expect(back.status, back.text).to.equal(200);
      expect(back.json).to.include({ status: 'publish', slug: 'round-trip', url: `${SITE}/event/round-trip/` });
      expect(await trashMeta(id)).to.deep.equal([]);
      const bySlug = await t.request('GET', `${NS}/events/by-slug/round-trip`);
      expect(bySlug.status, bySlug.text).to.equal(200);
      expect(bySlug.json.id).to.equal(id);
    });

    it('the restored slug wins over a sent slug, is made unique when taken, and stays as is for a draft', async () => {
      const first = (await create({ ...dates, title: 'Taken Slug' })).json.id;
      await t.request('DELETE', `${NS}/events/${first}`, { auth: admin });
      const second = await create({ ...dates, title: 'Taken Slug' });
      expect(second.json.slug).to.equal('taken-slug');
      const back = await t.request('POST', `${NS}/events/${first}`, { auth: admin, body: { status: 'publish', slug: 'other-slug' } });
      expect(back.json.slug).to.equal('taken-slug-2');

      const drafted = (await create({ ...dates, title: 'Draft Return' })).json.id;
      await t.request('DELETE', `${NS}/events/${drafted}`, { auth: admin });
      const asDraft = await t.request('PATCH', `${NS}/events/${drafted}`, { auth: admin, body: { status: 'draft' } });
      expect(asDraft.json.status).to.equal('draft');
      expect((await postRow(db, drafted)).post_name).to.equal('draft-return');
      expect(await trashMeta(drafted)).to.deep.equal([]);
    });

    it('an update into the trash suffixes the slug and remembers it; an update that stays in the trash keeps it', async () => {
      const id = (await create({ ...dates, title: 'Status Trash' })).json.id;
      const trashed = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { status: 'trash' } });
      expect(trashed.json).to.include({ status: 'trash', slug: 'status-trash__trashed' });
      expect(metaMap(await metaRows(db, id))._wp_desired_post_slug).to.deep.equal(['status-trash']);
      const still = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { excerpt: 'in the bin' } });
      expect(still.json).to.include({ status: 'trash', slug: 'status-trash__trashed' });
      const back = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { status: 'publish' } });
      expect(back.json).to.include({ status: 'publish', slug: 'status-trash' });
      expect(await trashMeta(id)).to.deep.equal([]);
    });

    it('a contributor may not take an event out of the trash that was published (403, nothing changes)', async () => {
      const contributorAuth = await t.userWithRole('contributor', 'trash-contributor');
      const contributorId = Number((await findUserByLogin(db.kysely, 'trash-contributor'))!.ID);
      const id = (await create({ ...dates, title: 'Published Then Trashed', author: contributorId })).json.id;
      await t.request('DELETE', `${NS}/events/${id}`, { auth: admin });
      const before = await metaRows(db, id);
      expectError(await t.request('PATCH', `${NS}/events/${id}`, { auth: contributorAuth, body: { status: 'draft' } }), 403, 'rest_forbidden');
      expect(await metaRows(db, id)).to.deep.equal(before);
      expect((await postRow(db, id)).post_name).to.equal('published-then-trashed__trashed');
    });
  });
});
