// GET /events finds its page through indexes: the SQL the list runs (recorded from a real server)
// is explained on the database, and no list query reads the posts or occurrences table whole.
import { expect } from 'chai';
import { CompiledQuery, sql } from 'kysely';
import { pino } from 'pino';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { seedCalendar } from '../bench/seed-events.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { request } from '../support/server.ts';
import { postNamesStartingWith } from '../../src/data/posts.ts';
import { postNamesAndTypes } from '../../src/data/post-queries.ts';
import { knownRangeRows } from '../../src/data/events.ts';
import type { Autocommit } from '../../src/data/executor.ts';

const NOW = new Date('2026-11-22T13:30:35Z');
const EVENTS = 3000;
const NS = '/wp-json/tribe/events/v1';
const START_INDEX = 'wp_tec_occurrences_idx_wp_tec_occurrences_start_date';

/** Records every query the server's Kysely executes from now on. */
function recordQueries(db: Db): CompiledQuery[] {
  const executor = db.kysely.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  const recorded: CompiledQuery[] = [];
  executor.executeQuery = (query) => {
    recorded.push(query);
    return execute(query);
  };
  return recorded;
}

interface ListQueries {
  /** The COUNT of the matches. */
  count: CompiledQuery;
  /** The walk along the start index to the start of the page's last event. */
  lastStart: CompiledQuery;
  /** The page itself, among the events starting no later. */
  page: CompiledQuery;
}

/** The list queries, told apart by what they select. */
function listQueries(recorded: CompiledQuery[]): ListQueries {
  const over = recorded.filter((query) => /tec_occurrences.{1,3} as .{1,3}o/.test(query.sql));
  const one = (pattern: RegExp): CompiledQuery => {
    const matching = over.filter((query) => pattern.test(query.sql));
    expect(matching, String(pattern)).to.have.length(1);
    return matching[0]!;
  };
  expect(over).to.have.length(3);
  return { count: one(/^select COUNT\(\*\)/), lastStart: one(/^select .o.\..start_date. as .start./), page: one(/^select .p.\..ID. from/) };
}

interface MysqlPlanRow { table: string; type: string; key: string | null; possible_keys: string | null; Extra: string | null }

