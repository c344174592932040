// EventListIndex answers a list from memory exactly as the SQL of data/event-list.ts does, and both
// as the plugin's plain query over every row: the same page in the same order and the same count,
// for windows of every kind (local and UTC columns, either order, each bound), statuses, pages,
// hidden events, events longer than the window and dates no zone explains;
// after its own writes (patched, not read again) as before them; after another connection's
// write only once it has read the keys again; and it answers nothing for an outside version it
// was not read at.
import { expect } from 'chai';
import { sql, type KyselyPlugin } from 'kysely';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { COUNTER_READ_WINDOW_MS, TABLES_RECHECK_MS } from '../../src/data/innodb-changes.ts';
import { countListedEvents, listedEventIds, occurrenceReach, type EventListFilter, type OccurrenceBound } from '../../src/data/event-list.ts';
import { EventListIndex } from '../../src/domain/events/list-index.ts';
import { ListKeyMetaRows } from '../../src/domain/events/list-key-meta.ts';
import { collectGarbage } from '../../src/memory.ts';
import { EVENT_LIST_META, ListedEventsCache, withMetaHolders } from '../../src/domain/events/list-query.ts';
import { SearchMatches } from '../../src/domain/events/search-matches.ts';
import type { SearchWord } from '../../src/data/search.ts';
import type { Writer } from '../../src/data/executor.ts';
import { namesWhatItTouches, touches } from '../../src/data/transaction.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { seedCalendar } from '../bench/seed-events.ts';

const HIDDEN = EVENT_LIST_META.hiddenBy;
const [VENUE, ORGANIZER] = EVENT_LIST_META.byValue as [string, string];
const [FEATURED] = EVENT_LIST_META.byPresence as [string];
const NOW = new Date(Date.UTC(2026, 10, 1, 12));
const DAY_MS = 86_400_000;

/** A deterministic generator (the same filters on every run). */
/** A plugin that holds every statement's result while held: `hold()` holds and returns the release; `releaseAll()` releases. */
function readGate(): { plugin: KyselyPlugin; hold: () => () => void; releaseAll: () => void } {
  let gate: Promise<void> | null = null;
  let open = () => {};
  const releaseAll = () => {
    gate = null;
    open();
  };
  return {
    plugin: {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        await gate;
        return result;
      },
    },
    hold: () => {
      gate = new Promise((resolve) => { open = resolve; });
      return releaseAll;
    },
    releaseAll,
  };
}

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Searches of the seeder's titles, descriptions and excerpts: a word, an exclusion, a phrase, a number, an accent, nothing. */
const SEARCHES: SearchWord[][] = [
  [{ text: 'jazz', exclude: false }], [{ text: 'night', exclude: false }, { text: 'market', exclude: true }],
  [{ text: 'short note', exclude: false }], [{ text: '#1', exclude: false }], [{ text: 'Café', exclude: false }],
  [{ text: 'nowhere-to-be-found', exclude: false }],
];

const datetime = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

