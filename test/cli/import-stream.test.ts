// `wpcal import` reads a file a unit at a time, but refuses one that cannot be read as a whole
// before it writes anything, wherever the fault is: a large fixture, WXR or CSV file cut short at
// its very end, or with a byte that is not UTF-8 or a quote left open in its last line, writes
// nothing at all, not even the units before the fault.
import { expect } from 'chai';
import { eventsPerUnit, postCounts, scratchFiles, wpcal } from '../support/cli-transfer.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { sql } from 'kysely';
import { openDatabase } from '../../src/data/connect.ts';

const scratch = scratchFiles('wpcal-import-stream-');

/** A fixture of that many events, then the venue and category they name (where an export writes them). */
function fixture(total: number): string {
  const events = Array.from({ length: total }, (_, n) => `"s${n}": ${JSON.stringify({
    title: `Streamed ${n}`, start_date: '2031-03-01 10:00:00', end_date: '2031-03-01 12:00:00', venue: 'hall', categories: ['talks'],
  })}`);
  return `{"events": {\n${events.join(',\n')}\n},\n"venues": {"hall": {"venue": "Stream Hall"}},\n"categories": {"talks": {"name": "Talks"}}\n}\n`;
}

function csv(total: number): string {
  const rows = Array.from({ length: total }, (_, n) => `Streamed ${n},03/01/2031,10:00:00,03/01/2031,12:00:00,Stream Hall`);
  return ['Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Venue Name', ...rows, ''].join('\n');
}

function wxr(total: number): string {
  const meta = (key: string, value: string) => `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value>${value}</wp:meta_value></wp:postmeta>`;
  const items = Array.from({ length: total }, (_, n) => `<item><title>Streamed ${n}</title><wp:post_id>${5000 + n}</wp:post_id><wp:post_type>tribe_events</wp:post_type>`
    + `${meta('_EventStartDate', '2031-03-01 10:00:00')}${meta('_EventEndDate', '2031-03-01 12:00:00')}${meta('_EventVenueID', '7')}</item>`);
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version>
${items.join('\n')}
<item><title>Stream Hall</title><wp:post_id>7</wp:post_id><wp:post_type>tribe_venue</wp:post_type></item>
</channel></rss>
`;
}

async function count(db: TestDatabase, query: ReturnType<typeof sql<{ n: unknown }>>): Promise<number> {
  const handle = await openDatabase(db.url, 'wp_');
  try {
    return Number((await query.execute(handle.kysely)).rows[0]!.n);
  } finally {
    await handle.close();
  }
}

const termCount = (db: TestDatabase) => count(db, sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM wp_terms`);

/** Events linked to the venue of the files. */
const eventsAtHall = (db: TestDatabase) => count(db, sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM wp_postmeta m JOIN wp_posts v ON v.ID = m.meta_value
  WHERE m.meta_key = '_EventVenueID' AND v.post_title = 'Stream Hall'`);

forEachDatabase('wpcal import of large files, streamed', (kind) => {
  /** Two and a half units of writes of the import. */
  const EVENTS = 2.5 * eventsPerUnit(kind);
  let db: TestDatabase;
  beforeEach(async () => {
    db = await kind.create();
  });
  afterEach(async () => {
    await db.drop();
  });

  it('imports a fixture whose venues and categories follow its events, in units', async function () {
    this.timeout(180_000);
    const result = await wpcal(db, 'import', scratch.write('whole.json', fixture(EVENTS)));
    expect(result.stderr).to.equal('');
    expect(result.stdout.trim()).to.equal(`created ${EVENTS + 2}, updated 0, skipped 0, failed 0`);
    expect(await postCounts(db)).to.deep.equal({ tribe_events: EVENTS, tribe_venue: 1 });
    expect(await eventsAtHall(db)).to.equal(EVENTS);
  });

  it('imports a WXR file whose venue follows its events, in units', async function () {
    this.timeout(180_000);
    const result = await wpcal(db, 'import', scratch.write('whole.xml', wxr(EVENTS)));
    expect(result.stderr).to.equal('');
    expect(result.stdout.trim()).to.equal(`created ${EVENTS + 1}, updated 0, skipped 0, failed 0`);
    expect(await postCounts(db)).to.deep.equal({ tribe_events: EVENTS, tribe_venue: 1 });
    expect(await eventsAtHall(db)).to.equal(EVENTS);
  });

  const refused: Array<[string, () => string | Buffer, RegExp]> = [
    ['a fixture cut short at its end', () => fixture(EVENTS).slice(0, -4), /^.*cut\.json: not valid JSON \(line \d+: the file ends before the JSON document does/],
    ['a fixture with a byte that is not UTF-8 in its last event', () => Buffer.from(fixture(EVENTS).replace(`"Streamed ${EVENTS - 1}"`, '"Stre\u00ffmed"'), 'latin1'), /not-utf8\.json: not UTF-8 text/],
    ['a fixture whose last event is no JSON', () => fixture(EVENTS).replace(`"Streamed ${EVENTS - 1}"`, 'Streamed'), /no-json\.json: not valid JSON \(line \d+: Unexpected token/],
    ['a WXR file cut short at its end', () => wxr(EVENTS).slice(0, -20), /cut\.xml:\d+:\d+: unclosed tag: item \(the WXR file is truncated or not well-formed XML\)/],
    ['a CSV file with a quote left open in its last row', () => `${csv(EVENTS)}"Open quote,03/01/2031,10:00:00,03/01/2031,12:00:00,Stream Hall\n`, /open-quote\.csv: not a readable CSV file \(.*Quote Not Closed/],
  ];
  const names = ['cut.json', 'not-utf8.json', 'no-json.json', 'cut.xml', 'open-quote.csv'];
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
