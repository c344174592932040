// EventListIndex answers a list from memory exactly as the SQL of data/event-list.ts does: the same
// page in the same order and the same count, for windows of every kind (local and UTC columns,
// either order, each bound), statuses, pages, hidden events and events longer than the window;
// and it answers nothing for a data version it was not read at.
import { expect } from 'chai';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { countListedEvents, listedEventIds, longestOccurrenceDays, type EventListFilter, type OccurrenceBound } from '../../src/data/event-list.ts';
import { EventListIndex } from '../../src/domain/events/list-index.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { seedCalendar } from '../bench/seed-events.ts';

const HIDDEN = '_EventHideFromUpcoming';
const NOW = new Date(Date.UTC(2026, 10, 1, 12));
const DAY_MS = 86_400_000;

/** A deterministic generator (the same filters on every run). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const datetime = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

forEachDatabase('EventListIndex', (kind) => {
  let database: TestDatabase;
  let db: Db;

  before(async function () {
    this.timeout(120_000);
    database = await kind.create();
    db = await openDatabase(database.url, 'wp_');
    await prepareDatabase(db);
    await seedCalendar(db, 1500, NOW);
    // A few events far longer than any window asked for, and some hidden ones.
    await db.write(async (trx) => {
      const some = await trx.selectFrom('tec_occurrences').select('post_id').orderBy('post_id').limit(12).execute();
      for (const [i, { post_id }] of some.entries()) {
        if (i < 6) {
          await trx.updateTable('tec_occurrences').set({
            start_date: '2026-09-01 10:00:00', start_date_utc: '2026-09-01 14:00:00', end_date: '2027-12-31 23:00:00', end_date_utc: '2028-01-01 04:00:00',
          }).where('post_id', '=', post_id).execute();
        } else {
          await trx.insertInto('postmeta').values({ post_id, meta_key: HIDDEN, meta_value: 'yes' }).execute();
        }
      }
    });
  });
  after(async () => {
    await db?.close();
    await database?.drop();
  });

  /** The data version, once the database can tell it (MySQL: a commit counter seen settled). */
  async function settledVersion(): Promise<string> {
    for (let tries = 0; tries < 200; tries++) {
      const version = await db.dataVersion();
      if (version !== null) return version;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no data version');
  }

  /** The index, once it has read the keys of the current version. */
  async function builtIndex(version: string): Promise<EventListIndex> {
    const index = new EventListIndex(db, 'tribe_events', HIDDEN);
    const probe = { postType: 'tribe_events', statuses: ['publish'], hiddenByMeta: HIDDEN, bounds: [], utcColumns: false, orderByUtc: false, termTaxonomyIds: [], metaIds: [] };
    for (let tries = 0; tries < 200; tries++) {
      if (index.answer(probe, version, false, 1, 0)) return index;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the index was not built');
  }

  it('gives the page and the count SQL gives, for 300 filters', async function () {
    this.timeout(120_000);
    const version = await settledVersion();
    const index = await builtIndex(version);
    const longestDays = await longestOccurrenceDays(db.kysely, db.dialect);
    const random = generator(7);
    const PARAMS: Array<Pick<OccurrenceBound, 'field' | 'operator'>> = [
      { field: 'start', operator: '>=' }, { field: 'end', operator: '<=' }, { field: 'start', operator: '<' },
      { field: 'start', operator: '>' }, { field: 'end', operator: '<' }, { field: 'end', operator: '>' },
    ];
    const STATUS_SETS = [['publish'], ['publish', 'private'], ['draft', 'future', 'publish'], ['trash'], []];
    const mismatches: string[] = [];
    for (let n = 0; n < 300; n++) {
      const bounds = PARAMS.filter(() => random() < 0.4).map((param) => ({
        ...param, value: datetime(NOW.getTime() + (random() * 900 - 150) * DAY_MS + Math.floor(random() * 24) * 3_600_000),
      }));
      const f: EventListFilter = {
        postType: 'tribe_events', statuses: STATUS_SETS[Math.floor(random() * STATUS_SETS.length)]!, hiddenByMeta: HIDDEN, bounds,
        utcColumns: random() < 0.5, orderByUtc: random() < 0.5, termTaxonomyIds: [], metaIds: [], longestDays,
      };
      const limit = [1, 10, 50][n % 3]!;
      const offset = [0, 10, 37][Math.floor(n / 3) % 3]!;
      const fromMemory = index.answer(f, version, false, limit, offset);
      const fromSql = { ids: await listedEventIds(db.kysely, f, limit, offset, false), total: await countListedEvents(db.kysely, f, false) };
      if (JSON.stringify(fromMemory) !== JSON.stringify(fromSql)) mismatches.push(`${JSON.stringify({ f, limit, offset })}: ${JSON.stringify(fromMemory)} ≠ ${JSON.stringify(fromSql)}`);
    }
    expect(mismatches.slice(0, 3), `${mismatches.length} of 300 differ`).to.deep.equal([]);
  });

  it('answers nothing for another data version, nor for filters it does not hold', async () => {
    const version = await settledVersion();
    const index = await builtIndex(version);
    const f: EventListFilter = {
      postType: 'tribe_events', statuses: ['publish'], hiddenByMeta: HIDDEN, bounds: [], utcColumns: false, orderByUtc: false, termTaxonomyIds: [], metaIds: [],
    };
    expect(index.answer(f, version, false, 10, 0)?.total).to.be.greaterThan(1000);
    expect(index.answer(f, `${version}+`, false, 10, 0), 'another version').to.equal(undefined);
    expect(index.answer(f, null, false, 10, 0), 'no version').to.equal(undefined);
    expect(index.answer(f, version, true, 10, 0), 'repeated occurrences').to.equal(undefined);
    expect(index.answer({ ...f, termTaxonomyIds: [[5]] }, version, false, 10, 0), 'categories').to.equal(undefined);
    expect(index.answer({ ...f, search: [{ text: 'hall', exclude: false }] }, version, false, 10, 0), 'search').to.equal(undefined);
  });
});