forEachDatabase('EventListIndex', (kind) => {
  let database: TestDatabase;
  let db: Db;

  before(async function () {
    this.timeout(120_000);
    database = await kind.create();
    // MySQL: own writes never taken for another connection's here (the bound is tested apart).
    db = await openDatabase(database.url, 'wp_', { outsideCheckMs: 600_000 });
    await prepareDatabase(db);
    await seedCalendar(db, 1500, NOW);
    // A few events far longer than any window asked for, some hidden ones, and a few whose dates
    // no zone explains: a UTC start days from the local one, an end days before the start.
    await db.write(async (trx) => {
      const some = await trx.selectFrom('tec_occurrences').select('post_id').orderBy('post_id').limit(16).execute();
      const dated = (post_id: number, start: string, startUtc: string, end: string, endUtc: string) => trx.updateTable('tec_occurrences')
        .set({ start_date: start, start_date_utc: startUtc, end_date: end, end_date_utc: endUtc }).where('post_id', '=', post_id).execute();
      for (const [i, { post_id }] of some.entries()) {
        if (i < 6) await dated(post_id, '2026-09-01 10:00:00', '2026-09-01 14:00:00', '2027-12-31 23:00:00', '2028-01-01 04:00:00');
        else if (i < 12) await trx.insertInto('postmeta').values({ post_id, meta_key: HIDDEN, meta_value: 'yes' }).execute();
        else if (i < 14) await dated(post_id, '2026-12-10 10:00:00', '2026-12-13 15:00:00', '2026-12-10 12:00:00', '2026-12-13 17:00:00');
        else await dated(post_id, '2027-01-20 10:00:00', '2027-01-20 14:00:00', '2027-01-18 07:00:00', '2027-01-18 11:00:00');
      }
      // Occurrence rows of posts that are gone (no post date to order them by) between two events of
      // the same start, read in the order later-dated event, orphan, earlier-dated event, the orphan's
      // ID between theirs: the events must keep the order of their post dates.
      const rows = await trx.selectFrom('tec_occurrences').select(['occurrence_id', 'post_id', 'start_date', 'start_date_utc'])
        .where('post_id', '>', some.at(-1)!.post_id).orderBy('post_id').limit(24).execute();
      for (let i = 0; i + 2 < rows.length; i += 3) {
        const [later, orphan, earlier] = [rows[i]!, rows[i + 1]!, rows[i + 2]!];
        await trx.updateTable('tec_occurrences').set({ start_date: later.start_date, start_date_utc: later.start_date_utc })
          .where('occurrence_id', 'in', [orphan.occurrence_id, earlier.occurrence_id]).execute();
        await trx.deleteFrom('posts').where('ID', '=', orphan.post_id).execute();
        await trx.updateTable('posts').set({ post_date: '2020-01-01 00:00:00', post_status: 'publish' }).where('ID', '=', earlier.post_id).execute();
        await trx.updateTable('posts').set({ post_date: '2024-01-01 00:00:00', post_status: 'publish' }).where('ID', '=', later.post_id).execute();
      }
    });
  });
  after(async () => {
    await db?.close();
    await database?.drop();
  });

  /** The outside version of the post tables, once the database can tell it (MySQL: a commit counter seen settled). */
  async function settledVersion(handle: Db = db): Promise<string> {
    for (let tries = 0; tries < 200; tries++) {
      const version = await handle.outsideVersion('posts');
      if (version !== null) return version;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no outside version');
  }

  /** The searches each index answers with, told of the same own writes (kept across mismatches' calls). */
  const searchesOf = new WeakMap<EventListIndex, SearchMatches>();

  /** The posts a search matches, once `searches` has looked it up (in the background, from its second ask); null if it never does. */
  async function matchedPosts(searches: SearchMatches, version: string, words: readonly SearchWord[], passwordless: boolean): Promise<Float64Array | null> {
    for (let tries = 0; tries < 200; tries++) {
      const posts = await searches.posts(version, words, passwordless);
      if (posts) return posts;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return null;
  }

  const PROBE: EventListFilter = { postType: 'tribe_events', statuses: ['publish'], hiddenByMeta: HIDDEN, bounds: [], utcColumns: false, orderByUtc: false, termTaxonomyIds: [], metaIds: [] };

  /**
   * An index of `db` told of its own writes, once it has read the keys of the current outside
   * version, and that version (on MySQL, other databases' commits move it: the test then asks
   * with the version the keys were read at).
   */
  async function builtIndex(handle: Db = db): Promise<{ index: EventListIndex; version: string }> {
    const index = new EventListIndex(handle, 'tribe_events', EVENT_LIST_META);
    const searches = new SearchMatches(handle, 'tribe_events');
    searchesOf.set(index, searches);
    handle.onCommitted(async (touched) => {
      searches.ownWrite(touched);
      await index.ownWrite(touched);
    });
    for (let tries = 0; tries < 400; tries++) {
      const version = await settledVersion(handle);
      if (index.answer(PROBE, version, 1, 0)) return { index, version };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the index was not built');
  }

  /**
   * The page and count of a filter as the plugin's query finds them, from every occurrence row read
   * plainly: no index, no bound the filter does not state.
   */
  async function plainAnswers(): Promise<(f: EventListFilter, limit: number, offset: number) => { ids: number[]; total: number }> {
    const rows = await db.kysely.selectFrom('tec_occurrences as o').innerJoin('posts as p', 'p.ID', 'o.post_id')
      .select(['p.ID', 'p.post_type', 'p.post_status', 'p.post_date', 'o.start_date', 'o.end_date', 'o.start_date_utc', 'o.end_date_utc']).execute();
    const hidden = new Set((await db.kysely.selectFrom('postmeta').select('post_id').where('meta_key', '=', HIDDEN).execute()).map((row) => Number(row.post_id)));
    const terms = new Map<number, Set<number>>();
    for (const { object_id: post, term_taxonomy_id: term } of await db.kysely.selectFrom('term_relationships').select(['object_id', 'term_taxonomy_id']).execute()) {
      if (!terms.has(Number(post))) terms.set(Number(post), new Set());
      terms.get(Number(post))!.add(Number(term));
    }
    /** Each post's meta rows of the filtered keys, as `KEY=VALUE` texts. */
    const meta = new Map<number, Set<string>>();
    for (const { post_id: post, meta_key: key, meta_value: value } of await db.kysely.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value'])
      .where('meta_key', 'in', [VENUE, ORGANIZER, FEATURED]).execute()) {
      if (!meta.has(Number(post))) meta.set(Number(post), new Set());
      meta.get(Number(post))!.add(`${key}=${value}`);
      meta.get(Number(post))!.add(String(key));
    }
    const holds = (left: string, operator: string, right: string) => (operator === '>=' ? left >= right : operator === '>' ? left > right : operator === '<=' ? left <= right : left < right);
    return (f, limit, offset) => {
      const walked = f.orderByUtc ? 'start_date_utc' : 'start_date';
      const matched = rows.filter((row) => row.post_type === f.postType && f.statuses.includes(row.post_status) && !hidden.has(Number(row.ID))
        && f.bounds.every(({ field, operator, value }) => holds(String(row[`${field}_date${f.utcColumns ? '_utc' : ''}`]), operator, value))
        && f.termTaxonomyIds.every((group) => group.some((term) => terms.get(Number(row.ID))?.has(term)))
        && f.metaIds.every(({ key, ids }) => ids.some((id) => meta.get(Number(row.ID))?.has(`${key}=${id}`)))
        && (f.metaPresence === undefined || (meta.get(Number(row.ID))?.has(f.metaPresence.key) ?? false) === f.metaPresence.present));
      matched.sort((a, b) => (a[walked] < b[walked] ? -1 : a[walked] > b[walked] ? 1 : a.post_date < b.post_date ? -1 : a.post_date > b.post_date ? 1 : Number(a.ID) - Number(b.ID)));
      // Each event once, at its first matching occurrence (events with several occurrence rows).
      const events = [...new Set(matched.map((row) => Number(row.ID)))];
      return { ids: events.slice(offset, offset + limit), total: events.length };
    };
  }

  /** Windows that reach the events whose dates no zone explains only through the calendar's reach. */
  const ODD_DATES: Array<Pick<EventListFilter, 'bounds' | 'utcColumns' | 'orderByUtc'>> = [
    { utcColumns: true, orderByUtc: false, bounds: [{ field: 'start', operator: '>=', value: '2026-12-12 00:00:00' }, { field: 'start', operator: '<', value: '2026-12-14 00:00:00' }] },
    { utcColumns: false, orderByUtc: true, bounds: [{ field: 'start', operator: '<=', value: '2026-12-11 00:00:00' }, { field: 'start', operator: '>', value: '2026-12-09 00:00:00' }] },
    { utcColumns: false, orderByUtc: false, bounds: [{ field: 'end', operator: '<=', value: '2027-01-19 00:00:00' }, { field: 'end', operator: '>', value: '2027-01-17 00:00:00' }] },
    { utcColumns: true, orderByUtc: false, bounds: [{ field: 'end', operator: '<', value: '2027-01-19 00:00:00' }, { field: 'start', operator: '>=', value: '2027-01-19 00:00:00' }] },
    // The reach would carry the implied bound past year 9999.
    { utcColumns: true, orderByUtc: false, bounds: [{ field: 'end', operator: '<=', value: '9999-12-31 12:00:00' }] },
  ];

  /**
   * The filters (300 at random, and ODD_DATES) whose page or count from memory, from SQL (its meta
   * conditions as subqueries, and `givenHolders` as the posts looked up before too) and from every
   * row read plainly are not one and the same, as text. A quarter of them search (SEARCHES): memory
   * given the posts the search matches against SQL, which searches the rows itself.
   */
  async function mismatches(index: EventListIndex, version: string, repeated = false, givenHolders = false): Promise<string[]> {
    const sqlAnswer = async (f: EventListFilter, limit: number, offset: number) => ({
      ids: await listedEventIds(db.kysely, f, limit, offset, repeated), total: await countListedEvents(db.kysely, f, repeated),
    });
    const searches = searchesOf.get(index) ?? new SearchMatches(db, 'tribe_events');
    const holders = new ListedEventsCache(db);
    // Given as posts only where one holds it: venues with more events stay subqueries.
    const fewHolders = new ListedEventsCache(db, 1);
    const reach = await occurrenceReach(db.kysely, db.dialect);
    expect(index.shape(version)?.reach(), 'the calendar\'s reach').to.deep.equal(reach);
    const plain = await plainAnswers();
    const taxonomy = async (name: string) => (await db.kysely.selectFrom('term_taxonomy').select('term_taxonomy_id').where('taxonomy', '=', name).execute())
      .map((row) => Number(row.term_taxonomy_id));
    const [categories, tags] = [await taxonomy('tribe_events_cat'), await taxonomy('post_tag')];
    const linked = async (key: string) => [...new Set((await db.kysely.selectFrom('postmeta').select('meta_value').where('meta_key', '=', key).execute())
      .map((row) => Number(row.meta_value)))];
    const [venues, organizers] = [await linked(VENUE), await linked(ORGANIZER)];
    const random = generator(7);
    /** No term filter, or one of categories (some of them, or none: nothing matches) and maybe one of tags. */
    const termGroups = (): number[][] => {
      if (random() < 0.6) return [];
      const some = (ids: number[]) => ids.filter(() => random() < 0.25);
      return random() < 0.5 ? [some(categories)] : [some(categories), some(tags)];
    };
    /** No meta filter, or a venue, organizers (a few, or none: nothing matches), featured or not, or some of these. */
    const metaFilters = (): Pick<EventListFilter, 'metaIds' | 'metaPresence'> => {
      if (random() < 0.5) return { metaIds: [] };
      // A few, or now and then every one (a group asked through a Set).
      const few = (ids: number[]) => (random() < 0.1 ? ids : ids.filter(() => random() < 3 / ids.length));
      const metaIds = [
        ...(random() < 0.5 ? [{ key: VENUE, ids: few(venues) }] : []),
        ...(random() < 0.4 ? [{ key: ORGANIZER, ids: few(organizers) }] : []),
      ];
      return random() < 0.4 ? { metaIds, metaPresence: { key: FEATURED, present: random() < 0.5 } } : { metaIds };
    };
    const PARAMS: Array<Pick<OccurrenceBound, 'field' | 'operator'>> = [
      { field: 'start', operator: '>=' }, { field: 'end', operator: '<=' }, { field: 'start', operator: '<' },
      { field: 'start', operator: '>' }, { field: 'end', operator: '<' }, { field: 'end', operator: '>' },
    ];
    const STATUS_SETS = [['publish'], ['publish', 'private'], ['draft', 'future', 'publish'], ['trash'], []];
    const found: string[] = [];
    for (let n = 0; n < 300 + ODD_DATES.length; n++) {
      const bounds = PARAMS.filter(() => random() < 0.4).map((param) => ({
        ...param, value: datetime(NOW.getTime() + (random() * 900 - 150) * DAY_MS + Math.floor(random() * 24) * 3_600_000),
      }));
      const f: EventListFilter = {
        postType: 'tribe_events', statuses: STATUS_SETS[Math.floor(random() * STATUS_SETS.length)]!, hiddenByMeta: HIDDEN, termTaxonomyIds: termGroups(), ...metaFilters(), reach,
        ...(ODD_DATES[n - 300] ?? { bounds, utcColumns: random() < 0.5, orderByUtc: random() < 0.5 }),
      };
      const search = random() < 0.25 ? SEARCHES[Math.floor(random() * SEARCHES.length)] : undefined;
      if (search) Object.assign(f, { search, passwordless: random() < 0.5 });
      const limit = [1, 10, 50][n % 3]!;
      const offset = [0, 10, 37][Math.floor(n / 3) % 3]!;
      const searched = search ? await matchedPosts(searches, version, search, f.passwordless!) : undefined;
      if (searched === null) found.push(`${JSON.stringify(search)}: no posts looked up`);
      const fromMemory = index.answer(f, version, limit, offset, searched ?? undefined);
      const fromSql = await sqlAnswer(f, limit, offset);
      // Without a meta condition the holders change nothing: asked only with one.
      const byMeta = givenHolders && (f.metaIds.length > 0 || f.metaPresence !== undefined);
      const fromSqlGivenHolders = byMeta ? await sqlAnswer(await withMetaHolders(db, holders, null, f), limit, offset) : fromSql;
      const fromSqlGivenFew = byMeta ? await sqlAnswer(await withMetaHolders(db, fewHolders, null, f), limit, offset) : fromSql;
      // The rows read plainly know no search.
      const answers = [fromMemory, fromSql, fromSqlGivenHolders, fromSqlGivenFew, search ? fromSql : plain(f, limit, offset)].map((answer) => JSON.stringify(answer));
      if (new Set(answers).size > 1) found.push(`${JSON.stringify({ f, limit, offset })}: memory, SQL, SQL given the holders, given the few, every row: ${answers.join(' ≠ ')}`);
    }
    return found;
  }

  it('gives the page and the count SQL gives, for 300 filters', async function () {
    this.timeout(120_000);
    const { index, version } = await builtIndex();
    expect(index.datesHeld(), 'dates of 1970–2102, orphans\' rows among them').to.equal('packed');
    const found = await mismatches(index, version, false, true);
    expect(found.slice(0, 3), `${found.length} filters differ`).to.deep.equal([]);
  });

  it('follows its own writes at once: creates, moves, status changes, hiding, term changes, rewritten texts, deletes', async function () {
    this.timeout(120_000);
    const { index, version } = await builtIndex();
    // Asked before the writes too: what the keys keep of these filters' answers must not outlive them.
    expect(await mismatches(index, version), 'before the writes').to.deep.equal([]);
    const events = await db.kysely.selectFrom('tec_occurrences').select(['post_id', 'event_id']).orderBy('post_id').limit(60).offset(100).execute();
    const ids = events.map((row) => Number(row.post_id));
    /** A write that names what it touches, as the REST event writes do. */
    const ownWrite = (posts: number[], work: (trx: Writer) => Promise<void>) => db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts });
      await work(trx);
    });
    // Moved: a later start and a longer end, in both column sets.
    for (const [i, id] of ids.slice(0, 10).entries()) {
      await ownWrite([id], (trx) => trx.updateTable('tec_occurrences').set({
        start_date: datetime(NOW.getTime() + i * DAY_MS), start_date_utc: datetime(NOW.getTime() + i * DAY_MS + 3_600_000),
        end_date: datetime(NOW.getTime() + (i + 40) * DAY_MS), end_date_utc: datetime(NOW.getTime() + (i + 40) * DAY_MS + 3_600_000),
      }).where('post_id', '=', id).execute().then(() => undefined));
    }
    // Status changes, trashed, hidden.
    for (const [i, id] of ids.slice(10, 25).entries()) {
      await ownWrite([id], (trx) => trx.updateTable('posts').set({ post_status: ['draft', 'trash', 'private'][i % 3]! }).where('ID', '=', id).execute().then(() => undefined));
    }
    for (const id of ids.slice(25, 30)) {
      await ownWrite([id], (trx) => trx.insertInto('postmeta').values({ post_id: id, meta_key: HIDDEN, meta_value: 'yes' }).execute().then(() => undefined));
    }
    // Deleted for good.
    for (const id of ids.slice(30, 35)) {
      await ownWrite([id], async (trx) => {
        await trx.deleteFrom('tec_occurrences').where('post_id', '=', id).execute();
        await trx.deleteFrom('posts').where('ID', '=', id).execute();
      });
    }
    // Created: copies of the next events' posts and occurrences under new IDs.
    for (const id of ids.slice(35, 45)) {
      await ownWrite([], async (trx) => {
        const { ID: _id, ...post } = (await trx.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirstOrThrow());
        const created = Number((await trx.insertInto('posts').values({ ...post, post_date: datetime(NOW.getTime() - 5 * DAY_MS) }).executeTakeFirstOrThrow()).insertId);
        touches(trx, { posts: [created] });
        const { occurrence_id: _o, ...occurrence } = await trx.selectFrom('tec_occurrences').selectAll().where('post_id', '=', id).executeTakeFirstOrThrow();
        await trx.insertInto('tec_occurrences').values({ ...occurrence, post_id: created, event_id: created, hash: `copy-${created}` }).execute();
      });
    }
    // Rewritten: found by other searches than before, or by none.
    for (const [i, id] of ids.slice(45, 55).entries()) {
      await ownWrite([id], (trx) => trx.updateTable('posts').set({ post_title: i % 2 ? 'Jazz again' : 'Silence', post_excerpt: '', post_content: '' })
        .where('ID', '=', id).execute().then(() => undefined));
    }
    // Terms taken away and given: each of these events ends with one category, the seeder's last.
    const [lastCategory] = await db.kysely.selectFrom('term_taxonomy').select('term_taxonomy_id').where('taxonomy', '=', 'tribe_events_cat')
      .orderBy('term_taxonomy_id', 'desc').limit(1).execute();
    for (const id of ids.slice(45, 55)) {
      await ownWrite([id], async (trx) => {
        await trx.deleteFrom('term_relationships').where('object_id', '=', id).execute();
        await trx.insertInto('term_relationships').values({ object_id: id, term_taxonomy_id: Number(lastCategory!.term_taxonomy_id), term_order: 0 }).execute();
      });
    }
    // A category whose term_taxonomy_id passes 16 bits, given to some of them: the links are held
    // in 16 bits until then.
    const wide = 70_000;
    await ownWrite([], async (trx) => {
      await trx.insertInto('terms').values({ term_id: wide, name: 'Wide', slug: 'wide', term_group: 0 }).execute();
      await trx.insertInto('term_taxonomy').values({ term_taxonomy_id: wide, term_id: wide, taxonomy: 'tribe_events_cat', description: '', parent: 0, count: 5 }).execute();
    });
    for (const id of ids.slice(50, 55)) {
      await ownWrite([id], (trx) => trx.insertInto('term_relationships').values({ object_id: id, term_taxonomy_id: wide, term_order: 0 }).execute().then(() => undefined));
    }
    const byWide: EventListFilter = { ...PROBE, termTaxonomyIds: [[wide]] };
    const wideAnswer = { ids: await listedEventIds(db.kysely, byWide, 10, 0, false), total: await countListedEvents(db.kysely, byWide, false) };
    expect(wideAnswer.total, 'events in the wide category').to.equal(5);
    expect(index.answer(byWide, version, 10, 0), 'by the wide category, after own writes').to.deep.equal(wideAnswer);
    // And as keys read with it.
    const fresh = await builtIndex();
    expect(fresh.index.answer(byWide, fresh.version, 10, 0), 'by the wide category, keys read anew').to.deep.equal(wideAnswer);
    // Venues, organizers and featured changed: each of these events ends at another venue, with
    // another organizer besides its own, and featured or not the other way.
    const [venue] = await db.kysely.selectFrom('postmeta').select('meta_value').where('meta_key', '=', VENUE).orderBy('meta_id', 'desc').limit(1).execute();
    for (const [i, id] of ids.slice(55, 60).entries()) {
      await ownWrite([id], async (trx) => {
        await trx.updateTable('postmeta').set({ meta_value: venue!.meta_value }).where('post_id', '=', id).where('meta_key', '=', VENUE).execute();
        await trx.insertInto('postmeta').values({ post_id: id, meta_key: ORGANIZER, meta_value: String(ids[i]) }).execute();
        const featured = await trx.deleteFrom('postmeta').where('post_id', '=', id).where('meta_key', '=', FEATURED).executeTakeFirst();
        if (!Number(featured.numDeletedRows)) await trx.insertInto('postmeta').values({ post_id: id, meta_key: FEATURED, meta_value: '1' }).execute();
      });
    }
    // On MySQL, other databases' commits move it too.
    if (kind.name === 'sqlite') expect(await settledVersion(), 'own writes leave the outside version').to.equal(version);
    const found = await mismatches(index, version);
    expect(found.slice(0, 3), `${found.length} of 300 differ after the writes`).to.deep.equal([]);
  });

  it('knows no reach while an occurrence holds a zero date, and then implies no bound', async function () {
    this.timeout(120_000);
    const [row] = await db.kysely.selectFrom('tec_occurrences').selectAll().orderBy('post_id').limit(1).offset(700).execute();
    const zeroed = (start: string) => db.write((trx) => trx.updateTable('tec_occurrences').set({ start_date: start }).where('occurrence_id', '=', row!.occurrence_id).execute());
    await zeroed('0000-00-00 00:00:00');
    try {
      expect(await occurrenceReach(db.kysely, db.dialect), 'from SQL').to.equal(undefined);
      const { index, version } = await builtIndex();
      expect(index.datesHeld(), 'a zero date').to.equal('wide');
      const found = await mismatches(index, version);
      expect(found.slice(0, 3), `${found.length} filters differ`).to.deep.equal([]);
    } finally {
      await zeroed(row!.start_date);
    }
  });

  it('keeps the calendar\'s reach through own writes that lengthen an occurrence past every other, end it before its start, zero a date, and put it back', async function () {
    this.timeout(120_000);
    const { index, version } = await builtIndex();
    const [row] = await db.kysely.selectFrom('tec_occurrences').selectAll().orderBy('post_id').limit(1).offset(710).execute();
    const { occurrence_id: occurrence, post_id: postId } = row!;
    const start = Date.parse(`${row!.start_date.replace(' ', 'T')}Z`);
    const dated = (dates: { start_date?: string; end_date?: string; start_date_utc?: string; end_date_utc?: string }) => db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts: [Number(postId)] });
      await trx.updateTable('tec_occurrences').set(dates).where('occurrence_id', '=', occurrence).execute();
    });
    const asStored = { start_date: row!.start_date, end_date: row!.end_date, start_date_utc: row!.start_date_utc, end_date_utc: row!.end_date_utc };
    const sqlReach = () => occurrenceReach(db.kysely, db.dialect);
    const before = await sqlReach();
    expect(before, 'the seeded reach').to.not.equal(undefined);
    try {
      const [longer, zoned, earlier] = [before!.longestDays + 900, before!.zoneDays + 30, before!.endBeforeStartDays + 20];
      await dated({ end_date: datetime(start + longer * DAY_MS), end_date_utc: datetime(start + longer * DAY_MS), start_date_utc: datetime(start + zoned * DAY_MS) });
      const lengthened = await sqlReach();
      expect(lengthened!.longestDays, 'the longest span').to.be.greaterThan(before!.longestDays);
      expect(lengthened!.zoneDays, 'the widest zone').to.be.greaterThan(before!.zoneDays);
      expect(index.shape(version)?.reach(), 'lengthened').to.deep.equal(lengthened);
      await dated({ ...asStored, end_date: datetime(start - earlier * DAY_MS) });
      expect((await sqlReach())!.endBeforeStartDays, 'an end before its start').to.be.greaterThan(before!.endBeforeStartDays);
      expect(index.shape(version)?.reach(), 'ended before its start').to.deep.equal(await sqlReach());
      await dated(asStored);
      expect(index.shape(version)?.reach(), 'put back').to.deep.equal(before);
      await dated({ start_date: '0000-00-00 00:00:00' });
      expect(await sqlReach(), 'a zero date, from SQL').to.equal(undefined);
      expect(index.shape(version)?.reach(), 'a zero date').to.equal(undefined);
      await dated(asStored);
      expect(index.shape(version)?.reach(), 'the zero date put back').to.deep.equal(before);
      const found = await mismatches(index, version);
      expect(found.slice(0, 3), `${found.length} filters differ`).to.deep.equal([]);
    } finally {
      await dated(asStored);
    }
  });

  it('lists events before 1970 and after 2102, which its packed dates do not hold, through own writes and when read anew', async function () {
    this.timeout(120_000);
    const { index, version } = await builtIndex();
    const rows = await db.kysely.selectFrom('tec_occurrences as o').innerJoin('posts as p', 'p.ID', 'o.post_id').selectAll('o')
      .where('p.post_status', '=', 'publish').orderBy('o.post_id').limit(2).offset(720).execute();
    type Dates = Pick<(typeof rows)[number], 'start_date' | 'start_date_utc' | 'end_date' | 'end_date_utc'>;
    const dated = (row: (typeof rows)[number], dates: Dates) => db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts: [Number(row.post_id)] });
      await trx.updateTable('tec_occurrences').set(dates).where('occurrence_id', '=', row.occurrence_id).execute();
    });
    const inUtc = (start: string, end: string): Dates => ({ start_date: start, start_date_utc: start, end_date: end, end_date_utc: end });
    /** Lists around the moved events: memory's answer against SQL's. */
    const farLists = async (keys: EventListIndex, keysVersion: string): Promise<string[]> => {
      const found: string[] = [];
      for (const [field, operator, value] of [['start', '<', '1970-01-01 00:00:00'], ['start', '<=', '1969-12-31 23:00:00'], ['end', '>=', '1970-01-01 01:00:00'],
        ['start', '>', '2102-12-31 23:59:59'], ['end', '<', '2150-06-01 12:00:01'], ['start', '>=', '2150-00-00 00:00:00']] as const) {
        const f: EventListFilter = { ...PROBE, bounds: [{ field, operator, value }] };
        const fromMemory = keys.answer(f, keysVersion, 5, 0);
        const fromSql = { ids: await listedEventIds(db.kysely, f, 5, 0, false), total: await countListedEvents(db.kysely, f, false) };
        if (JSON.stringify(fromMemory) !== JSON.stringify(fromSql)) found.push(`${field} ${operator} ${value}: ${JSON.stringify(fromMemory)} ≠ ${JSON.stringify(fromSql)}`);
      }
      return found;
    };
    try {
      expect(index.datesHeld(), 'before the writes').to.equal('packed');
      await dated(rows[0]!, inUtc('1969-12-31 23:00:00', '1970-01-01 01:00:00'));
      expect(index.datesHeld(), 'an own write of 1969').to.equal('wide');
      await dated(rows[1]!, inUtc('2150-06-01 10:00:00', '2150-06-01 12:00:00'));
      const [first] = await listedEventIds(db.kysely, { ...PROBE, bounds: [{ field: 'start', operator: '<', value: '1970-01-01 00:00:00' }] }, 5, 0, false);
      expect(first, 'the event moved to 1969, listed by SQL').to.equal(Number(rows[0]!.post_id));
      expect(await farLists(index, version), 'after own writes').to.deep.equal([]);
      expect(await mismatches(index, version), 'after own writes').to.deep.equal([]);
      const fresh = await builtIndex();
      expect(fresh.index.datesHeld(), 'read anew').to.equal('wide');
      expect(await farLists(fresh.index, fresh.version), 'read anew').to.deep.equal([]);
      expect(await mismatches(fresh.index, fresh.version), 'read anew').to.deep.equal([]);
    } finally {
      for (const row of rows) await dated(row, { start_date: row.start_date, start_date_utc: row.start_date_utc, end_date: row.end_date, end_date_utc: row.end_date_utc });
    }
  });

  it('counts a list by category anew after an own write takes the category from one of its events', async function () {
    this.timeout(60_000);
    const { index, version } = await builtIndex();
    const event = await db.kysely.selectFrom('tec_occurrences as o').innerJoin('posts as p', 'p.ID', 'o.post_id')
      .innerJoin('term_relationships as tr', 'tr.object_id', 'p.ID').innerJoin('term_taxonomy as tt', 'tt.term_taxonomy_id', 'tr.term_taxonomy_id')
      .select(['p.ID', 'o.start_date', 'tt.term_taxonomy_id']).where('p.post_status', '=', 'publish').where('tt.taxonomy', '=', 'tribe_events_cat')
      .where('o.start_date', '>', datetime(NOW.getTime() + 200 * DAY_MS)).orderBy('o.start_date').limit(1).executeTakeFirstOrThrow();
    const byCategory: EventListFilter = {
      ...PROBE, termTaxonomyIds: [[Number(event.term_taxonomy_id)]], bounds: [{ field: 'start', operator: '>=', value: datetime(NOW.getTime() + 100 * DAY_MS) }],
    };
    const plain = await plainAnswers();
    expect(index.answer(byCategory, version, 1, 0), 'before').to.deep.equal(plain(byCategory, 1, 0));
    await db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts: [Number(event.ID)] });
      await trx.deleteFrom('term_relationships').where('object_id', '=', Number(event.ID)).where('term_taxonomy_id', '=', Number(event.term_taxonomy_id)).execute();
    });
    const after = (await plainAnswers())(byCategory, 1, 0);
    expect(after.total, 'one event fewer').to.equal(plain(byCategory, 1, 0).total - 1);
    expect(index.answer(byCategory, version, 1, 0), 'after').to.deep.equal(after);
  });

  it('keeps the day counts of lists by category and by search until an own write changes their day, in the local and the UTC order', async function () {
    this.timeout(60_000);
    const { index, version } = await builtIndex();
    // Published in a category, starting on another day in UTC than where it is.
    const event = await db.kysely.selectFrom('tec_occurrences as o').innerJoin('posts as p', 'p.ID', 'o.post_id')
      .innerJoin('term_relationships as tr', 'tr.object_id', 'p.ID').innerJoin('term_taxonomy as tt', 'tt.term_taxonomy_id', 'tr.term_taxonomy_id')
      .select(['p.ID', 'tt.term_taxonomy_id']).where('p.post_status', '=', 'publish').where('tt.taxonomy', '=', 'tribe_events_cat')
      .where('o.start_date', '>', datetime(NOW.getTime() + 200 * DAY_MS)).where(sql<boolean>`SUBSTR(o.start_date, 1, 10) <> SUBSTR(o.start_date_utc, 1, 10)`)
      .orderBy('o.start_date').limit(1).executeTakeFirstOrThrow();
    const [{ highest }] = await db.kysely.selectFrom('posts').select(sql<number>`MAX(ID)`.as('highest')).execute() as [{ highest: number }];
    // A search every post up to past the copy's ID matches: its answers are those of the same list without it.
    const everyPost = Float64Array.from({ length: Number(highest) + 100 }, (_, i) => i + 1);
    const lists = [false, true].flatMap((utc) => {
      const byCategory: EventListFilter = {
        ...PROBE, utcColumns: utc, orderByUtc: utc, termTaxonomyIds: [[Number(event.term_taxonomy_id)]],
        bounds: [{ field: 'start', operator: '>=', value: datetime(NOW.getTime() + 100 * DAY_MS) }],
      };
      return [{ f: byCategory, searched: undefined }, { f: { ...byCategory, termTaxonomyIds: [], search: SEARCHES[0]!, passwordless: false }, searched: everyPost }];
    });
    const answers = (plain: Awaited<ReturnType<typeof plainAnswers>>) => lists.map(({ f, searched }) => ({
      memory: index.answer(f, version, 1, 0, searched), plain: plain({ ...f, search: undefined, passwordless: undefined }, 1, 0),
    }));
    const before = answers(await plainAnswers());
    for (const { memory, plain } of before) expect(memory, 'before').to.deep.equal(plain);
    // A copy of the event on its day, in its category.
    let copy = 0;
    await db.write(async (trx) => {
      namesWhatItTouches(trx);
      const { ID: _id, ...post } = await trx.selectFrom('posts').selectAll().where('ID', '=', Number(event.ID)).executeTakeFirstOrThrow();
      copy = Number((await trx.insertInto('posts').values(post).executeTakeFirstOrThrow()).insertId);
      expect(copy, 'within the search\'s posts').to.be.at.most(everyPost.length);
      touches(trx, { posts: [copy] });
      const { occurrence_id: _o, ...occurrence } = await trx.selectFrom('tec_occurrences').selectAll().where('post_id', '=', Number(event.ID)).executeTakeFirstOrThrow();
      await trx.insertInto('tec_occurrences').values({ ...occurrence, post_id: copy, event_id: copy, hash: `copy-${copy}` }).execute();
      await trx.insertInto('term_relationships').values({ object_id: copy, term_taxonomy_id: Number(event.term_taxonomy_id), term_order: 0 }).execute();
    });
    const withCopy = answers(await plainAnswers());
    // Gone again, for the tests after; the kept counts of its day go with it.
    await db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts: [copy] });
      await trx.deleteFrom('term_relationships').where('object_id', '=', copy).execute();
      await trx.deleteFrom('tec_occurrences').where('post_id', '=', copy).execute();
      await trx.deleteFrom('posts').where('ID', '=', copy).execute();
    });
    const withoutCopy = answers(await plainAnswers());
    for (const [i, { memory, plain }] of withCopy.entries()) {
      expect(plain.total, 'one event more').to.equal(before[i]!.plain.total + 1);
      expect(memory, `after the copy (list ${i})`).to.deep.equal(plain);
      expect(withoutCopy[i], `after its deletion (list ${i})`).to.deep.equal(before[i]);
    }
  });

  it('reads the keys anew once own writes left more dead rows than live ones in them', async function () {
    this.timeout(60_000);
    const { index, version } = await builtIndex();
    const everyPost = (await db.kysely.selectFrom('tec_occurrences').select('post_id').execute()).map((row) => Number(row.post_id));
    // Each write names every event: all their rows are replaced (killed and added again).
    const touchEverything = () => db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts: everyPost });
    });
    await touchEverything();
    expect(index.shape(version), 'half the rows dead: still kept').to.not.equal(undefined);
    expect(await mismatches(index, version), 'the orders compacted').to.deep.equal([]);
    await touchEverything();
    expect(index.shape(version), 'two thirds dead: read again').to.equal(undefined);
    let outside = version;
    for (let tries = 0; tries < 400 && !index.answer(PROBE, outside, 10, 0); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      outside = await settledVersion();
    }
    expect(await mismatches(index, outside)).to.deep.equal([]);
  });

  it('reads nothing for own writes once its keys are to be read anew', async function () {
    this.timeout(60_000);
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        queries++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const { index } = await builtIndex({ ...db, kysely: db.kysely.withPlugin(counting) });
    const everyPost = (await db.kysely.selectFrom('tec_occurrences').select('post_id').execute()).map((row) => Number(row.post_id));
    const touchPosts = (posts: number[]) => db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts });
    });
    queries = 0;
    await touchPosts(everyPost.slice(0, 3));
    expect(queries, 'kept keys: the occurrences of the posts written, read once').to.equal(1);
    await touchPosts(everyPost);
    await touchPosts(everyPost);
    queries = 0;
    await touchPosts(everyPost.slice(0, 3));
    expect(queries, 'worn keys').to.equal(0);
    let outside = await settledVersion();
    for (let tries = 0; tries < 400 && !index.answer(PROBE, outside, 10, 0); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      outside = await settledVersion();
    }
    expect(await mismatches(index, outside), 'the keys read anew').to.deep.equal([]);
  });

  it('lists events that repeat their occurrences each once, as SQL\'s grouped list does, through own writes that add and take repeats', async function () {
    this.timeout(120_000);
    const { index, version } = await builtIndex();
    const rows = await db.kysely.selectFrom('tec_occurrences').selectAll().orderBy('post_id').limit(40).offset(300).execute();
    const repeat = (days: number) => rows.map(({ occurrence_id: _id, ...occurrence }, i) => {
      const moved = (text: string) => datetime(Date.parse(`${text.replace(' ', 'T')}Z`) + (i % 2 ? 1 : -1) * (days + i) * DAY_MS);
      return { ...occurrence, hash: `repeat-${days}-${i}`, start_date: moved(occurrence.start_date), end_date: moved(occurrence.end_date), start_date_utc: moved(occurrence.start_date_utc), end_date_utc: moved(occurrence.end_date_utc) };
    });
    const posts = rows.map((row) => Number(row.post_id));
    const ownWrite = (work: (trx: Writer) => Promise<unknown>) => db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts });
      await work(trx);
    });
    await ownWrite((trx) => trx.insertInto('tec_occurrences').values([...repeat(3), ...repeat(40)]).execute());
    try {
      expect(index.shape(version)?.repeated, 'repeated').to.equal(true);
      expect(index.leftToSql()).to.deep.equal([]);
      const found = await mismatches(index, version, true, true);
      expect(found.slice(0, 3), `${found.length} filters differ`).to.deep.equal([]);
    } finally {
      await ownWrite((trx) => trx.deleteFrom('tec_occurrences').where('hash', 'like', 'repeat-%').execute());
    }
    expect(index.shape(version)?.repeated, 'repeats taken').to.equal(false);
    expect(await mismatches(index, version), 'after').to.deep.equal([]);
  });

  it('shows a write of another connection (on SQLite told post by post, on MySQL by reading the keys again), and reads them again after one of its own that names nothing', async function () {
    this.timeout(60_000);
    // On MySQL a move of the commit counter that the handle's own writes may explain is checked
    // within its outside check (README "Reuse"): a handle whose check is short, so either way shows here.
    const handle = await openDatabase(database.url, 'wp_', { outsideCheckMs: 200 });
    try {
      const { index, version } = await builtIndex(handle);
      const [{ post_id: postId }] = await db.kysely.selectFrom('tec_occurrences').select('post_id').orderBy('post_id').limit(1).offset(500).execute() as [{ post_id: number }];
      const other = await openDatabase(database.url, 'wp_');
      try {
        await other.write((trx) => trx.updateTable('posts').set({ post_status: 'draft' }).where('ID', '=', Number(postId)).execute());
      } finally {
        await other.close();
      }
      const reads: number[] = [];
      index.onRead((rows) => reads.push(rows));
      let outside = await settledVersion(handle);
      // SQLite's change log tells the post at once, and the keys are patched as for an own write.
      if (kind.name === 'sqlite') {
        expect(outside, 'the outside version stays').to.equal(version);
        expect(index.answer({ ...PROBE, statuses: ['draft'] }, outside, 2000, 0)?.ids, 'at once').to.include(Number(postId));
      }
      if (outside !== version) expect(index.answer(PROBE, outside, 10, 0), 'keys of the version before').to.equal(undefined);
      const drafted = () => index.answer({ ...PROBE, statuses: ['draft'] }, outside, 2000, 0)?.ids.includes(Number(postId)) === true;
      for (let tries = 0; tries < 400 && !drafted(); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        outside = await settledVersion(handle);
      }
      expect(drafted(), 'the keys show the other connection\'s write').to.equal(true);
      expect(await mismatches(index, outside)).to.deep.equal([]);
      if (kind.name === 'sqlite') expect(reads, 'SQLite: not read again').to.deep.equal([]);
      await handle.write((trx) => trx.updateTable('posts').set({ post_status: 'publish' }).where('ID', '=', Number(postId)).execute());
      expect(index.answer(PROBE, outside, 10, 0), 'a write that names nothing: everything').to.equal(undefined);
    } finally {
      await handle.close();
    }
  });

  it('keeps its keys through another connection\'s write to a table they are not read from', async function () {
    this.timeout(60_000);
    const handle = await openDatabase(database.url, 'wp_');
    const other = await openDatabase(database.url, 'wp_');
    /** Another connection saves an option, past the second of the handle's last look at the tables (UPDATE_TIME has whole seconds). */
    const saveOption = async (value: string) => {
      await new Promise((resolve) => setTimeout(resolve, TABLES_RECHECK_MS));
      await other.write((trx) => trx.updateTable('options').set({ option_value: value }).where('option_name', '=', 'blogdescription').execute());
      // Past the look once more that a foreign move asks for.
      await new Promise((resolve) => setTimeout(resolve, TABLES_RECHECK_MS + 2 * COUNTER_READ_WINDOW_MS));
    };
    try {
      // A first look (as the handle opened) may find the tests before's writes within its second.
      await settledVersion(handle);
      await saveOption('Seen once');
      const { index, version } = await builtIndex(handle);
      const reads: number[] = [];
      index.onRead((rows) => reads.push(rows));
      const allBefore = await handle.outsideVersion();
      await saveOption('Written behind its back');
      const outside = await settledVersion(handle);
      let all = await handle.outsideVersion();
      for (let tries = 0; tries < 200 && (all === null || all === allBefore); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        all = await handle.outsideVersion();
      }
      expect(all, 'the write is seen').to.not.equal(allBefore);
      expect(outside, 'the post tables\' version').to.equal(version);
      expect(index.answer(PROBE, outside, 10, 0), 'the keys answer').to.not.equal(undefined);
      expect(reads, 'not read again').to.deep.equal([]);
    } finally {
      await other.close();
      await handle.close();
    }
  });

  it('reads the keys again as the server starts when the outside version could not be told at first', async function () {
    this.timeout(30_000);
    await settledVersion();
    let asked = 0;
    const unsure: Db = Object.create(db, { outsideVersion: { value: async () => (asked++ === 0 ? null : db.outsideVersion()) } });
    const index = new EventListIndex(unsure, 'tribe_events', EVENT_LIST_META);
    const rows = await db.kysely.selectFrom('tec_occurrences').select((eb) => eb.fn.countAll<number>().as('rows')).executeTakeFirstOrThrow();
    expect(await index.prepare()).to.equal(Number(rows.rows));
    expect(asked, 'versions asked').to.be.greaterThan(1);
  });

  it('reads the keys again at once after a read that installed them, and makes lists wait for that read, KEYS_WAIT_MS at most', async function () {
    this.timeout(60_000);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let outside = 'first';
    const { plugin, hold, releaseAll } = readGate();
    // A handle of its own (reads held at the gate keep its connection) whose outside version the test moves.
    const own = await openDatabase(database.url, 'wp_', { outsideCheckMs: 600_000 });
    try {
      const handle = Object.create(own, { kysely: { value: own.kysely.withPlugin(plugin) }, outsideVersion: { value: async () => outside } }) as Db;
      const patient = new EventListIndex(handle, 'tribe_events', EVENT_LIST_META, undefined, 10_000);
      // A first read held 400 ms: were the next to wait its duration over the share of time reads may take, it would wait 2 s.
      let release = hold();
      const first = patient.prepare();
      await pause(400);
      release();
      expect(await first).to.be.greaterThan(0);
      expect(patient.answer(PROBE, 'first', 1, 0)).to.not.equal(undefined);
      outside = 'second';
      await pause(1100);
      release = hold();
      expect(patient.answer(PROBE, 'second', 1, 0), 'keys of the version before').to.equal(undefined);
      const waiting = patient.awaitRead('second');
      await pause(30);
      release();
      await waiting;
      expect(patient.answer(PROBE, 'second', 1, 0), 'the list waited for the read').to.not.equal(undefined);
      const hasty = new EventListIndex(handle, 'tribe_events', EVENT_LIST_META, undefined, 20);
      release = hold();
      await hasty.awaitRead('second');
      expect(hasty.answer(PROBE, 'second', 1, 0), 'the read still held: SQL answers').to.equal(undefined);
      release();
      expect(await hasty.prepare(), 'then the read').to.be.greaterThan(0);
    } finally {
      releaseAll();
      await own.close();
    }
  });

  it('leaves lists by venue and organizer to SQL while a value is not an ID\'s digits (`0042`, `42 `), and answers the others', async function () {
    this.timeout(60_000);
    const [row] = await db.kysely.selectFrom('postmeta').select(['meta_id', 'meta_value']).where('meta_key', '=', VENUE).orderBy('meta_id').limit(1).execute();
    const venueValue = (value: string) => db.write((trx) => trx.updateTable('postmeta').set({ meta_value: value }).where('meta_id', '=', row!.meta_id).execute());
    const byVenue: EventListFilter = { ...PROBE, metaIds: [{ key: VENUE, ids: [Number(row!.meta_value)] }] };
    const featured: EventListFilter = { ...PROBE, metaPresence: { key: FEATURED, present: true } };
    for (const odd of [`00${row!.meta_value}`, `${row!.meta_value} `]) {
      await venueValue(odd);
      try {
        const { index, version } = await builtIndex();
        expect(index.answer(byVenue, version, 10, 0), `by venue, a value ${JSON.stringify(odd)}`).to.equal(undefined);
        expect(index.leftToSql()).to.deep.equal(['lists by venue and organizer: a value is not an ID\'s digits']);
        expect(index.answer(featured, version, 10, 0), 'featured').to.deep.equal((await plainAnswers())(featured, 10, 0));
      } finally {
        await venueValue(row!.meta_value!);
      }
    }
    const { index, version } = await builtIndex();
    expect(index.answer(byVenue, version, 10, 0), 'by venue, every value an ID').to.deep.equal((await plainAnswers())(byVenue, 10, 0));
  });

  it('holds meta keys as the database compares them, whatever their case or trailing spaces (MySQL\'s collations)', async function () {
    this.timeout(60_000);
    const posts = (await db.kysely.selectFrom('tec_occurrences').select('post_id').orderBy('post_id').limit(3).offset(900).execute()).map((row) => Number(row.post_id));
    const [venue] = await db.kysely.selectFrom('postmeta').select('meta_value').where('meta_key', '=', VENUE).orderBy('meta_id').limit(1).execute();
    const odd = [
      { post_id: posts[0]!, meta_key: FEATURED.toUpperCase(), meta_value: '1' },
      { post_id: posts[1]!, meta_key: `${FEATURED} `, meta_value: '1' },
      { post_id: posts[2]!, meta_key: VENUE.toLowerCase(), meta_value: venue!.meta_value },
    ];
    await db.write((trx) => trx.insertInto('postmeta').values(odd).execute());
    try {
      const { index, version } = await builtIndex();
      const plain = await plainAnswers();
      for (const f of [
        { ...PROBE, metaPresence: { key: FEATURED, present: true } },
        { ...PROBE, metaPresence: { key: FEATURED, present: false } },
        { ...PROBE, metaIds: [{ key: VENUE, ids: [Number(venue!.meta_value)] }] },
      ]) {
        const fromSql = { ids: await listedEventIds(db.kysely, f, 50, 0, false), total: await countListedEvents(db.kysely, f, false) };
        expect(index.answer(f, version, 50, 0), JSON.stringify(f)).to.deep.equal(fromSql);
        // The plain reading compares keys exactly, as SQLite does.
        if (kind.name === 'sqlite') expect(fromSql).to.deep.equal(plain(f, 50, 0));
      }
    } finally {
      await db.write((trx) => trx.deleteFrom('postmeta').where('meta_key', 'in', odd.map((row) => row.meta_key)).where('post_id', 'in', posts).execute());
    }
  });

  it('leaves lists by term to SQL while a term_taxonomy_id is past 32 bits', async function () {
    this.timeout(60_000);
    const huge = 2 ** 32 + 5;
    const [post] = await db.kysely.selectFrom('tec_occurrences').select('post_id').orderBy('post_id').limit(1).offset(800).execute();
    const [term] = await db.kysely.selectFrom('term_taxonomy').select('term_id').limit(1).execute();
    await db.write(async (trx) => {
      await trx.insertInto('term_taxonomy').values({ term_taxonomy_id: huge, term_id: term!.term_id, taxonomy: 'post_tag', description: '', parent: 0, count: 1 }).execute();
      await trx.insertInto('term_relationships').values({ object_id: post!.post_id, term_taxonomy_id: huge, term_order: 0 }).execute();
    });
    try {
      const { index, version } = await builtIndex();
      expect(index.answer({ ...PROBE, termTaxonomyIds: [[huge]] }, version, 10, 0), 'by that term').to.equal(undefined);
      expect(index.answer({ ...PROBE, termTaxonomyIds: [[huge - 2 ** 32]] }, version, 10, 0), 'by a term its low bits name').to.equal(undefined);
      expect(index.answer({ ...PROBE, metaPresence: { key: FEATURED, present: true } }, version, 10, 0), 'featured').to.deep.equal((await plainAnswers())({ ...PROBE, metaPresence: { key: FEATURED, present: true } }, 10, 0));
    } finally {
      await db.write(async (trx) => {
        await trx.deleteFrom('term_relationships').where('term_taxonomy_id', '=', huge).execute();
        await trx.deleteFrom('term_taxonomy').where('term_taxonomy_id', '=', huge).execute();
      });
    }
  });

  it('leaves every list to SQL while an occurrence names a post ID past 32 bits', async function () {
    this.timeout(60_000);
    const huge = 2 ** 32 + 7;
    const [row] = await db.kysely.selectFrom('tec_occurrences').selectAll().orderBy('post_id').limit(1).offset(810).execute();
    const { occurrence_id: _id, ...occurrence } = row!;
    await db.write((trx) => trx.insertInto('tec_occurrences').values({ ...occurrence, post_id: huge, event_id: huge, hash: 'past-32-bits' }).execute());
    try {
      expect(await unusableOnceRead()).to.deep.equal(['every list: an occurrence names a post ID past 32 bits']);
    } finally {
      await db.write((trx) => trx.deleteFrom('tec_occurrences').where('post_id', '=', huge).execute());
    }
  });

  it('leaves every list to SQL while an occurrence holds a date the databases may read apart (31 February, a year before 100)', async function () {
    this.timeout(60_000);
    const [row] = await db.kysely.selectFrom('tec_occurrences').selectAll().orderBy('post_id').limit(1).offset(820).execute();
    const ended = (end: string) => db.write((trx) => trx.updateTable('tec_occurrences').set({ end_date: end }).where('occurrence_id', '=', row!.occurrence_id).execute());
    try {
      // MySQL's DATETIME holds no 31 February.
      for (const odd of [...kind.name === 'sqlite' ? ['2027-02-31 10:00:00'] : [], '0099-06-01 10:00:00']) {
        await ended(odd);
        expect(await unusableOnceRead(), odd).to.deep.equal(['every list: an occurrence or post holds a date lists cannot compare']);
      }
    } finally {
      await ended(row!.end_date);
    }
    const { index, version } = await builtIndex();
    expect(index.answer(PROBE, version, 10, 0), 'the date put back').to.deep.equal((await plainAnswers())(PROBE, 10, 0));
  });

  /** What a new index leaves to SQL once it has read keys it cannot use (it then answers nothing). */
  async function unusableOnceRead(): Promise<string[]> {
    const index = new EventListIndex(db, 'tribe_events', EVENT_LIST_META);
    let why: string[] = [];
    for (let tries = 0; tries < 400; tries++) {
      expect(index.answer(PROBE, await settledVersion(), 1, 0)).to.equal(undefined);
      why = index.leftToSql();
      if (why[0] !== 'every list: the keys are not read') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return why;
  }

  it('tells its listeners of each read of the keys that succeeded, with the rows it read: once its pages are in, what joined them gone, and once done', async function () {
    this.timeout(60_000);
    const index = new EventListIndex(db, 'tribe_events', EVENT_LIST_META);
    const told: string[] = [];
    // Every post's meta rows the pages were joined by (some 45 MB at 1,000,000 occurrences) can be
    // collected before the rows are put in order, which makes copies of its own.
    const metaRows: Array<WeakRef<ListKeyMetaRows>> = [];
    const read = ListKeyMetaRows.read;
    ListKeyMetaRows.read = async (...args) => {
      const rows = await read(...args);
      metaRows.push(new WeakRef(rows));
      // A WeakRef keeps its target until the job that made it ends (SQLite's pages may all be read in it).
      await new Promise((resolve) => setImmediate(resolve));
      return rows;
    };
    index.onPagesRead((rows) => {
      collectGarbage();
      told.push(`pages ${rows}, meta rows held: ${metaRows.filter((held) => held.deref()).length} of ${metaRows.length}`);
    });
    index.onRead((rows) => told.push(`done ${rows}`));
    let rows: number | null = null;
    try {
      for (let tries = 0; rows === null && tries < 20; tries++) rows = await index.prepare();
    } finally {
      ListKeyMetaRows.read = read;
    }
    const { n } = await db.kysely.selectFrom('tec_occurrences').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(rows).to.equal(Number(n));
    expect(told).to.deep.equal([`pages ${n}, meta rows held: 0 of 1`, `done ${n}`]);
  });

  it('looks a search up from its second ask, in the background, and tests again what own writes touch, during the lookup or after', async function () {
    this.timeout(60_000);
    const version = await settledVersion();
    const searches = new SearchMatches(db, 'tribe_events');
    db.onCommitted(async (touched) => searches.ownWrite(touched));
    const words = [{ text: 'Unheard-of word', exclude: false }];
    const rows = await db.kysely.selectFrom('posts').select(['ID', 'post_title']).where('post_type', '=', 'tribe_events').orderBy('ID').limit(2).offset(1200).execute();
    const [first, second] = rows.map((row) => ({ id: Number(row.ID), title: row.post_title })) as [{ id: number; title: string }, { id: number; title: string }];
    const retitle = (id: number, title: string) => db.write(async (trx) => {
      namesWhatItTouches(trx);
      touches(trx, { posts: [id] });
      await trx.updateTable('posts').set({ post_title: title }).where('ID', '=', id).execute();
    });
    expect(await searches.posts(version, words, false), 'asked once: SQL answers').to.equal(null);
    expect(await searches.posts(version, words, false), 'asked again: looked up meanwhile').to.equal(null);
    await retitle(first.id, 'An unheard-of word');
    expect([...(await matchedPosts(searches, version, words, false))!], 'written while looked up').to.deep.equal([first.id]);
    await retitle(first.id, first.title);
    await retitle(second.id, 'Another unheard-of word');
    const matched = await searches.posts(version, words, false);
    expect([...matched!], 'written after').to.deep.equal([second.id]);
    await retitle(first.id, `${first.title} (still unmatched)`);
    expect(await searches.posts(version, words, false), 'a write that matches nothing new: the same posts, the same array').to.equal(matched);
    await retitle(first.id, first.title);
    await retitle(second.id, second.title);
  });

  it('tests again what many own writes touch in one test, while the one before is under way', async function () {
    this.timeout(60_000);
    const version = await settledVersion();
    // The searches' statements, counted; while `gate` is set, each waits for it.
    let statements = 0;
    let gate: Promise<void> | null = null;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        statements++;
        await gate;
        return result;
      },
    };
    // A handle of their own: a statement held at the gate keeps its connection, which no other reader waits for.
    const own = await openDatabase(database.url, 'wp_', { outsideCheckMs: 600_000 });
    try {
      const searches = new SearchMatches(Object.create(own, { kysely: { value: own.kysely.withPlugin(counting) } }) as Db, 'tribe_events');
      db.onCommitted(async (touched) => searches.ownWrite(touched));
      const words = [{ text: 'Seldom-heard word', exclude: false }];
      expect(await matchedPosts(searches, version, words, false), 'looked up').to.deep.equal(new Float64Array(0));
      const ids = (await db.kysely.selectFrom('posts').select('ID').where('post_type', '=', 'tribe_events').orderBy('ID').limit(30).offset(1300).execute()).map((row) => Number(row.ID));
      const retitle = (posts: number[], title: (id: number) => string) => db.write(async (trx) => {
        namesWhatItTouches(trx);
        touches(trx, { posts });
        for (const id of posts) await trx.updateTable('posts').set({ post_title: title(id) }).where('ID', '=', id).execute();
      });
      const titles = new Map((await db.kysely.selectFrom('posts').select(['ID', 'post_title']).where('ID', 'in', ids).execute()).map((row) => [Number(row.ID), row.post_title]));
      let open!: () => void;
      gate = new Promise((resolve) => { open = resolve; });
      const before = statements;
      // Each request after a write: the first one's test waits at the gate, the others' queue behind it.
      const answers: Array<Promise<Float64Array | null>> = [];
      for (const id of ids) {
        await retitle([id], () => 'A seldom-heard word');
        answers.push(searches.posts(version, words, false));
      }
      gate = null;
      open();
      const found = await Promise.all(answers);
      expect(statements - before, 'the test under way, then one for all the requests that came meanwhile').to.equal(2);
      found.forEach((posts, i) => expect([...posts!], `the request after write ${i + 1}`).to.include.members(ids.slice(0, i + 1)));
      expect([...found.at(-1)!]).to.deep.equal(ids);
      await retitle(ids, (id) => titles.get(id)!);
      expect([...(await searches.posts(version, words, false))!], 'their titles back').to.deep.equal([]);
    } finally {
      await own.close();
    }
  });

  it('keeps a search no one asks for while own writes touch many posts, testing them as they come', async function () {
    this.timeout(60_000);
    const version = await settledVersion();
    const searches = new SearchMatches(db, 'tribe_events');
    const words = [{ text: 'Rarely-heard word', exclude: false }];
    const ids = (await db.kysely.selectFrom('posts').select('ID').where('post_type', '=', 'tribe_events').orderBy('ID').limit(1500).execute()).map((row) => Number(row.ID));
    const matched = await matchedPosts(searches, version, words, false);
    expect(matched, 'looked up').to.deep.equal(new Float64Array(0));
    // More posts touched than a search may carry untested (MOST_TOUCHED), 300 a write.
    for (let at = 0; at < ids.length; at += 300) {
      searches.ownWrite({ posts: new Set(ids.slice(at, at + 300)), terms: new Set() });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await searches.posts(version, words, false), 'still kept: the same posts, the same array').to.equal(matched);
  });

  it('makes the asks after the second wait for the lookup under way, for LOOKUP_WAIT_MS at most', async function () {
    this.timeout(60_000);
    const version = await settledVersion();
    const { plugin, hold, releaseAll } = readGate();
    // A handle of its own: a lookup held at the gate keeps its connection, which no other reader waits for.
    const own = await openDatabase(database.url, 'wp_', { outsideCheckMs: 600_000 });
    try {
      const handle = Object.create(own, { kysely: { value: own.kysely.withPlugin(plugin) } }) as Db;
      const patient = new SearchMatches(handle, 'tribe_events', undefined, 10_000);
      const words = [{ text: 'jazz', exclude: false }];
      expect(await patient.posts(version, words, false), 'asked once').to.equal(null);
      let release = hold();
      expect(await patient.posts(version, words, false), 'asked again: the lookup begins').to.equal(null);
      const third = patient.posts(version, words, false);
      await new Promise((resolve) => setTimeout(resolve, 30));
      release();
      expect((await third)?.length, 'the third ask, answered by the lookup').to.be.greaterThan(10);
      const hasty = new SearchMatches(handle, 'tribe_events', undefined, 20);
      expect(await hasty.posts(version, words, false)).to.equal(null);
      release = hold();
      expect(await hasty.posts(version, words, false)).to.equal(null);
      expect(await hasty.posts(version, words, false), 'the lookup still held: SQL answers').to.equal(null);
      release();
      expect((await matchedPosts(hasty, version, words, false))?.length, 'then the lookup').to.be.greaterThan(10);
    } finally {
      releaseAll();
      await own.close();
    }
  });

  it('leaves a search that matches too many posts to SQL', async function () {
    this.timeout(60_000);
    const version = await settledVersion();
    const searches = new SearchMatches(db, 'tribe_events', 5);
    const few = [{ text: '#1200', exclude: false }];
    expect(await matchedPosts(searches, version, few, false), 'five or fewer').to.have.length(1);
    const many = [{ text: 'jazz', exclude: false }];
    expect(await matchedPosts(searches, version, many, false), 'more than five').to.equal(null);
  });

  it('answers nothing for another outside version, nor for filters it does not hold', async () => {
    const { index, version } = await builtIndex();
    const f = PROBE;
    expect(index.answer(f, version, 10, 0)?.total).to.be.greaterThan(1000);
    expect(index.answer(f, `${version}+`, 10, 0), 'another version').to.equal(undefined);
    expect(index.answer(f, null, 10, 0), 'no version').to.equal(undefined);
    expect(index.answer({ ...f, search: [{ text: 'hall', exclude: false }] }, version, 10, 0), 'search').to.equal(undefined);
    expect(index.answer({ ...f, metaIds: [{ key: '_EventCurrencySymbol', ids: [5] }] }, version, 10, 0), 'a meta key it does not hold').to.equal(undefined);
    expect(index.answer({ ...f, metaPresence: { key: HIDDEN, present: false } }, version, 10, 0), 'the presence of a key it does not hold').to.equal(undefined);
  });

  if (kind.name === 'mysql') {
    it('answers from the keys read before a sweep while the new ones are read, and from none two sweeps on or after a change seen', async function () {
      this.timeout(60_000);
      const { index, version } = await builtIndex();
      // MySQL's outside version: the handle's stray writes, then the changes seen and the sweeps.
      const [strays, changes, sweeps] = version.split('.').map(Number) as [number, number, number];
      const at = (seen: number, swept: number) => `${strays}.${seen}.${swept}`;
      expect(at(changes, sweeps), 'the version as read').to.equal(version);
      const answer = index.answer(PROBE, version, 10, 0);
      expect(answer?.total).to.be.greaterThan(1000);
      expect(index.answer(PROBE, at(changes, sweeps + 1), 10, 0), 'one sweep on').to.deep.equal(answer);
      expect(index.answer(PROBE, at(changes, sweeps + 2), 10, 0), 'two sweeps on').to.equal(undefined);
      expect(index.answer(PROBE, at(changes + 1, sweeps + 1), 10, 0), 'a change seen').to.equal(undefined);
    });

    it('answers past a sweep for a sweep\'s period at most, when the keys cannot be read again meanwhile', async function () {
      this.timeout(60_000);
      const index = new EventListIndex(db, 'tribe_events', EVENT_LIST_META, 20);
      expect(await index.prepare(), 'read').to.be.greaterThan(1000);
      const version = await settledVersion();
      const [strays, changes, sweeps] = version.split('.').map(Number) as [number, number, number];
      const swept = `${strays}.${changes}.${sweeps + 1}`;
      // Read a moment ago, the keys are not read again for a second (the gap between reads).
      const answer = index.answer(PROBE, version, 10, 0);
      expect(index.answer(PROBE, swept, 10, 0), 'just past the sweep').to.deep.equal(answer);
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(index.answer(PROBE, swept, 10, 0), 'past its period').to.equal(undefined);
    });

    it('answers a search past a sweep from its matches kept before while it is looked up again, for a sweep\'s period at most; not two sweeps on, nor after a change seen', async function () {
      this.timeout(60_000);
      const version = await settledVersion();
      const [strays, changes, sweeps] = version.split('.').map(Number) as [number, number, number];
      const at = (seen: number, swept: number) => `${strays}.${seen}.${swept}`;
      const words = [{ text: 'jazz', exclude: false }];
      // An own write after the sweep: the matches of before answer with it tested again.
      const searches = new SearchMatches(db, 'tribe_events');
      const matched = await matchedPosts(searches, version, words, false);
      expect(matched?.length, 'looked up').to.be.greaterThan(10);
      const [other] = await db.kysely.selectFrom('posts').select(['ID', 'post_title']).where('post_type', '=', 'tribe_events')
        .where('ID', 'not in', [...matched!]).orderBy('ID').limit(1).execute();
      const retitle = (title: string) => db.write(async (trx) => {
        namesWhatItTouches(trx);
        touches(trx, { posts: [Number(other!.ID)] });
        await trx.updateTable('posts').set({ post_title: title }).where('ID', '=', Number(other!.ID)).execute();
      });
      db.onCommitted(async (touched) => searches.ownWrite(touched));
      await retitle('A jazz night');
      try {
        const written = await searches.posts(at(changes, sweeps + 1), words, false);
        expect(written?.includes(Number(other!.ID)), 'one sweep on, an own write since').to.equal(true);
      } finally {
        await retitle(other!.post_title);
      }
      // Lookups fail once the search is kept: the matches of before answer for as long as they may.
      let failing = false;
      const refusing: KyselyPlugin = {
        transformQuery: (args) => {
          if (failing) throw new Error('gone');
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const handle = Object.create(db, { kysely: { value: db.kysely.withPlugin(refusing) } }) as Db;
      const refused = new SearchMatches(handle, 'tribe_events', undefined, undefined, 50);
      const kept = await matchedPosts(refused, version, words, false);
      expect([...kept!], 'the title back').to.deep.equal([...matched!]);
      failing = true;
      expect(await refused.posts(at(changes + 1, sweeps + 1), words, false), 'a change seen').to.equal(null);
      expect(await refused.posts(at(changes, sweeps + 2), words, false), 'two sweeps on').to.equal(null);
      expect(await refused.posts(at(changes, sweeps + 1), words, false), 'one sweep on').to.equal(kept);
      expect(await refused.posts(at(changes, sweeps + 1), words, false), 'its lookup failed: asked again').to.equal(kept);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await refused.posts(at(changes, sweeps + 1), words, false), 'past its period').to.equal(null);
    });

    it('leaves lists by term, and by meta once a patch read it, to SQL when MySQL cut a post\'s list short (group_concat_max_len)', async function () {
      this.timeout(60_000);
      const [category] = await db.kysely.selectFrom('term_taxonomy').select('term_taxonomy_id').where('taxonomy', '=', 'tribe_events_cat').execute();
      const byCategory = { ...PROBE, termTaxonomyIds: [[Number(category!.term_taxonomy_id)]] };
      const whole = await builtIndex();
      expect(whole.index.answer(byCategory, whole.version, 10, 0), 'whole term lists').not.to.equal(undefined);
      await sql`SET GLOBAL group_concat_max_len = 4`.execute(db.kysely);
      const cut = await openDatabase(database.url, 'wp_', { outsideCheckMs: 600_000 });
      try {
        const { index, version } = await builtIndex(cut);
        expect(index.answer(PROBE, version, 10, 0), 'a list by date').not.to.equal(undefined);
        expect(index.answer(byCategory, version, 10, 0), 'a list by category').to.equal(undefined);
        // The meta of every post is read row by row; an own write's patch reads it with GROUP_CONCAT.
        const byMeta: EventListFilter = { ...PROBE, metaPresence: { key: FEATURED, present: false } };
        expect(index.answer(byMeta, version, 10, 0), 'a list by meta').not.to.equal(undefined);
        const [post] = await cut.kysely.selectFrom('postmeta').select('post_id').where('meta_key', '=', ORGANIZER).orderBy('meta_id').limit(1).execute();
        await cut.write(async (trx) => {
          namesWhatItTouches(trx);
          touches(trx, { posts: [Number(post!.post_id)] });
        });
        expect(index.answer(byMeta, version, 10, 0), 'a list by meta after a patch').to.equal(undefined);
        expect(index.answer(PROBE, version, 10, 0), 'a list by date after a patch').not.to.equal(undefined);
      } finally {
        await sql`SET GLOBAL group_concat_max_len = DEFAULT`.execute(db.kysely);
        await cut.close();
      }
    });
  }
});
