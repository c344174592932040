// What readers keep in memory (the events' list keys, patched by wpcal's own writes; event
// representations, dropped one by one by them) never shows in an answer: after every kind of write,
// through wpcal or behind its back, the answers of a server that kept everything equal those of a
// server started afresh on the same database, which reads everything from SQL, for an anonymous
// reader and for the administrator alike.
import { expect } from 'chai';
import pino from 'pino';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { COUNTER_READ_WINDOW_MS, OUTSIDE_CHECK_MS, TABLES_RECHECK_MS } from '../../src/data/innodb-changes.ts';
import { startServer } from '../../src/server.ts';
import { forEachDatabase } from '../support/databases.ts';
import { request, startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
const SITE = 'http://calendar.example';
const DAY_MS = 86_400_000;
const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

forEachDatabase('kept reads after writes', (kind) => {
  let t: TestServer;
  let admin: string;
  /** A second handle on the database: its writes are not wpcal's. */
  let outside: Db;

  before(async function () {
    this.timeout(60_000);
    t = await startTestServer(kind, { seed: 'fixtures/demo.json', siteUrl: SITE });
    admin = await t.userWithRole('administrator');
    outside = await openDatabase(t.database.url, 'wp_');
  });
  after(async () => {
    await outside?.close();
    await t?.close();
  });

  /**
   * The reads compared: lists by date window, category, venue, organizer and featured (from
   * memory), by search alone and with a venue, an organizer or featured (SQL, or from memory once
   * the search was looked up: warm() asks each twice), and each listed event.
   */
  async function paths(): Promise<string[]> {
    const now = Date.now();
    const windows = [
      `${API}/events`,
      `${API}/events?start_date=${ymd(now - DAY_MS)}&end_date=${ymd(now + 60 * DAY_MS)}&per_page=50`,
      `${API}/events?start_date=${ymd(now + 4 * DAY_MS)}&end_date=${ymd(now + 11 * DAY_MS)}`,
      `${API}/events?start_date=${ymd(now - 400 * DAY_MS)}&per_page=2&page=2`,
      `${API}/events?categories=music&start_date=${ymd(now - DAY_MS)}`,
      `${API}/events?search=the&start_date=${ymd(now - 30 * DAY_MS)}`,
      `${API}/events?featured=true&start_date=${ymd(now - 30 * DAY_MS)}`,
      `${API}/events?featured=true&search=e&start_date=${ymd(now - 30 * DAY_MS)}`,
      `${API}/events?featured=false&per_page=3&page=2`,
    ];
    // Lists by the venue and the organizers of the first events listed, without and with a search.
    const first = await t.request('GET', `${API}/events?per_page=5`);
    for (const event of first.json.events as Array<{ venue: { id?: number }; organizer: Array<{ id: number }> }>) {
      if (event.venue.id) {
        windows.push(`${API}/events?venue=${event.venue.id}&start_date=${ymd(now - 400 * DAY_MS)}`, `${API}/events?venue=${event.venue.id}&search=e&start_date=${ymd(now - 400 * DAY_MS)}`);
      }
      for (const organizer of event.organizer) windows.push(`${API}/events?organizer=${organizer.id}`, `${API}/events?organizer=${organizer.id}&search=e`);
    }
    const listed = await t.request('GET', windows[1]!);
    return [...windows, ...(listed.json.events as Array<{ id: number }>).map((event) => `${API}/events/${event.id}`)];
  }

  /** Who reads: an anonymous reader, and the administrator (whose lists hold drafts, and whose events are kept apart). */
  const readers = (): Array<string | undefined> => [undefined, admin];

  /** Reads every path on the kept server twice as each reader, so all it keeps is kept when the next write comes. */
  async function warm(): Promise<void> {
    for (const path of await paths()) {
      for (const auth of readers()) {
        await t.request('GET', path, { auth });
        await t.request('GET', path, { auth });
      }
    }
  }

  /** Every path as each reader, from the kept server and from a fresh one, side by side. */
  async function compare(label: string): Promise<void> {
    const fresh = await startServer({ db: t.database.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, logger: pino({ level: 'silent' }), siteUrl: SITE });
    try {
      for (const path of await paths()) {
        for (const auth of readers()) {
          const kept = await t.request('GET', path, { auth });
          const read = await request(fresh.url, 'GET', path, { auth });
          const reader = auth ? 'as the administrator' : 'anonymous';
          expect(`${kept.status} ${kept.text}`, `${label}: ${path} ${reader}`).to.equal(`${read.status} ${read.text}`);
        }
      }
    } finally {
      await fresh.close();
    }
  }

  async function write(method: string, path: string, body?: unknown): Promise<any> {
    const answer = await t.request(method, path, { auth: admin, body });
    expect(answer.status, `${method} ${path}: ${answer.text}`).to.be.oneOf([200, 201]);
    return answer.json;
  }

  async function idOf(route: string, field: string, name: string): Promise<number> {
    const all = await t.request('GET', `${API}/${route}?per_page=50`, { auth: admin });
    return (all.json[route] as Array<Record<string, unknown>>).find((item) => item[field] === name)!.id as number;
  }

  it('serve reads the list keys as it starts, before any list is asked for', async () => {
    const lines: Array<{ msg: string; occurrences?: number }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const started = await startServer({ db: t.database.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, logger, siteUrl: SITE });
    try {
      await started.warmedUp;
      const { occurrences } = await outside.kysely.selectFrom('tec_occurrences').select((eb) => eb.fn.countAll<number>().as('occurrences')).executeTakeFirstOrThrow();
      const told = lines.filter((line) => line.msg === "the events' list keys are in memory");
      expect(told.map((line) => line.occurrences)).to.deep.equal([Number(occurrences)]);
      expect(lines.filter((line) => line.msg.includes('list')).map((line) => line.msg), 'nothing else said of the lists').to.deep.equal(["the events' list keys are in memory"]);
    } finally {
      await started.close();
    }
  });

  it('serve warns at start of the lists its keys leave to SQL, and why', async () => {
    const [event] = await outside.kysely.selectFrom('tec_occurrences').select('post_id').orderBy('post_id').limit(1).execute();
    const odd = { post_id: event!.post_id, meta_key: '_EventVenueID', meta_value: '0042' };
    await outside.write((trx) => trx.insertInto('postmeta').values(odd).execute());
    const lines: Array<{ msg: string; lists?: string[] }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const started = await startServer({ db: t.database.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, logger, siteUrl: SITE });
    try {
      await started.warmedUp;
      expect(lines.filter((line) => line.lists).map((line) => [line.msg, line.lists])).to.deep.equal([
        ['some event lists are answered by SQL, slower on a large calendar', ['lists by venue and organizer: a value is not an ID\'s digits']],
      ]);
    } finally {
      await started.close();
      await outside.write((trx) => trx.deleteFrom('postmeta').where('meta_value', '=', '0042').where('meta_key', '=', '_EventVenueID').execute());
    }
  });

  it('a list by category follows category and event writes at once (the category looked up anew, its children too)', async function () {
    this.timeout(60_000);
    const byCategory = `${API}/events?categories=lantern-walks&start_date=${ymd(Date.now() - DAY_MS)}`;
    const listed = async () => {
      const answer = await t.request('GET', byCategory);
      return answer.status === 200 ? (answer.json.events as Array<{ title: string }>).map((event) => event.title) : answer.status;
    };
    expect(await listed(), 'no such category yet').to.equal(400);
    expect(await listed(), 'asked again').to.equal(400);
    const parent = await write('POST', `${API}/categories`, { name: 'Lantern walks' });
    expect(await listed(), 'the category, no event').to.deep.equal([]);
    const day = (days: number) => `${ymd(Date.now() + days * DAY_MS)} 19:00:00`;
    await write('POST', `${API}/events`, { title: 'Harbour lanterns', start_date: day(3), end_date: day(3), categories: [parent.id] });
    expect(await listed(), 'an event of it').to.deep.equal(['Harbour lanterns']);
    const child = await write('POST', `${API}/categories`, { name: 'Children\'s lanterns', parent: parent.id });
    await write('POST', `${API}/events`, { title: 'Paper lanterns', start_date: day(2), end_date: day(2), categories: [child.id] });
    expect(await listed(), 'an event of its child').to.deep.equal(['Paper lanterns', 'Harbour lanterns']);
    await write('DELETE', `${API}/categories/${child.id}`);
    expect(await listed(), 'its child deleted').to.deep.equal(['Harbour lanterns']);
  });

  it('after event creates, updates, hiding and trashing', async function () {
    this.timeout(60_000);
    const now = Date.now();
    const hall = await idOf('venues', 'venue', 'Riverside Hall');
    const library = await idOf('venues', 'venue', 'City Library, Room 3');
    await warm();
    // In a category other events show (its count changes in theirs), at a venue they share.
    const created = await write('POST', `${API}/events`, {
      title: 'Late Set', start_date: `${ymd(now + 4 * DAY_MS)} 21:00:00`, end_date: `${ymd(now + 4 * DAY_MS)} 23:00:00`,
      venue: hall, categories: ['jazz'], tags: ['free'],
    });
    await compare('created');
    await warm();
    await write('POST', `${API}/events/${created.id}`, {
      title: 'Later Set', start_date: `${ymd(now + 2 * DAY_MS)} 22:00:00`, end_date: `${ymd(now + 2 * DAY_MS)} 23:30:00`,
      venue: library, categories: ['workshops'],
    });
    await compare('moved, another venue and category');
    await warm();
    await write('PATCH', `${API}/events/${created.id}`, { hide_from_listings: true });
    await compare('hidden');
    await warm();
    await write('PATCH', `${API}/events/${created.id}`, { hide_from_listings: false, status: 'draft' });
    await compare('a draft');
    await warm();
    await write('PATCH', `${API}/events/${created.id}`, { status: 'publish' });
    await compare('published again');
    await warm();
    await write('DELETE', `${API}/events/${created.id}`);
    await compare('trashed');
  });

  it('after a draft venue is published by an event update', async function () {
    this.timeout(60_000);
    const now = Date.now();
    const venue = await write('POST', `${API}/venues`, { venue: 'Draft Annex', status: 'draft' });
    const dates = { start_date: `${ymd(now + 6 * DAY_MS)} 18:00:00`, end_date: `${ymd(now + 6 * DAY_MS)} 20:00:00` };
    await write('POST', `${API}/events`, { title: 'At the annex', ...dates, venue: venue.id });
    const other = await write('POST', `${API}/events`, { title: 'Also at the annex', ...dates, venue: venue.id });
    await warm();
    await write('PATCH', `${API}/events/${other.id}`, { title: 'Also at the annex, renamed' });
    await compare('linked venue published');
  });

  it('after venue, organizer and term writes', async function () {
    this.timeout(60_000);
    const hall = await idOf('venues', 'venue', 'Riverside Hall');
    const society = await idOf('organizers', 'organizer', 'Portland Jazz Society');
    const music = await idOf('categories', 'name', 'Music');
    await warm();
    await write('POST', `${API}/venues/${hall}`, { venue: 'Riverside Hall (East)' });
    await compare('venue renamed');
    await warm();
    await write('POST', `${API}/organizers/${society}`, { organizer: 'Portland Jazz Society Inc.' });
    await compare('organizer renamed');
    await warm();
    await write('POST', `${API}/categories/${music}`, { name: 'Live music' });
    await compare('category renamed');
  });

  /** The IDs of the first two upcoming events, once everything is kept. */
  async function listedThenWarm(): Promise<number[]> {
    const listed = await t.request('GET', `${API}/events?per_page=50&start_date=${ymd(Date.now() - DAY_MS)}`);
    await warm();
    return (listed.json.events as Array<{ id: number }>).map((event) => event.id);
  }

  it('after writes of another connection', async function () {
    this.timeout(60_000);
    const [first, second] = await listedThenWarm();
    await outside.write(async (trx) => {
      await trx.updateTable('posts').set({ post_title: 'Renamed behind its back' }).where('ID', '=', first!).execute();
      await trx.updateTable('tec_occurrences').set({ start_date: `${ymd(Date.now() + 30 * DAY_MS)} 09:00:00`, start_date_utc: `${ymd(Date.now() + 30 * DAY_MS)} 16:00:00` })
        .where('post_id', '=', second!).execute();
    });
    // MySQL: another connection's commit shows in answers begun COUNTER_READ_WINDOW_MS after it.
    await new Promise((resolve) => setTimeout(resolve, 2 * COUNTER_READ_WINDOW_MS + 1));
    await compare('written outside');
  });

  it('after another connection saves an option, then only a post\'s meta', async function () {
    this.timeout(60_000);
    const [first] = await listedThenWarm();
    // MySQL: a foreign commit shows once the counter settles, a table stamped late once looked at again.
    const shown = () => new Promise((resolve) => setTimeout(resolve, TABLES_RECHECK_MS + 2 * COUNTER_READ_WINDOW_MS + 1));
    await outside.write((trx) => trx.updateTable('options').set({ option_value: 'Saved behind its back' }).where('option_name', '=', 'blogdescription').execute());
    await shown();
    await compare('an option written outside');
    // Hidden from upcoming lists: only the meta changes (no modification time, no occurrence).
    await outside.write((trx) => trx.insertInto('postmeta').values({ post_id: first!, meta_key: '_EventHideFromUpcoming', meta_value: 'yes' }).execute());
    await shown();
    await compare('a post\'s meta written outside, after an option');
  });

  it('after a post saved by another connection while wpcal writes, within OUTSIDE_CHECK_MS', async function () {
    this.timeout(60_000);
    const [first, second] = await listedThenWarm();
    let writing = true;
    const ownWrites = (async () => {
      for (let n = 0; writing; n++) await write('PATCH', `${API}/events/${first!}`, { title: `Busy ${n}` });
    })();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      // As WordPress saves a post: its modification time moves too.
      const modified = new Date().toISOString().slice(0, 19).replace('T', ' ');
      await outside.write((trx) => trx.updateTable('posts').set({ post_title: 'Renamed while wpcal wrote', post_modified_gmt: modified }).where('ID', '=', second!).execute());
      // On MySQL wpcal may take the counter's move for its own writes until it reads the posts modified meanwhile.
      await new Promise((resolve) => setTimeout(resolve, OUTSIDE_CHECK_MS + 2 * COUNTER_READ_WINDOW_MS + 100));
    } finally {
      writing = false;
      await ownWrites;
    }
    await compare('written outside while wpcal wrote');
  });
});
