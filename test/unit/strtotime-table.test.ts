// strtotime() as PHP answers it, from the table test/fixtures/strtotime/generate.php writes.
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { isStrtotimeParseable, parseInZone } from '../../src/time/parse.ts';

type Row = [zone: string, nowUtc: string, phrase: string, expected: string | false];

const TABLE = path.resolve(import.meta.dirname, '../fixtures/strtotime/table.json');
const { rows } = JSON.parse(fs.readFileSync(TABLE, 'utf8')) as { rows: Row[] };

describe('time/strtotime against PHP', () => {
  for (const zone of new Set(rows.map(([rowZone]) => rowZone))) {
    it(`reads every phrase of the table as PHP does in ${zone}`, () => {
      const mismatches = rows
        .filter(([rowZone]) => rowZone === zone)
        .map(([, nowUtc, phrase, expected]) => {
          const actual = parseInZone(phrase, zone, new Date(`${nowUtc.replace(' ', 'T')}Z`));
          return { nowUtc, phrase, expected: expected === false ? null : expected, actual };
        })
        .filter(({ expected, actual }) => expected !== actual);
      expect(mismatches).to.deep.equal([]);
    });
  }

  it('refuses the phrases PHP refuses', () => {
    const refused = [...new Set(rows.filter((row) => row[3] === false).map((row) => row[2]))];
    expect(refused).to.not.be.empty;
    expect(refused.filter((phrase) => isStrtotimeParseable(phrase))).to.deep.equal([]);
  });
});
