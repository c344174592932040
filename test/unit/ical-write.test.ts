import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import ICAL from 'ical.js';
import type { SiteSettings } from '../../src/site/settings.ts';
import { parseIcs } from '../../src/transfer/ical/parse.ts';
import { foldLine } from '../../src/transfer/ical/serialize.ts';
import { vtimezone } from '../../src/transfer/ical/vtimezone.ts';
import { writeIcs } from '../../src/transfer/ical/write.ts';
import type { ExportEvent } from '../../src/transfer/records.ts';

const SITE = {
  home: 'https://cal.example.org', name: 'Springfield &amp; Friends', description: 'Things to do, nearby',
  timezone: 'Europe/London',
} as SiteSettings;

const LONG = 'Ünïcödé text, long enough to be folded more than once; it goes on and on, with commas, semicolons; and “quotes” 🎉 at the end.';

function event(overrides: Partial<ExportEvent>): ExportEvent {
  return {
    id: 10, slug: 'concert', status: 'publish', title: 'Rock &amp; Roll <b>Night</b>',
    description: `<p>First <strong>paragraph</strong>.</p><p>${LONG}</p>`, excerpt: '',
    startDate: '2025-06-10 19:00:00', endDate: '2025-06-10 21:00:00',
    startDateUtc: '2025-06-10 23:00:00', endDateUtc: '2025-06-11 01:00:00',
    allDay: false, timezone: 'America/New_York', cost: '', website: '', featured: false,
    url: 'https://cal.example.org/event/concert/', createdUtc: '2025-01-01 10:00:00', modifiedUtc: '2025-01-02 11:00:00',
    venue: { id: 3, venue: 'Town Hall', address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'United States' },
    organizers: [{ id: 4, organizer: 'No Mail' }, { id: 5, organizer: 'Smith, John', email: 'john@example.com' }],
    categories: [{ id: 1, name: 'Music, Live', slug: 'music' }, { id: 2, name: 'Outdoor', slug: 'outdoor' }],
    tags: [], meta: [],
    ...overrides,
  };
}

const EVENTS: ExportEvent[] = [
  event({}),
  event({
    id: 11, title: 'Fair', description: '', allDay: true, timezone: 'America/New_York',
    startDate: '2025-07-04 00:00:00', endDate: '2025-07-05 23:59:59', startDateUtc: '2025-07-04 04:00:00', endDateUtc: '2025-07-06 03:59:59',
    venue: null, organizers: [], categories: [], website: 'https://fair.example.org',
  }),
  event({
    id: 12, title: 'Berlin', timezone: 'Europe/Berlin', startDate: '2025-12-01 18:00:00', endDate: '2025-12-01 20:00:00',
    startDateUtc: '2025-12-01 17:00:00', endDateUtc: '2025-12-01 19:00:00', status: 'private', meta: [['_tribe_events_status', 'canceled']],
  }),
  event({
    id: 13, title: 'In UTC', timezone: 'UTC', startDate: '2025-08-01 09:00:00', endDate: '2025-08-01 10:00:00',
    startDateUtc: '2025-08-01 09:00:00', endDateUtc: '2025-08-01 10:00:00', modifiedUtc: '0000-00-00 00:00:00',
  }),
  event({ id: 14, title: 'Second New York', startDate: '2026-01-10 08:00:00', endDate: '2026-01-10 09:00:00', startDateUtc: '2026-01-10 13:00:00', endDateUtc: '2026-01-10 14:00:00' }),
];

async function* stream(events: ExportEvent[]): AsyncIterable<ExportEvent> {
  yield* events;
}

async function written(events: AsyncIterable<ExportEvent>, site: SiteSettings = SITE): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeIcs(events, out, site);
  return Buffer.concat(chunks).toString('utf8');
}

