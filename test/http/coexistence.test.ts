// Co-existence with WordPress: every write route leaves the rows WordPress + TEC would have
// written (wp_insert_post / wp_update_post / wp_trash_post columns, TEC meta, TEC 6 rows, term
// counts, TEC's `tribe_last_save_post` cache key), on the fixture site (America/Los_Angeles).
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import type { PostRow } from '../../src/data/tables.ts';
import { forEachDatabase } from '../support/databases.ts';
import { loadWordPressSite } from '../support/load-sql.ts';
import { basicAuth, startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
const HOME = 'http://wordpress.test';
const LA = 'America/Los_Angeles';
const ED = basicAuth('ed', 'abcdEFGH1234ijklMNOP5678');

/** The request clock; each write moves it so that modified dates and cache keys can be told apart. */
let clock = new Date('2026-11-22T13:30:35Z');
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
/** `tec_occurrences.hash` as events.md §9.3 documents it: SHA-1 hex of the values joined by `:`. */
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** The wp_posts columns wp_insert_post fills the same way for every TEC post type. */
const INSERT_DEFAULTS = {
  post_password: '', to_ping: '', pinged: '', post_content_filtered: '', post_parent: 0, menu_order: 0,
  post_mime_type: '', comment_count: 0, post_excerpt: '',
};

forEachDatabase('co-existence: what the write routes store', (kind) => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(kind, { now: () => clock, before: (database) => loadWordPressSite(database, 'wp_', ['calendar.sql']) });
  });
  after(async () => t?.close());

  const db = () => t.server.db.kysely;

  async function post(id: number): Promise<Omit<PostRow, 'ID'>> {
    const { ID: _id, ...row } = (await db().selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirstOrThrow());
    return { ...row, post_author: Number(row.post_author), post_parent: Number(row.post_parent) };
  }

  /** The post's meta rows in order, but for TEC's tracker note, which plugin-rows.test.ts checks. */
  async function meta(id: number): Promise<Array<[string, string]>> {
    const rows = await db().selectFrom('postmeta').select(['meta_key', 'meta_value']).where('post_id', '=', id)
      .where('meta_key', '!=', '_tribe_modified_fields').orderBy('meta_id').execute();
    return rows.map((row) => [row.meta_key ?? '', row.meta_value ?? '']);
  }

  async function counts(): Promise<Record<number, number>> {
    const rows = await db().selectFrom('term_taxonomy').select(['term_taxonomy_id', 'count']).execute();
    return Object.fromEntries(rows.map((row) => [Number(row.term_taxonomy_id), Number(row.count)]));
  }

  async function saveCacheKey(): Promise<string | undefined> {
    const row = await db().selectFrom('options').select('option_value').where('option_name', '=', 'tribe_last_save_post').executeTakeFirst();
    return row?.option_value;
  }

  async function tecRows(id: number) {
    return {
      event: await db().selectFrom('tec_events').select(['start_date', 'end_date', 'timezone', 'start_date_utc', 'end_date_utc', 'duration', 'hash', 'updated_at'])
        .where('post_id', '=', id).execute(),
      occurrences: await db().selectFrom('tec_occurrences').select(['start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'duration', 'hash', 'updated_at'])
        .where('post_id', '=', id).execute(),
    };
  }

  async function write(method: string, path: string, body: unknown, at: string): Promise<{ status: number; json: any }> {
    clock = new Date(at);
    const res = await t.request(method, `${API}/${path}`, { body, auth: ED });
    return { status: res.status, json: res.json };
  }

  describe('events', () => {
    let id: number;

    it('POST /events stores the post, meta, TEC 6 rows and counts of wp_insert_post + TEC', async () => {
      const before = await counts();
      const res = await write('POST', 'events', {
        title: 'Carol Service', description: '<p>Carols</p>', excerpt: 'Sing along', start_date: '2026-12-24 18:00:00',
        end_date: '2026-12-24 20:00:00', venue: 11, organizer: [12], categories: [2], tags: [3], cost: '15',
        website: 'http://example.com/carols', featured: true,
      }, '2026-11-22T13:30:35Z');
      expect(res.status, JSON.stringify(res.json)).to.equal(201);
      id = res.json.id;
      expect(await post(id)).to.deep.equal({
        ...INSERT_DEFAULTS,
        post_author: 2, post_date: '2026-11-22 05:30:35', post_date_gmt: '2026-11-22 13:30:35',
        post_content: '<p>Carols</p>', post_title: 'Carol Service', post_excerpt: 'Sing along', post_status: 'publish',
        // closed: TEC gives events comment support only with its showComments option (off on this site).
        comment_status: 'closed', ping_status: 'closed', post_name: 'carol-service',
        post_modified: '2026-11-22 05:30:35', post_modified_gmt: '2026-11-22 13:30:35',
        guid: `${HOME}/event/carol-service/`, post_type: 'tribe_events',
      });
      expect(await meta(id)).to.have.deep.members([
        ['_EventStartDate', '2026-12-24 18:00:00'], ['_EventEndDate', '2026-12-24 20:00:00'],
        ['_EventStartDateUTC', '2026-12-25 02:00:00'], ['_EventEndDateUTC', '2026-12-25 04:00:00'],
        ['_EventDuration', '7200'], ['_EventTimezone', LA], ['_EventTimezoneAbbr', 'PST'],
        ['_EventVenueID', '11'], ['_EventOrganizerID', '12'], ['_EventShowMap', ''], ['_EventShowMapLink', ''],
        ['_EventCost', '15'], ['_EventURL', 'http://example.com/carols'], ['_EventOrigin', 'events-calendar'], ['_tribe_featured', '1'],
      ]);
      const hash = sha1(`${id}:2026-12-24 18:00:00:2026-12-24 20:00:00:2026-12-25 02:00:00:2026-12-25 04:00:00:7200`);
      const dates = { start_date: '2026-12-24 18:00:00', end_date: '2026-12-24 20:00:00', start_date_utc: '2026-12-25 02:00:00', end_date_utc: '2026-12-25 04:00:00', duration: 7200 };
      expect(await tecRows(id)).to.deep.equal({
        event: [{ ...dates, timezone: LA, hash: '', updated_at: '2026-11-22 13:30:35' }],
        occurrences: [{ ...dates, hash, updated_at: '2026-11-22 13:30:35' }],
      });
      expect(await counts()).to.deep.equal({ ...before, 2: before[2]! + 1, 3: before[3]! + 1 });
      expect(await saveCacheKey()).to.equal(String(unix(clock)));
    });

    it('POST /events/{id} stores what the plugin\'s update does: new post and modified dates, omitted fields reset, the rest kept', async () => {
      const before = { post: await post(id), meta: await meta(id), rows: await tecRows(id) };
      const res = await write('POST', `events/${id}`, { title: 'Carol Night', cost: '$20' }, '2026-11-23T10:00:00Z');
      expect(res.status, JSON.stringify(res.json)).to.equal(200);
      const now = { local: '2026-11-23 02:00:00', gmt: '2026-11-23 10:00:00' };
      expect(await post(id)).to.deep.equal({
        ...before.post, post_title: 'Carol Night', post_date: now.local, post_date_gmt: now.gmt, post_modified: now.local, post_modified_gmt: now.gmt,
      });
      // Organizers, website and featured were not sent: unlinked, emptied, removed.
      const expectedMeta = before.meta.filter(([key]) => !['_EventCost', '_EventOrganizerID', '_tribe_featured'].includes(key))
        .map(([key, value]): [string, string] => [key, key === '_EventURL' ? '' : value])
        .concat([['_EventCost', '$20'], ['_EventCurrencySymbol', '$'], ['_EventCurrencyPosition', 'prefix']]);
      expect(await meta(id)).to.have.deep.members(expectedMeta);
      expect(await tecRows(id), 'dates not sent: rows untouched').to.deep.equal(before.rows);
      expect(await saveCacheKey()).to.equal(String(unix(clock)));
    });

    it('POST /events/{id} with new dates rewrites the meta and both TEC 6 rows', async () => {
      const res = await write('POST', `events/${id}`, { start_date: '2026-12-24 19:00:00', end_date: '2026-12-24 21:30:00', timezone: 'Europe/Paris' }, '2026-11-23T11:00:00Z');
      expect(res.status, JSON.stringify(res.json)).to.equal(200);
      const stored = new Map(await meta(id));
      expect(Object.fromEntries(['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration', '_EventTimezone', '_EventTimezoneAbbr'].map((key) => [key, stored.get(key)]))).to.deep.equal({
        _EventStartDate: '2026-12-24 19:00:00', _EventEndDate: '2026-12-24 21:30:00', _EventStartDateUTC: '2026-12-24 18:00:00',
        _EventEndDateUTC: '2026-12-24 20:30:00', _EventDuration: '9000', _EventTimezone: 'Europe/Paris', _EventTimezoneAbbr: 'CET',
      });
      const rows = await tecRows(id);
      expect(rows.event).to.deep.equal([{
        start_date: '2026-12-24 19:00:00', end_date: '2026-12-24 21:30:00', timezone: 'Europe/Paris', start_date_utc: '2026-12-24 18:00:00',
        end_date_utc: '2026-12-24 20:30:00', duration: 9000, hash: '', updated_at: '2026-11-23 11:00:00',
      }]);
      expect(rows.occurrences).to.have.length(1);
      expect(rows.occurrences[0]!.hash).to.equal(sha1(`${id}:2026-12-24 19:00:00:2026-12-24 21:30:00:2026-12-24 18:00:00:2026-12-24 20:30:00:9000`));
    });

    it('DELETE /events/{id} stores what wp_trash_post does and recounts the terms', async () => {
      const before = { post: await post(id), meta: await meta(id), rows: await tecRows(id), counts: await counts() };
      const res = await write('DELETE', `events/${id}`, undefined, '2026-11-24T12:00:00Z');
      expect(res.status, JSON.stringify(res.json)).to.equal(200);
      expect(await post(id)).to.deep.equal({
        ...before.post, post_status: 'trash', post_name: 'carol-service__trashed',
        post_modified: '2026-11-24 04:00:00', post_modified_gmt: '2026-11-24 12:00:00',
      });
      // TEC's Ignored Events note the status first, on wp_trash_post (issue 16, item 8).
      expect(await meta(id)).to.deep.equal([
        ...before.meta,
        ['_tribe_ignored_event_previous_status', 'publish'],
        ['_wp_trash_meta_status', 'publish'], ['_wp_trash_meta_time', String(unix(clock))], ['_wp_desired_post_slug', 'carol-service'],
      ]);
      expect(await tecRows(id), 'trashing keeps the TEC 6 rows').to.deep.equal(before.rows);
      expect(await counts()).to.deep.equal({ ...before.counts, 2: before.counts[2]! - 1, 3: before.counts[3]! - 1 });
      expect(await saveCacheKey()).to.equal(String(unix(clock)));
    });

    it('leaves the rows of other posts and other plugins alone', async () => {
      expect(await meta(18)).to.deep.equal([['_edit_lock', '1761900000:1'], ['_EventStartDate', '2026-12-01 10:00:00']]);
      expect(await meta(23)).to.deep.equal([['_price', '12'], ['_EventStartDate', '2026-12-01 10:00:00'], ['_EventEndDate', '2026-12-01 11:00:00']]);
      expect((await meta(13)).find(([key]) => key === '_yoast_wpseo_title')).to.deep.equal(['_yoast_wpseo_title', 'Jazz Night tickets']);
      expect((await post(18)).post_modified).to.equal('2026-11-01 09:00:00');
    });
  });

  describe('venues and organizers', () => {
    let venue: number;
    let organizer: number;

    it('POST /venues stores a tribe_venue post and the venue meta', async () => {
      const res = await write('POST', 'venues', {
        venue: 'Town Hall', description: 'Old hall', address: '2 High St', city: 'Shelbyville', country: 'US', state: 'IL',
        zip: '62565', phone: '555-0111', website: 'http://example.com/town',
      }, '2026-11-25T08:00:00Z');
      expect(res.status, JSON.stringify(res.json)).to.equal(201);
      venue = res.json.id;
      expect(await post(venue)).to.deep.equal({
        ...INSERT_DEFAULTS,
        post_author: 2, post_date: '2026-11-25 00:00:00', post_date_gmt: '2026-11-25 08:00:00', post_content: 'Old hall',
        post_title: 'Town Hall', post_status: 'publish', comment_status: 'closed', ping_status: 'closed', post_name: 'town-hall',
        post_modified: '2026-11-25 00:00:00', post_modified_gmt: '2026-11-25 08:00:00', guid: `${HOME}/venue/town-hall/`, post_type: 'tribe_venue',
      });
      expect(await meta(venue)).to.have.deep.members([
        ['_VenueDescription', 'Old hall'], ['_VenueAddress', '2 High St'], ['_VenueCity', 'Shelbyville'], ['_VenueCountry', 'US'], ['_VenueState', 'IL'], ['_VenueZip', '62565'],
        ['_VenuePhone', '555-0111'], ['_VenueURL', 'http://example.com/town'], ['_VenueStateProvince', 'IL'],
        ['_VenueShowMap', '1'], ['_EventShowMap', '1'], ['_VenueShowMapLink', '1'], ['_EventShowMapLink', '1'],
        ['_VenueOrigin', 'events-calendar'],
      ]);
      expect(await saveCacheKey()).to.equal(String(unix(clock)));
    });

    it('POST /organizers stores a tribe_organizer post and the organizer meta', async () => {
      const res = await write('POST', 'organizers', {
        organizer: 'Choir Guild', phone: '555-0122', website: 'http://example.com/choir', email: 'choir@example.com',
      }, '2026-11-25T09:00:00Z');
      expect(res.status, JSON.stringify(res.json)).to.equal(201);
      organizer = res.json.id;
      expect(await post(organizer)).to.deep.equal({
        ...INSERT_DEFAULTS,
        post_author: 2, post_date: '2026-11-25 01:00:00', post_date_gmt: '2026-11-25 09:00:00', post_content: '',
        post_title: 'Choir Guild', post_status: 'publish', comment_status: 'closed', ping_status: 'closed', post_name: 'choir-guild',
        post_modified: '2026-11-25 01:00:00', post_modified_gmt: '2026-11-25 09:00:00', guid: `${HOME}/organizer/choir-guild/`, post_type: 'tribe_organizer',
      });
      expect(await meta(organizer)).to.have.deep.members([
        ['_OrganizerPhone', '555-0122'], ['_OrganizerWebsite', 'http://example.com/choir'], ['_OrganizerEmail', 'choir@example.com'],
        ['_OrganizerOrigin', 'events-calendar'],
      ]);
    });

    it('POST /venues/{id} and /organizers/{id} change the sent fields, what the plugin resets and the modified dates', async () => {
      const before = { venue: await post(venue), venueMeta: await meta(venue), organizer: await post(organizer) };
      const res = await write('POST', `venues/${venue}`, { city: 'Capital City' }, '2026-11-26T10:00:00Z');
      expect(res.status, JSON.stringify(res.json)).to.equal(200);
      expect(await post(venue)).to.deep.equal({ ...before.venue, post_modified: '2026-11-26 02:00:00', post_modified_gmt: '2026-11-26 10:00:00' });
      // _VenueStateProvince is recomputed from the sent fields alone: no state sent, none stored.
      const changed: Record<string, string> = { _VenueCity: 'Capital City', _VenueStateProvince: '' };
      expect(await meta(venue)).to.have.deep.members(before.venueMeta.map(([key, value]) => [key, changed[key] ?? value]));
      expect(await saveCacheKey()).to.equal(String(unix(clock)));
      const renamed = await write('POST', `organizers/${organizer}`, { organizer: 'Choir Guild of Shelbyville' }, '2026-11-26T11:00:00Z');
      expect(renamed.status, JSON.stringify(renamed.json)).to.equal(200);
      expect(await post(organizer)).to.deep.equal({
        ...before.organizer, post_title: 'Choir Guild of Shelbyville', post_modified: '2026-11-26 03:00:00', post_modified_gmt: '2026-11-26 11:00:00',
      });
    });

    it('DELETE /venues/{id} and /organizers/{id} trash as WordPress does', async () => {
      for (const [path, id, slug] of [['venues', venue, 'town-hall'], ['organizers', organizer, 'choir-guild']] as const) {
        const before = { post: await post(id), meta: await meta(id) };
        const res = await write('DELETE', `${path}/${id}`, undefined, '2026-11-27T12:00:00Z');
        expect(res.status, JSON.stringify(res.json)).to.equal(200);
        expect(await post(id)).to.deep.equal({
          ...before.post, post_status: 'trash', post_name: `${slug}__trashed`, post_modified: '2026-11-27 04:00:00', post_modified_gmt: '2026-11-27 12:00:00',
        });
        expect(await meta(id)).to.deep.equal([
          ...before.meta, ['_wp_trash_meta_status', 'publish'], ['_wp_trash_meta_time', String(unix(clock))], ['_wp_desired_post_slug', slug],
        ]);
      }
    });
  });

  describe('categories and tags', () => {
    it('POST /categories and /tags store the term rows WordPress does, with a zero count', async () => {
      for (const [path, taxonomy] of [['categories', 'tribe_events_cat'], ['tags', 'post_tag']] as const) {
        const res = await write('POST', path, { name: 'Carols & Hymns', description: 'Seasonal' }, '2026-11-28T08:00:00Z');
        expect(res.status, JSON.stringify(res.json)).to.equal(201);
        const id: number = res.json.id;
        const term = await db().selectFrom('terms').select(['name', 'slug', 'term_group']).where('term_id', '=', id).execute();
        expect(term).to.deep.equal([{ name: 'Carols &amp; Hymns', slug: 'carols-hymns', term_group: 0 }]);
        const row = await db().selectFrom('term_taxonomy').select(['term_id', 'taxonomy', 'description', 'parent', 'count']).where('term_id', '=', id).execute();
        expect(row.map((r) => ({ ...r, term_id: Number(r.term_id), parent: Number(r.parent), count: Number(r.count) })))
          .to.deep.equal([{ term_id: id, taxonomy, description: 'Seasonal', parent: 0, count: 0 }]);
      }
    });

    it('an event write on a published event counts it; drafting or trashing the event uncounts it', async () => {
      const created = await write('POST', 'events', {
        title: 'Hymn Night', start_date: '2026-12-26 18:00:00', end_date: '2026-12-26 19:00:00', categories: ['carols-hymns'], tags: [3],
      }, '2026-11-28T09:00:00Z');
      expect(created.status, JSON.stringify(created.json)).to.equal(201);
      const category = created.json.categories[0].term_taxonomy_id as number;
      expect((await counts())[category]).to.equal(1);
      const draft = await write('POST', `events/${created.json.id}`, { status: 'draft' }, '2026-11-28T10:00:00Z');
      expect(draft.status).to.equal(200);
      expect((await counts())[category], 'drafts are not counted').to.equal(0);
      const republished = await write('POST', `events/${created.json.id}`, { status: 'publish' }, '2026-11-28T11:00:00Z');
      expect(republished.status).to.equal(200);
      expect((await counts())[category]).to.equal(1);
      const trashed = await write('DELETE', `events/${created.json.id}`, undefined, '2026-11-28T12:00:00Z');
      expect(trashed.status).to.equal(200);
      expect((await counts())[category], 'trashed events are not counted').to.equal(0);
    });
  });
});
