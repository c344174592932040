// readExportEvents pages along the posts' primary key: every selected event exactly once, in ID
// order, whatever the filters, checked against the selection worked out in JS from the raw rows.
import { expect } from 'chai';
import { CompiledQuery } from 'kysely';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { LISTED_BY_DEFAULT } from '../../src/domain/post-types.ts';
import { transferContext, type TransferContext } from '../../src/transfer/context.ts';
import { readExportEvents, readExportTerms, type ExportFilters } from '../../src/transfer/export-reader.ts';
import { selectionPageQuery } from '../../src/data/post-selection.ts';
import { exportSelection } from '../../src/transfer/export-selection.ts';
import { seedCalendar } from '../bench/seed-events.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';

const NOW = new Date('2026-11-22T13:30:35Z');
const PAGE = 5;

/** The seeded rows, as plain maps to select from. */
interface Rows {
  posts: { id: number; type: string; status: string }[];
  meta: Map<number, Map<string, string[]>>;
  /** term_taxonomy_id per post */
  relationships: Map<number, Set<number>>;
  taxonomies: { ttId: number; termId: number; taxonomy: string; parent: number }[];
}

async function loadRows(db: Db): Promise<Rows> {
  const k = db.kysely;
  const posts = (await k.selectFrom('posts').select(['ID', 'post_type', 'post_status']).execute())
    .map((row) => ({ id: Number(row.ID), type: row.post_type, status: row.post_status }));
  const meta = new Map<number, Map<string, string[]>>();
  for (const row of await k.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value'])
    .where('meta_key', 'in', ['_EventStartDate', '_EventEndDate', '_EventVenueID', '_EventOrganizerID']).execute()) {
    const own = meta.get(Number(row.post_id)) ?? meta.set(Number(row.post_id), new Map()).get(Number(row.post_id))!;
    own.set(row.meta_key!, [...(own.get(row.meta_key!) ?? []), row.meta_value ?? '']);
  }
  const relationships = new Map<number, Set<number>>();
  for (const row of await k.selectFrom('term_relationships').select(['object_id', 'term_taxonomy_id']).execute()) {
    const own = relationships.get(Number(row.object_id)) ?? relationships.set(Number(row.object_id), new Set()).get(Number(row.object_id))!;
    own.add(Number(row.term_taxonomy_id));
  }
  const taxonomies = (await k.selectFrom('term_taxonomy').select(['term_taxonomy_id', 'term_id', 'taxonomy', 'parent']).execute())
    .map((row) => ({ ttId: Number(row.term_taxonomy_id), termId: Number(row.term_id), taxonomy: row.taxonomy, parent: Number(row.parent) }));
  return { posts, meta, relationships, taxonomies };
}

/** The IDs the filters select, in ID order, worked out without SQL. Term filters take term IDs. */
function expectedIds(rows: Rows, filters: ExportFilters): number[] {
  const withDescendants = (taxonomy: string, termIds: string[] = []): Set<number> => {
    const terms = new Set(termIds.map(Number));
    for (let grew = true; grew;) {
      grew = false;
      for (const tt of rows.taxonomies) {
        if (tt.taxonomy !== taxonomy || !terms.has(tt.parent) || terms.has(tt.termId)) continue;
        terms.add(tt.termId);
        grew = true;
      }
    }
    return new Set(rows.taxonomies.filter((tt) => tt.taxonomy === taxonomy && terms.has(tt.termId)).map((tt) => tt.ttId));
  };
  const categories = withDescendants('tribe_events_cat', filters.category);
  const tags = withDescendants('post_tag', filters.tag);
  const statuses: readonly string[] = filters.status ?? LISTED_BY_DEFAULT;
  return rows.posts.filter((post) => {
    const meta = (key: string) => rows.meta.get(post.id)?.get(key) ?? [];
    const terms = [...(rows.relationships.get(post.id) ?? [])];
    return post.type === 'tribe_events' && statuses.includes(post.status)
      && (filters.startDate === undefined || meta('_EventEndDate').some((end) => end >= filters.startDate!))
      && (filters.endDate === undefined || meta('_EventStartDate').some((start) => start <= filters.endDate!))
      && (!filters.category || terms.some((tt) => categories.has(tt)))
      && (!filters.tag || terms.some((tt) => tags.has(tt)))
      && (!filters.venue || meta('_EventVenueID').some((id) => filters.venue!.includes(Number(id))))
      && (!filters.organizer || meta('_EventOrganizerID').some((id) => filters.organizer!.includes(Number(id))))
      && (!filters.ids || filters.ids.includes(post.id));
  }).map((post) => post.id).sort((a, b) => a - b);
}

