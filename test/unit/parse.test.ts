import { expect } from 'chai';
import { dateDetails, dbDatetime, isStrtotimeParseable, parseInZone, parseInstant } from '../../src/time/parse.ts';

// Date header of the captured samples.
const NOW = new Date('2026-11-22T13:30:35Z');

describe('time/parse', () => {
  describe('isStrtotimeParseable', () => {
    it('accepts numbers, numeric strings and strtotime phrases', () => {
      for (const value of [1720958400, '1720958400', ' 12 ', '-5', '1.5', '2017-12-21', '2026-12-04 00:00:00', 'now',
        'tomorrow 9am', '+1 week', 'next monday', '2018-01-01 4pm', '2024-07-14T12:00:00+02:00', '2024-07-14T12:00:00.000Z',
        'July 14, 2024 7pm', '@1720958400']) {
        expect(isStrtotimeParseable(value), String(value)).to.equal(true);
      }
    });

    it('rejects what PHP strtotime() rejects', () => {
      for (const value of ['before my birthday', '', 'foo', '2024-13-45 99:99', Number.NaN]) {
        expect(isStrtotimeParseable(value), String(value)).to.equal(false);
      }
    });

    it('rejects a string denoting the epoch itself, strtotime() returning a falsy 0', () => {
      expect(isStrtotimeParseable('1970-01-01 00:00:00')).to.equal(false);
      expect(isStrtotimeParseable(0)).to.equal(true);
    });
  });

  describe('parseInZone', () => {
    it('reads absolute dates as wall time in the zone', () => {
      expect(parseInZone('2018-01-01 4pm', 'Asia/Hong_Kong', NOW)).to.equal('2018-01-01 16:00:00');
      expect(parseInZone('2026-12-01 10:00:00', 'UTC', NOW)).to.equal('2026-12-01 10:00:00');
      expect(parseInZone('2026-12-05', 'Europe/Rome', NOW)).to.equal('2026-12-05 00:00:00');
    });

    it('reads relative phrases against now in the zone', () => {
      // 13:30 UTC on the 22nd is 08:30 on the 22nd in New York and 03:30 on the 23rd in Kiritimati (UTC+14).
      expect(parseInZone('tomorrow 9am', 'America/New_York', NOW)).to.equal('2026-11-23 09:00:00');
      expect(parseInZone('now', 'America/New_York', NOW)).to.equal('2026-11-22 08:30:35');
      expect(parseInZone('tomorrow 9am', 'Pacific/Kiritimati', NOW)).to.equal('2026-11-24 09:00:00');
      expect(parseInZone('+1 day', 'UTC+5.5', NOW)).to.equal('2026-11-23 19:00:35');
    });

    it('keeps the written wall time of a string with an explicit offset (quirk)', () => {
      expect(parseInZone('2018-01-01T10:00:00Z', 'Asia/Hong_Kong', NOW)).to.equal('2018-01-01 10:00:00');
      expect(parseInZone('2018-01-01T10:00:00+02:00', 'America/New_York', NOW)).to.equal('2018-01-01 10:00:00');
      expect(parseInZone('2018-01-01T10:00:00.000Z', 'America/New_York', NOW)).to.equal('2018-01-01 10:00:00');
    });

    it('renders a numeric value as the UTC wall time of the timestamp (quirk)', () => {
      expect(parseInZone(1720958400, 'Asia/Hong_Kong', NOW)).to.equal('2024-07-14 12:00:00');
      expect(parseInZone('1720958400', 'America/New_York', NOW)).to.equal('2024-07-14 12:00:00');
    });

    it('moves a wall time inside a DST gap forward, as PHP DateTime does', () => {
      expect(parseInZone('2024-03-10 02:30', 'America/New_York', NOW)).to.equal('2024-03-10 03:30:00');
      expect(parseInZone('2024-11-03 01:30', 'America/New_York', NOW)).to.equal('2024-11-03 01:30:00');
    });

    it('returns null when unparseable', () => {
      expect(parseInZone('before my birthday', 'UTC', NOW)).to.equal(null);
      expect(parseInZone('', 'UTC', NOW)).to.equal(null);
    });
  });

  describe('parseInstant', () => {
    it('reads offset-less strings as UTC and honours explicit offsets', () => {
      expect(parseInstant('2017-12-21', NOW)?.toISOString()).to.equal('2017-12-21T00:00:00.000Z');
      expect(parseInstant('2024-07-14T12:00:00+02:00', NOW)?.toISOString()).to.equal('2024-07-14T10:00:00.000Z');
      expect(parseInstant('2024-07-14 12:00 EST', NOW)?.toISOString()).to.equal('2024-07-14T17:00:00.000Z');
    });

    it('reads numbers as Unix timestamps and phrases against now in UTC', () => {
      expect(parseInstant(1720958400, NOW)?.toISOString()).to.equal('2024-07-14T12:00:00.000Z');
      expect(parseInstant('1720958400', NOW)?.toISOString()).to.equal('2024-07-14T12:00:00.000Z');
      expect(parseInstant('yesterday 23:59', NOW)?.toISOString()).to.equal('2026-11-21T23:59:00.000Z');
      expect(parseInstant('+24 months', NOW)?.toISOString()).to.equal('2028-11-22T13:30:35.000Z');
    });

    it('returns null when unparseable', () => {
      expect(parseInstant('before my birthday', NOW)).to.equal(null);
    });
  });

  describe('dbDatetime', () => {
    it('formats an instant in a zone', () => {
      expect(dbDatetime(new Date('2017-12-21T00:00:00Z'), 'America/New_York')).to.equal('2017-12-20 19:00:00');
      expect(dbDatetime(new Date('2017-12-21T00:00:00Z'), 'UTC+5.5')).to.equal('2017-12-21 05:30:00');
      expect(dbDatetime(new Date('0099-03-04T05:06:07Z'), 'UTC')).to.equal('0099-03-04 05:06:07');
    });
  });

  describe('dateDetails', () => {
    it('splits a DB datetime into zero-padded strings', () => {
      expect(dateDetails('2026-12-01 09:05:07')).to.deep.equal({
        year: '2026', month: '12', day: '01', hour: '09', minutes: '05', seconds: '07',
      });
    });

    it('gives the epoch for a missing value', () => {
      expect(dateDetails(null)).to.deep.equal({
        year: '1970', month: '01', day: '01', hour: '00', minutes: '00', seconds: '00',
      });
      expect(dateDetails('')).to.deep.equal(dateDetails(null));
    });

    it('reads other stored shapes like strtotime()', () => {
      expect(dateDetails('2024-07-14')).to.include({ year: '2024', month: '07', day: '14', hour: '00' });
      expect(dateDetails('2024-02-30 10:00:00')).to.include({ month: '03', day: '01' });
    });
  });

  it('leaves the process time zone as it found it', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(parseInZone('2024-03-10 02:30', 'UTC', NOW)).to.equal('2024-03-10 02:30:00');
      expect(process.env.TZ).to.equal('America/New_York');
      expect(new Date(2024, 0, 1).getTimezoneOffset()).to.equal(300);
    } finally {
      if (saved === undefined) {
        delete process.env.TZ;
      } else {
        process.env.TZ = saved;
      }
    }
  });
});
