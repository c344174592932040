// Rows the plugin reads back as it wrote them (issue 16, item 8), checked byte for byte after
// creates, updates and trashes on both databases:
// - TEC's known date range in `tribe_events_calendar_options` (earliest_date, latest_date and their
//   markers), the array's other entries kept as stored;
// - WordPress's revisions of events;
// - TEC's tracker note `_tribe_modified_fields` on events, venues and organizers;
// - the description's copy TEC's create keeps in `_VenueDescription` / `_OrganizerDescription`.
import { expect } from 'chai';
import { openDatabase } from '../../src/data/connect.ts';
import { setOption } from '../../src/data/options.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { forEachDatabase } from '../support/databases.ts';
import { loadWordPressSite } from '../support/load-sql.ts';
import { basicAuth, startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

/**
 * TEC settings as PHP stored them: a float PHP wrote with 17 digits, an integer key before a
 * string one, a nested array; wpcal's own serializer would write these differently.
 */
const SETTINGS = 'a:4:{s:8:"did_init";b:1;s:8:"legacyPi";d:3.1415926535897931;i:7;a:1:{i:0;s:1:"x";}s:14:"schema-version";s:6:"6.0.12";}';
const SETTINGS_ENTRIES = SETTINGS.slice('a:4:{'.length, -1);

const str = (value: string) => `s:${Buffer.byteLength(value)}:"${value}";`;

/** The option as TEC leaves it: the settings, then the range keys in the order TEC first set them. */
function withRange(earliest: string, earliestId: number, latest: string, latestId: number): string {
  return `a:8:{${SETTINGS_ENTRIES}${str('earliest_date')}${str(earliest)}${str('earliest_date_markers')}a:1:{i:0;i:${earliestId};}`
    + `${str('latest_date')}${str(latest)}${str('latest_date_markers')}a:1:{i:0;i:${latestId};}}`;
}

forEachDatabase('rows the plugin reads back: known range and revisions', (kind) => {
  let t: TestServer;
  let auth: string;
  let clock = new Date('2030-05-01T12:00:00Z');
  before(async () => {
    t = await startTestServer(kind, {
      now: () => clock,
      before: async (database) => {
        const db = await openDatabase(database.url, 'wp_');
        try {
          await prepareDatabase(db);
          await db.write((trx) => setOption(trx, 'tribe_events_calendar_options', SETTINGS));
        } finally {
          await db.close();
        }
      },
    });
    auth = await t.userWithRole('administrator', 'admin');
  });
  after(async () => t?.close());

  const db = () => t.server.db.kysely;

  async function option(): Promise<string | undefined> {
    const row = await db().selectFrom('options').select('option_value').where('option_name', '=', 'tribe_events_calendar_options').executeTakeFirst();
    return row?.option_value;
  }

  async function write(method: string, path: string, body: Record<string, unknown> | undefined, at: string): Promise<any> {
    clock = new Date(at);
    const res = await t.request(method, `${API}/${path}`, { auth, body });
    expect(res.status, res.text).to.be.oneOf([200, 201]);
    return res.json;
  }

  describe('the known date range', () => {
    const ids: Record<string, number> = {};

    it('a create rebuilds it from the visible occurrences: first start and last end in UTC, each with its post', async () => {
      ids.a = (await write('POST', 'events', { title: 'A', start_date: '2030-06-10 10:00:00', end_date: '2030-06-10 11:00:00' }, '2030-05-01T12:00:00Z')).id;
      expect(await option()).to.equal(withRange('2030-06-10 10:00:00', ids.a, '2030-06-10 11:00:00', ids.a));
      ids.b = (await write('POST', 'events', {
        title: 'B', start_date: '2030-06-10 06:00:00', end_date: '2030-06-10 07:00:00', timezone: 'America/Los_Angeles',
      }, '2030-05-01T12:01:00Z')).id;
      // B ends at 14:00 UTC: the latest end, though its local times are earlier than A's.
      expect(await option()).to.equal(withRange('2030-06-10 10:00:00', ids.a, '2030-06-10 14:00:00', ids.b));
      ids.d = (await write('POST', 'events', { title: 'D', start_date: '2030-06-10 11:30:00', end_date: '2030-06-10 12:00:00' }, '2030-05-01T12:01:30Z')).id;
      expect(await option(), 'an event in between').to.equal(withRange('2030-06-10 10:00:00', ids.a, '2030-06-10 14:00:00', ids.b));
    });

    it('an update of a marker event whose dates stay rebuilds it (unchanged)', async () => {
      await write('PATCH', `events/${ids.b}`, { title: 'B, renamed' }, '2030-05-01T12:02:00Z');
      expect(await option()).to.equal(withRange('2030-06-10 10:00:00', ids.a, '2030-06-10 14:00:00', ids.b));
    });

    it('an update of another visible event whose local start is before the stored earliest date stores that local start, as TEC does', async () => {
      ids.c = (await write('POST', 'events', { title: 'C', start_date: '2030-06-11 09:00:00', end_date: '2030-06-11 10:00:00' }, '2030-05-01T12:03:00Z')).id;
      expect(await option()).to.equal(withRange('2030-06-10 10:00:00', ids.a, '2030-06-11 10:00:00', ids.c));
      // B is no marker now; its local start (06:00 in Los Angeles) sorts before 10:00 (A, UTC).
      await write('PATCH', `events/${ids.b}`, { title: 'B again' }, '2030-05-01T12:04:00Z');
      expect(await option()).to.equal(withRange('2030-06-10 06:00:00', ids.a, '2030-06-11 10:00:00', ids.c));
    });

    it('a trash, and an update that unpublishes, rebuild it', async () => {
      // D is no marker: unpublishing it rebuilds the range all the same, which undoes B's local start.
      await write('PATCH', `events/${ids.d}`, { status: 'draft' }, '2030-05-01T12:04:30Z');
      expect(await option()).to.equal(withRange('2030-06-10 10:00:00', ids.a, '2030-06-11 10:00:00', ids.c));
      await write('DELETE', `events/${ids.c}`, undefined, '2030-05-01T12:05:00Z');
      expect(await option()).to.equal(withRange('2030-06-10 10:00:00', ids.a, '2030-06-10 14:00:00', ids.b));
      await write('PATCH', `events/${ids.a}`, { status: 'draft' }, '2030-05-01T12:06:00Z');
      expect(await option()).to.equal(withRange('2030-06-10 13:00:00', ids.b, '2030-06-10 14:00:00', ids.b));
    });

    it('new dates rebuild it', async () => {
      await write('PATCH', `events/${ids.b}`, { start_date: '2030-07-01 08:00:00', end_date: '2030-07-02 08:00:00' }, '2030-05-01T12:07:00Z');
      expect(await option()).to.equal(withRange('2030-07-01 15:00:00', ids.b, '2030-07-02 15:00:00', ids.b));
    });

    it('with no visible event left, the four keys go and the settings stay as stored', async () => {
      await write('DELETE', `events/${ids.b}`, undefined, '2030-05-01T12:08:00Z');
      expect(await option()).to.equal(SETTINGS);
    });

    it('concurrent creates leave the range of all of them', async () => {
      const days = [5, 3, 9, 1, 7, 2, 8, 4];
      const created = await Promise.all(days.map(async (day) => {
        const res = await t.request('POST', `${API}/events`, {
          auth, body: { title: `Day ${day}`, start_date: `2031-01-0${day} 10:00:00`, end_date: `2031-01-0${day} 12:00:00` },
        });
        expect(res.status, res.text).to.equal(201);
        return { day, id: res.json.id as number };
      }));
      const byDay = new Map(created.map(({ day, id }) => [day, id]));
      expect(await option()).to.equal(withRange('2031-01-01 10:00:00', byDay.get(1)!, '2031-01-09 12:00:00', byDay.get(9)!));
    });
  });

  describe('revisions of events', () => {
    let id: number;

    async function revisions(parent: number) {
      return db().selectFrom('posts').selectAll().where('post_parent', '=', parent).where('post_type', '=', 'revision').orderBy('ID').execute();
    }

    it('a create saves none', async () => {
      id = (await write('POST', 'events', {
        title: 'Choir', description: 'Carols  and\r\nhymns', excerpt: 'Sing', start_date: '2030-12-24 18:00:00', end_date: '2030-12-24 20:00:00',
      }, '2030-11-01T10:00:00Z')).id;
      expect(await revisions(id)).to.deep.equal([]);
    });

    it('the first update saves the post as it now is, as _wp_put_post_revision writes it', async () => {
      await write('PATCH', `events/${id}`, { cost: '10' }, '2030-11-02T10:00:00Z');
      const [revision, ...more] = await revisions(id);
      expect(more).to.deep.equal([]);
      const admin = await db().selectFrom('users').select('ID').where('user_login', '=', 'admin').executeTakeFirstOrThrow();
      expect({ ...revision, post_author: Number(revision!.post_author), post_parent: Number(revision!.post_parent) }).to.deep.equal({
        ID: revision!.ID, post_author: Number(admin.ID), post_date: '2030-11-02 10:00:00', post_date_gmt: '2030-11-02 10:00:00',
        post_content: 'Carols  and\r\nhymns', post_title: 'Choir', post_excerpt: 'Sing', post_status: 'inherit',
        comment_status: 'closed', ping_status: 'closed', post_password: '', post_name: `${id}-revision-v1`, to_ping: '', pinged: '',
        post_modified: '2030-11-02 10:00:00', post_modified_gmt: '2030-11-02 10:00:00', post_content_filtered: '', post_parent: id,
        guid: `${await siteHome(id)}/?p=${revision!.ID}`, menu_order: 0,
        post_type: 'revision', post_mime_type: '', comment_count: 0,
      });
    });

    it('later updates save one only when the title, content or excerpt change (whitespace runs aside)', async () => {
      await write('PATCH', `events/${id}`, { cost: '12', description: 'Carols and\nhymns ' }, '2030-11-03T10:00:00Z');
      expect(await revisions(id)).to.have.length(1);
      await write('PATCH', `events/${id}`, { title: 'Choir night' }, '2030-11-04T10:00:00Z');
      const saved = await revisions(id);
      expect(saved.map((row) => [row.post_title, row.post_content, row.post_date])).to.deep.equal([
        ['Choir', 'Carols  and\r\nhymns', '2030-11-02 10:00:00'],
        ['Choir night', 'Carols and\nhymns ', '2030-11-04 10:00:00'],
      ]);
      expect(saved.map((row) => row.post_name)).to.deep.equal([`${id}-revision-v1`, `${id}-revision-v1`]);
    });

    it('a trash saves none when a revision holds the same fields, one when the event has none', async () => {
      await write('DELETE', `events/${id}`, undefined, '2030-11-05T10:00:00Z');
      expect(await revisions(id)).to.have.length(2);
      const other = (await write('POST', 'events', { title: 'Fair', start_date: '2030-12-26 10:00:00', end_date: '2030-12-26 12:00:00' }, '2030-11-06T10:00:00Z')).id;
      await write('DELETE', `events/${other}`, undefined, '2030-11-07T10:00:00Z');
      expect((await revisions(other)).map((row) => [row.post_title, row.post_date, row.post_status])).to.deep.equal([['Fair', '2030-11-07 10:00:00', 'inherit']]);
    });

    it('no list or count shows them', async () => {
      const list = await t.request('GET', `${API}/events?status=publish,trash,draft&per_page=50&start_date=2000-01-01`, { auth });
      expect(list.status, list.text).to.equal(200);
      const revisionIds = (await db().selectFrom('posts').select('ID').where('post_type', '=', 'revision').execute()).map((row) => Number(row.ID));
      expect(revisionIds).to.have.length.above(2);
      expect(list.json.events.map((event: { id: number }) => event.id)).to.not.include.members(revisionIds);
      const events = await db().selectFrom('posts').select('ID').where('post_type', '=', 'tribe_events').where('post_status', 'in', ['publish', 'draft', 'trash']).execute();
      expect(list.json.total).to.equal(events.length);
    });
  });

  /** The site's home, as the guid of a published event shows it. */
  async function siteHome(eventId: number): Promise<string> {
    const event = await db().selectFrom('posts').select('guid').where('ID', '=', eventId).executeTakeFirstOrThrow();
    return event.guid.replace(/\/event\/.*$/, '');
  }
});

forEachDatabase('rows the plugin reads back: _tribe_modified_fields, descriptions in venue and organizer meta', (kind) => {
  let t: TestServer;
  let clock = new Date('2026-11-22T13:30:35Z');
  const ED = basicAuth('ed', 'abcdEFGH1234ijklMNOP5678');
  before(async () => {
    t = await startTestServer(kind, { now: () => clock, before: (database) => loadWordPressSite(database, 'wp_', ['calendar.sql']) });
  });
  after(async () => t?.close());

  async function note(id: number): Promise<string | undefined> {
    const row = await t.server.db.kysely.selectFrom('postmeta').select('meta_value')
      .where('post_id', '=', id).where('meta_key', '=', '_tribe_modified_fields').executeTakeFirst();
    return row?.meta_value ?? undefined;
  }

  async function write(method: string, path: string, body: Record<string, unknown> | undefined, at: string): Promise<any> {
    clock = new Date(at);
    const res = await t.request(method, `${API}/${path}`, { auth: ED, body });
    expect(res.status, res.text).to.be.oneOf([200, 201]);
    return res.json;
  }

  /** `name => time` entries as PHP serializes them. */
  const entries = (pairs: Array<[string, number]>) => pairs.map(([name, time]) => `${str(name)}i:${time};`).join('');
  const unix = (iso: string) => Date.parse(iso) / 1000;
  /** current_time('timestamp') on this Los Angeles site (UTC-8 in November). */
  const local = (iso: string) => unix(iso) - 8 * 3600;

  describe('events', () => {
    let id: number;
    const created = '2026-11-22T13:30:35Z';
    const createdNames = [
      '_EventOrigin', '_EventShowMapLink', '_EventShowMap', '_EventVenueID', '_EventOrganizerID', '_EventStartDate', '_EventEndDate',
      '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration', '_EventCost', '_EventURL', '_EventTimezone', '_EventTimezoneAbbr', '_tribe_featured',
    ];

    it('a create notes every meta key it adds at the site-local time and its taxonomies at UTC, in the order TEC touches them', async () => {
      id = (await write('POST', 'events', {
        title: 'Carol Service', start_date: '2026-12-24 18:00:00', end_date: '2026-12-24 20:00:00', venue: 11, organizer: [12],
        categories: [2], tags: [3], cost: '15', website: 'http://example.com/carols', featured: true,
      }, created)).id;
      expect(await note(id)).to.equal(`a:17:{${entries([
        ['tribe_events_cat', unix(created)], ['post_tag', unix(created)], ...createdNames.map((name): [string, number] => [name, local(created)]),
      ])}}`);
    });

    it('an update notes what changed in place (fields, meta, terms) and appends what is new', async () => {
      const updated = '2026-11-23T10:00:00Z';
      await write('POST', `events/${id}`, { title: 'Carol Night', cost: '$20', tags: [] }, updated);
      // POST resets the omitted organizers, website and featured flag; the title and the tag change.
      const times = new Map<string, number>([['tribe_events_cat', unix(created)], ['post_tag', unix(updated)],
        ...createdNames.map((name): [string, number] => [name, local(created)])]);
      for (const name of ['_EventOrganizerID', '_EventCost', '_EventURL', '_tribe_featured']) times.set(name, local(updated));
      const appended: Array<[string, number]> = [['post_title', local(updated)], ['_EventCurrencySymbol', local(updated)], ['_EventCurrencyPosition', local(updated)]];
      expect(await note(id)).to.equal(`a:20:{${entries([...times, ...appended])}}`);
    });

    it('an update that changes nothing noted leaves the note alone', async () => {
      const before = await note(id);
      await write('PATCH', `events/${id}`, { cost: '$20' }, '2026-11-23T11:00:00Z');
      expect(await note(id)).to.equal(before);
    });

    it('a trash notes TEC\'s status note, the trash bookkeeping and post_status', async () => {
      const before = (await note(id))!;
      const trashed = '2026-11-24T12:00:00Z';
      await write('DELETE', `events/${id}`, undefined, trashed);
      const added = entries(['_tribe_ignored_event_previous_status', '_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug', 'post_status']
        .map((name): [string, number] => [name, local(trashed)]));
      expect(await note(id)).to.equal(`a:25:{${before.slice('a:20:{'.length, -1)}${added}}`);
    });
  });

  describe('venues and organizers', () => {
    it('a venue\'s create, update and trash', async () => {
      const created = '2026-11-25T08:00:00Z';
      const id = (await write('POST', 'venues', { venue: 'Town Hall', address: '2 High St', city: 'Shelbyville', country: 'US', state: 'IL' }, created)).id;
      const names = ['_VenueOrigin', '_EventShowMapLink', '_EventShowMap', '_VenueAddress', '_VenueCity', '_VenueCountry', '_VenueState',
        '_VenueShowMap', '_VenueShowMapLink', '_VenueStateProvince'];
      expect(await note(id)).to.equal(`a:10:{${entries(names.map((name): [string, number] => [name, local(created)]))}}`);
      const updated = '2026-11-26T10:00:00Z';
      await write('PATCH', `venues/${id}`, { city: 'Capital City', description: 'Old hall' }, updated);
      const times = names.map((name): [string, number] => [name, name === '_VenueCity' ? local(updated) : local(created)]);
      expect(await note(id)).to.equal(`a:11:{${entries([...times, ['post_content', local(updated)]])}}`);
      const trashed = '2026-11-27T12:00:00Z';
      await write('DELETE', `venues/${id}`, undefined, trashed);
      expect(await note(id)).to.equal(`a:15:{${entries([...times, ['post_content', local(updated)],
        ...['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug', 'post_status'].map((name): [string, number] => [name, local(trashed)])])}}`);
    });

    it('an organizer\'s create', async () => {
      const created = '2026-11-25T09:00:00Z';
      const id = (await write('POST', 'organizers', { organizer: 'Choir Guild', phone: '555-0122', email: 'choir@example.com' }, created)).id;
      expect(await note(id)).to.equal(`a:3:{${entries(['_OrganizerOrigin', '_OrganizerPhone', '_OrganizerEmail'].map((name): [string, number] => [name, local(created)]))}}`);
    });
  });

  describe('_VenueDescription and _OrganizerDescription', () => {
    async function metaOf(id: number, key: string): Promise<string[]> {
      const rows = await t.server.db.kysely.selectFrom('postmeta').select('meta_value')
        .where('post_id', '=', id).where('meta_key', '=', key).orderBy('meta_id').execute();
      return rows.map((row) => row.meta_value ?? '');
    }

    it('a create keeps the sent description in meta, as sanitize_text_field leaves it; its note names the key after the origin and map flags', async () => {
      const created = '2026-11-28T08:00:00Z';
      const venue = (await write('POST', 'venues', { venue: 'Corn Exchange', description: '<b>Grain</b>  hall\nby the river', city: 'Ely' }, created)).id;
      expect(await metaOf(venue, '_VenueDescription')).to.deep.equal(['Grain hall by the river']);
      expect(await note(venue)).to.equal(`a:8:{${entries(['_VenueOrigin', '_EventShowMapLink', '_EventShowMap', '_VenueDescription', '_VenueCity',
        '_VenueShowMap', '_VenueShowMapLink', '_VenueStateProvince'].map((name): [string, number] => [name, local(created)]))}}`);
      const organizer = (await write('POST', 'organizers', { organizer: 'Harvest Guild', description: 'Bakers & <i>millers</i>' }, created)).id;
      expect(await metaOf(organizer, '_OrganizerDescription')).to.deep.equal(['Bakers & millers']);
    });

    it('an empty description is kept as an empty row; none sent, no row', async () => {
      const empty = (await write('POST', 'organizers', { organizer: 'Quiet Guild', description: '' }, '2026-11-28T09:00:00Z')).id;
      expect(await metaOf(empty, '_OrganizerDescription')).to.deep.equal(['']);
      const none = (await write('POST', 'venues', { venue: 'Bare Barn' }, '2026-11-28T09:00:00Z')).id;
      expect(await metaOf(none, '_VenueDescription')).to.deep.equal([]);
    });

    it('an update changes the content and leaves the meta copy as the create wrote it', async () => {
      const id = (await write('POST', 'venues', { venue: 'Mill House', description: 'First words' }, '2026-11-28T10:00:00Z')).id;
      for (const method of ['POST', 'PATCH']) {
        const updated = await write(method, `venues/${id}`, { venue: 'Mill House', description: `${method} words` }, '2026-11-28T11:00:00Z');
        expect(updated.description).to.contain(`${method} words`);
      }
      expect(await metaOf(id, '_VenueDescription')).to.deep.equal(['First words']);
    });

    it('a venue and an organizer created inline by an event write keep theirs too', async () => {
      const event = await write('POST', 'events', {
        title: 'Harvest Supper', start_date: '2026-12-05 18:00:00', end_date: '2026-12-05 21:00:00',
        venue: { venue: 'Tithe Barn', description: 'Oak beams' }, organizer: [{ organizer: 'Supper Club', description: 'Cooks' }],
      }, '2026-11-28T12:00:00Z');
      expect(await metaOf(event.venue.id, '_VenueDescription')).to.deep.equal(['Oak beams']);
      expect(await metaOf(event.organizer[0].id, '_OrganizerDescription')).to.deep.equal(['Cooks']);
    });
  });
});
