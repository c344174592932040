// The readers of `wpcal import` (JSON, CSV, WXR) hold a chunk of a file at a time, not the file:
// the check reads it whole once, then the records come a few at a time, the file read only as
// far as they need.
// And the JSON scanner under them takes exactly the documents JSON.parse takes, however the bytes
// are cut into chunks.
import { expect } from 'chai';
import { readTecCsv } from '../../src/transfer/csv/parse.ts';
import { readJsonFixture } from '../../src/transfer/json/parse.ts';
import { ObjectScanner } from '../../src/transfer/json/scan.ts';
import { readWxr } from '../../src/transfer/wxr/parse.ts';
import type { ByteSource } from '../../src/transfer/read-file.ts';
import type { EventRecord } from '../../src/transfer/records.ts';
import { isProblem, type ImportSource, type Read } from '../../src/transfer/source.ts';

const CHUNK = 16 * 1024;
const EVENTS = 20_000;

/** Bytes served in chunks of `CHUNK`, counting what was read: `read` is the bytes handed out by the current pass. */
function countedBytes(bytes: Buffer): ByteSource & { read: number; passes: number } {
  const source = Object.assign(async function* read(range?: { start: number; end: number }) {
    source.read = 0;
    source.passes++;
    const start = range?.start ?? 0;
    const end = range?.end ?? bytes.length;
    for (let at = start; at < end; at += CHUNK) {
      const chunk = bytes.subarray(at, Math.min(end, at + CHUNK));
      source.read += chunk.length;
      yield chunk;
    }
  }, { read: 0, passes: 0 });
  return source;
}

/** A fixture of EVENTS events (the venues after them, as an export writes them), and where each event's entry ends. */
function fixture(): { bytes: Buffer; ends: number[] } {
  const parts = ['{"wpcal": 1, "events": {'];
  const ends: number[] = [];
  let length = Buffer.byteLength(parts[0]!);
  for (let i = 0; i < EVENTS; i++) {
    const entry = `${i ? ',' : ''}\n"e${i}": ${JSON.stringify({ title: `Événement ${i}`, start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', venue: `v${i % 3}` })}`;
    parts.push(entry);
    length += Buffer.byteLength(entry);
    ends.push(length);
  }
  parts.push('}, "venues": {"v0": {"venue": "Zero"}, "v1": {"venue": "One"}, "v2": {"venue": "Two"}}}');
  return { bytes: Buffer.from(parts.join('')), ends };
}

async function all<T>(records: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const record of records) out.push(record);
  return out;
}

