import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { RECURRENCE_WINDOW, parseIcs } from '../../src/transfer/ical/parse.ts';
import { WINDOWS_ZONE_NAMES, ianaZoneOf } from '../../src/transfer/ical/tzid.ts';
import { isValidTimezone } from '../../src/time/zones.ts';
import type { EventRecord, ImportBatch } from '../../src/transfer/records.ts';

const NOW = new Date('2025-03-01T00:00:00Z');
const fixture = (name: string) => readFileSync(new URL(`../fixtures/ical/${name}`, import.meta.url), 'utf8');
const parse = (name: string, siteTimezone = 'Europe/London'): ImportBatch => parseIcs(fixture(name), name, { now: NOW, siteTimezone });
const byKey = (batch: ImportBatch, key: string): EventRecord => {
  const event = batch.events.find((e) => e.key === key);
  expect(event, key).to.not.equal(undefined);
  return event!;
};

function calendar(...lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
}

describe('iCalendar import (transfer/ical/parse)', () => {
  describe('a Google-style export (VTIMEZONE America/New_York, X-WR-TIMEZONE)', () => {
    const batch = parse('google.ics');

    it('reads a zoned event with all its properties, text unescaped', () => {
      expect(byKey(batch, 'concert-1@google.com')).to.deep.equal({
        key: 'concert-1@google.com',
        where: 'google.ics: VEVENT 1 (UID concert-1@google.com)',
        title: 'Summer Concert, Part 1',
        startDate: '2025-06-10 19:00:00',
        endDate: '2025-06-10 21:30:00',
        timezone: 'America/New_York',
        description: 'Bring a chair; doors open at 6.\nSecond line, with comma.',
        website: 'https://example.com/concert',
        venueKey: 'Town Hall, 1 Main St, Springfield',
        organizerKeys: ['jane@example.com'],
        categories: ['Music', 'Outdoor'],
      });
    });

    it('shows UTC times in the calendar zone (X-WR-TIMEZONE)', () => {
      const event = byKey(batch, 'utc-1@google.com');
      expect([event.startDate, event.endDate, event.timezone]).to.deep.equal(['2025-06-15 10:00:00', '2025-06-15 11:30:00', 'America/New_York']);
    });

    it('turns DATE values into all-day events with an inclusive end date, categories of every CATEGORIES line', () => {
      const event = byKey(batch, 'fair-1@google.com');
      expect(event).to.include({ startDate: '2025-07-04 00:00:00', endDate: '2025-07-05 23:59:59', allDay: true });
      expect(event.timezone).to.equal(undefined);
      expect(event.categories).to.deep.equal(['Outdoor', 'Family']);
    });

    it('shares venues and organizers between events (organizer keyed by lower-case email)', () => {
      expect(batch.venues).to.deep.equal([
        { key: 'Town Hall, 1 Main St, Springfield', venue: 'Town Hall, 1 Main St, Springfield', where: 'google.ics: VEVENT 1 (UID concert-1@google.com)' },
        { key: 'Room 4', venue: 'Room 4', where: 'google.ics: VEVENT 4 (UID standup-1@google.com)' },
      ]);
      expect(batch.organizers).to.deep.equal([
        { key: 'jane@example.com', organizer: 'Jane Doe', email: 'jane@example.com', where: 'google.ics: VEVENT 1 (UID concert-1@google.com)' },
      ]);
      expect(byKey(batch, 'utc-1@google.com').organizerKeys).to.deep.equal(['jane@example.com']);
    });

    it('expands the weekly series: EXDATE left out, the override moved, UNTIL (UTC) inclusive, wall time kept across DST', () => {
      const series = batch.events.filter((e) => e.key.startsWith('standup-1@google.com#'));
      expect(series.map((e) => [e.key.split('#')[1], e.startDate, e.endDate, e.title])).to.deep.equal([
        ['20250106T090000', '2025-01-06 09:00:00', '2025-01-06 09:30:00', 'Standup'],
        ['20250113T090000', '2025-01-13 09:00:00', '2025-01-13 09:30:00', 'Standup'],
        ['20250127T090000', '2025-01-28 10:00:00', '2025-01-28 10:30:00', 'Standup (moved)'],
        ['20250203T090000', '2025-02-03 09:00:00', '2025-02-03 09:30:00', 'Standup'],
        ['20250210T090000', '2025-02-10 09:00:00', '2025-02-10 09:30:00', 'Standup'],
        ['20250217T090000', '2025-02-17 09:00:00', '2025-02-17 09:30:00', 'Standup'],
        ['20250224T090000', '2025-02-24 09:00:00', '2025-02-24 09:30:00', 'Standup'],
        ['20250303T090000', '2025-03-03 09:00:00', '2025-03-03 09:30:00', 'Standup'],
        ['20250310T090000', '2025-03-10 09:00:00', '2025-03-10 09:30:00', 'Standup'],
        ['20250317T090000', '2025-03-17 09:00:00', '2025-03-17 09:30:00', 'Standup'],
      ]);
      // The override has no DESCRIPTION or LOCATION of its own: the series' apply.
      expect(series[2]).to.include({ description: 'Weekly standup', venueKey: 'Room 4', timezone: 'America/New_York' });
    });

    it('keeps a cancelled event, marked with TEC\'s event status; CLASS:PRIVATE makes it private', () => {
      const event = byKey(batch, 'cancelled-1@google.com');
      expect(event.meta).to.deep.equal([['_tribe_events_status', 'canceled']]);
      expect(event.status).to.equal('private');
    });

    it('reports no problems', () => {
      expect(batch.problems).to.deep.equal([]);
      expect(batch.events).to.have.length(14);
    });
  });

  describe('an Outlook-style export (Windows zone names)', () => {
    const batch = parse('outlook.ics');

    it('maps a quoted Windows TZID to its IANA zone', () => {
      const event = batch.events[0]!;
      expect(event).to.include({ title: 'Quartalsbericht', startDate: '2025-06-10 10:00:00', endDate: '2025-06-10 11:30:00', timezone: 'Europe/Berlin' });
      expect(event.description).to.equal('Quarterly review');
      expect(batch.venues.map((v) => v.venue)).to.deep.equal(['Konferenzraum Süd']);
      expect(batch.organizers.map((o) => [o.organizer, o.email])).to.deep.equal([['Smith, John', 'john@contoso.com']]);
    });

    it('maps a Windows TZID the file has no VTIMEZONE for', () => {
      expect(byKey(batch, 'outlook-2')).to.include({ startDate: '2025-11-03 08:00:00', timezone: 'America/New_York' });
    });

    it('reads a zone known only by its VTIMEZONE as an instant, shown in the site zone', () => {
      // 12:00 at +03:00 is 09:00 UTC, 10:00 in London (BST).
      expect(byKey(batch, 'outlook-3')).to.include({ startDate: '2025-06-10 10:00:00', endDate: '2025-06-10 11:00:00', timezone: 'Europe/London' });
    });
  });

  describe('floating times and defaults', () => {
    const batch = parse('floating.ics', 'America/Chicago');

    it('reads floating times as site time, DURATION as the end', () => {
      expect(byKey(batch, 'floating-1')).to.include({ startDate: '2025-06-10 10:00:00', endDate: '2025-06-10 11:30:00', timezone: 'America/Chicago' });
    });

    it('gives a DATE start without DTEND one day, a DATE-TIME start without end no length', () => {
      expect(byKey(batch, 'floating-2')).to.include({ startDate: '2025-06-12 00:00:00', endDate: '2025-06-12 23:59:59', allDay: true });
      expect(byKey(batch, 'floating-3')).to.include({ startDate: '2025-06-12 10:00:00', endDate: '2025-06-12 10:00:00', website: 'https://example.org/x' });
    });

    it('converts UTC to the site zone when the calendar names none', () => {
      const batch2 = parseIcs(calendar('BEGIN:VEVENT', 'UID:u', 'DTSTART:20250110T150000Z', 'DTEND:20250110T160000Z', 'SUMMARY:x', 'END:VEVENT'),
        'u.ics', { now: NOW, siteTimezone: 'Asia/Tokyo' });
      expect(batch2.events[0]).to.include({ startDate: '2025-01-11 00:00:00', endDate: '2025-01-11 01:00:00', timezone: 'Asia/Tokyo' });
    });
  });

  describe('bad input', () => {
    it('turns bad VEVENTs into problems naming the file, the VEVENT and its UID, and imports the rest', () => {
      const batch = parse('broken.ics');
      expect(batch.problems.map((p) => p.where)).to.deep.equal([
        'broken.ics: VEVENT 1 (UID no-start)',
        'broken.ics: VEVENT 2 (UID bad-date)',
        'broken.ics: VEVENT 3 (UID unknown-zone)',
      ]);
      expect(batch.problems[0]!.reason).to.equal('no DTSTART');
      expect(batch.problems[1]!.reason).to.match(/^unreadable VEVENT: /);
      expect(batch.problems[2]!.reason).to.equal('unknown time zone "Mars/Olympus_Mons" (no VTIMEZONE defines it)');
      expect(batch.events.map((e) => e.key)).to.deep.equal(['good-one']);
    });

    it('turns an end before the start into a problem, and reads an all-day DTEND on the start day as that day', () => {
      const batch = parseIcs(calendar(
        'BEGIN:VEVENT', 'UID:backwards', 'DTSTART:20250110T100000Z', 'DTEND:20250110T090000Z', 'SUMMARY:b', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:backwards-days', 'DTSTART;VALUE=DATE:20250110', 'DTEND;VALUE=DATE:20250109', 'SUMMARY:d', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:zero-day', 'DTSTART;VALUE=DATE:20250110', 'DTEND;VALUE=DATE:20250110', 'SUMMARY:z', 'END:VEVENT',
      ), 'e.ics', { now: NOW, siteTimezone: 'UTC' });
      expect(batch.problems).to.deep.equal([
        { where: 'e.ics: VEVENT 1 (UID backwards)', reason: 'the end (DTEND) is before the start (DTSTART)' },
        { where: 'e.ics: VEVENT 2 (UID backwards-days)', reason: 'the end (DTEND) is before the start (DTSTART)' },
      ]);
      expect(batch.events.map((e) => [e.key, e.startDate, e.endDate])).to.deep.equal([['zero-day', '2025-01-10 00:00:00', '2025-01-10 23:59:59']]);
    });

    it('throws a clear error for a file that is not iCalendar', () => {
      expect(() => parse('not-a-calendar.ics')).to.throw('not-a-calendar.ics: not an iCalendar file (it does not begin with BEGIN:VCALENDAR)');
      expect(() => parseIcs('BEGIN:VCALENDAR\r\nthis is no content line\r\nEND:VCALENDAR\r\n', 'x.ics', { now: NOW, siteTimezone: 'UTC' }))
        .to.throw(/^x\.ics: not a valid iCalendar file \(/);
    });

    it('gives a VEVENT without UID a key that depends on its start and title only', () => {
      const text = (summary: string) => calendar('BEGIN:VEVENT', 'DTSTART:20250110T150000Z', `SUMMARY:${summary}`, 'END:VEVENT');
      const a = parseIcs(text('A'), 'a.ics', { now: NOW, siteTimezone: 'UTC' }).events[0]!.key;
      expect(a).to.match(/^ics-[0-9a-f]{16}$/);
      expect(parseIcs(text('A'), 'b.ics', { now: new Date(), siteTimezone: 'UTC' }).events[0]!.key).to.equal(a);
      expect(parseIcs(text('B'), 'a.ics', { now: NOW, siteTimezone: 'UTC' }).events[0]!.key).to.not.equal(a);
    });
  });

  describe('the recurrence window', () => {
    it(`expands from now − ${RECURRENCE_WINDOW.yearsBefore} year to now + ${RECURRENCE_WINDOW.yearsAfter} years`, () => {
      const text = calendar('BEGIN:VEVENT', 'UID:monthly', 'DTSTART:20200115T120000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY', 'SUMMARY:m', 'END:VEVENT');
      const events = parseIcs(text, 'm.ics', { now: NOW, siteTimezone: 'UTC' }).events;
      expect(events[0]!.key).to.equal('monthly#20240315T120000Z');
      expect(events.at(-1)!.key).to.equal('monthly#20270215T120000Z');
      expect(events).to.have.length(36);
    });

    it(`keeps at most ${RECURRENCE_WINDOW.maxInstances} instances of a series`, () => {
      const text = calendar('BEGIN:VEVENT', 'UID:daily', 'DTSTART;VALUE=DATE:20240301', 'RRULE:FREQ=DAILY', 'SUMMARY:d', 'END:VEVENT');
      const events = parseIcs(text, 'd.ics', { now: NOW, siteTimezone: 'UTC' }).events;
      expect(events).to.have.length(1000);
      expect(events[0]).to.include({ key: 'daily#20240301', startDate: '2024-03-01 00:00:00', endDate: '2024-03-01 23:59:59', allDay: true });
    });

    it('counts a series with no occurrence inside the window as skipped', () => {
      const text = calendar(
        'BEGIN:VEVENT', 'UID:past', 'DTSTART:20200106T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=10', 'SUMMARY:p', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:now', 'DTSTART:20250106T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=2', 'SUMMARY:n', 'END:VEVENT',
      );
      const batch = parseIcs(text, 'w.ics', { now: NOW, siteTimezone: 'UTC' });
      expect(batch.events.map((e) => e.key)).to.deep.equal(['now#20250106T090000Z', 'now#20250113T090000Z']);
      expect(batch.skipped).to.equal(1);
      expect(batch.problems).to.deep.equal([]);
    });

    it('expands RDATE additions', () => {
      const text = calendar('BEGIN:VEVENT', 'UID:r', 'DTSTART;TZID=Europe/Paris:20250601T100000', 'RDATE;TZID=Europe/Paris:20250605T100000,20250610T100000',
        'SUMMARY:r', 'END:VEVENT');
      const events = parseIcs(text, 'r.ics', { now: NOW, siteTimezone: 'UTC' }).events;
      expect(events.map((e) => [e.startDate, e.timezone])).to.deep.equal([
        ['2025-06-01 10:00:00', 'Europe/Paris'], ['2025-06-05 10:00:00', 'Europe/Paris'], ['2025-06-10 10:00:00', 'Europe/Paris'],
      ]);
    });
  });

  describe('TZID mapping', () => {
    it('maps IANA, Windows and vendor-prefixed names; leaves unknown ones to the VTIMEZONE', () => {
      expect(ianaZoneOf('Europe/Rome')).to.equal('Europe/Rome');
      expect(ianaZoneOf('"Pacific Standard Time"')).to.equal('America/Los_Angeles');
      expect(ianaZoneOf('/mozilla.org/20050126_1/America/New_York')).to.equal('America/New_York');
      expect(ianaZoneOf('Etc/UTC')).to.equal('UTC');
      expect(ianaZoneOf('Customized Time Zone')).to.equal(null);
    });

    it('maps every Windows name to a zone the runtime knows', () => {
      for (const [windows, iana] of WINDOWS_ZONE_NAMES) expect(isValidTimezone(iana), `${windows} → ${iana}`).to.equal(true);
    });
  });
});