forEachDatabase('export paging', (kind) => {
  let target: TestDatabase;
  let db: Db;
  let context: TransferContext;
  let rows: Rows;

  before(async function () {
    this.timeout(120_000);
    target = await kind.create();
    db = await openDatabase(target.url, 'wp_');
    await prepareDatabase(db);
    // Seeded twice: the second calendar's venues, organizers and images lie between the two runs of events.
    await seedCalendar(db, 150, NOW);
    await seedCalendar(db, 150, NOW);
    context = await transferContext(db, { now: NOW });
    rows = await loadRows(db);
  });

  after(async () => {
    await db?.close();
    await target?.drop();
  });

  async function read(filters: ExportFilters): Promise<{ pages: number[][]; events: number[] }> {
    const pages: number[][] = [];
    const events: number[] = [];
    for await (const event of readExportEvents(db.kysely, context.site, filters, { pageSize: PAGE, now: NOW, onPage: (ids) => pages.push(ids) })) {
      events.push(event.id);
    }
    return { pages, events };
  }

  const ofType = (type: string) => rows.posts.filter((post) => post.type === type).map((post) => post.id);
  const termIds = (taxonomy: string) => rows.taxonomies.filter((tt) => tt.taxonomy === taxonomy).map((tt) => String(tt.termId));
  const termId = (taxonomy: string, index: number) => termIds(taxonomy)[index]!;
  const tagIds = (from: number, to: number) => termIds('post_tag').slice(from, to);
  const cases: [string, () => ExportFilters][] = [
    ['no filter', () => ({})],
    ['statuses', () => ({ status: ['draft', 'future', 'private'] })],
    ['start and end dates', () => ({ startDate: '2027-06-01 00:00:00', endDate: '2028-01-31 00:00:00' })],
    // The seeder's first category (Music) has three children, its seventh (Sports) one.
    ['a category with its children', () => ({ category: [termId('tribe_events_cat', 0)] })],
    ['categories of both calendars', () => ({ category: [termId('tribe_events_cat', 6), termId('tribe_events_cat', 26)] })],
    ['a category and tags', () => ({ category: [termId('tribe_events_cat', 0)], tag: tagIds(0, 120) })],
    ['venues and organizers', () => ({ venue: ofType('tribe_venue').slice(0, 3), organizer: ofType('tribe_organizer').filter((_, i) => i % 2 === 0) })],
    ['IDs, some not events', () => ({ ids: rows.posts.filter((_, i) => i % 5 === 0).map((post) => post.id) })],
    ['everything at once', () => ({
      startDate: '2026-10-01 00:00:00', category: [termId('tribe_events_cat', 0), termId('tribe_events_cat', 20)],
      organizer: ofType('tribe_organizer'), ids: rows.posts.filter((_, i) => i % 2 === 1).map((post) => post.id),
    })],
  ];

  for (const [name, filtersOf] of cases) {
    it(`reads every selected event once, in ID order, in full pages: ${name}`, async () => {
      const filters = filtersOf();
      const expected = expectedIds(rows, filters);
      expect(expected.length, 'matches enough events for several pages').to.be.greaterThan(2 * PAGE);
      const { pages, events } = await read(filters);
      expect(events).to.deep.equal(expected);
      expect(pages.flat()).to.deep.equal(expected);
      expect(pages.slice(0, -1).every((page) => page.length === PAGE), 'all pages but the last are full').to.equal(true);
    });
  }

  it('declares the categories (with their ancestors) and tags of the selected events only', async () => {
    const filters = cases[5]![1]();
    const selected = expectedIds(rows, filters);
    const used = new Set(selected.flatMap((id) => [...(rows.relationships.get(id) ?? [])]));
    const byTt = new Map(rows.taxonomies.map((tt) => [tt.ttId, tt]));
    const byTerm = new Map(rows.taxonomies.map((tt) => [`${tt.taxonomy} ${tt.termId}`, tt]));
    const categories = new Set<number>();
    for (const ttId of used) {
      for (let tt = byTt.get(ttId); tt?.taxonomy === 'tribe_events_cat'; tt = byTerm.get(`tribe_events_cat ${tt.parent}`)) categories.add(tt.termId);
    }
    const tags = [...used].map((ttId) => byTt.get(ttId)!).filter((tt) => tt.taxonomy === 'post_tag').map((tt) => tt.termId);
    const terms = await readExportTerms(db.kysely, context.site, filters, NOW);
    expect(terms.categories.map((term) => term.id).sort((a, b) => a - b)).to.deep.equal([...categories].sort((a, b) => a - b));
    expect(terms.tags.map((term) => term.id).sort((a, b) => a - b)).to.deep.equal(tags.sort((a, b) => a - b));
  });

  it('plans a page as a walk along the primary key with a probe per post: no sort, no materialized subquery', async () => {
    const filters: ExportFilters = {
      startDate: '2026-10-01 00:00:00', endDate: '2028-01-31 00:00:00', category: [termId('tribe_events_cat', 0)], tag: tagIds(0, 50),
      venue: ofType('tribe_venue'), organizer: ofType('tribe_organizer'),
    };
    const page = selectionPageQuery(db.kysely, await exportSelection(db.kysely, filters, context.site, NOW), ofType('tribe_events')[40]!, PAGE);
    if (kind.name === 'sqlite') {
      const plan = (await db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${page.sql}`, [...page.parameters]))).rows
        .map((row) => row.detail).filter((detail) => !detail.startsWith('CORRELATED SCALAR SUBQUERY'));
      expect(plan).to.deep.equal([
        'SEARCH wp_posts USING INTEGER PRIMARY KEY (rowid>?)',
        ...Array<string>(2).fill('SEARCH wp_term_relationships USING COVERING INDEX sqlite_autoindex_wp_term_relationships_1 (object_id=?)'),
        ...Array<string>(4).fill('SEARCH wp_postmeta USING INDEX wp_postmeta_post_id (post_id=?)'),
      ]);
    } else {
      const plan = (await db.kysely.executeQuery<{ select_type: string; table: string; key: string | null; Extra: string | null }>(
        CompiledQuery.raw(`EXPLAIN ${page.sql}`, [...page.parameters]))).rows.map((row) => [row.select_type, row.table, row.key, row.Extra ?? '']);
      expect(plan[0]!.slice(0, 3)).to.deep.equal(['PRIMARY', 'wp_posts', 'PRIMARY']);
      // MariaDB lists the subqueries last to first.
      expect(plan.slice(1).map((row) => row.slice(0, 3).join(' ')).sort()).to.deep.equal([
        ...Array<string>(4).fill('DEPENDENT SUBQUERY wp_postmeta post_id'),
        ...Array<string>(2).fill('DEPENDENT SUBQUERY wp_term_relationships PRIMARY'),
      ]);
      expect(plan.filter(([, , , extra]) => /filesort|temporary/i.test(extra!))).to.deep.equal([]);
    }
  });
});
