// Serving data exactly as WordPress + TEC wrote it (test/fixtures-sql/calendar.sql on the shared
// schema dump, table prefix `cal_`), key by key; then building the TEC 6 rows of its TEC 5 events.
import { expect } from 'chai';
import { migrateEvents } from '../../src/setup/migrate-events.ts';
import { forEachDatabase } from '../support/databases.ts';
import { loadWordPressSite } from '../support/load-sql.ts';
import { basicAuth, startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
const HOME = 'http://wordpress.test';
const NOW = new Date('2026-11-22T13:30:35Z');
/** The application password of users ed ($P$ hash), al ($generic$) — and co's legacy MD5 one. */
const APP_PASSWORD = 'abcdEFGH1234ijklMNOP5678';

function details(db: string) {
  const [date, time] = db.split(' ');
  const [year, month, day] = date!.split('-');
  const [hour, minutes, seconds] = time!.split(':');
  return { year, month, day, hour, minutes, seconds };
}

function term(id: number, name: string, slug: string, taxonomy: string, description: string, count: number, base: string) {
  return {
    name, slug, term_group: 0, term_taxonomy_id: id, taxonomy, description, parent: 0, count, filter: 'raw', id,
    urls: { self: `${HOME}${API}/${base}/${id}`, collection: `${HOME}${API}/${base}` },
  };
}

const VENUE = {
  id: 11, author: '1', status: 'publish', date: '2026-11-20 10:05:00', date_utc: '2026-11-20 18:05:00',
  modified: '2026-11-20 10:05:00', modified_utc: '2026-11-20 18:05:00', url: `${HOME}/venue/oracle-hall/`,
  venue: 'Oracle Hall', description: '<p>The big hall.</p>', slug: 'oracle-hall', address: '1 Main St', city: 'Springfield',
  country: 'United States', state: 'IL', zip: '62701', phone: '555-0100', website: 'http://example.com/hall', stateprovince: 'IL',
  show_map: true, show_map_link: true, global_id: 'wordpress.test?id=11', global_id_lineage: ['wordpress.test?id=11'],
};

const ORGANIZER = {
  id: 12, author: '1', status: 'publish', date: '2026-11-20 10:06:00', date_utc: '2026-11-20 18:06:00',
  modified: '2026-11-20 10:06:00', modified_utc: '2026-11-20 18:06:00', url: `${HOME}/organizer/oracle-org/`,
  organizer: 'Oracle Org', slug: 'oracle-org', phone: '555-0199', website: 'http://example.com/org', email: 'org@example.com',
  global_id: 'wordpress.test?id=12', global_id_lineage: ['wordpress.test?id=12'],
};

/** Event 13 as the list shows it (a single read adds json_ld, and json_ld to the venue). */
const JAZZ_NIGHT = {
  id: 13, global_id: 'wordpress.test?id=13', global_id_lineage: ['wordpress.test?id=13'], author: '1', status: 'publish',
  date: '2026-11-20 10:15:00', date_utc: '2026-11-20 18:15:00', modified: '2026-11-21 08:30:00', modified_utc: '2026-11-21 16:30:00',
  // Stored as a paragraph block: WordPress 7 renders it with its block class (sample 65).
  url: `${HOME}/event/jazz-night/`, rest_url: `${HOME}${API}/events/13`, title: 'Jazz Night', description: '<p class="wp-block-paragraph">Live jazz</p>',
  excerpt: '<p>Jazz!</p>', slug: 'jazz-night',
  image: {
    url: `${HOME}/wp-content/uploads/2026/11/jazz.jpg`, id: 10, extension: 'jpg', width: 1200, height: 800, filesize: 182344,
    sizes: {
      medium: { width: 300, height: 200, 'mime-type': 'image/jpeg', filesize: 13216, url: `${HOME}/wp-content/uploads/2026/11/jazz-300x200.jpg` },
      thumbnail: { width: 150, height: 150, 'mime-type': 'image/jpeg', filesize: 6120, url: `${HOME}/wp-content/uploads/2026/11/jazz-150x150.jpg` },
    },
  },
  all_day: false,
  start_date: '2026-12-10 19:00:00', start_date_details: details('2026-12-10 19:00:00'),
  end_date: '2026-12-10 22:30:00', end_date_details: details('2026-12-10 22:30:00'),
  utc_start_date: '2026-12-11 03:00:00', utc_start_date_details: details('2026-12-11 03:00:00'),
  utc_end_date: '2026-12-11 06:30:00', utc_end_date_details: details('2026-12-11 06:30:00'),
  timezone: 'America/Los_Angeles', timezone_abbr: 'PST', cost: '$25',
  cost_details: { currency_symbol: '$', currency_code: 'USD', currency_position: 'prefix', values: ['25'] },
  website: 'http://example.com/jazz', show_map: true, show_map_link: true, hide_from_listings: false, sticky: false, featured: true,
  categories: [term(2, 'Music', 'music', 'tribe_events_cat', 'Music events', 1, 'categories')],
  tags: [term(3, 'Jazz', 'jazz', 'post_tag', '', 2, 'tags')],
  venue: VENUE,
  organizer: [ORGANIZER],
  custom_fields: [],
};

forEachDatabase('a WordPress + TEC database served in place', (kind) => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(kind, {
      tablePrefix: 'cal_',
      now: () => NOW,
      before: (database) => loadWordPressSite(database, 'cal_', ['calendar.sql']),
    });
  });
  after(async () => t?.close());

  const ids = (body: { events: Array<{ id: number }> }) => body.events.map((event) => event.id);

  it('takes the site settings from the options table', async () => {
    const res = await t.request('GET', '/wp-json/');
    expect(res.status).to.equal(200);
    expect(res.json).to.include({ name: 'TEC REST v1 Tests', url: HOME, home: HOME, gmt_offset: '', timezone_string: 'America/Los_Angeles' });
    expect(res.headers.get('link')).to.equal(`<${HOME}/wp-json/>; rel="https://api.w.org/"`);
  });

  it('serves a TEC 6 event key by key, with its image, terms, venue and organizer, and nothing of the foreign meta', async () => {
    const list = await t.request('GET', `${API}/events`);
    expect(list.status).to.equal(200);
    expect(list.json.events[0]).to.deep.equal(JAZZ_NIGHT);
    const single = await t.request('GET', `${API}/events/13`);
    expect(single.status).to.equal(200);
    const { json_ld: jsonLd, ...rest } = single.json;
    const { json_ld: venueJsonLd, ...venue } = rest.venue;
    const { json_ld: organizerJsonLd, ...organizer } = rest.organizer[0];
    expect({ ...rest, venue, organizer: [organizer] }).to.deep.equal(JAZZ_NIGHT);
    expect(Object.keys(single.json).at(-1)).to.equal('json_ld');
    expect(jsonLd).to.deep.include({
      '@context': 'http://schema.org', '@type': 'Event', name: 'Jazz Night', image: JAZZ_NIGHT.image.url, url: JAZZ_NIGHT.url,
      startDate: '2026-12-10T19:00:00-08:00', endDate: '2026-12-10T22:30:00-08:00',
    });
    expect(jsonLd.offers).to.include({ price: '25', priceCurrency: 'USD' });
    expect(venueJsonLd).to.include({ '@type': 'Place', name: 'Oracle Hall' });
    expect(organizerJsonLd).to.include({ '@type': 'Person', name: 'Oracle Org' });
    for (const foreign of ['_yoast', 'Jazz Night tickets', '_edit_lock', '_tribe_modified_fields', 'events-calendar', '_VenueOrigin']) {
      expect(single.text).not.to.contain(foreign);
    }
  });

  it('serves a TEC 5 event (postmeta only)', async () => {
    const res = await t.request('GET', `${API}/events/14`);
    expect(res.status).to.equal(200);
    expect(res.json).to.deep.include({
      id: 14, author: '2', url: `${HOME}/event/farmers-market/`, title: 'Farmers Market', description: '<p>Fresh food every week.</p>',
      image: false, all_day: true,
      start_date: '2026-12-12 00:00:00', end_date: '2026-12-12 23:59:59',
      utc_start_date: '2026-12-12 08:00:00', utc_end_date: '2026-12-13 07:59:59', utc_end_date_details: details('2026-12-13 07:59:59'),
      timezone: 'America/Los_Angeles', timezone_abbr: 'PST', cost: 'Free',
      website: `${HOME}/event/farmers-market/`, show_map: true, show_map_link: false, sticky: true, featured: false,
      categories: [term(4, 'Markets &amp; Fairs', 'markets-fairs', 'tribe_events_cat', '', 1, 'categories')], tags: [], organizer: [],
    });
    expect(res.json.venue.id).to.equal(11);
  });

  it('completes a hand-written event without time zone or UTC meta from the site time zone as it starts', async () => {
    const res = await t.request('GET', `${API}/events/15`);
    expect(res.status).to.equal(200);
    expect(res.json).to.deep.include({
      start_date: '2026-12-15 18:00:00', end_date: '2026-12-15 20:00:00', utc_start_date: '2026-12-16 02:00:00',
      timezone: 'America/Los_Angeles', timezone_abbr: 'PST', show_map: true, show_map_link: true, venue: [],
    });
  });

  it('shows an event whose time zone and UTC meta go missing later with what it has', async () => {
    const keys = ['_EventTimezone', '_EventTimezoneAbbr', '_EventStartDateUTC', '_EventEndDateUTC'];
    const db = t.server.db.kysely;
    const kept = await db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).where('post_id', '=', 15).where('meta_key', 'in', keys).execute();
    expect(kept.map((row) => row.meta_key).sort()).to.deep.equal([...keys].sort());
    await db.deleteFrom('postmeta').where('post_id', '=', 15).where('meta_key', 'in', keys).execute();
    try {
      const res = await t.request('GET', `${API}/events/15`);
      expect(res.json).to.deep.include({
        start_date: '2026-12-15 18:00:00', end_date: '2026-12-15 20:00:00', utc_start_date: null, timezone: '', timezone_abbr: '',
      });
      expect(res.json.utc_start_date_details).to.deep.equal(details('1970-01-01 00:00:00'));
    } finally {
      await db.insertInto('postmeta').values(kept).execute();
    }
  });

  it('never serves other post types, revisions or auto-drafts as events, venues or organizers', async () => {
    for (const id of [10, 11, 18, 19, 21, 23]) {
      const res = await t.request('GET', `${API}/events/${id}`);
      expect(res.status, `post ${id}`).to.equal(400);
      expect(res.json.code).to.equal('rest-invalid-event-id');
    }
    for (const path of ['venues/13', 'venues/18', 'organizers/11', 'organizers/23']) {
      expect((await t.request('GET', `${API}/${path}`)).status, path).to.equal(400);
    }
    expect((await t.request('GET', `${API}/events/by-slug/hello-world`)).status).to.equal(400);
    const venues = await t.request('GET', `${API}/venues`);
    expect(venues.json.venues.map((v: { id: number }) => v.id)).to.deep.equal([11]);
    const categories = await t.request('GET', `${API}/categories`);
    expect(categories.json.categories.map((c: { id: number }) => c.id), 'not the blog category').to.deep.equal([4, 2]);
    const tags = await t.request('GET', `${API}/tags`);
    expect(tags.json.tags.map((tag: { id: number; count: number }) => [tag.id, tag.count])).to.deep.equal([[3, 2]]);
  });

  it('authenticates WordPress users with their stored application passwords, in each hash format', async () => {
    const anonymous = await t.request('GET', `${API}/events/20`);
    expect(anonymous.status).to.equal(403);
    for (const [login, password] of [['ed', APP_PASSWORD], ['al', 'abcd EFGH 1234 ijkl MNOP 5678'], ['co', 'password']] as const) {
      const res = await t.request('GET', `${API}/events`, { auth: basicAuth(login, password) });
      expect(res.status, login).to.equal(200);
      expect(res.headers.get('cache-control'), login).to.contain('no-cache');
    }
    const editor = await t.request('GET', `${API}/events/20`, { auth: basicAuth('ed', APP_PASSWORD) });
    expect(editor.status).to.equal(200);
    expect(editor.json).to.include({ id: 20, status: 'draft', author: '3', title: 'Secret Rehearsal', url: `${HOME}/?post_type=tribe_events&p=20` });
    const author = await t.request('GET', `${API}/events/20`, { auth: basicAuth('al', APP_PASSWORD) });
    expect(author.status, 'the author reads their own draft').to.equal(200);
    const contributor = await t.request('GET', `${API}/events/20`, { auth: basicAuth('co', 'password') });
    expect(contributor.status, "not someone else's draft").to.equal(403);
    const wrong = await t.request('GET', `${API}/events`, { auth: basicAuth('ed', 'password') });
    expect(wrong.status).to.equal(401);
    expect(wrong.json.code).to.equal('incorrect_password');
  });

  it('lists the TEC 5 events, whose rows `serve` built as it started', async () => {
    const result = await migrateEvents(t.server.db, { now: () => NOW });
    expect(result.migrated, 'nothing left to build').to.equal(0);
    const after = await t.request('GET', `${API}/events`);
    expect(ids(after.json)).to.deep.equal([13, 14, 15]);
    expect(after.json.total).to.equal(3);
    expect(after.json.events[0]).to.deep.equal(JAZZ_NIGHT);
    expect(after.json.events[2]).to.deep.include({
      id: 15, timezone: 'America/Los_Angeles', timezone_abbr: 'PST', utc_start_date: '2026-12-16 02:00:00', utc_end_date: '2026-12-16 04:00:00',
    });
    const december = await t.request('GET', `${API}/events?start_date=2026-12-11&end_date=2026-12-13`);
    expect(ids(december.json)).to.deep.equal([14]);
    const sticky = await t.request('GET', `${API}/events?categories=markets-fairs`);
    expect(ids(sticky.json)).to.deep.equal([14]);
  });
});