describe('import readers', () => {
  describe('JSON fixtures', () => {
    const { bytes, ends } = fixture();
    let source: ImportSource;
    let counted: ReturnType<typeof countedBytes>;
    before(async () => {
      counted = countedBytes(bytes);
      source = await readJsonFixture(counted, 'big.json');
    });

    it('checks the whole file first, counting its entries', () => {
      expect(counted.passes).to.equal(1);
      expect(counted.read).to.equal(bytes.length);
      expect(source.size).to.equal(EVENTS + 3);
    });

    it('gives the events one by one, never reading more than a chunk past the one given', async () => {
      let n = 0;
      for await (const record of source.events()) {
        expect(counted.read, `when event ${n} is given`).to.be.at.most(ends[n]! + CHUNK);
        expect((record as EventRecord).key).to.equal(`e${n}`);
        n++;
      }
      expect(n).to.equal(EVENTS);
    });

    it('reads a section that follows the events without reading the events again', async () => {
      const venues = await all(source.venues());
      expect(venues.map((venue) => ('venue' in venue ? venue.venue : venue))).to.deep.equal(['Zero', 'One', 'Two']);
      expect(counted.read).to.be.below(200);
    });

    it('gives an entry that is no record as its problem, in file order', async () => {
      const text = '{"events": {"a": {"title": "A", "start_date": "2030-01-01", "end_date": "2030-01-01"}, "b": {"title": "B"}, "c": {"title": "C", "start_date": "2030-01-02", "end_date": "2030-01-02"}}}';
      const events: Array<Read<EventRecord>> = await all((await readJsonFixture(countedBytes(Buffer.from(text)), 'f.json')).events());
      expect(events.map((item) => (isProblem(item) ? item : item.key))).to.deep.equal(['a', { where: 'f.json: event "b"', reason: '"start_date" is required' }, 'c']);
    });

    const refusals: Array<[string, string | Buffer, RegExp]> = [
      ['a file truncated at its end', bytes.subarray(0, bytes.length - 3), /^big\.json: not valid JSON \(line \d+: the file ends before the JSON document does/],
      ['a file truncated inside an entry', bytes.subarray(0, ends[EVENTS - 2]! - 10), /^big\.json: not valid JSON \(line 20000: the file ends/],
      ['an entry that is not JSON, near the end', Buffer.concat([bytes.subarray(0, ends[EVENTS - 2]!), Buffer.from(',"x": {"title": tru}}}')]), /^big\.json: not valid JSON \(line 20000: Unexpected token/],
      ['a byte that is not UTF-8, near the end', Buffer.concat([bytes.subarray(0, ends[EVENTS - 2]!), Buffer.from(',"x": {"title": "caf'), Buffer.from([0xe9]), Buffer.from('"}}}')]), /^big\.json: not UTF-8 text/],
      ['a top level that is not an object', '[1, 2]', /^big\.json: the top level must be an object$/],
      ['a section that does not map keys to objects', '{"venues": {"a": {"venue": "A"}}, "events": {"x": 1}}', /^big\.json: "events" must map keys to objects$/],
      ['a section that is a list', '{"events": []}', /^big\.json: "events" must map keys to objects$/],
      ['something after the document', '{"events": {}} {}', /^big\.json: not valid JSON \(line 1: "\{" after the end of the JSON document\)$/],
    ];
    for (const [what, text, message] of refusals) {
      it(`refuses ${what} at the check`, async () => {
        const error = await readJsonFixture(countedBytes(Buffer.from(text)), 'big.json').then(() => undefined, (e: Error) => e);
        expect(error?.message).to.match(message);
      });
    }

    it('takes a null section as an empty one, and other top-level members as they are', async () => {
      const read = await readJsonFixture(countedBytes(Buffer.from('\uFEFF{"wpcal": [1, {"a": "}"}], "venues": null, "events": {}}')), 'f.json');
      expect(read.size).to.equal(0);
      expect(await all(read.venues())).to.deep.equal([]);
    });
  });

  describe('TEC CSV files', () => {
    const header = 'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time\n';
    const rows = Array.from({ length: EVENTS }, (_, i) => `"Event ${i}, the ""${i}th""",11/19/2030,7:30:00,11/19/2030,9:30:00\n`);

    it('checks the whole file first, then gives the rows one by one, never reading more than a chunk past the one given', async () => {
      const text = header + rows.join('');
      const counted = countedBytes(Buffer.from(text));
      const source = await readTecCsv(counted, 'big.csv', { now: new Date(), siteTimezone: 'UTC', columnMap: [] });
      expect(counted.read).to.equal(text.length);
      expect(source.size).to.equal(EVENTS);
      let n = 0;
      let end = header.length;
      for await (const record of source.events()) {
        end += rows[n]!.length;
        // csv-parse asks for the next chunk before it gives the last row of the one it has.
        expect(counted.read, `when row ${n} is given`).to.be.at.most(end + 2 * CHUNK);
        expect((record as EventRecord).title).to.equal(`Event ${n}, the "${n}th"`);
        n++;
      }
      expect(n).to.equal(EVENTS);
    });

    it('refuses a file whose last quote is not closed at the check', async () => {
      const text = `${header}${rows.join('')}"Unclosed,11/19/2030,7:30:00,11/19/2030,9:30:00\n`;
      const error = await readTecCsv(countedBytes(Buffer.from(text)), 'big.csv', { now: new Date(), siteTimezone: 'UTC', columnMap: [] }).then(() => undefined, (e: Error) => e);
      expect(error?.message).to.match(/^big\.csv: not a readable CSV file \(.*Quote Not Closed/);
    });
  });
  describe('WXR files', () => {
    const meta = (key: string, value: string) => `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value>${value}</wp:meta_value></wp:postmeta>`;
    const head = '<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version>\n';
    const items = Array.from({ length: EVENTS / 4 }, (_, i) => `<item><title>Événement ${i}</title><wp:post_id>${1000 + i}</wp:post_id><wp:post_type>tribe_events</wp:post_type>`
      + `${meta('_EventStartDate', '2030-01-01 10:00:00')}${meta('_EventEndDate', '2030-01-01 11:00:00')}${meta('_EventVenueID', '7')}</item>\n`);
    const tail = '<item><title>Hall</title><wp:post_id>7</wp:post_id><wp:post_type>tribe_venue</wp:post_type></item>\n</channel></rss>\n';

    it('checks the whole file first, keeping its venues, then gives the events one by one, never reading more than a chunk past the one given', async () => {
      const bytes = Buffer.from(head + items.join('') + tail);
      const counted = countedBytes(bytes);
      const source = await readWxr(counted, 'big.xml');
      expect(counted.read).to.equal(bytes.length);
      expect(source.size).to.equal(items.length + 1);
      expect(source.highestWantedId).to.equal(1000 + items.length - 1);
      let n = 0;
      let end = Buffer.byteLength(head);
      for await (const record of source.events()) {
        end += Buffer.byteLength(items[n]!);
        expect(counted.read, `when event ${n} is given`).to.be.at.most(end + CHUNK);
        expect(record).to.include({ key: `wxr:${1000 + n}`, title: `Événement ${n}`, venueKey: 'wxr:7' });
        n++;
      }
      expect(n).to.equal(items.length);
    });

    it('refuses a file cut short at its end at the check', async () => {
      const error = await readWxr(countedBytes(Buffer.from(head + items.join('') + tail.slice(0, -20))), 'big.xml').then(() => undefined, (e: Error) => e);
      expect(error?.message).to.match(/^big\.xml:\d+:\d+: unclosed tag: item \(the WXR file is truncated or not well-formed XML\)$/);
    });
  });
});

describe('import JSON scanner', () => {
  /** The members the scanner hands over (descending into "s"), or its error; the input cut into chunks of `size` bytes. */
  function scan(text: string, size: number): string {
    const got: string[] = [];
    const scanner = new ObjectScanner({
      descend: (key) => key === 's',
      member: (key, value, _start, parent) => {
        JSON.parse(value);
        got.push(`${parent ?? ''}/${key}=${value}`);
      },
      open: (key) => got.push(`open ${key}`),
      close: (key) => got.push(`close ${key}`),
    });
    const bytes = Buffer.from(text);
    try {
      for (let at = 0; at < bytes.length; at += size) scanner.write(bytes.subarray(at, at + size));
      scanner.end();
    } catch {
      return 'error';
    }
    return got.join(' | ');
  }

  const documents = [
    '{}', ' { } ', '{"a": 1}', '{"a": -1.5e3, "b": true, "c": null, "d": "x"}', '{"s": {"k": {"v": [1, {"w": "]}"}]}}, "t": 2}',
    '{"s": {}}', '{"s": 3}', '{"a\\"b": "c\\\\", "s": {"q\\\\": "\\"}{"}}', '{"a": "\\u00e9\\n", "s": {"é": {"ü": "ß"}}}',
    '{"a": [1, 2,]}', '{"a": 1,}', '{"a" 1}', '{a: 1}', '{"a": 1', '{"a": "x}', '{"s": {"k": {"v": 1}}', '{"a": tru}',
    '{"a": 01}', '{"a": 1} x', '{"a": "tab\tinside"}', '{"k\tey": 1}', '{"s": {"k\ney": {}}}', '{"s": {"k": 1, "k": 2}}', '{"a": {"b": 1]}', '{"a": [}]}', '',
  ];
  for (const text of documents) {
    it(`reads ${JSON.stringify(text)} as JSON.parse does, in chunks of any size`, () => {
      const valid = (() => {
        try {
          return typeof JSON.parse(text) === 'object';
        } catch {
          return false;
        }
      })();
      const whole = scan(text, text.length || 1);
      expect(whole === 'error', whole).to.equal(!valid);
      for (let size = 1; size < text.length; size++) expect(scan(text, size), `chunks of ${size}`).to.equal(whole);
    });
  }
});
