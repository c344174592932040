// `wpcal import` reads a file a unit at a time, but refuses one that cannot be read as a whole
// before it writes anything, wherever the fault is: a large file cut short at its very end, or
// with a byte that is not UTF-8 or a quote left open in its last line, writes nothing at all,
// not even the units before the fault.
import { expect } from 'chai';
import { postCounts, scratchFiles, wpcal } from '../support/cli-transfer.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { sql } from 'kysely';
import { openDatabase } from '../../src/data/connect.ts';

/** Three units of events. */
const EVENTS = 2500;

const scratch = scratchFiles('wpcal-import-stream-');

/** A fixture of EVENTS events, then the venue and category they name (where an export writes them). */
function fixture(): string {
  const events = Array.from({ length: EVENTS }, (_, n) => `"s${n}": ${JSON.stringify({
    title: `Streamed ${n}`, start_date: '2031-03-01 10:00:00', end_date: '2031-03-01 12:00:00', venue: 'hall', categories: ['talks'],
  })}`);
  return `{"events": {\n${events.join(',\n')}\n},\n"venues": {"hall": {"venue": "Stream Hall"}},\n"categories": {"talks": {"name": "Talks"}}\n}\n`;
}

function csv(): string {
  const rows = Array.from({ length: EVENTS }, (_, n) => `Streamed ${n},03/01/2031,10:00:00,03/01/2031,12:00:00,Stream Hall`);
  return ['Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Venue Name', ...rows, ''].join('\n');
}

async function termCount(db: TestDatabase): Promise<number> {
  const handle = await openDatabase(db.url, 'wp_');
  try {
    return Number((await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM wp_terms`.execute(handle.kysely)).rows[0]!.n);
  } finally {
    await handle.close();
  }
}

forEachDatabase('wpcal import of large files, streamed', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await kind.create();
  });
  afterEach(async () => {
    await db.drop();
  });

  it('imports a fixture whose venues and categories follow its events, in units', async function () {
    this.timeout(180_000);
    const result = await wpcal(db, 'import', scratch.write('whole.json', fixture()));
    expect(result.stderr).to.equal('');
    expect(result.stdout.trim()).to.equal(`created ${EVENTS + 2}, updated 0, skipped 0, failed 0`);
    expect(await postCounts(db)).to.deep.equal({ tribe_events: EVENTS, tribe_venue: 1 });
    const handle = await openDatabase(db.url, 'wp_');
    try {
      const linked = await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM wp_postmeta m JOIN wp_posts v ON v.ID = m.meta_value
        WHERE m.meta_key = '_EventVenueID' AND v.post_title = 'Stream Hall'`.execute(handle.kysely);
      expect(Number(linked.rows[0]!.n)).to.equal(EVENTS);
    } finally {
      await handle.close();
    }
  });

  const refused: Array<[string, () => string | Buffer, RegExp]> = [
    ['a fixture cut short at its end', () => fixture().slice(0, -4), /^.*cut\.json: not valid JSON \(line \d+: the file ends before the JSON document does/],
    ['a fixture with a byte that is not UTF-8 in its last event', () => Buffer.from(fixture().replace(`"Streamed ${EVENTS - 1}"`, '"Stre\u00ffmed"'), 'latin1'), /not-utf8\.json: not UTF-8 text/],
    ['a fixture whose last event is no JSON', () => fixture().replace(`"Streamed ${EVENTS - 1}"`, 'Streamed'), /no-json\.json: not valid JSON \(line \d+: Unexpected token/],
    ['a CSV file with a quote left open in its last row', () => `${csv()}"Open quote,03/01/2031,10:00:00,03/01/2031,12:00:00,Stream Hall\n`, /open-quote\.csv: not a readable CSV file \(.*Quote Not Closed/],
  ];
  const names = ['cut.json', 'not-utf8.json', 'no-json.json', 'open-quote.csv'];
  refused.forEach(([what, content, message], i) => {
    it(`writes nothing of ${what}`, async function () {
      this.timeout(120_000);
      const result = await wpcal(db, 'import', scratch.write(names[i]!, content()));
      expect(result.code).to.equal(1);
      expect(result.stderr.trim().split('\n')).to.have.length(1);
      expect(result.stderr.trim()).to.match(message);
      expect(result.stdout.trim()).to.equal('created 0, updated 0, skipped 0, failed 1');
      expect(await postCounts(db)).to.deep.equal({});
      expect(await termCount(db)).to.equal(0);
    });
  });
});

after(() => scratch.remove());