describe('iCalendar export (transfer/ical/write)', () => {
  let text: string;
  let calendar: ICAL.Component;
  const vevent = (id: number) => calendar.getAllSubcomponents('vevent').find((v) => String(v.getFirstPropertyValue('uid')).startsWith(`${id}-`))!;

  before(async () => {
    text = await written(stream(EVENTS));
    calendar = new ICAL.Component(ICAL.parse(text));
  });

  it('writes a VCALENDAR with the publishing properties', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//wpcal//NONSGML wpcal//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n')).to.equal(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).to.equal(true);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).to.equal('Springfield & Friends');
    expect(text).to.include('X-WR-CALDESC:Things to do\\, nearby\r\n');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).to.equal('Europe/London');
  });

  it('keeps every start and end instant (ical.js reads them through the VTIMEZONEs written)', () => {
    for (const { id, startDateUtc, endDateUtc, allDay } of EVENTS) {
      if (allDay) continue;
      const read = new ICAL.Event(vevent(id));
      const iso = (t: ICAL.Time) => t.toJSDate().toISOString().replace('T', ' ').slice(0, 19);
      expect([iso(read.startDate), iso(read.endDate)], `event ${id}`).to.deep.equal([startDateUtc, endDateUtc]);
    }
    expect(text).to.include('DTSTART;TZID=America/New_York:20250610T190000\r\n');
    expect(text).to.include('DTSTART:20250801T090000Z\r\n');
  });

  it('writes one VTIMEZONE per zone, before the first VEVENT using it', () => {
    const zones = calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
    expect(zones).to.deep.equal(['America/New_York', 'Europe/Berlin']);
    expect(text.indexOf('TZID:America/New_York')).to.be.below(text.indexOf('UID:10-'));
    expect(text.indexOf('TZID:Europe/Berlin')).to.be.above(text.indexOf('UID:11-'));
    expect(text.indexOf('TZID:Europe/Berlin')).to.be.below(text.indexOf('UID:12-'));
  });

  it('writes all-day events as DATE values, DTEND the day after the last day', () => {
    const fair = vevent(11);
    expect(text).to.include('DTSTART;VALUE=DATE:20250704\r\nDTEND;VALUE=DATE:20250706\r\n');
    expect(new ICAL.Event(fair).startDate.isDate).to.equal(true);
    expect(fair.getFirstPropertyValue('url')).to.equal('https://fair.example.org');
  });

  it('writes stable UIDs, text as plain text, location, organizer, categories and the UTC stamps', () => {
    const concert = vevent(10);
    expect(concert.getFirstPropertyValue('uid')).to.equal('10-20250610T230000Z@cal.example.org');
    expect(concert.getFirstPropertyValue('summary')).to.equal('Rock & Roll Night');
    expect(concert.getFirstPropertyValue('description')).to.equal(`First paragraph.\n\n${LONG}`);
    expect(concert.getFirstPropertyValue('location')).to.equal('Town Hall, 1 Main St, Springfield, IL, 62701, United States');
    const organizer = concert.getFirstProperty('organizer')!;
    expect([organizer.getFirstValue(), organizer.getFirstParameter('cn')]).to.deep.equal(['mailto:john@example.com', 'Smith, John']);
    expect(concert.getFirstProperty('categories')!.getValues()).to.deep.equal(['Music, Live', 'Outdoor']);
    expect(concert.getFirstPropertyValue('url')).to.equal('https://cal.example.org/event/concert/');
    expect(text).to.include('DTSTAMP:20250102T110000Z\r\n');
    expect(text).to.include('CREATED:20250101T100000Z\r\n');
    expect(text).to.include('LAST-MODIFIED:20250102T110000Z\r\n');
    // A zero modified date: the creation date stamps the event, no LAST-MODIFIED.
    expect(String(vevent(13).getFirstPropertyValue('dtstamp'))).to.equal('2025-01-01T10:00:00Z');
    expect(vevent(13).hasProperty('last-modified')).to.equal(false);
  });

  it('marks cancelled and private events', () => {
    expect(vevent(12).getFirstPropertyValue('status')).to.equal('CANCELLED');
    expect(vevent(12).getFirstPropertyValue('class')).to.equal('PRIVATE');
    expect(vevent(10).hasProperty('status')).to.equal(false);
  });

  it('folds lines at 75 octets without splitting a character, CRLF everywhere', () => {
    const lines = text.split('\r\n');
    expect(text.replace(/\r\n/g, '')).to.not.include('\n');
    for (const line of lines) expect(Buffer.byteLength(line), line).to.be.at.most(75);
    expect(lines.filter((line) => line.startsWith(' ')).length).to.be.above(1);
    expect(foldLine('x'.repeat(75))).to.equal('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).to.equal(`${'x'.repeat(75)}\r\n x`);
    expect(foldLine(`${'x'.repeat(74)}é`)).to.equal(`${'x'.repeat(74)}\r\n é`);
  });

  it('round-trips through the importer: same local times, zones and all-day dates', () => {
    const batch = parseIcs(text, 'export.ics', { now: new Date('2025-06-01T00:00:00Z'), siteTimezone: 'Europe/London' });
    expect(batch.problems).to.deep.equal([]);
    expect(batch.events.map((e) => [e.startDate, e.endDate, e.timezone ?? 'site', e.allDay ?? false])).to.deep.equal([
      ['2025-06-10 19:00:00', '2025-06-10 21:00:00', 'America/New_York', false],
      ['2025-07-04 00:00:00', '2025-07-05 23:59:59', 'site', true],
      ['2025-12-01 18:00:00', '2025-12-01 20:00:00', 'Europe/Berlin', false],
      ['2025-08-01 10:00:00', '2025-08-01 11:00:00', 'Europe/London', false],
      ['2026-01-10 08:00:00', '2026-01-10 09:00:00', 'America/New_York', false],
    ]);
    expect(batch.events[0]!.categories).to.deep.equal(['Music, Live', 'Outdoor']);
  });

  it('writes each event as it arrives', async () => {
    const out = new PassThrough();
    let seen = '';
    out.on('data', (chunk: Buffer) => { seen += chunk.toString('utf8'); });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let seenBeforeSecond = '';
    async function* slow(): AsyncIterable<ExportEvent> {
      yield EVENTS[0]!;
      await new Promise((resolve) => setImmediate(resolve));
      seenBeforeSecond = seen;
      await gate;
      yield EVENTS[2]!;
    }
    const done = writeIcs(slow(), out, SITE);
    setTimeout(release, 5);
    await done;
    expect(seenBeforeSecond).to.include('UID:10-20250610T230000Z@cal.example.org');
    expect(seenBeforeSecond).to.not.include('UID:12-');
    expect(seen).to.include('UID:12-');
  });

  it('waits for a slow output, and stops when it closes', async () => {
    const many = Array.from({ length: 200 }, (_, i) => event({ id: 100 + i }));
    const slow = new PassThrough({ highWaterMark: 1024 });
    let received = 0;
    slow.on('data', (chunk: Buffer) => {
      received += chunk.length;
      slow.pause();
      setImmediate(() => slow.resume());
    });
    await writeIcs(stream(many), slow, SITE);
    expect(received).to.be.above(200 * 500);

    const closing = new PassThrough({ highWaterMark: 1024 });
    const done = writeIcs(stream(many), closing, SITE);
    setImmediate(() => closing.destroy());
    let failure: unknown;
    await done.catch((error: unknown) => { failure = error; });
    expect(String(failure)).to.include('the output was closed before the calendar was complete');
  });

  it('describes TEC UTC±N zones with a fixed offset', async () => {
    const fixed = await written(stream([event({ timezone: 'UTC+5.5', startDate: '2025-06-10 10:00:00', startDateUtc: '2025-06-10 04:30:00', endDate: '2025-06-10 11:00:00', endDateUtc: '2025-06-10 05:30:00' })]), { ...SITE, timezone: 'UTC+2' });
    const cal = new ICAL.Component(ICAL.parse(fixed));
    expect(cal.hasProperty('x-wr-timezone')).to.equal(false);
    const start = new ICAL.Event(cal.getFirstSubcomponent('vevent')!).startDate;
    expect(start.toJSDate().toISOString()).to.equal('2025-06-10T04:30:00.000Z');
  });

  it('generates VTIMEZONEs that follow the zone\'s rules years later', () => {
    const zone = new ICAL.Timezone(vtimezone('Europe/Berlin', 2024, new Date('2025-01-01T00:00:00Z')));
    const offsetAt = (iso: string) => {
      const time = ICAL.Time.fromDateTimeString(iso);
      time.zone = zone;
      return zone.utcOffset(time) / 3600;
    };
    expect([offsetAt('2024-01-15T12:00:00'), offsetAt('2024-07-15T12:00:00'), offsetAt('2040-03-26T12:00:00'), offsetAt('2040-03-24T12:00:00')])
      .to.deep.equal([1, 2, 2, 1]);
  });
});
