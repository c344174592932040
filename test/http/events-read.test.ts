// The read side of events (events.md §3–§5): GET /events, /events/{id}, /events/by-slug/{slug},
// compared with the captured samples byte for byte where they are deterministic.
import { expect } from 'chai';
import type { Db } from '../../src/data/connect.ts';
import { findUserByLogin } from '../../src/data/users.ts';
import { insertPost } from '../../src/data/posts.ts';
import { setOption } from '../../src/data/options.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.ts';
import { seedEvent, seedLinkedPost, seedTerm } from '../support/seed-events.ts';
import { readSample } from '../support/plugin-samples.ts';

const SAMPLE_HOME = 'http://127.0.0.1:8881';
const API = '/wp-json/tribe/events/v1';
type Json = Record<string, any>;

const sample = readSample;

/** What the server sends, compared with the sample: status, TEC headers, Allow, the exact body. */
function expectLikeSample(res: HttpResult, name: string): void {
  const s = sample(name);
  expect(res.status, name).to.equal(s.status);
  for (const header of ['x-tec-total', 'x-tec-totalpages', 'allow']) {
    expect(res.headers.get(header) ?? undefined, `${name} ${header}`).to.equal(s.headers.get(header));
  }
  expect(res.text, name).to.equal(s.body);
}

/** Key order matters: deep equality plus the same serialisation. */
function expectSame(actual: unknown, expected: unknown, what?: string): void {
  expect(actual, what).to.deep.equal(expected);
  expect(JSON.stringify(actual), what).to.equal(JSON.stringify(expected));
}

/** Replaces the randomly obfuscated organizer e-mails of json_ld by their decoded form. */
function decodeEmails(value: any): any {
  if (Array.isArray(value)) return value.map(decodeEmails);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k,
      k === 'email' && typeof v === 'string' ? v.replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code))) : decodeEmails(v)]));
  }
  return value;
}

const FILLER_DATES = {
  post_date: '2026-11-22 13:30:35', post_date_gmt: '2026-11-22 13:30:35',
  post_modified: '2026-11-22 13:30:35', post_modified_gmt: '2026-11-22 13:30:35',
};

async function userId(t: TestServer, login: string): Promise<number> {
  return Number((await findUserByLogin(t.server.db.kysely, login))!.ID);
}

/**
 * The site of the samples: venue 4, organizer 5, category 2, tag 3, events 6, 7, 8 as created by
 * samples 07–13 (API-created events store show_map flags as "").
 */
async function seedSampleSite(db: Db): Promise<void> {
  for (let i = 1; i <= 3; i++) await db.write((trx) => insertPost(trx, { post_title: `Filler ${i}`, post_type: 'post', ...FILLER_DATES }));
  const venue = await seedLinkedPost(db, 'tribe_venue', 'Oracle Hall', [
    ['_VenueAddress', '1 Main St'], ['_VenueCity', 'Springfield'], ['_VenueCountry', 'United States'],
    ['_VenueState', 'IL'], ['_VenueZip', '62701'], ['_VenuePhone', '555-0100'], ['_VenueURL', 'http://example.com/hall'],
    ['_VenueStateProvince', 'IL'], ['_VenueShowMap', 'true'], ['_VenueShowMapLink', 'true'],
  ]);
  const organizer = await seedLinkedPost(db, 'tribe_organizer', 'Oracle Org', [
    ['_OrganizerPhone', '555-0199'], ['_OrganizerWebsite', 'http://example.com/org'], ['_OrganizerEmail', 'org@example.com'],
  ]);
  expect([venue, organizer]).to.deep.equal([4, 5]);
  const filler = await seedTerm(db, 'tribe_events_cat', 'Filler');
  const music = await seedTerm(db, 'tribe_events_cat', 'Music', 0, 'Music events');
  const jazz = await seedTerm(db, 'post_tag', 'Jazz');
  expect(filler.term_id).to.equal(1);
  expect([music.term_id, jazz.term_id]).to.deep.equal([2, 3]);
  const flags: [string, string][] = [['_EventShowMap', ''], ['_EventShowMapLink', ''], ['_EventOrigin', 'events-calendar']];
  const ids = [
    await seedEvent(db, {
      title: 'Simple Event', content: 'A plain timed event', start: '2026-12-01 10:00:00', end: '2026-12-01 12:00:00',
      meta: [...flags, ['_EventCost', '10']],
    }),
    await seedEvent(db, {
      title: 'All Day Event', content: 'Lasts all day', start: '2026-12-05 00:00:00', end: '2026-12-05 23:59:59', allDay: true,
      meta: flags,
    }),
    await seedEvent(db, {
      title: 'Jazz Night', content: 'Live jazz', excerpt: 'Jazz!', start: '2026-12-10 19:00:00', end: '2026-12-10 22:30:00',
      meta: [...flags, ['_EventCost', '25'], ['_EventURL', 'http://example.com/jazz'], ['_tribe_featured', '1'],
        ['_EventVenueID', String(venue)], ['_EventOrganizerID', String(organizer)]],
      categories: [music], tags: [jazz],
    }),
  ];
  expect(ids).to.deep.equal([6, 7, 8]);
}

