// The list keys' packed datetimes keep the order of the datetimes, and a bound of any kind compares
// with them as with the datetimes themselves.
import { expect } from 'chai';
import { packDatetime, packedBound, unpackDatetime, PACKED_SPACE } from '../../src/domain/events/datetime-space.ts';
import { datetimeNumber } from '../../src/domain/events/datetime-keys.ts';

/** A deterministic generator (mulberry32), so a failure names the same values again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const two = (n: number): string => String(n).padStart(2, '0');
const text = (y: number, mo: number, d: number, h: number, mi: number, s: number): string =>
  `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)} ${two(h)}:${two(mi)}:${two(s)}`;

const OPERATORS = ['<', '<=', '>', '>='] as const;
function holds(left: number, operator: (typeof OPERATORS)[number], right: number): boolean {
  return operator === '<' ? left < right : operator === '<=' ? left <= right : operator === '>' ? left > right : left >= right;
}

describe('packed datetimes (the list keys\' columns)', () => {
  const next = random(14);
  const pick = (least: number, most: number): number => least + Math.floor(next() * (most - least + 1));
  /** Values that pack, crowded around a few instants so that neighbours and equals come up. */
  const values = Array.from({ length: 400 }, () => datetimeNumber(text(pick(2025, 2027), pick(1, 12), pick(28, 31), pick(22, 23), pick(58, 59), pick(0, 59))))
    .concat([datetimeNumber('1970-01-01 00:00:00'), datetimeNumber('2102-12-31 23:59:59'), datetimeNumber('2026-02-31 12:00:00')]);

  it('packs every datetime of 1970–2102 with fields in range, in their order, and back', () => {
    const sorted = [...values].sort((a, b) => a - b);
    const packed = sorted.map((value) => packDatetime(value));
    for (const [i, value] of packed.entries()) {
      expect(value, String(sorted[i])).to.be.a('number').within(0, 2 ** 32 - 1);
      expect(unpackDatetime(value!)).to.equal(sorted[i]);
      if (i) expect(Math.sign(value! - packed[i - 1]!)).to.equal(Math.sign(sorted[i]! - sorted[i - 1]!));
    }
  });

  it('packs nothing outside them: NaN, a zero date, a year before 1970 or after 2102, a month past 12, an hour past 23', () => {
    for (const value of [Number.NaN, 0, datetimeNumber('0000-00-00 00:00:00'), datetimeNumber('1969-12-31 23:59:59'),
      datetimeNumber('2103-01-01 00:00:00'), datetimeNumber('2026-13-01 00:00:00'), datetimeNumber('2026-00-10 00:00:00'),
      datetimeNumber('2026-05-00 00:00:00'), datetimeNumber('2026-05-32 00:00:00'), datetimeNumber('2026-05-10 24:00:00'),
      datetimeNumber('2026-05-10 12:60:00'), datetimeNumber('2026-05-10 12:00:60')]) {
      expect(packDatetime(value), String(value)).to.equal(undefined);
    }
  });

  it('compares a bound of any kind with packed values as with the datetimes, for each operator', () => {
    const bounds = [
      ...values,
      ...Array.from({ length: 400 }, () => datetimeNumber(text(pick(2024, 2028), pick(0, 13), pick(0, 32), pick(22, 25), pick(58, 60), pick(0, 61)))),
      ...['2026-01-00 00:00:00', '2026-00-00 00:00:00', '2026-03-00 12:00:00', '2026-12-99 99:99:99', '2026-99-99 99:99:99',
        '1970-00-00 00:00:00', '1970-01-00 00:00:00', '1969-12-31 23:59:59', '0000-00-00 00:00:00', '2102-12-31 23:59:60',
        '2103-01-01 00:00:00', '9999-12-31 23:59:59'].map(datetimeNumber),
      -Infinity, Infinity, 20260315120000.5,
    ];
    const wrong: string[] = [];
    let compared = 0;
    for (const bound of bounds) {
      const packedAt = packedBound(bound);
      for (const value of values) {
        for (const operator of OPERATORS) {
          if (holds(packDatetime(value)!, operator, packedAt) !== holds(value, operator, bound)) wrong.push(`${value} ${operator} ${bound}`);
          compared++;
        }
      }
    }
    expect(wrong.slice(0, 5)).to.deep.equal([]);
    expect(compared).to.be.above(1_000_000);
  });

  it('gives the values of one date one day, days in the order of the dates, each starting at its first value', () => {
    const day = (value: number) => PACKED_SPACE.day(packDatetime(value)!);
    expect(day(datetimeNumber('2026-03-31 00:00:00'))).to.equal(day(datetimeNumber('2026-03-31 23:59:59')));
    expect(day(datetimeNumber('2026-04-01 00:00:00'))).to.be.above(day(datetimeNumber('2026-03-31 23:59:59')));
    expect(PACKED_SPACE.dayStart(day(datetimeNumber('2026-04-01 10:00:00')))).to.equal(packDatetime(datetimeNumber('2026-04-01 00:00:00')));
  });
});
