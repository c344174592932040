import { expect } from 'chai';
import {
  computeEventDates,
  defaultEndDate,
  defaultStartDate,
  isStrictDates,
  listDateBounds,
  type EventDatesInput,
} from '../../src/time/event-dates.ts';
import { durationSeconds, occurrenceHash } from '../../src/time/occurrence.ts';

// Date header of the captured samples (a UTC site).
const NOW = new Date('2026-11-22T13:30:35Z');

function dates(overrides: Partial<EventDatesInput>): ReturnType<typeof computeEventDates> {
  return computeEventDates({
    start: '2026-12-01 10:00:00',
    end: '2026-12-01 12:00:00',
    allDay: false,
    timezone: undefined,
    siteTimezone: 'UTC',
    now: NOW,
    ...overrides,
  });
}

describe('time/event-dates', () => {
  describe('computeEventDates', () => {
    it('matches sample 11 (timed event on a UTC site)', () => {
      expect(dates({})).to.deep.equal({
        startLocal: '2026-12-01 10:00:00',
        endLocal: '2026-12-01 12:00:00',
        startUtc: '2026-12-01 10:00:00',
        endUtc: '2026-12-01 12:00:00',
        duration: 7200,
        timezone: 'UTC',
        timezoneAbbr: 'UTC',
        allDay: false,
        endBeforeStart: false,
      });
    });

    it('matches sample 12 (all-day event: 00:00:00 to 23:59:59, no duration)', () => {
      expect(dates({ start: '2026-12-05', end: '2026-12-05', allDay: true })).to.include({
        startLocal: '2026-12-05 00:00:00',
        endLocal: '2026-12-05 23:59:59',
        startUtc: '2026-12-05 00:00:00',
        endUtc: '2026-12-05 23:59:59',
        duration: null,
        allDay: true,
      });
    });

    it('snaps all-day events, ignoring input times, and converts the snapped times', () => {
      expect(dates({ start: '2024-07-01 10:00', end: '2024-07-03 08:00', allDay: true, timezone: 'Europe/Rome' })).to.include({
        startLocal: '2024-07-01 00:00:00',
        endLocal: '2024-07-03 23:59:59',
        startUtc: '2024-06-30 22:00:00',
        endUtc: '2024-07-03 21:59:59',
        timezoneAbbr: 'CEST',
      });
    });

    it('applies a multi-day cutoff to all-day events', () => {
      expect(dates({ start: '2024-07-01', end: '2024-07-01', allDay: true, multiDayCutoff: '04:30' })).to.include({
        startLocal: '2024-07-01 04:30:00',
        endLocal: '2024-07-02 04:29:59',
      });
    });

    it('stores Asia/Hong_Kong 2018-01-01 4pm as local 16:00 (EventInsertionCest)', () => {
      expect(dates({ start: '2018-01-01 4pm', end: '2018-01-01 6pm', timezone: 'Asia/Hong_Kong' })).to.include({
        startLocal: '2018-01-01 16:00:00',
        startUtc: '2018-01-01 08:00:00',
        timezone: 'Asia/Hong_Kong',
        timezoneAbbr: 'HKT',
      });
    });

    it('reads tomorrow 9am in the site zone (EventInsertionCest)', () => {
      expect(dates({ start: 'tomorrow 9am', end: 'tomorrow 11am', siteTimezone: 'America/New_York' })).to.include({
        startLocal: '2026-11-23 09:00:00',
        startUtc: '2026-11-23 14:00:00',
        timezone: 'America/New_York',
        timezoneAbbr: 'EST',
        duration: 7200,
      });
    });

    it('uses the site zone for an empty or "0" timezone', () => {
      expect(dates({ timezone: '', siteTimezone: 'Europe/Rome' })?.timezone).to.equal('Europe/Rome');
      expect(dates({ timezone: '0', siteTimezone: 'Europe/Rome' })?.timezone).to.equal('Europe/Rome');
    });

    it('handles UTC±N zones as fixed offsets and stores them as their own abbreviation', () => {
      expect(dates({ start: '2024-07-01 10:00', end: '2024-07-01 12:00', siteTimezone: 'UTC+5.5' })).to.include({
        startUtc: '2024-07-01 04:30:00',
        endUtc: '2024-07-01 06:30:00',
        timezone: 'UTC+5.5',
        timezoneAbbr: 'UTC+5.5',
      });
    });

    it('handles the New York spring gap: local moved forward, wall-clock duration', () => {
      expect(dates({ start: '2024-03-10 02:30', end: '2024-03-10 04:00', timezone: 'America/New_York' })).to.include({
        startLocal: '2024-03-10 03:30:00',
        startUtc: '2024-03-10 07:30:00',
        endUtc: '2024-03-10 08:00:00',
        duration: 1800,
        timezoneAbbr: 'EDT',
      });
    });

    it('handles the New York fall overlap: first occurrence, wall-clock duration', () => {
      expect(dates({ start: '2024-11-03 00:30', end: '2024-11-03 01:30', timezone: 'America/New_York' })).to.include({
        startUtc: '2024-11-03 04:30:00',
        endUtc: '2024-11-03 05:30:00',
        duration: 3600,
        timezoneAbbr: 'EDT',
      });
    });

    it('flags an end before the start without clamping it', () => {
      expect(dates({ start: '2024-07-01 12:00', end: '2024-07-01 10:00' })).to.include({
        endLocal: '2024-07-01 10:00:00',
        duration: -7200,
        endBeforeStart: true,
      });
      expect(dates({ start: '2024-07-01 12:00', end: '2024-07-01 12:00' })?.endBeforeStart).to.equal(false);
    });

    it('returns null for unparseable dates or an unknown zone', () => {
      expect(dates({ start: 'before my birthday' })).to.equal(null);
      expect(dates({ end: '' })).to.equal(null);
      expect(dates({ timezone: 'Mars/Olympus' })).to.equal(null);
    });
  });

  describe('route defaults (sample 01)', () => {
    it('advertises yesterday 23:59 UTC in the site zone and now + 24 months in UTC', () => {
      expect(defaultStartDate(NOW, 'UTC')).to.equal('2026-11-21 23:59:00');
      expect(defaultEndDate(NOW)).to.equal('2028-11-22 13:30:35');
      expect(defaultStartDate(NOW, 'America/New_York')).to.equal('2026-11-21 18:59:00');
      expect(defaultStartDate(NOW, 'UTC+2')).to.equal('2026-11-22 01:59:00');
    });

    it('rolls a month overflow over like PHP', () => {
      expect(defaultEndDate(new Date('2024-02-29T10:00:00Z'))).to.equal('2026-03-01 10:00:00');
    });
  });

  describe('isStrictDates', () => {
    it('reads FILTER_VALIDATE_BOOLEAN truthy values only', () => {
      for (const value of ['1', 'true', 'TRUE', 'on', 'yes', ' yes ']) {
        expect(isStrictDates(value), value).to.equal(true);
      }
      for (const value of [undefined, '', 'false', '0', 'no', 'y', 'foo']) {
        expect(isStrictDates(value), String(value)).to.equal(false);
      }
    });
  });

  describe('listDateBounds', () => {
    const inclusive = { strict: false, siteTimezone: 'UTC', now: NOW };

    it('snaps the defaults to whole days (samples 03, 04, 14)', () => {
      expect(listDateBounds({}, inclusive)).to.deep.equal({
        start_date: '2026-11-21 00:00:00',
        end_date: '2028-11-22 23:59:59',
      });
    });

    it('snaps given dates (sample 43)', () => {
      expect(listDateBounds({ start_date: '2026-12-04', end_date: '2026-12-06' }, inclusive)).to.deep.equal({
        start_date: '2026-12-04 00:00:00',
        end_date: '2026-12-06 23:59:59',
      });
    });

    it('drops the default window when a relative bound is given (sample 36)', () => {
      expect(listDateBounds({ starts_after: '2026-12-04 00:00:00' }, inclusive)).to.deep.equal({
        starts_after: '2026-12-04 23:59:59',
      });
      expect(listDateBounds({ start_date: '2026-12-01', ends_before: '2026-12-31' }, inclusive)).to.deep.equal({
        start_date: '2026-12-01 00:00:00',
        ends_before: '2026-12-31 23:59:59',
      });
    });

    it('snaps every relative bound to the end of its day', () => {
      expect(listDateBounds({
        starts_before: '2026-12-01 10:00', starts_after: 'now', ends_before: 1720958400, ends_after: '2026-12-02T23:30:00-05:00',
      }, inclusive)).to.deep.equal({
        starts_before: '2026-12-01 23:59:59',
        starts_after: '2026-11-22 23:59:59',
        ends_before: '2024-07-14 23:59:59',
        ends_after: '2026-12-03 23:59:59',
      });
    });

    it('uses the date as written, without conversion to the site zone', () => {
      expect(listDateBounds({ start_date: '2017-12-21 22:00', end_date: '2017-12-22' }, { ...inclusive, siteTimezone: 'Asia/Tokyo' }))
        .to.deep.equal({ start_date: '2017-12-21 00:00:00', end_date: '2017-12-22 23:59:59' });
    });

    it('applies the multi-day cutoff', () => {
      expect(listDateBounds({ start_date: '2026-12-04', end_date: '2026-12-06', starts_after: '2026-12-04' }, { ...inclusive, multiDayCutoff: '06:00' }))
        .to.deep.equal({
          start_date: '2026-12-04 06:00:00',
          end_date: '2026-12-07 05:59:59',
          starts_after: '2026-12-05 05:59:59',
        });
    });

    it('converts exact instants to the site zone in strict mode (events.md §3.3 example)', () => {
      const strict = { strict: true, siteTimezone: 'America/New_York', now: NOW };
      expect(listDateBounds({ start_date: '2017-12-21', end_date: '2017-12-22' }, strict)).to.deep.equal({
        start_date: '2017-12-20 19:00:00',
        end_date: '2017-12-21 19:00:00',
      });
      expect(listDateBounds({ starts_after: '2017-12-21T10:00:00+01:00' }, strict)).to.deep.equal({
        starts_after: '2017-12-21 04:00:00',
      });
    });

    it('keeps the raw defaults in strict mode on a UTC site', () => {
      expect(listDateBounds({}, { strict: true, siteTimezone: 'UTC', now: NOW })).to.deep.equal({
        start_date: '2026-11-21 23:59:00',
        end_date: '2028-11-22 13:30:35',
      });
    });

    it('with include, replaces start_date/end_date by the raw defaults (quirk)', () => {
      expect(listDateBounds({ start_date: '2020-01-01' }, { ...inclusive, include: true })).to.deep.equal({
        start_date: '2026-11-21 23:59:00',
        end_date: '2028-11-22 13:30:35',
      });
      expect(listDateBounds({ start_date: '2020-01-01', ends_after: '2026-12-01' }, { ...inclusive, include: true })).to.deep.equal({
        ends_after: '2026-12-01 23:59:59',
      });
    });
  });

  describe('occurrence rows', () => {
    it('hashes the joined values with SHA-1', () => {
      expect(occurrenceHash(6, '2026-12-01 10:00:00', '2026-12-01 12:00:00', '2026-12-01 10:00:00', '2026-12-01 12:00:00', 7200))
        .to.equal('c1fad22ad2aee53466c5d51d7b0adb8e68affb7b');
    });

    it('takes the duration from the meta, else from the UTC dates', () => {
      expect(durationSeconds('7200', '2026-12-05 00:00:00', '2026-12-05 23:59:59')).to.equal(7200);
      expect(durationSeconds(null, '2026-12-05 00:00:00', '2026-12-05 23:59:59')).to.equal(86399);
      expect(durationSeconds('', '2026-12-05 00:00:00', '2026-12-05 01:00:00')).to.equal(3600);
      expect(durationSeconds('0', '2026-12-05 00:00:00', '2026-12-05 01:00:00')).to.equal(3600);
      expect(durationSeconds(undefined, 'garbage', '2026-12-05 01:00:00')).to.equal(null);
    });
  });
});