const SAMPLE_NOW = new Date('2026-11-22T13:30:35Z');

forEachDatabase('events read side: the captured samples', (kind) => {
  let t: TestServer;
  let admin: string;
  before(async () => {
    t = await startTestServer(kind, { siteUrl: SAMPLE_HOME, now: () => SAMPLE_NOW });
    await seedSampleSite(t.server.db);
    admin = await t.userWithRole('administrator');
  });
  after(async () => t.close());

  it('lists the three events as sample 14 (anonymous) and 15 (administrator)', async () => {
    expectLikeSample(await t.request('GET', `${API}/events`), '14-events-list-anon.txt');
    expectLikeSample(await t.request('GET', `${API}/events`, { auth: admin }), '15-events-list-auth.txt');
  });

  for (const name of [
    '36-filter-starts_after.txt', '37-filter-search.txt', '38-filter-categories-slug.txt', '39-filter-tags-slug.txt',
    '40-filter-venue.txt', '41-filter-per_page1-page2.txt', '42-filter-page-past-end.txt',
    '43-filter-start_end_date.txt', '44-filter-per_page-invalid.txt',
  ]) {
    it(`answers ${name} byte for byte`, async () => {
      expectLikeSample(await t.request('GET', sample(name).request), name);
    });
  }

  it('reads events 7 and 8 as samples 16, 17 and 18 (json_ld e-mails compared decoded)', async () => {
    expectLikeSample(await t.request('GET', `${API}/events/7`), '17-event-single-allday.txt');
    for (const [path, name] of [[`${API}/events/8`, '16-event-single.txt'], [`${API}/events/by-slug/jazz-night`, '18-event-by-slug.txt']] as const) {
      const res = await t.request('GET', path);
      expect(res.status).to.equal(200);
      expectSame(decodeEmails(res.json), decodeEmails(JSON.parse(sample(name).body)), name);
    }
  });

  it('answers samples 21, 22 and 27 for an unknown ID, an unknown slug and a trashed event', async () => {
    expectLikeSample(await t.request('GET', `${API}/events/999999`), '21-event-404-unknown-id.txt');
    expectLikeSample(await t.request('GET', `${API}/events/by-slug/no-such-event`), '22-event-404-unknown-slug.txt');
    const trashed = await seedEvent(t.server.db, { title: 'Gone', slug: 'gone__trashed', status: 'trash', start: '2026-12-02 10:00:00', end: '2026-12-02 11:00:00' });
    expectLikeSample(await t.request('GET', `${API}/events/${trashed}`), '27-event-get-trashed-anon.txt');
    const asAdmin = await t.request('GET', `${API}/events/${trashed}`, { auth: admin });
    expect([asAdmin.status, asAdmin.json.code]).to.deep.equal([403, 'event-no-longer-available']);
    const bySlug = await t.request('GET', `${API}/events/by-slug/gone__trashed`);
    expect([bySlug.status, bySlug.json.code]).to.deep.equal([403, 'event-no-longer-available']);
    expect((await t.request('GET', `${API}/events/by-slug/gone`)).status).to.equal(400);
  });

  it('declares the three routes exactly as sample 01, dynamic date defaults from the frozen clock', async () => {
    const expected = JSON.parse(sample('01-namespace-index.txt').body).routes;
    // wpcal's one addition (README, Compatibility notes): geoloc_radius, after geoloc_lng.
    const listArgs0 = expected['/tribe/events/v1/events'].endpoints[0].args;
    expected['/tribe/events/v1/events'].endpoints[0].args = Object.fromEntries(Object.entries(listArgs0).flatMap(([name, arg]) => (name === 'geoloc_lng'
      ? [[name, arg], ['geoloc_radius', {
        format: 'double',
        description: 'wpcal: the radius around geoloc_lat and geoloc_lng venues must lie within, in kilometres (default 50)',
        required: false,
      }]]
      : [[name, arg]])));
    const actual = (await t.request('GET', API)).json.routes;
    for (const pattern of ['/tribe/events/v1/events', '/tribe/events/v1/events/(?P<id>\\d+)', '/tribe/events/v1/events/by-slug/(?P<slug>[^/]+)']) {
      expectSame(actual[pattern], expected[pattern], pattern);
    }
    const listArgs = actual['/tribe/events/v1/events'].endpoints[0].args;
    expect([listArgs.start_date.default, listArgs.end_date.default]).to.deep.equal(['2026-11-21 23:59:00', '2028-11-22 13:30:35']);
    expect(Object.keys(actual).indexOf('/tribe/events/v1/events')).to.equal(2);
  });
});

