// The events' read model (src/domain/events/read-model.ts): what it loads for a page of events —
// which link values name a venue or organizer, in what order, which featured images — and that a
// page costs the same few statements whatever its size.
import { expect } from 'chai';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../../src/data/connect.ts';
import { POST_DEFAULTS } from '../../src/data/posts.ts';
import type { PostRow } from '../../src/data/tables.ts';
import { loadStoredEvents, type StoredEvent } from '../../src/domain/events/read-model.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const DATE = '2026-05-01 10:00:00';

forEachDatabase('events read model', (kind) => {
  let t: TestServer;
  let db: Db;

  before(async () => {
    t = await startTestServer(kind);
    db = t.server.db;
  });
  after(async () => t?.close());

  async function post(type: string, status = 'publish', meta: Array<[string, string]> = []): Promise<number> {
    const { insertId } = await db.kysely.insertInto('posts').values({
      ...POST_DEFAULTS, post_type: type, post_status: status, post_title: `${type} ${status}`,
      post_date: DATE, post_date_gmt: DATE, post_modified: DATE, post_modified_gmt: DATE,
    }).executeTakeFirstOrThrow();
    const id = Number(insertId);
    for (const [key, value] of meta) await db.kysely.insertInto('postmeta').values({ post_id: id, meta_key: key, meta_value: value }).execute();
    return id;
  }

  async function term(taxonomy: string, name: string, postId: number): Promise<void> {
    const { insertId: termId } = await db.kysely.insertInto('terms').values({ name, slug: name.toLowerCase(), term_group: 0 }).executeTakeFirstOrThrow();
    const { insertId: ttId } = await db.kysely.insertInto('term_taxonomy')
      .values({ term_id: Number(termId), taxonomy, description: '', parent: 0, count: 1 }).executeTakeFirstOrThrow();
    await db.kysely.insertInto('term_relationships').values({ object_id: postId, term_taxonomy_id: Number(ttId), term_order: 0 }).execute();
  }

  async function load(ids: number[]): Promise<{ events: StoredEvent[]; statements: CompiledQuery[] }> {
    const rows = await db.kysely.selectFrom('posts').selectAll().where('ID', 'in', ids).orderBy('ID').execute() as PostRow[];
    const executor = db.kysely.getExecutor();
    const original = executor.executeQuery;
    const execute = original.bind(executor);
    const statements: CompiledQuery[] = [];
    executor.executeQuery = (query) => {
      statements.push(query);
      return execute(query);
    };
    try {
      return { events: await loadStoredEvents(db.kysely, rows), statements };
    } finally {
      executor.executeQuery = original;
    }
  }

  const ids = (posts: readonly { post: PostRow }[]): number[] => posts.map(({ post }) => Number(post.ID));

  it('links the venues and organizers numeric, positive values name, in meta order, whatever their status', async () => {
    const venue = await post('tribe_venue');
    const draftVenue = await post('tribe_venue', 'draft');
    const trashedVenue = await post('tribe_venue', 'trash');
    const organizer = await post('tribe_organizer');
    const privateOrganizer = await post('tribe_organizer', 'private');
    const event = await post('tribe_events', 'publish', [
      ['_EventVenueID', ` ${draftVenue} `], ['_EventVenueID', '0'], ['_EventVenueID', '-1'], ['_EventVenueID', 'abc'],
      ['_EventVenueID', `${venue / 10}e1`], ['_EventVenueID', `0x${venue.toString(16)}`], ['_EventVenueID', String(organizer)],
      ['_EventVenueID', String(venue)], ['_EventVenueID', String(trashedVenue)], ['_EventVenueID', String(draftVenue)],
      ['_EventOrganizerID', String(privateOrganizer)], ['_EventOrganizerID', String(venue)], ['_EventOrganizerID', String(organizer)],
    ]);
    const [loaded] = (await load([event])).events;
    expect(ids(loaded!.venues)).to.deep.equal([draftVenue, venue, trashedVenue, draftVenue]);
    expect(ids(loaded!.organizers)).to.deep.equal([privateOrganizer, organizer]);
  });

  it('gives events and their linked posts their featured images, attachments only', async () => {
    const image = await post('attachment', 'inherit', [['_wp_attached_file', '2026/05/a.jpg'], ['_wp_attachment_metadata', 'a:0:{}']]);
    const other = await post('attachment', 'inherit');
    const notAnImage = await post('page');
    const venue = await post('tribe_venue', 'publish', [['_thumbnail_id', String(other)], ['_VenueCity', 'Lyon'], ['_EventCost', '5']]);
    const organizer = await post('tribe_organizer', 'publish', [['_thumbnail_id', String(notAnImage)]]);
    const event = await post('tribe_events', 'publish', [['_thumbnail_id', ` ${image} `], ['_EventVenueID', String(venue)], ['_EventOrganizerID', String(organizer)]]);
    const [loaded] = (await load([event])).events;
    expect(loaded!.image).to.include({ attachedFile: '2026/05/a.jpg', metadata: 'a:0:{}' });
    expect(Number(loaded!.image!.post.ID)).to.equal(image);
    expect(loaded!.venues[0]!.image).to.include({ attachedFile: undefined, metadata: undefined });
    expect(Number(loaded!.venues[0]!.image!.post.ID)).to.equal(other);
    expect(loaded!.organizers[0]!.image).to.equal(undefined);
    // A linked post's meta holds what its representations read, nothing else.
    expect([...loaded!.venues[0]!.meta.keys()]).to.deep.equal(['_thumbnail_id', '_VenueCity']);
  });

  it('reads a featured image again when the value naming it is one MySQL reads otherwise, and shows none for one only MySQL takes for an ID', async () => {
    const [image, other] = [await post('attachment', 'inherit', [['_wp_attached_file', '2026/05/b.jpg']]), await post('attachment', 'inherit')];
    // JavaScript's trim takes a no-break space off, MySQL's number reading does not: not read ahead.
    const spaced = await post('tribe_events', 'publish', [['_thumbnail_id', `\u00a0${image}`]]);
    // MySQL reads `12abc` as 12 (read ahead), WordPress's digits test does not.
    const lettered = await post('tribe_events', 'publish', [['_thumbnail_id', `${other}abc`]]);
    const { events: [shown, unshown], statements } = await load([spaced, lettered]);
    expect(shown!.image?.attachedFile, 'the spaced value\'s image').to.equal('2026/05/b.jpg');
    expect(unshown!.image, 'the lettered value\'s image').to.equal(undefined);
    // MySQL: the packet with the images read ahead, and the spaced value's image read after it.
    expect(statements, statements.map((query) => query.sql).join('\n')).to.have.length(kind.name === 'mysql' ? 2 : 4);
  });

  it('loads a page in the same statements whatever its size: meta and terms, linked rows and meta, images (on MySQL in two packets: the images read ahead with the rows that name them)', async () => {
    const page = async (size: number): Promise<number[]> => {
      const events: number[] = [];
      for (let i = 0; i < size; i++) {
        const image = await post('attachment', 'inherit');
        const venue = await post('tribe_venue', 'publish', [['_thumbnail_id', String(image)]]);
        const organizer = await post('tribe_organizer', 'publish', [['_thumbnail_id', String(image)]]);
        const event = await post('tribe_events', 'publish', [['_thumbnail_id', String(image)], ['_EventVenueID', String(venue)], ['_EventOrganizerID', String(organizer)]]);
        await term('tribe_events_cat', `Category ${event}`, event);
        await term('post_tag', `Tag ${event}`, event);
        events.push(event);
      }
      return events;
    };
    const one = await load(await page(1));
    const many = await load(await page(12));
    expect(one.statements).to.have.length(kind.name === 'mysql' ? 2 : 6);
    const shape = (statements: CompiledQuery[]) => statements.map((query) => query.sql.replaceAll(/ in \([?, ]+\)/g, ' in (…)'));
    expect(shape(many.statements)).to.deep.equal(shape(one.statements));
    for (const event of many.events) {
      expect(event.terms.categories.map((term) => term.name)).to.deep.equal([`Category ${event.post.ID}`]);
      expect(event.terms.tags.map((term) => term.name)).to.deep.equal([`Tag ${event.post.ID}`]);
      expect([event.venues, event.organizers].map((linked) => linked.length)).to.deep.equal([1, 1]);
      expect([event.image, event.venues[0]!.image, event.organizers[0]!.image].map((image) => image?.post.ID)).to.deep.equal(Array(3).fill(event.image!.post.ID));
    }
  });
});
