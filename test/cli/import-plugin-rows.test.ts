// Rows the plugin reads back as it wrote them, after `wpcal import` (issue 16, item 8): TEC's
// tracker note `_tribe_modified_fields` on the events an import creates (as TEC's CSV importer's
// createEvent leaves it; its updates run with the tracker off), and the venues' and organizers'
// `_VenueDescription` / `_OrganizerDescription`, which TEC's create writes and its update does not.
import { expect } from 'chai';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { setOption } from '../../src/data/options.ts';
import { freshDatabases, migrate, scratchFiles, wpcal } from '../support/cli-transfer.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';

const scratch = scratchFiles('wpcal-import-rows-');
const WXR = path.resolve(import.meta.dirname, '../fixtures/wxr/calendar.xml');
after(() => scratch.remove());

/** A site in a zone without summer time: current_time('timestamp') is UTC + 9 hours all year. */
const ZONE = 'Asia/Tokyo';
const ZONE_OFFSET = 9 * 3600;

const str = (value: string) => `s:${Buffer.byteLength(value)}:"${value}";`;
/** `name => time` entries as PHP serializes them. */
const entries = (pairs: ReadonlyArray<readonly [string, number]>) => pairs.map(([name, time]) => `${str(name)}i:${time};`).join('');

/** The meta keys an API create of the event below notes, in the order TEC's save touches them. */
const CREATED_META = [
  '_EventOrigin', '_EventShowMapLink', '_EventShowMap', '_EventVenueID', '_EventOrganizerID', '_EventStartDate', '_EventEndDate',
  '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration', '_EventCost', '_EventURL', '_EventTimezone', '_EventTimezoneAbbr', '_tribe_featured',
];

const CAROLS = {
  title: 'Carol Service', start_date: '2026-12-24 18:00:00', end_date: '2026-12-24 20:00:00', venue: 'hall', organizers: ['choir'],
  categories: ['music'], tags: ['seasonal'], cost: '15', website: 'http://example.com/carols', featured: true,
};

function fixture(event: Record<string, unknown>, others: Record<string, unknown> = {}): string {
  return JSON.stringify({
    wpcal: 1,
    venues: { hall: { venue: 'Town Hall' } },
    organizers: { choir: { organizer: 'Choir Guild' } },
    categories: { music: { name: 'Music' } },
    tags: { seasonal: { name: 'Seasonal' } },
    events: { carols: event, ...others },
  });
}

