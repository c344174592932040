// Events with several `tec_occurrences` rows (TEC PRO's recurring events, in a database moved
// from WordPress): lists group by event as the plugin does (events.md §9.3), each event once,
// placed at its earliest matching occurrence, and `total` counts events, not rows (from the list
// keys, and from SQL while they are read).
import { expect } from 'chai';
import pino from 'pino';
import { startServer } from '../../src/server.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
const HOUR_MS = 3600_000;

interface ListedEvent {
  id: number;
  utc_start_date: string;
}

/** A DB datetime moved by `ms` (the stored columns are plain `Y-m-d H:i:s` texts). */
function shifted(datetime: string, ms: number): string {
  return new Date(Date.parse(`${datetime.replace(' ', 'T')}Z`) + ms).toISOString().slice(0, 19).replace('T', ' ');
}

forEachDatabase('events with several occurrence rows', (kind) => {
  let t: TestServer;
  let original: { ids: number[]; total: number };
  let first: ListedEvent;
  let last: ListedEvent;

  /** Adds an occurrence row to an event, a copy of its own moved by `ms`. */
  async function addOccurrence(postId: number, ms: number, tag: string): Promise<void> {
    const db = t.server.db.kysely;
    const own = await db.selectFrom('tec_occurrences').selectAll().where('post_id', '=', postId).executeTakeFirstOrThrow();
    const { occurrence_id: _id, ...columns } = own;
    await db.insertInto('tec_occurrences').values({
      ...columns,
      start_date: shifted(own.start_date, ms),
      end_date: shifted(own.end_date, ms),
      start_date_utc: shifted(own.start_date_utc, ms),
      end_date_utc: shifted(own.end_date_utc, ms),
      hash: `${own.hash.slice(0, 30)}${tag}`.slice(0, 40),
    }).execute();
  }

  async function list(query: string): Promise<{ ids: number[]; total: number; totalPages: number }> {
    const res = await t.request('GET', `${API}/events?${query}`);
    expect(res.status, query).to.equal(200);
    return { ids: res.json.events.map((event: ListedEvent) => event.id), total: res.json.total, totalPages: res.json.total_pages };
  }

  before(async () => {
    t = await startTestServer(kind, { seed: 'fixtures/demo.json' });
    const res = await t.request('GET', `${API}/events?per_page=50`);
    const events: ListedEvent[] = res.json.events;
    original = { ids: events.map((event) => event.id), total: res.json.total };
    expect(events.length, 'the demo lists several events').to.be.greaterThan(3);
    first = events[0]!;
    last = events[events.length - 1]!;
    // The last event also happens an hour before the first one; the first one again a week later.
    const lastStart = Date.parse(`${last.utc_start_date.replace(' ', 'T')}Z`);
    const firstStart = Date.parse(`${first.utc_start_date.replace(' ', 'T')}Z`);
    await addOccurrence(last.id, firstStart - HOUR_MS - lastStart, 'early');
    await addOccurrence(first.id, 7 * 24 * HOUR_MS, 'week');
  });
  after(async () => {
    await t?.close();
  });

  it('serve reads them into its list keys, which answer these lists (it says nothing of SQL)', async () => {
    const lines: Array<{ msg: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const started = await startServer({ db: t.database.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, logger });
    try {
      await started.warmedUp;
      expect(lines.filter((line) => line.msg.includes('list')).map((line) => line.msg)).to.deep.equal(["the events' list keys are in memory"]);
    } finally {
      await started.close();
    }
  });

  it('lists each event once and counts events, not occurrence rows', async () => {
    const after = await list('per_page=50');
    expect(after.total).to.equal(original.total);
    expect(new Set(after.ids).size).to.equal(after.ids.length);
    expect([...after.ids].sort()).to.deep.equal([...original.ids].sort());
  });

  it('places an event at its earliest matching occurrence', async () => {
    const after = await list('per_page=50');
    expect(after.ids[0]).to.equal(last.id);
    expect(after.ids[1]).to.equal(first.id);
    expect(after.ids.slice(2)).to.deep.equal(original.ids.filter((id) => id !== first.id && id !== last.id));
  });

  it('pages through the events without repeating one', async () => {
    const whole = await list('per_page=50');
    const paged: number[] = [];
    const firstPage = await list('per_page=2');
    expect(firstPage.totalPages).to.equal(Math.ceil(original.total / 2));
    for (let page = 1; page <= firstPage.totalPages; page++) paged.push(...(await list(`per_page=2&page=${page}`)).ids);
    expect(paged).to.deep.equal(whole.ids);
  });

  it('lists included events once', async () => {
    const included = await list(`include=${first.id},${last.id}`);
    expect(included.total).to.equal(2);
    expect([...included.ids].sort()).to.deep.equal([first.id, last.id].sort());
  });

  it('counts events in the iCalendar feed', async () => {
    const res = await t.request('GET', '/events/?ical=1&per_page=50');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-tec-total')).to.equal(String(original.total));
    expect(res.text.match(/BEGIN:VEVENT/g)).to.have.length(original.total);
  });
});
