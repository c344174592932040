import { expect } from 'chai';
import {
  instantToWall,
  isUtcOffsetZone,
  isUtcZone,
  isValidTimezone,
  localToUtc,
  siteTimezone,
  timezoneAbbr,
  utcToLocal,
  wallToInstant,
} from '../../src/time/zones.ts';

describe('time/zones', () => {
  describe('siteTimezone', () => {
    it('prefers timezone_string', () => {
      expect(siteTimezone('America/New_York', '-5')).to.equal('America/New_York');
    });

    it('writes gmt_offset as UTC±N, UTC+0 for zero, fractions kept', () => {
      expect(siteTimezone('', '0')).to.equal('UTC+0');
      expect(siteTimezone('', '')).to.equal('UTC+0');
      expect(siteTimezone('', '2')).to.equal('UTC+2');
      expect(siteTimezone('', '-8')).to.equal('UTC-8');
      expect(siteTimezone('', '5.5')).to.equal('UTC+5.5');
      expect(siteTimezone('', '-9.5')).to.equal('UTC-9.5');
    });
  });

  describe('zone kinds', () => {
    it('recognises TEC UTC offset zones (UTC prefix, longer than 3)', () => {
      expect(isUtcOffsetZone('UTC+2')).to.equal(true);
      expect(isUtcOffsetZone('UTC-5.5')).to.equal(true);
      expect(isUtcOffsetZone('UTC')).to.equal(false);
      expect(isUtcOffsetZone('Europe/Rome')).to.equal(false);
    });

    it('knows which zones are UTC itself', () => {
      expect(isUtcZone('UTC')).to.equal(true);
      expect(isUtcZone('UTC+0')).to.equal(true);
      expect(isUtcZone('UTC+2')).to.equal(false);
      expect(isUtcZone('Europe/London')).to.equal(false);
    });

    it('validates timezone arguments', () => {
      for (const tz of ['Europe/Rome', 'UTC', 'America/New_York', 'UTC+2', 'UTC-5.5']) {
        expect(isValidTimezone(tz), tz).to.equal(true);
      }
      for (const tz of ['', 'Mars/Olympus', 'utc+2', 'before my birthday', 'Europe/Rome\u0000']) {
        expect(isValidTimezone(tz), tz).to.equal(false);
      }
    });
  });

  describe('localToUtc / utcToLocal', () => {
    it('converts with the offset in force (EST in winter, EDT in summer)', () => {
      expect(localToUtc('2024-01-15 12:00:00', 'America/New_York')).to.equal('2024-01-15 17:00:00');
      expect(localToUtc('2024-07-15 12:00:00', 'America/New_York')).to.equal('2024-07-15 16:00:00');
      expect(utcToLocal('2024-07-15 16:00:00', 'America/New_York')).to.equal('2024-07-15 12:00:00');
      expect(localToUtc('2018-01-01 16:00:00', 'Asia/Hong_Kong')).to.equal('2018-01-01 08:00:00');
    });

    it('moves a wall time skipped by the spring change forward by the gap, as PHP does', () => {
      // 2024-03-10 02:30 does not exist in New York: PHP reads it as 03:30 EDT.
      expect(localToUtc('2024-03-10 02:30:00', 'America/New_York')).to.equal('2024-03-10 07:30:00');
      expect(localToUtc('2024-03-10 03:30:00', 'America/New_York')).to.equal('2024-03-10 07:30:00');
      expect(localToUtc('2024-03-10 01:59:59', 'America/New_York')).to.equal('2024-03-10 06:59:59');
    });

    it('takes the first (daylight) occurrence of a wall time repeated by the fall change', () => {
      expect(localToUtc('2024-11-03 01:30:00', 'America/New_York')).to.equal('2024-11-03 05:30:00');
      expect(localToUtc('2024-11-03 00:59:59', 'America/New_York')).to.equal('2024-11-03 04:59:59');
      expect(localToUtc('2024-11-03 02:00:00', 'America/New_York')).to.equal('2024-11-03 07:00:00');
      expect(utcToLocal('2024-11-03 05:30:00', 'America/New_York')).to.equal('2024-11-03 01:30:00');
      expect(utcToLocal('2024-11-03 06:30:00', 'America/New_York')).to.equal('2024-11-03 01:30:00');
    });

    it('applies UTC±N zones as fixed offsets, fractional ones included', () => {
      expect(localToUtc('2024-07-01 10:00:00', 'UTC+5.5')).to.equal('2024-07-01 04:30:00');
      expect(localToUtc('2024-07-01 10:00:00', 'UTC-3:30')).to.equal('2024-07-01 13:30:00');
      expect(localToUtc('2024-01-01 00:30:00', 'UTC+2')).to.equal('2023-12-31 22:30:00');
      expect(utcToLocal('2024-07-01 04:30:00', 'UTC+5.5')).to.equal('2024-07-01 10:00:00');
      expect(localToUtc('2024-07-01 10:00:00', 'UTC+0')).to.equal('2024-07-01 10:00:00');
    });

    it('rolls impossible dates over like PHP and rejects non-DB datetimes', () => {
      expect(localToUtc('2024-02-30 10:00:00', 'UTC')).to.equal('2024-03-01 10:00:00');
      expect(localToUtc('2024-02-10', 'UTC')).to.equal(null);
      expect(utcToLocal('tomorrow', 'UTC')).to.equal(null);
    });

    it('throws on an unknown zone', () => {
      expect(() => localToUtc('2024-01-01 00:00:00', 'Mars/Olympus')).to.throw(RangeError);
    });

    it('round-trips wall times and instants', () => {
      const wall = Date.UTC(2024, 6, 1, 10);
      expect(instantToWall(wallToInstant(wall, 'Europe/Rome'), 'Europe/Rome')).to.equal(wall);
    });
  });

  describe('timezoneAbbr', () => {
    it('gives the abbreviation at the local date', () => {
      expect(timezoneAbbr('America/New_York', '2024-01-15 12:00:00')).to.equal('EST');
      expect(timezoneAbbr('America/New_York', '2024-07-15 12:00:00')).to.equal('EDT');
      expect(timezoneAbbr('Europe/Rome', '2024-01-15 12:00:00')).to.equal('CET');
      expect(timezoneAbbr('Europe/Rome', '2024-07-15 12:00:00')).to.equal('CEST');
      expect(timezoneAbbr('UTC', '2024-07-15 12:00:00')).to.equal('UTC');
      expect(timezoneAbbr('Asia/Hong_Kong', '2018-01-01 16:00:00')).to.equal('HKT');
      expect(timezoneAbbr('Australia/Sydney', '2024-01-15 12:00:00')).to.equal('AEDT');
    });

    it('follows DST edges (gap resolved forward, overlap to the first occurrence)', () => {
      expect(timezoneAbbr('America/New_York', '2024-03-10 02:30:00')).to.equal('EDT');
      expect(timezoneAbbr('America/New_York', '2024-11-03 01:30:00')).to.equal('EDT');
      expect(timezoneAbbr('America/New_York', '2024-11-03 02:30:00')).to.equal('EST');
    });

    it('uses the numeric abbreviation where tzdata has no letters', () => {
      expect(timezoneAbbr('Europe/Istanbul', '2024-07-15 12:00:00')).to.equal('+03');
      expect(timezoneAbbr('Asia/Kathmandu', '2024-07-15 12:00:00')).to.equal('+0545');
      expect(timezoneAbbr('America/Sao_Paulo', '2024-07-15 12:00:00')).to.equal('-03');
    });

    it('returns UTC±N zones themselves and "" for unknown zones', () => {
      expect(timezoneAbbr('UTC+2', '2024-07-15 12:00:00')).to.equal('UTC+2');
      expect(timezoneAbbr('UTC+5.5', '2024-07-15 12:00:00')).to.equal('UTC+5.5');
      expect(timezoneAbbr('Mars/Olympus', '2024-07-15 12:00:00')).to.equal('');
    });
  });
});
