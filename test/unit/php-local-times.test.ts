// Event dates are read in their zone as TEC reads them (new DateTime($local, $zone)): around every
// DST transition of 2026–2028 in eleven zones, the UTC instant and abbreviation PHP gives, from a
// table PHP made (test/fixtures/zones/generate.php): a skipped wall time moves forward by the gap,
// and a repeated one is the standard-time occurrence in Europe and Australia but the daylight one
// in the Americas, as timelib resolves it.
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { localToUtc, timezoneAbbr } from '../../src/time/zones.ts';

const table = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/zones/local-times.json'), 'utf8')) as {
  php: string;
  rows: Array<[zone: string, local: string, utc: string, abbr: string]>;
};

describe(`local event times read as PHP ${table.php} reads them`, () => {
  it(`gives PHP's UTC instant for all ${table.rows.length} wall times around the transitions`, () => {
    const differ = table.rows.filter(([zone, local, utc]) => localToUtc(local, zone) !== utc)
      .map(([zone, local, utc]) => `${zone} ${local}: ${localToUtc(local, zone)}, PHP ${utc}`);
    expect(differ).to.deep.equal([]);
  });

  it("gives PHP's abbreviation for each", () => {
    const differ = table.rows.filter(([zone, local, , abbr]) => timezoneAbbr(zone, local) !== abbr)
      .map(([zone, local, , abbr]) => `${zone} ${local}: ${timezoneAbbr(zone, local)}, PHP ${abbr}`);
    expect(differ).to.deep.equal([]);
  });
});