const NOW = new Date('2024-06-13T17:25:00Z');

interface Site {
  ids: Record<string, number>;
  auth: Record<string, string>;
  venues: number[];
  organizer: number;
}

async function seedFilterSite(t: TestServer): Promise<Site> {
  const db = t.server.db;
  const auth: Record<string, string> = {};
  for (const [login, role] of [['admin', 'administrator'], ['editor', 'editor'], ['author1', 'author'], ['author2', 'author'],
    ['contrib', 'contributor'], ['subscriber', 'subscriber']] as const) {
    auth[login] = await t.userWithRole(role, login);
  }
  const author1 = await userId(t, 'author1');
  const contrib = await userId(t, 'contrib');
  const v1 = await seedLinkedPost(db, 'tribe_venue', 'Geo Hall', [['_VenueLat', '40.0'], ['_VenueLng', '-74.0']]);
  const v2 = await seedLinkedPost(db, 'tribe_venue', 'Plain Hall');
  const o1 = await seedLinkedPost(db, 'tribe_organizer', 'Org One');
  const music = await seedTerm(db, 'tribe_events_cat', 'Music');
  const rock = await seedTerm(db, 'tribe_events_cat', 'Rock', music.term_id);
  const t1 = await seedTerm(db, 'post_tag', 'One');
  const t2 = await seedTerm(db, 'post_tag', 'Two');
  const ids: Record<string, number> = {};
  const day = (d: number, h = 10) => `2024-06-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:00:00`;
  ids.A = await seedEvent(db, {
    title: 'Alpha Concert', content: 'rock music', start: day(20), end: day(20, 12), categories: [rock], tags: [t1],
    meta: [['_EventVenueID', String(v1)], ['_EventOrganizerID', String(o1)]], postDate: '2024-05-02 00:00:00',
  });
  ids.B = await seedEvent(db, { title: 'Beta Talk', start: day(21), end: day(21, 12), tags: [t2], meta: [['_EventVenueID', String(v2)], ['_tribe_featured', '1']] });
  ids.C = await seedEvent(db, { title: 'Gamma Draft', status: 'draft', author: author1, start: day(22), end: day(22, 12) });
  ids.D = await seedEvent(db, { title: 'Delta Private', status: 'private', author: author1, start: day(23), end: day(23, 12) });
  ids.E = await seedEvent(db, {
    title: 'Epsilon Secret', password: 'pw', content: 'secret', start: day(24), end: day(24, 12), categories: [music],
    meta: [['_EventCost', '10'], ['_EventURL', 'http://example.com/e'], ['_tribe_featured', '1']],
  });
  ids.F = await seedEvent(db, { title: 'Zeta Hidden', start: day(25), end: day(25, 12), meta: [['_EventHideFromUpcoming', 'no']] });
  ids.G = await seedEvent(db, { title: 'Eta Past', start: day(1), end: day(1, 12) });
  ids.H = await seedEvent(db, { title: 'Theta Unindexed', start: day(26), end: day(26, 12), noOccurrence: true });
  ids.I = await seedEvent(db, { title: 'Iota Trash', slug: 'iota-trash__trashed', status: 'trash', start: day(27), end: day(27, 12) });
  ids.J = await seedEvent(db, { title: 'Kappa Child', parent: ids.A, start: day(28), end: day(28, 12) });
  ids.K = await seedEvent(db, { title: 'Lambda Pending', status: 'pending', author: contrib, start: day(29), end: day(29, 12) });
  ids.L = await seedEvent(db, { title: 'Mu Same Start', start: day(20), end: day(20, 11), postDate: '2024-01-01 00:00:00' });
  return { ids, auth, venues: [v1, v2], organizer: o1 };
}