forEachDatabase('rows the plugin reads back after wpcal import', (kind) => {
  const fresh = freshDatabases(kind);
  let target: TestDatabase;
  let db: Db;

  beforeEach(async function () {
    this.timeout(60_000);
    target = await fresh();
    await migrate(target);
    db = await openDatabase(target.url, 'wp_');
    await db.write((trx) => setOption(trx, 'timezone_string', ZONE));
  });
  afterEach(async () => db.close());

  async function metaOf(title: string, key: string): Promise<string[]> {
    const rows = await db.kysely.selectFrom('postmeta as m').innerJoin('posts as p', 'p.ID', 'm.post_id')
      .select('m.meta_value').where('p.post_title', '=', title).where('m.meta_key', '=', key).orderBy('m.meta_id').execute();
    return rows.map((row) => row.meta_value ?? '');
  }

  /** Runs the import; resolves to the Unix times it ran between. */
  async function imported(...files: string[]): Promise<[number, number]> {
    const from = Math.floor(Date.now() / 1000);
    const result = await wpcal(target, 'import', ...files);
    expect(result.code, result.stderr).to.equal(0);
    return [from, Math.ceil(Date.now() / 1000)];
  }

  /** The UTC time the note gives the events' taxonomies, checked to fall within the import. */
  function noteTime(note: string, [from, to]: [number, number]): number {
    const utc = Number(/^a:\d+:\{s:16:"tribe_events_cat";i:(\d+);/.exec(note)?.[1]);
    expect(utc, note).to.be.within(from, to);
    return utc;
  }

  describe('_tribe_modified_fields', function () {
    this.timeout(60_000);

    it('an import notes on the events it creates what the API\'s create notes: its taxonomies at UTC, every meta key at the site\'s time', async () => {
      const plain = { title: 'Plain Talk', start_date: '2026-12-03 18:00:00', end_date: '2026-12-03 19:00:00', all_day: true };
      const span = await imported(scratch.write('create.json', fixture(CAROLS, { plain, carols2: { ...CAROLS, title: 'Carol Service II' } })));
      const [note] = await metaOf('Carol Service', '_tribe_modified_fields');
      const utc = noteTime(note!, span);
      const local = utc + ZONE_OFFSET;
      expect(note).to.equal(`a:18:{${entries([
        ['tribe_events_cat', utc], ['post_tag', utc], ...CREATED_META.map((name) => [name, local] as const), ['_wpcal_import_key', local],
      ])}}`);
      expect(await metaOf('Carol Service II', '_tribe_modified_fields'), 'an event of the same shape').to.deep.equal([note]);
      // Another shape in the same import: no terms, linked posts, cost, website or featured flag; all day.
      const plainNames = ['_EventOrigin', '_EventShowMapLink', '_EventShowMap', '_EventAllDay', '_EventStartDate', '_EventEndDate',
        '_EventStartDateUTC', '_EventEndDateUTC', '_EventTimezone', '_EventTimezoneAbbr', '_wpcal_import_key'];
      expect(await metaOf('Plain Talk', '_tribe_modified_fields')).to.deep.equal([`a:11:{${entries(plainNames.map((name) => [name, local] as const))}}`]);
    });

    it('an import that updates the event leaves its note alone, as TEC\'s importer turns its tracker off for updates', async () => {
      await imported(scratch.write('first.json', fixture(CAROLS)));
      const [before] = await metaOf('Carol Service', '_tribe_modified_fields');
      const result = await wpcal(target, 'import', scratch.write('again.json', fixture({ ...CAROLS, cost: '20', website: 'http://example.com/other' })));
      expect(result.stdout.trim()).to.equal('created 0, updated 5, skipped 0, failed 0');
      expect(await metaOf('Carol Service', '_EventCost')).to.deep.equal(['20']);
      expect(await metaOf('Carol Service', '_tribe_modified_fields')).to.deep.equal([before]);
    });

    it('an iCalendar import notes nothing, as TEC\'s Event Aggregator creates events with its tracker off', async () => {
      await imported(scratch.write('feed.ics', [
        'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
        'BEGIN:VEVENT', 'UID:carols@example.com', 'DTSTAMP:20261101T000000Z', 'DTSTART:20261224T180000Z', 'DTEND:20261224T200000Z',
        'SUMMARY:Carol Service', 'CATEGORIES:Music', 'END:VEVENT', 'END:VCALENDAR', '',
      ].join('\r\n')));
      expect(await metaOf('Carol Service', '_EventStartDate'), 'the event was imported').to.have.length(1);
      expect(await metaOf('Carol Service', '_tribe_modified_fields')).to.deep.equal([]);
    });

    it('a note the file carries (a WXR or JSON export) is kept as it is', async () => {
      const carried = `a:2:{${entries([['post_title', 100], ['_EventURL', 200]])}}`;
      await imported(scratch.write('carried.json', fixture({ ...CAROLS, meta: { _tribe_modified_fields: carried } })));
      expect(await metaOf('Carol Service', '_tribe_modified_fields')).to.deep.equal([carried]);
    });

    it('a TEC CSV import notes what TEC\'s createEvent adds; events it only updates keep their note', async () => {
      const csv = scratch.write('events.csv', [
        'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Category,Event Cost',
        'Quiz Night,2026-12-02,19:00:00,2026-12-02,21:00:00,Games,5',
        '',
      ].join('\n'));
      const span = await imported(csv);
      const [note] = await metaOf('Quiz Night', '_tribe_modified_fields');
      const utc = noteTime(note!, span);
      const names = ['_EventOrigin', '_EventShowMapLink', '_EventShowMap', '_EventStartDate', '_EventEndDate', '_EventStartDateUTC',
        '_EventEndDateUTC', '_EventDuration', '_EventCost', '_EventTimezone', '_EventTimezoneAbbr'];
      expect(note).to.equal(`a:12:{${entries([['tribe_events_cat', utc], ...names.map((name) => [name, utc + ZONE_OFFSET] as const)])}}`);
      await imported(scratch.write('events-again.csv', [
        'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Category,Event Cost',
        'Quiz Night,2026-12-02,19:00:00,2026-12-02,22:00:00,Games,8',
        '',
      ].join('\n')));
      expect(await metaOf('Quiz Night', '_EventCost')).to.deep.equal(['8']);
      expect(await metaOf('Quiz Night', '_tribe_modified_fields')).to.deep.equal([note]);
    });
  });

  describe('_VenueDescription and _OrganizerDescription', function () {
    this.timeout(60_000);

    it('a TEC CSV import keeps the description of the venues and organizers it creates (empty without the column); its updates leave it', async () => {
      await imported(scratch.write('venues.csv', 'Venue Name,Venue Description,Venue City\nCorn Exchange,<b>Grain</b>  hall,Ely\n'),
        scratch.write('organizers.csv', 'Organizer Name,Organizer Email\nHarvest Guild,guild@example.com\n'));
      expect(await metaOf('Corn Exchange', '_VenueDescription')).to.deep.equal(['Grain hall']);
      expect(await metaOf('Harvest Guild', '_OrganizerDescription')).to.deep.equal(['']);
      const again = await wpcal(target, 'import', scratch.write('venues-again.csv', 'Venue Name,Venue Description\nCorn Exchange,Now a cinema\n'));
      expect(again.stdout.trim()).to.equal('created 0, updated 1, skipped 0, failed 0');
      const [content] = await db.kysely.selectFrom('posts').select('post_content').where('post_title', '=', 'Corn Exchange').execute();
      expect(content!.post_content).to.equal('Now a cinema');
      expect(await metaOf('Corn Exchange', '_VenueDescription')).to.deep.equal(['Grain hall']);
    });

    it('a WXR import gives the venues and organizers it creates their content\'s copy, as TEC\'s create would', async () => {
      // The file also holds a broken event (a failed record: exit code 1); the rest is imported.
      expect((await wpcal(target, 'import', WXR)).stdout).to.match(/^created \d+/);
      expect(await metaOf('Riverside Hall', '_VenueDescription')).to.deep.equal(['Step-free access from Quai Süd.']);
      expect(await metaOf('Ana Müller', '_OrganizerDescription')).to.deep.equal(['']);
      expect(await metaOf('Riverside Jazz Collective', '_OrganizerDescription')).to.deep.equal(['A collective of local players.']);
    });
  });
});
