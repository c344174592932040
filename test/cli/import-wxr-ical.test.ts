// `wpcal import` of WordPress exports (WXR) and iCalendar files, and `wpcal export --format wxr|ics`,
// as real child processes against fresh databases, checked through the API of a server over the
// same database.
import { expect } from 'chai';
import path from 'node:path';
import ICAL from 'ical.js';
import { createUser } from '../../src/users/manage.ts';
import { DEMO, NS, WIDE, freshDatabases, migrate, postCounts, scratchFiles, serve, withoutVolatile, wpcal } from '../support/cli-transfer.ts';
import { forEachDatabase, type DatabaseKind, type TestDatabase } from '../support/databases.ts';
import { basicAuth } from '../support/server.ts';
import type { CliResult } from '../support/cli.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const CALENDAR_XML = path.join(FIXTURES, 'wxr/calendar.xml');
const TRUNCATED_XML = path.join(FIXTURES, 'wxr/truncated.xml');
const MALFORMED_XML = path.join(FIXTURES, 'wxr/malformed.xml');
const NOT_A_CALENDAR = path.join(FIXTURES, 'ical/not-a-calendar.ics');
const scratch = scratchFiles('wpcal-import-wxr-ical-');
const file = scratch.write;

type ApiEvent = Record<string, any>;
const names = (terms: Array<{ name: string }>): string[] => terms.map((t) => t.name);

/** `days` days after today (UTC), as iCalendar DATE text and as the API's date. */
function dayFromToday(days: number): { ics: string; api: string } {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return { ics: date.replaceAll('-', ''), api: date };
}

function calendar(...lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//wpcal tests//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
}

const D = [0, 1, 2, 3, 4, 5, 7, 14, 21, 28].map((n) => [n, dayFromToday(30 + n)] as const);
const day = (n: number) => D.find(([k]) => k === n)![1];

/**
 * Dates a month ahead (inside the recurrence window): a zoned event (Asia/Tokyo, UTC+9 all year,
 * with its VTIMEZONE), a UTC one (shown in the calendar zone, Asia/Kolkata, UTC+5:30), a floating
 * one (site time, UTC), an all-day one and a weekly series of 5 with one EXDATE.
 */
function icsCalendar(): string {
  return calendar(
    'X-WR-TIMEZONE:Asia/Kolkata',
    'BEGIN:VTIMEZONE', 'TZID:Asia/Tokyo', 'BEGIN:STANDARD', 'DTSTART:19700101T000000', 'TZOFFSETFROM:+0900', 'TZOFFSETTO:+0900', 'TZNAME:JST',
    'END:STANDARD', 'END:VTIMEZONE',
    'BEGIN:VEVENT', 'UID:recital@wpcal.test', 'DTSTAMP:20250101T000000Z',
    `DTSTART;TZID=Asia/Tokyo:${day(0).ics}T190000`, `DTEND;TZID=Asia/Tokyo:${day(0).ics}T213000`,
    'SUMMARY:Koto recital', 'DESCRIPTION:Two pieces\\, one encore.', 'LOCATION:Teatro Verdi\\, Via Roma 1',
    'ORGANIZER;CN=Ana Rossi:mailto:ana@example.org', 'CATEGORIES:Music,Jazz', 'URL:https://tickets.example.org/koto', 'END:VEVENT',
    'BEGIN:VEVENT', 'UID:call@wpcal.test', 'DTSTAMP:20250101T000000Z',
    `DTSTART:${day(1).ics}T140000Z`, `DTEND:${day(1).ics}T153000Z`, 'SUMMARY:Council call', 'END:VEVENT',
    'BEGIN:VEVENT', 'UID:brunch@wpcal.test', 'DTSTAMP:20250101T000000Z',
    `DTSTART:${day(2).ics}T100000`, `DTEND:${day(2).ics}T120000`, 'SUMMARY:Floating brunch', 'END:VEVENT',
    'BEGIN:VEVENT', 'UID:fair@wpcal.test', 'DTSTAMP:20250101T000000Z',
    `DTSTART;VALUE=DATE:${day(3).ics}`, `DTEND;VALUE=DATE:${day(5).ics}`, 'SUMMARY:Book fair', 'CATEGORIES:Family', 'END:VEVENT',
    'BEGIN:VEVENT', 'UID:class@wpcal.test', 'DTSTAMP:20250101T000000Z',
    `DTSTART;TZID=Asia/Tokyo:${day(0).ics}T090000`, `DTEND;TZID=Asia/Tokyo:${day(0).ics}T100000`,
    'RRULE:FREQ=WEEKLY;COUNT=5', `EXDATE;TZID=Asia/Tokyo:${day(14).ics}T090000`,
    'SUMMARY:Weekly class', 'LOCATION:Teatro Verdi\\, Via Roma 1', 'END:VEVENT',
  );
}