forEachDatabase('events read side: filters, permissions, redaction', (kind) => {
  let t: TestServer;
  let site: Site;
  const list = async (query = '', auth?: string): Promise<HttpResult> => t.request('GET', `${API}/events${query}`, { auth });
  const listed = async (query = '', auth?: string): Promise<number[]> => {
    const res = await list(query, auth);
    expect(res.status, `${query} ${res.text}`).to.equal(200);
    expect(res.headers.get('x-tec-total')).to.equal(String(res.json.total));
    return res.json.events.map((e: Json) => e.id);
  };
  const id = (...names: string[]) => names.map((n) => site.ids[n]!);
  const expectInvalid = async (query: string, params: string[], auth?: string) => {
    const res = await list(query, auth);
    expect(res.status, query).to.equal(400);
    expect(res.json.code).to.equal('rest_invalid_param');
    expect(Object.keys(res.json.data.params)).to.deep.equal(params);
  };

  before(async () => {
    t = await startTestServer(kind, { siteUrl: SAMPLE_HOME, now: () => NOW });
    site = await seedFilterSite(t);
  });
  after(async () => t.close());

  it('lists published, indexed, unhidden events in the default window, ordered by start, post date, ID', async () => {
    expect(await listed()).to.deep.equal(id('L', 'A', 'B', 'E', 'J'));
    const res = await list();
    expect(res.json.rest_url).to.equal(`${SAMPLE_HOME}${API}/events/?page=1&per_page=10&start_date=2024-06-12 00:00:00&end_date=2026-06-13 23:59:59&status=publish`);
    expect([res.json.total, res.json.total_pages]).to.deep.equal([5, 1]);
  });

  it('shows privileged users every status but trash, of every author, with status=any in rest_url', async () => {
    for (const who of ['admin', 'editor', 'author2', 'contrib']) {
      expect(await listed('', site.auth[who]), who).to.deep.equal(id('L', 'A', 'B', 'C', 'D', 'E', 'J', 'K'));
    }
    expect(await listed('', site.auth.subscriber)).to.deep.equal(id('L', 'A', 'B', 'E', 'J'));
    expect((await list('', site.auth.admin)).json.rest_url).to.match(/&status=any$/);
    expect(await listed('?status=publish,%20draft', site.auth.editor)).to.deep.equal(id('L', 'A', 'B', 'C', 'E', 'J'));
    expect(await listed('?status[]=trash', site.auth.admin)).to.deep.equal(id('I'));
    expect((await list('?status=publish,%20draft', site.auth.editor)).json.rest_url).to.match(/&status=publish,draft$/);
    expect(await listed('?status=publish')).to.deep.equal(id('L', 'A', 'B', 'E', 'J'));
    await expectInvalid('?status=draft', ['status']);
    await expectInvalid('?status=publish,publish', ['status']);
    await expectInvalid('?status=Publish', ['status']);
    await expectInvalid('?status=any', ['status'], site.auth.admin);
    await expectInvalid('?status=foo,%20bar,%20publish', ['status'], site.auth.admin);
  });

  it('redacts protected events in lists unless the password or context=edit unlocks them', async () => {
    const find = async (query: string, auth?: string) => (await list(query, auth)).json.events.find((e: Json) => e.id === site.ids.E);
    const redacted = await find('');
    expect(redacted.title).to.equal('Epsilon Secret');
    expect(redacted.start_date).to.equal('2024-06-24 10:00:00');
    expect([redacted.description, redacted.excerpt, redacted.cost, redacted.website, redacted.image]).to.deep.equal(['', '', '', '', false]);
    for (const key of ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured']) expect(redacted[key], key).to.equal(null);
    for (const key of ['categories', 'tags', 'venue', 'organizer', 'custom_fields']) expect(redacted[key], key).to.deep.equal([]);
    expect(JSON.stringify(redacted.cost_details)).to.equal('{"currency_symbol":"","currency_position":"","currency_code":"","values":[]}');
    const full = await find('?password=pw');
    expect([full.description, full.cost, full.featured, full.categories.length]).to.deep.equal(['<p>secret</p>', '$10', true, 1]);
    expect(Object.keys(full.cost_details)).to.deep.equal(['currency_symbol', 'currency_code', 'currency_position', 'values']);
    expect((await find('?password=PW')).description).to.equal('');
    expect((await find('?context=edit', site.auth.admin)).description).to.equal('<p>secret</p>');
    expect((await find('?context=edit', site.auth.contrib)).description).to.equal('');
    expect(Object.keys(redacted)).to.deep.equal(Object.keys(full));
  });

  it('searches title, excerpt and content the WordPress way, protected events only for logged-in users', async () => {
    expect(await listed('?search=concert')).to.deep.equal(id('A'));
    expect(await listed('?search=ROCK')).to.deep.equal(id('A'));
    expect(await listed('?search=beta%20-talk')).to.deep.equal([]);
    expect(await listed('?search=-beta')).to.deep.equal(id('L', 'A', 'J'));
    expect(await listed('?search=-beta', site.auth.subscriber)).to.deep.equal(id('L', 'A', 'E', 'J'));
    expect(await listed('?search=the%20a%20concert')).to.deep.equal(id('A'));
    expect(await listed('?search=%22alpha%20concert%22')).to.deep.equal(id('A'));
    expect(await listed('?search=100%25')).to.deep.equal([]);
    expect(await listed('?search=secret')).to.deep.equal([]);
    expect(await listed('?search=secret', site.auth.subscriber)).to.deep.equal(id('E'));
    const res = await list('?search=concert');
    expect([res.json.total, res.json.total_pages]).to.deep.equal([1, 1]);
    expect(res.json.rest_url).to.contain('&search=concert&status=publish');
    await expectInvalid('?search=0', ['search']);
  });

  it('filters by categories (with descendants, slugs or IDs) and tags (any of several, slugs or IDs)', async () => {
    expect(await listed('?categories=music')).to.deep.equal(id('A', 'E'));
    expect(await listed('?categories=rock')).to.deep.equal(id('A'));
    const music = (await list('?categories=music')).json.events[0].categories[0];
    expect(music.slug).to.equal('rock');
    expect(await listed(`?categories=${music.parent}`)).to.deep.equal(id('A', 'E'));
    expect(await listed('?tags=one,two')).to.deep.equal(id('A', 'B'));
    expect(await listed('?tags[]=two')).to.deep.equal(id('B'));
    const [one] = (await list('?tags=one')).json.events[0].tags;
    expect(one.slug).to.equal('one');
    expect(await listed(`?tags=${one.id}`)).to.deep.equal(id('A'));
    expect(await listed(`?tags=${one.id},two`)).to.deep.equal(id('A', 'B'));
    expect(await listed('?tags=one&categories=music')).to.deep.equal(id('A'));
    expect((await list('?tags=one')).json.rest_url).to.not.contain('tags');
    await expectInvalid('?categories=cat1', ['categories']);
    await expectInvalid('?tags[x][y]=1', ['tags']);
  });

  it('filters by venue, organizer, featured and post_parent, encoding rest_url for the first three', async () => {
    const [v1, v2] = site.venues;
    expect(await listed(`?venue=${v1}`)).to.deep.equal(id('A'));
    expect(await listed(`?venue=${v1},${v2}`)).to.deep.equal(id('A', 'B'));
    expect(await listed(`?organizer=${site.organizer}`)).to.deep.equal(id('A'));
    expect(await listed('?featured=true')).to.deep.equal(id('B', 'E'));
    expect(await listed('?featured=0')).to.deep.equal(id('L', 'A', 'J'));
    expect(await listed(`?post_parent=${site.ids.A}`)).to.deep.equal(id('J'));
    expect((await list(`?venue=${v1},${v2}&featured=1`)).json.rest_url).to.equal(
      `${SAMPLE_HOME}${API}/events/?page=1&per_page=10&start_date=2024-06-12+00%3A00%3A00&end_date=2026-06-13+23%3A59%3A59&status=publish&venue=${v1},${v2}&featured=1`);
    expect((await list('?featured=false')).json.rest_url).to.match(/start_date=2024-06-12\+00%3A00%3A00.*&status=publish$/);
    await expectInvalid(`?venue=${site.organizer}`, ['venue']);
    await expectInvalid(`?organizer=${v1}`, ['organizer']);
    await expectInvalid('?featured=', ['featured']);
    await expectInvalid(`?post_parent=${v1}`, ['post_parent']);
    await expectInvalid('?post_parent=foo-bar', ['post_parent']);
    await expectInvalid('?ticketed=1', ['ticketed']);
    expect(await listed('?ticketed=0')).to.have.length(5);
  });

  it('includes by ID without leaving the default window or showing hidden events, ordered by post date', async () => {
    expect(await listed(`?include=${id('E', 'A', 'F', 'G').join(',')}`)).to.deep.equal(id('A', 'E'));
    await expectInvalid('?include=foo-bar,23,89', ['include']);
  });

  it('filters by venue coordinates: geoloc, and geoloc_lat/geoloc_lng within geoloc_radius km (default 50)', async () => {
    expect(await listed('?geoloc=true')).to.deep.equal(id('A'));
    expect(await listed('?geoloc_lat=40.2&geoloc_lng=-74.1')).to.deep.equal(id('A'));
    expect(await listed('?geoloc_lat=41&geoloc_lng=-74')).to.deep.equal([]);
    expect(await listed('?geoloc_lat=41&geoloc_lng=-74&geoloc_radius=120')).to.deep.equal(id('A'));
    expect((await list('?geoloc=1&geoloc_lat=40&geoloc_lng=-74')).json.rest_url).to.contain('&geoloc=1&geoloc_lat=40&geoloc_lng=-74&status=publish');
    await expectInvalid('?geoloc_lat=north&geoloc_lng=1', ['geoloc_lat']);
    const res = await list('?geoloc_lat=1&geoloc_lng=1&geoloc_radius=-3');
    expect([res.status, Object.keys(res.json.data.params)]).to.deep.equal([400, ['geoloc_radius']]);
  });

  it('applies the date window: inclusive days, strict instants, relative bounds dropping the defaults', async () => {
    expect(await listed('?start_date=2024-06-20%2011:00:00&end_date=2024-06-21')).to.deep.equal(id('L', 'A', 'B'));
    expect(await listed('?start_date=2024-06-20%2010:30:00&end_date=2024-06-21%2013:00:00&strict_dates=true')).to.deep.equal(id('B'));
    expect(await listed('?starts_before=2024-06-20')).to.deep.equal(id('G', 'L', 'A'));
    expect(await listed('?starts_after=2024-06-20&ends_before=2024-06-24')).to.deep.equal(id('B', 'E'));
    expect(await listed('?starts_after=2024-06-20&ends_before=2024-06-23')).to.deep.equal(id('B'));
    expect(await listed('?ends_after=2024-06-23&start_date=2024-06-01')).to.deep.equal(id('E', 'J'));
    const res = await list('?starts_after=2024-06-20&ends_before=2024-06-24');
    expect(res.json.rest_url).to.equal(`${SAMPLE_HOME}${API}/events/?page=1&per_page=10&status=publish&starts_after=2024-06-20 23:59:59&ends_before=2024-06-24 23:59:59`);
    expect((await list('?start_date=2024-06-20&strict_dates=1')).json.rest_url).to.contain('start_date=2024-06-20 00:00:00&end_date=2026-06-13 17:25:00');
    await expectInvalid('?start_date=before%20my%20birthday', ['start_date']);
    await expectInvalid('?strict_dates=0', ['strict_dates']);
  });

  it('pages with next/previous URLs, clamps per_page to 50 and answers 404 past the last page', async () => {
    const first = await list('?per_page=2');
    expect(first.json.events.map((e: Json) => e.id)).to.deep.equal(id('L', 'A'));
    expect([first.json.total, first.json.total_pages, first.headers.get('x-tec-totalpages')]).to.deep.equal([5, 3, '3']);
    expect(first.json.next_rest_url).to.equal(`${SAMPLE_HOME}${API}/events/?per_page=2&start_date=2024-06-12+00%3A00%3A00&end_date=2026-06-13+23%3A59%3A59&status=publish&page=2`);
    expect(first.json).to.not.have.property('previous_rest_url');
    const third = await list('?per_page=2&page=3');
    expect(third.json.events.map((e: Json) => e.id)).to.deep.equal(id('J'));
    expect(Object.keys(third.json)).to.deep.equal(['events', 'rest_url', 'previous_rest_url', 'total', 'total_pages']);
    expect(third.json.previous_rest_url).to.match(/&status=publish&page=2$/);
    const past = await list('?per_page=2&page=4');
    expect([past.status, past.json.code]).to.deep.equal([404, 'event-archive-page-not-found']);
    const clamped = await list('?per_page=100');
    expect(clamped.json.rest_url).to.contain('per_page=50&');
    const empty = await list('?search=nothing-matches');
    expect([empty.status, empty.json.total, empty.json.total_pages, empty.headers.get('x-tec-total')]).to.deep.equal([200, 0, 0, '0']);
    for (const bad of ['foo', '-1', '0', 'foo%20bar']) {
      await expectInvalid(`?page=${bad}&per_page=${bad}`, ['page', 'per_page']);
    }
  });

  it('reads single events by the read permission matrix', async () => {
    const who = ['anonymous', 'subscriber', 'contrib', 'author2', 'author1', 'editor', 'admin'] as const;
    const expected: Record<string, (number | string)[]> = {
      A: [200, 200, 200, 200, 200, 200, 200],
      C: ['event-not-accessible', 'event-not-accessible', 'event-not-accessible', 'event-not-accessible', 200, 200, 200],
      D: ['event-not-accessible', 'event-not-accessible', 'event-not-accessible', 'event-not-accessible', 200, 200, 200],
      E: Array(7).fill('event-password-protected'),
      I: Array(7).fill('event-no-longer-available'),
      K: ['event-not-accessible', 'event-not-accessible', 200, 'event-not-accessible', 'event-not-accessible', 200, 200],
    };
    for (const [name, outcomes] of Object.entries(expected)) {
      for (const [i, user] of who.entries()) {
        const res = await t.request('GET', `${API}/events/${site.ids[name]}`, { auth: user === 'anonymous' ? undefined : site.auth[user] });
        const outcome = res.status === 200 ? 200 : res.json.code;
        expect(outcome, `${name} as ${user}`).to.equal(outcomes[i]);
        if (res.status !== 200) expect(res.status).to.equal(403);
      }
    }
  });

  it('unlocks protected single reads with the password or context=edit, never with json_ld', async () => {
    const unlocked = await t.request('GET', `${API}/events/${site.ids.E}?password=pw`);
    expect(unlocked.status).to.equal(200);
    expect(unlocked.json.description).to.equal('<p>secret</p>');
    expect(unlocked.json).to.not.have.property('json_ld');
    const bySlug = await t.request('GET', `${API}/events/by-slug/epsilon-secret?password=pw`);
    expect([bySlug.status, bySlug.json.id]).to.deep.equal([200, site.ids.E]);
    expect((await t.request('GET', `${API}/events/${site.ids.E}?context=edit`, { auth: site.auth.editor })).status).to.equal(200);
    expect((await t.request('GET', `${API}/events/${site.ids.E}?context=edit`, { auth: site.auth.contrib })).status).to.equal(403);
    expect((await t.request('GET', `${API}/events/${site.ids.E}?password=PW`)).status).to.equal(403);
    const empty = await t.request('GET', `${API}/events/${site.ids.E}?password=`);
    expect([empty.status, Object.keys(empty.json.data.params)]).to.deep.equal([400, ['password']]);
    const hidden = await t.request('GET', `${API}/events/${site.ids.F}`);
    expect([hidden.status, hidden.json.hide_from_listings]).to.deep.equal([200, false]);
    const draft = await t.request('GET', `${API}/events/${site.ids.C}`, { auth: site.auth.editor });
    expect(draft.json.url).to.equal(`${SAMPLE_HOME}/?post_type=tribe_events&p=${site.ids.C}`);
    expect(draft.json.json_ld.name).to.equal('Gamma Draft');
    const priv = await t.request('GET', `${API}/events/${site.ids.D}`, { auth: site.auth.editor });
    expect(priv.json.json_ld.name).to.equal('Private: Delta Private');
  });

  it('answers 404 for a missing ID, 400 for a non-event ID and for an unknown slug', async () => {
    const zero = await t.request('GET', `${API}/events/0`);
    expect([zero.status, zero.json.message]).to.deep.equal([404, 'Event with ID 0 does not exist.']);
    const venue = await t.request('GET', `${API}/events/${site.venues[0]}`);
    expect([venue.status, venue.json.code, venue.json.message]).to.deep.equal([400, 'rest-invalid-event-id', 'The specified ID is not a valid event.']);
    const slug = await t.request('GET', `${API}/events/by-slug/%21`);
    expect([slug.status, slug.json.code]).to.deep.equal([400, 'rest_invalid_param']);
    const upper = await t.request('GET', `${API}/events/by-slug/ALPHA-CONCERT`);
    expect([upper.status, upper.json.id]).to.deep.equal([200, site.ids.A]);
    const child = await t.request('GET', `${API}/events/by-slug/kappa-child`);
    expect(child.status).to.equal(400);
  });
});

forEachDatabase('events read side: a site outside UTC', (kind) => {
  let t: TestServer;
  let ny: number;
  let utc: number;
  before(async () => {
    t = await startTestServer(kind, { siteUrl: SAMPLE_HOME, now: () => NOW });
    await t.server.db.write((trx) => setOption(trx, 'timezone_string', 'America/New_York'));
    ny = await seedEvent(t.server.db, { title: 'New York Evening', timezone: 'America/New_York', timezoneAbbr: 'EDT', start: '2024-06-20 20:00:00', end: '2024-06-20 22:00:00' });
    utc = await seedEvent(t.server.db, { title: 'UTC Night', start: '2024-06-20 22:00:00', end: '2024-06-20 23:00:00' });
  });
  after(async () => t.close());

  it('compares and orders by event-local wall time, the default start taken in the site zone', async () => {
    const res = await t.request('GET', `${API}/events?end_date=2024-06-20`);
    expect(res.json.events.map((e: Json) => e.id)).to.deep.equal([ny, utc]);
    expect(res.json.rest_url).to.contain('start_date=2024-06-12 00:00:00&end_date=2024-06-20 23:59:59');
    expect(res.json.events[0].utc_start_date).to.equal('2024-06-21 00:00:00');
    const single = await t.request('GET', `${API}/events/${ny}`);
    expect([single.json.json_ld.startDate, single.json.timezone_abbr]).to.deep.equal(['2024-06-20T20:00:00-04:00', 'EDT']);
    const strict = await t.request('GET', `${API}/events?start_date=2024-06-21%2001:00:00&strict_dates=true`);
    expect(strict.json.events.map((e: Json) => e.id)).to.deep.equal([utc]);
  });
});

forEachDatabase('events read side: password-protected venue and organizer embedded in an event', (kind) => {
  let t: TestServer;
  let editor: string;
  let contributor: string;
  let event: number;
  let venue: number;
  let organizer: number;
  before(async () => {
    t = await startTestServer(kind, { siteUrl: SAMPLE_HOME, now: () => NOW });
    const db = t.server.db;
    editor = await t.userWithRole('editor');
    contributor = await t.userWithRole('contributor');
    venue = await seedLinkedPost(db, 'tribe_venue', 'Locked Hall', [
      ['_VenueAddress', '1 Main St'], ['_VenueCity', 'Springfield'], ['_VenueState', 'IL'], ['_VenueZip', '62701'], ['_VenuePhone', '555-0100'],
    ]);
    organizer = await seedLinkedPost(db, 'tribe_organizer', 'Locked Org', [['_OrganizerPhone', '555-0199'], ['_OrganizerEmail', 'org@example.com']]);
    await db.kysely.updateTable('posts').set({ post_password: 'linked-pw' }).where('ID', 'in', [venue, organizer]).execute();
    event = await seedEvent(db, {
      title: 'Open Event', start: '2024-06-20 10:00:00', end: '2024-06-20 12:00:00',
      meta: [['_EventVenueID', String(venue)], ['_EventOrganizerID', String(organizer)]],
    });
  });
  after(async () => t.close());

  const postFields = (id: number, type: 'venue' | 'organizer', slug: string) => ({
    id, author: '1', status: 'publish', date: '2026-11-22 13:30:35', date_utc: '2026-11-22 13:30:35',
    modified: '2026-11-22 13:30:35', modified_utc: '2026-11-22 13:30:35', url: `${SAMPLE_HOME}/${type}/${slug}/`,
  });
  const globalIds = (id: number) => ({ global_id: `127.0.0.1?id=${id}`, global_id_lineage: [`127.0.0.1?id=${id}`] });
  /** What §4.5/§4.7 leave of them: the name keys become [], the other protected keys blank; state, slug, url stay. */
  const redactedVenue = () => ({
    ...postFields(venue, 'venue', 'locked-hall'), venue: [], slug: 'locked-hall', address: '', city: '', state: 'IL', zip: '', phone: '',
    show_map: null, show_map_link: null, ...globalIds(venue),
  });
  const redactedOrganizers = () => [{ ...postFields(organizer, 'organizer', 'locked-org'), organizer: [], slug: 'locked-org', phone: '', email: '', ...globalIds(organizer) }];
  const single = async (query: string, auth?: string) => (await t.request('GET', `${API}/events/${event}${query}`, { auth })).json;
  const listed = async (query: string, auth?: string) => (await t.request('GET', `${API}/events${query}`, { auth })).json.events[0];

  it('embeds them redacted, their names as [], in the single read and the list of an anonymous caller', async () => {
    for (const [what, shown] of [['single', await single('')], ['list', await listed('')]] as const) {
      expect(shown.id, what).to.equal(event);
      expectSame(shown.venue, redactedVenue(), `${what} venue`);
      expectSame(shown.organizer, redactedOrganizers(), `${what} organizer`);
    }
  });

  it('unlocks them only for context=edit by a caller who may edit them, or their password', async () => {
    for (const [what, shown] of [['editor single', await single('', editor)], ['editor list', await listed('', editor)],
      ['contributor context=edit', await single('?context=edit', contributor)], ['wrong password', await listed('?password=LINKED-PW')]] as const) {
      expectSame(shown.venue, redactedVenue(), `${what} venue`);
      expectSame(shown.organizer, redactedOrganizers(), `${what} organizer`);
    }
    for (const [what, shown] of [['editor context=edit single', await single('?context=edit', editor)], ['editor context=edit list', await listed('?context=edit', editor)],
      ['password list', await listed('?password=linked-pw')]] as const) {
      expect([shown.venue.venue, shown.venue.phone, shown.venue.show_map], what).to.deep.equal(['Locked Hall', '555-0100', true]);
      expect([shown.organizer[0].organizer, shown.organizer[0].email], what).to.deep.equal(['Locked Org', 'org@example.com']);
    }
    expect((await single('?context=edit', editor)).venue.json_ld['@type']).to.equal('Place');
  });
});