forEachDatabase('a WordPress database with plain permalinks, a UTC offset and --site-url', (kind) => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(kind, {
      tablePrefix: 'cal_',
      now: () => NOW,
      siteUrl: 'https://cal.example.org/',
      before: (database) => loadWordPressSite(database, 'cal_', ['calendar.sql', 'plain-permalinks-utc-offset.sql']),
    });
  });
  after(async () => t?.close());

  it('builds every URL on the --site-url and the plain permalink form', async () => {
    const res = await t.request('GET', `${API}/events/13`);
    expect(res.status).to.equal(200);
    expect(res.json).to.include({
      global_id: 'cal.example.org?id=13',
      url: 'https://cal.example.org/?tribe_events=jazz-night',
      rest_url: 'https://cal.example.org/index.php?rest_route=/tribe/events/v1/events/13',
    });
    expect(res.json.venue.url).to.equal('https://cal.example.org/?tribe_venue=oracle-hall');
    expect(res.json.image.url).to.equal('https://cal.example.org/wp-content/uploads/2026/11/jazz.jpg');
    const root = await t.request('GET', '/?rest_route=/');
    expect(root.json).to.include({ url: 'https://cal.example.org', home: 'https://cal.example.org', gmt_offset: '2', timezone_string: '' });
  });

  it('reads dates in the site UTC offset when building missing rows', async () => {
    await migrateEvents(t.server.db, { now: () => NOW });
    const res = await t.request('GET', `${API}/events/15`);
    expect(res.json).to.include({ timezone: 'UTC+2', timezone_abbr: 'UTC+2', utc_start_date: '2026-12-15 16:00:00', utc_end_date: '2026-12-15 18:00:00' });
  });
});