/** Events in time zones of their own, beside the demo fixture's site-time ones. */
const ZONED_EVENTS = JSON.stringify({ events: {
  'rome-1': { title: 'Opera night', start_date: '+20 days 19:00', end_date: '+20 days 22:00', timezone: 'Europe/Rome' },
  'rome-2': { title: 'Opera matinee', start_date: '+21 days 15:00', end_date: '+21 days 17:00', timezone: 'Europe/Rome' },
  'ny-1': { title: 'Gallery talk', start_date: '+22 days 18:00', end_date: '+22 days 19:00', timezone: 'America/New_York' },
  'ny-fair': { title: 'Street fair', all_day: true, start_date: '+23 days', end_date: '+24 days', timezone: 'America/New_York' },
} });

forEachDatabase('wpcal import of WXR and iCalendar files', (kind: DatabaseKind) => {
  const fresh = freshDatabases(kind);

  describe('a WordPress export (WXR)', function () {
    this.timeout(60_000);
    // The `<item>` of post 112 (an event without _EventStartDate), the file's 8th item.
    const BAD_ITEM = `${CALENDAR_XML}:456: item 8 (post ID 112): missing _EventStartDate`;
    // Venue 101, organizers 102 and 103, events 110 and 111; the 3 declared event categories and
    // the 2 tags events use. Skipped: a blog post, a page, an attachment. Failed: event 112.
    // Event 110's image is at arts.example.org, which tests do not reach: --no-images leaves it out.
    const SUMMARY = 'created 10, updated 0, skipped 3, failed 1';
    const COUNTS = { tribe_events: 2, tribe_organizer: 2, tribe_venue: 1 };
    let db: TestDatabase;
    let first: CliResult;
    before(async () => {
      db = await fresh();
      first = await wpcal(db, 'import', '--no-images', CALENDAR_XML);
    });

    it('imports the events, venues, organizers and terms, skips other items and reports the bad one', async () => {
      expect(first.stdout.trim()).to.equal(SUMMARY);
      expect(first.stderr.trim()).to.equal(BAD_ITEM);
      expect(first.code).to.equal(1);
      expect(await postCounts(db)).to.deep.equal(COUNTS);

      const api = await serve(db);
      try {
        const list = await api.get(`${NS}/events${WIDE}`);
        expect(list.json.events.map((e: ApiEvent) => e.id), 'the draft is not listed').to.deep.equal([110]);
        const jazz = list.json.events[0] as ApiEvent;
        expect(jazz.title).to.equal('Jazz by the River — Café Session');
        expect(jazz.description).to.contain('Tickets: 20 € at the door · 日本語の案内あり · 🎷');
        expect([jazz.start_date, jazz.end_date, jazz.utc_start_date, jazz.timezone, jazz.all_day])
          .to.deep.equal(['2024-06-14 19:30:00', '2024-06-14 22:00:00', '2024-06-14 17:30:00', 'Europe/Zurich', false]);
        expect([jazz.date, jazz.date_utc, jazz.slug, jazz.featured]).to.deep.equal(['2024-04-04 10:30:00', '2024-04-04 08:30:00', 'jazz-by-the-river', true]);
        expect(jazz.cost_details).to.deep.include({ currency_symbol: '€', currency_code: 'EUR', values: ['20'] });
        expect([jazz.venue.id, jazz.venue.venue, jazz.venue.city, jazz.venue.zip]).to.deep.equal([101, 'Riverside Hall', 'Zürich', '8001']);
        expect(jazz.organizer.map((o: ApiEvent) => [o.id, o.organizer])).to.deep.equal([[103, 'Riverside Jazz Collective'], [102, 'Ana Müller']]);
        expect((withoutVolatile(jazz.organizer[1]) as ApiEvent).email).to.equal('ana@example.org');
        expect(jazz.categories.map((c: ApiEvent) => [c.slug, c.name, c.description])).to.deep.equal([['jazz', 'Jazz &amp; Blues', 'Swing, bebop and <em>everything</em> after']]);
        expect(jazz.tags.map((t: ApiEvent) => t.slug).sort()).to.deep.equal(['late-night', 'outdoor']);

        const login = `admin-${kind.name}`;
        const created = await createUser(api.server.db, login, 'administrator', `${login}@example.test`);
        const family = (await api.get(`${NS}/events/111?password=kids2024`, basicAuth(login, created.password))).json as ApiEvent;
        expect([family.status, family.all_day, family.start_date, family.end_date, family.timezone])
          .to.deep.equal(['draft', true, '2024-07-06 00:00:00', '2024-07-06 23:59:59', 'UTC+2']);
        expect([family.sticky, family.hide_from_listings, family.cost_details.values]).to.deep.equal([true, true, ['0', '5']]);
        expect(family.description).to.contain('music for all ages. ]]>');
        expect(family.venue, 'venue 999 is not in the file').to.deep.equal([]);
        expect(names(family.categories).sort()).to.deep.equal(['Family', 'Music']);

        const categories = (await api.get(`${NS}/categories?hide_empty=false`)).json.categories as ApiEvent[];
        const music = categories.find((c) => c.slug === 'music')!;
        expect(categories.map((c) => c.slug).sort()).to.deep.equal(['family', 'jazz', 'music']);
        expect(categories.find((c) => c.slug === 'jazz')!.parent).to.equal(music.id);
        const tags = (await api.get(`${NS}/tags?hide_empty=false`)).json.tags as ApiEvent[];
        expect(tags.map((t) => [t.slug, t.description]).sort(), 'only the tags events use').to.deep.equal([['late-night', ''], ['outdoor', 'Held in the open air']]);
      } finally {
        await api.close();
      }
    });

    it('re-imports as updates, without duplicates', async () => {
      const again = await wpcal(db, 'import', '--no-images', CALENDAR_XML);
      expect(again.stdout.trim()).to.equal('created 0, updated 10, skipped 3, failed 1');
      expect(again.stderr.trim()).to.equal(BAD_ITEM);
      expect(await postCounts(db)).to.deep.equal(COUNTS);
      const api = await serve(db);
      try {
        expect((await api.get(`${NS}/categories?hide_empty=false`)).json.total).to.equal(3);
        expect((await api.get(`${NS}/events/110`)).json.venue.id).to.equal(101);
      } finally {
        await api.close();
      }
    });

    it('gives an item a new post ID when its exported one is taken', async () => {
      const target = await fresh();
      const squatter = file(`squatter-${kind.name}.json`, JSON.stringify({ events: { squatter: {
        id: 110, title: 'Squatter', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00',
      } } }));
      expect((await wpcal(target, 'import', squatter)).stdout.trim()).to.equal('created 1, updated 0, skipped 0, failed 0');
      expect((await wpcal(target, 'import', '--no-images', CALENDAR_XML)).stdout.trim()).to.equal(SUMMARY);
      const api = await serve(target);
      try {
        const events = (await api.get(`${NS}/events${WIDE}`)).json.events as ApiEvent[];
        expect(events.find((e) => e.id === 110)!.title).to.equal('Squatter');
        const jazz = events.find((e) => e.title === 'Jazz by the River — Café Session')!;
        expect(jazz.id).to.not.equal(110);
        expect(jazz.venue.id, 'free IDs are still kept').to.equal(101);
        expect(jazz.organizer.map((o: ApiEvent) => o.id)).to.deep.equal([103, 102]);
      } finally {
        await api.close();
      }
    });

    it('--dry-run counts the same and writes nothing', async () => {
      const target = await fresh();
      await migrate(target);
      const dry = await wpcal(target, 'import', '--dry-run', CALENDAR_XML);
      expect(dry.stdout.trim()).to.equal(SUMMARY);
      expect(dry.stderr.trim().split('\n')).to.deep.equal([BAD_ITEM, 'dry run: nothing was written']);
      expect(await postCounts(target)).to.deep.equal({});
    });
  });

  describe('an iCalendar file', function () {
    this.timeout(60_000);
    // 4 single events and 4 of the series, 1 venue, 1 organizer, and the 3 categories the events
    // name (Music, Jazz, Family).
    const SUMMARY = 'created 13, updated 0, skipped 0, failed 0';
    const COUNTS = { tribe_events: 8, tribe_organizer: 1, tribe_venue: 1 };
    let db: TestDatabase;
    let ics: string;
    before(async () => {
      db = await fresh();
      ics = file(`calendar-${kind.name}.ics`, icsCalendar());
    });

    it('imports zoned, UTC, floating, all-day and recurring events with their venue, organizer and categories', async () => {
      const result = await wpcal(db, 'import', ics);
      expect(result.stderr).to.equal('');
      expect(result.stdout.trim()).to.equal(SUMMARY);
      expect(result.code).to.equal(0);
      expect(await postCounts(db)).to.deep.equal(COUNTS);

      const api = await serve(db);
      try {
        const events = (await api.get(`${NS}/events${WIDE}`)).json.events as ApiEvent[];
        const byTitle = (title: string) => events.filter((e) => e.title === title);
        const [recital] = byTitle('Koto recital');
        expect([recital!.start_date, recital!.end_date, recital!.utc_start_date, recital!.timezone, recital!.all_day])
          .to.deep.equal([`${day(0).api} 19:00:00`, `${day(0).api} 21:30:00`, `${day(0).api} 10:00:00`, 'Asia/Tokyo', false]);
        expect(recital!.venue.venue).to.equal('Teatro Verdi, Via Roma 1');
        expect((withoutVolatile(recital!.organizer) as ApiEvent[]).map((o: ApiEvent) => [o.organizer, o.email])).to.deep.equal([['Ana Rossi', 'ana@example.org']]);
        expect(names(recital!.categories).sort()).to.deep.equal(['Jazz', 'Music']);
        expect(recital!.website).to.equal('https://tickets.example.org/koto');
        expect(recital!.description).to.contain('Two pieces, one encore.');

        const [call] = byTitle('Council call');
        expect([call!.start_date, call!.end_date, call!.utc_start_date, call!.timezone], 'UTC shown in X-WR-TIMEZONE')
          .to.deep.equal([`${day(1).api} 19:30:00`, `${day(1).api} 21:00:00`, `${day(1).api} 14:00:00`, 'Asia/Kolkata']);
        const [brunch] = byTitle('Floating brunch');
        expect([brunch!.start_date, brunch!.utc_start_date, brunch!.timezone], 'floating is site time')
          .to.deep.equal([`${day(2).api} 10:00:00`, `${day(2).api} 10:00:00`, 'UTC']);
        const [fair] = byTitle('Book fair');
        expect([fair!.all_day, fair!.start_date, fair!.end_date, names(fair!.categories)])
          .to.deep.equal([true, `${day(3).api} 00:00:00`, `${day(4).api} 23:59:59`, ['Family']]);

        const series = byTitle('Weekly class');
        expect(series.map((e) => e.start_date), 'the EXDATE is left out').to.deep.equal([0, 7, 21, 28].map((n) => `${day(n).api} 09:00:00`));
        expect(series.every((e) => e.timezone === 'Asia/Tokyo' && e.venue.id === recital!.venue.id)).to.equal(true);
      } finally {
        await api.close();
      }
    });

    it('re-imports as updates, without duplicates', async () => {
      const again = await wpcal(db, 'import', ics);
      expect(again.stdout.trim()).to.equal('created 0, updated 10, skipped 0, failed 0');
      expect(await postCounts(db)).to.deep.equal(COUNTS);
    });
  });

  describe('broken files', function () {
    this.timeout(60_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
      await migrate(db);
    });

    it('reports a VEVENT that ends before it starts as failed', async () => {
      const { ics } = day(0);
      const backwards = file(`backwards-${kind.name}.ics`, calendar(
        'BEGIN:VEVENT', 'UID:backwards@wpcal.test', `DTSTART:${ics}T100000Z`, `DTEND:${ics}T090000Z`, 'SUMMARY:Backwards', 'END:VEVENT',
      ));
      const before = await postCounts(db);
      const result = await wpcal(db, 'import', backwards);
      expect(result.code).to.equal(1);
      expect(result.stderr.trim()).to.equal(`${backwards}: VEVENT 1 (UID backwards@wpcal.test): the end (DTEND) is before the start (DTSTART)`);
      expect(result.stdout.trim()).to.equal('created 0, updated 0, skipped 0, failed 1');
      expect(await postCounts(db)).to.deep.equal(before);
    });

    it('writes nothing of a truncated or malformed WXR file or of a file that is not iCalendar', async () => {
      const result = await wpcal(db, 'import', TRUNCATED_XML, MALFORMED_XML, NOT_A_CALENDAR);
      expect(result.code).to.equal(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).to.have.length(3);
      expect(lines[0]).to.equal(`${TRUNCATED_XML}:301:0: unclosed tag: wp:postmeta (the WXR file is truncated or not well-formed XML)`);
      expect(lines[1]).to.equal(`${MALFORMED_XML}:14:47: unexpected close tag (the WXR file is truncated or not well-formed XML)`);
      expect(lines[2]).to.equal(`${NOT_A_CALENDAR}: not an iCalendar file (it does not begin with BEGIN:VCALENDAR)`);
      expect(result.stdout.trim()).to.equal('created 0, updated 0, skipped 0, failed 3');
      expect(await postCounts(db)).to.deep.equal({});
    });

    it('reports a bad VEVENT and imports the good one', async () => {
      const { ics } = day(0);
      const mixed = file(`mixed-${kind.name}.ics`, calendar(
        'BEGIN:VEVENT', 'UID:good@wpcal.test', `DTSTART:${ics}T100000Z`, `DTEND:${ics}T110000Z`, 'SUMMARY:Good', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:bad@wpcal.test', `DTSTART;TZID=Mars/Olympus_Mons:${ics}T100000`, 'SUMMARY:Bad', 'END:VEVENT',
      ));
      const result = await wpcal(db, 'import', mixed);
      expect(result.code).to.equal(1);
      expect(result.stderr.trim()).to.equal(`${mixed}: VEVENT 2 (UID bad@wpcal.test): unknown time zone "Mars/Olympus_Mons" (no VTIMEZONE defines it)`);
      expect(result.stdout.trim()).to.equal('created 1, updated 0, skipped 0, failed 1');
      expect(await postCounts(db)).to.deep.equal({ tribe_events: 1 });
    });

    it('counts a series entirely outside the recurrence window as skipped', async () => {
      const old = file(`old-series-${kind.name}.ics`, calendar(
        'BEGIN:VEVENT', 'UID:old@wpcal.test', `DTSTART:${dayFromToday(-3 * 365).ics}T090000Z`, 'DURATION:PT1H',
        'RRULE:FREQ=WEEKLY;COUNT=5', 'SUMMARY:Long gone', 'END:VEVENT',
      ));
      const result = await wpcal(db, 'import', old);
      expect(result.stderr).to.equal('');
      expect(result.stdout.trim()).to.equal('created 0, updated 0, skipped 1, failed 0');
      expect(result.code).to.equal(0);
      expect(await postCounts(db)).to.deep.equal({ tribe_events: 1 });
    });
  });

  describe('exports of the demo fixture', function () {
    this.timeout(60_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
      const zoned = file(`zoned-${kind.name}.json`, ZONED_EVENTS);
      expect((await wpcal(db, 'import', DEMO, zoned)).stdout.trim()).to.equal('created 17, updated 0, skipped 0, failed 0');
    });

    it('exports WXR that imports into an empty database with the same API output', async () => {
      const exported = await wpcal(db, 'export', '--format', 'wxr');
      expect(exported.code, exported.stderr).to.equal(0);
      const target = await fresh();
      const imported = await wpcal(target, 'import', file(`export-${kind.name}.xml`, exported.stdout));
      expect(imported.stderr).to.equal('');
      expect(imported.stdout.trim()).to.equal('created 17, updated 0, skipped 0, failed 0');
      expect(await postCounts(target)).to.deep.equal(await postCounts(db));
      const [source, copy] = [await serve(db), await serve(target)];
      try {
        for (const route of [`/events${WIDE}`, '/venues', '/organizers', '/categories', '/tags']) {
          const [a, b] = [await source.get(NS + route), await copy.get(NS + route)];
          expect(b.status, route).to.equal(200);
          expect(withoutVolatile(b.json), route).to.deep.equal(withoutVolatile(a.json));
        }
      } finally {
        await source.close();
        await copy.close();
      }
    });

    it('exports iCalendar with one VEVENT per event, one VTIMEZONE per zone, DATE values for all-day events and stable UIDs', async () => {
      const [first, second] = [await wpcal(db, 'export', '--format', 'ics'), await wpcal(db, 'export', '--format', 'ics')];
      expect(first.code, first.stderr).to.equal(0);
      const parsed = new ICAL.Component(ICAL.parse(first.stdout) as unknown[]);
      const vevents = parsed.getAllSubcomponents('vevent');
      expect(vevents).to.have.length((await postCounts(db)).tribe_events!);

      const zonesUsed = vevents.flatMap((v) => ['dtstart', 'dtend'].map((name) => v.getFirstProperty(name)?.getFirstParameter('tzid')))
        .filter((tzid): tzid is string => typeof tzid === 'string');
      const described = parsed.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid')));
      expect(described).to.deep.equal(['Europe/Rome', 'America/New_York']);
      expect([...new Set(zonesUsed)].sort()).to.deep.equal([...described].sort());

      const bySummary = new Map(vevents.map((v) => [String(v.getFirstPropertyValue('summary')), v]));
      for (const [summary, allDay] of [['Open Studio Weekend', true], ['Street fair', true], ['Jazz Night by the River', false], ['Gallery talk', false]] as const) {
        const vevent = bySummary.get(summary)!;
        expect((vevent.getFirstPropertyValue('dtstart') as ICAL.Time).isDate, summary).to.equal(allDay);
        expect((vevent.getFirstPropertyValue('dtend') as ICAL.Time).isDate, summary).to.equal(allDay);
      }

      const uids = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'));
      expect(new Set(uids(first.stdout)).size).to.equal(vevents.length);
      expect(uids(second.stdout)).to.deep.equal(uids(first.stdout));
    });
  });
});

after(() => scratch.remove());