forEachDatabase('GET /events query plans', (kind) => {
  let target: TestDatabase;
  let server: RunningServer;
  let recorded: CompiledQuery[];
  let venueIds: number[];
  let categoryIds: number[];

  before(async function () {
    this.timeout(120_000);
    target = await kind.create();
    const db = await openDatabase(target.url, 'wp_');
    try {
      await prepareDatabase(db);
      await seedCalendar(db, EVENTS, NOW);
      // InnoDB recomputes its statistics in the background after a bulk insert: the plan would depend on when.
      if (kind.name === 'mysql') await sql.raw('ANALYZE TABLE wp_posts, wp_postmeta, wp_tec_occurrences, wp_term_relationships').execute(db.kysely);
      venueIds = (await db.kysely.selectFrom('posts').select('ID').where('post_type', '=', 'tribe_venue').orderBy('ID').limit(6).execute()).map((row) => Number(row.ID));
      // The seeder's first category (Music) has three children, its seventh (Sports) one.
      const categories = await db.kysely.selectFrom('term_taxonomy').select('term_id').where('taxonomy', '=', 'tribe_events_cat').orderBy('term_id').execute();
      categoryIds = [categories[0]!, categories[6]!].map((row) => Number(row.term_id));
    } finally {
      await db.close();
    }
    server = await startServer({ db: target.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, logger: pino({ level: 'silent' }), now: () => NOW });
    // The list keys read as it started are of an outside version no request is told now: SQL answers every list.
    await server.warmedUp;
    server.db.outsideVersion = async () => null;
    recorded = recordQueries(server.db);
  });

  after(async () => {
    await server?.close();
    await target?.drop();
  });

  /** The list queries of one GET, with the number of events it answered. */
  async function listing(query: string): Promise<{ queries: ListQueries; total: number }> {
    recorded.length = 0;
    const response = await request(server.url, 'GET', `${NS}/events${query}`);
    expect(response.status).to.equal(200);
    return { queries: listQueries(recorded), total: response.json.total };
  }

  async function sqlitePlan(query: CompiledQuery): Promise<string[]> {
    const explained = await server.db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
    return explained.rows.map((row) => row.detail);
  }

  async function mysqlPlan(query: CompiledQuery): Promise<MysqlPlanRow[]> {
    return (await server.db.kysely.executeQuery<MysqlPlanRow>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]))).rows;
  }

  /** No list query reads posts or occurrences but through an index. */
  async function expectIndexedReads(queries: ListQueries): Promise<void> {
    for (const [name, query] of Object.entries(queries)) {
      if (kind.name === 'sqlite') {
        const scans = (await sqlitePlan(query)).filter((detail) => /^SCAN (p|o)\b/.test(detail) && !/ USING (COVERING )?INDEX /.test(detail));
        expect(scans, name).to.deep.equal([]);
      } else if (name !== 'count') {
        // MariaDB counts a window that holds most of this small calendar by reading the table
        // (its choice; at 100k events it takes the start index): the count's plan is checked below.
        const whole = (await mysqlPlan(query)).filter((row) => ['p', 'o'].includes(row.table) && row.type === 'ALL');
        expect(whole, name).to.deep.equal([]);
      }
    }
  }

  it('the default window walks and counts the occurrences along their start index within the window, and sorts only the tie-breakers', async () => {
    const { queries, total } = await listing('');
    expect(total, 'a window with many events').to.be.greaterThan(1000);
    await expectIndexedReads(queries);
    if (kind.name === 'sqlite') {
      const lastStart = await sqlitePlan(queries.lastStart);
      // The window's end bounds the start too: an event starts no later than it ends.
      expect(lastStart[0], 'past and later events are not read').to.equal(`SEARCH o USING INDEX ${START_INDEX} (start_date>? AND start_date<?)`);
      expect(lastStart.filter((detail) => detail.includes('TEMP B-TREE'))).to.deep.equal([]);
      const page = await sqlitePlan(queries.page);
      expect(page[0]).to.equal(`SEARCH o USING INDEX ${START_INDEX} (start_date>? AND start_date<?)`);
      expect(page.filter((detail) => detail.includes('TEMP B-TREE'))).to.deep.equal(['USE TEMP B-TREE FOR LAST 2 TERMS OF ORDER BY']);
      expect((await sqlitePlan(queries.count))[0], 'the count reads the window alone').to.equal(`SEARCH o USING INDEX ${START_INDEX} (start_date>? AND start_date<?)`);
    } else {
      const [lastStart] = await mysqlPlan(queries.lastStart);
      expect([lastStart!.table, lastStart!.type, lastStart!.key], 'past events are not read').to.deep.equal(['o', 'range', 'idx_wp_tec_occurrences_start_date']);
      expect(lastStart!.Extra ?? '').not.to.match(/filesort|temporary/i);
      const [page] = await mysqlPlan(queries.page);
      expect([page!.table, page!.type, page!.key]).to.deep.equal(['o', 'range', 'idx_wp_tec_occurrences_start_date']);
      const [count] = await mysqlPlan(queries.count);
      expect(count!.table, 'the count reads the occurrences first').to.equal('o');
      expect(count!.possible_keys, 'the count can read the window alone').to.include('idx_wp_tec_occurrences_start_date');
    }
  });

  it('categories, venues and featured: every table is reached through an index', async function () {
    this.timeout(30_000);
    const { queries, total } = await listing(`?categories=${categoryIds.join(',')}&venue=${venueIds.join(',')}&featured=1`);
    expect(total, 'the filters match some events').to.be.greaterThan(0);
    await expectIndexedReads(queries);
    // The posts of the venues and of featured are looked up first, each along the meta key index.
    const holders = recorded.filter((query) => / as .{1,3}held/.test(query.sql));
    expect(holders).to.have.length(2);
    for (const query of holders) {
      if (kind.name === 'sqlite') expect((await sqlitePlan(query)).join('\n')).to.match(/SEARCH m USING INDEX wp_postmeta_meta_key \(meta_key=\?\)/);
      else expect((await mysqlPlan(query)).find((row) => row.table === 'm')).to.include({ type: 'ref', key: 'meta_key' });
    }
    if (kind.name === 'sqlite') {
      // The few matching occurrences are found by post (from the venue list), then sorted.
      for (const query of [queries.lastStart, queries.page]) {
        const plan = await sqlitePlan(query);
        expect(plan[0]).to.match(/^SEARCH o USING INDEX wp_tec_occurrences_idx_wp_tec_occurrences_post_id_dates_utc \(post_id=\?/);
        expect(plan).to.include('SEARCH p USING INTEGER PRIMARY KEY (rowid=?)');
      }
    } else {
      // The posts of the venue and of featured, looked up first, are read by their IDs.
      for (const query of [queries.lastStart, queries.page]) {
        const plan = await mysqlPlan(query);
        expect(plan.find((row) => row.table === 'o')?.type).to.equal('ref');
        expect(plan.find((row) => row.table === 'p')).to.include({ type: 'range', key: 'PRIMARY' });
      }
    }
  });

  it('the free-slug lookup of a new post reads the few names of its prefix through the name index, not every event', async () => {
    recorded.length = 0;
    expect(await postNamesStartingWith(server.db.kysely, 'tribe_events', 'planned')).to.deep.equal([]);
    expect(recorded, 'one lookup').to.have.length(1);
    if (kind.name === 'sqlite') {
      expect(await sqlitePlan(recorded[0]!)).to.deep.equal(['SEARCH wp_posts USING INDEX wp_posts_post_name (post_name>? AND post_name<?)']);
    } else {
      expect((await mysqlPlan(recorded[0]!)).map((row) => [row.type, row.key])).to.deep.equal([['range', 'post_name']]);
    }
  });
  it('the names an import looks up for a chunk of new events are each found through the name index, not by reading every post', async () => {
    recorded.length = 0;
    const names = Array.from({ length: 1000 }, (_, n) => `planned-event-${n}`);
    expect(await postNamesAndTypes(server.db.kysely, names)).to.deep.equal([]);
    const lookups = recorded.splice(0);
    expect(lookups.length, 'statements').to.be.greaterThan(0);
    for (const query of lookups) {
      if (kind.name === 'sqlite') {
        expect(await sqlitePlan(query)).to.deep.equal(['SEARCH wp_posts USING INDEX wp_posts_post_name (post_name=?)']);
      } else {
        // MySQL and MariaDB read a long IN list through the index only while they look each name up in it
        // (fewer names than eq_range_index_dive_limit, 200 by default); past it, MariaDB read every post.
        expect((await mysqlPlan(query)).map((row) => [row.table, row.type, row.key])).to.deep.equal([['wp_posts', 'range', 'post_name']]);
      }
    }
  });
  it('the known date range is rebuilt from the ends of two indexes, not from every occurrence', async () => {
    recorded.length = 0;
    const rows = await knownRangeRows(server.db.kysely as Autocommit, 'tribe_events', ['publish', 'private'], 'tribe_events_calendar_options');
    expect(rows.earliest?.postId).to.be.a('number');
    expect(recorded, 'one statement').to.have.length(1);
    if (kind.name === 'sqlite') {
      const plan = await sqlitePlan(recorded[0]!);
      // Each bound walks its date index (stopping at the first counted post) and looks posts up by ID:
      // never every counted post through the type and status index, nor every occurrence.
      expect(plan.filter((detail) => /^SCAN o\b/.test(detail) || (/^SCAN d\b/.test(detail) && !/ USING INDEX wp_tec_occurrences_idx_wp_tec_occurrences_(start|end)_date_utc$/.test(detail))), plan.join('\n')).to.deep.equal([]);
      expect(plan.filter((detail) => /^(SEARCH|SCAN) (p|dp)\b/.test(detail) && !detail.includes('INTEGER PRIMARY KEY')), plan.join('\n')).to.deep.equal([]);
      for (const column of ['start_date_utc', 'end_date_utc']) {
        expect(plan.some((detail) => detail.includes(`INDEX wp_tec_occurrences_idx_wp_tec_occurrences_${column}`)), column).to.equal(true);
      }
    } else {
      const plan = await mysqlPlan(recorded[0]!);
      expect(plan.filter((row) => ['o', 'd'].includes(row.table) && row.type === 'ALL'), JSON.stringify(plan)).to.deep.equal([]);
      expect(plan.filter((row) => ['p', 'dp'].includes(row.table) && row.type !== 'eq_ref'), JSON.stringify(plan)).to.deep.equal([]);
    }
  });
});
