// formatPhpDate against PHP 8.2's date() (values computed with php-cli, zone Europe/Rome, then UTC).
import { expect } from 'chai';
import { formatPhpDate } from '../../src/time/php-date.ts';

const ROME = { name: 'Europe/Rome', abbr: 'CET', offsetSeconds: 3600 };

/** Each [input, what PHP printed] pair, through `format`. */
function expectLikePhp(pairs: ReadonlyArray<readonly [string, string]>, format: (input: string) => string | null): void {
  for (const [input, php] of pairs) expect(format(input), input).to.equal(php);
}

describe('formatPhpDate (PHP date())', () => {
  it('writes each format character as PHP does, in the given zone', () => {
    expectLikePhp([
      ['F j, Y', 'December 10, 2026'],
      ['g:i a', '7:05 pm'],
      ['l, jS \\o\\f F Y H:i T', 'Thursday, 10th of December 2026 19:05 CET'],
      ['c', '2026-12-10T19:05:09+01:00'],
      ['r', 'Thu, 10 Dec 2026 19:05:09 +0100'],
      ['U', '1796925909'],
      ['z t L N w W o B', '343 31 0 4 4 50 2026 795'],
      ['D M y h A G', 'Thu Dec 26 07 PM 19'],
    ], (format) => formatPhpDate(format, '2026-12-10 19:05:09', ROME));
  });

  it('counts ISO weeks, days of the year and month lengths across year ends and leap days', () => {
    expectLikePhp([
      ['2021-01-03', '53 2020 2 31 0 3rd'],
      ['2024-12-30', '01 2025 364 31 1 30th'],
      ['2028-02-29', '09 2028 59 29 1 29th'],
      ['2027-01-01', '53 2026 0 31 0 1st'],
    ], (day) => formatPhpDate('W o z t L jS', `${day} 00:00:00`));
  });

  it('answers null for a time it cannot read', () => {
    expect(formatPhpDate('Y', 'not a date')).to.equal(null);
  });
});
