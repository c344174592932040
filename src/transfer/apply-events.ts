// The events of an import, in chunks: each record is turned into what the API's event write
// computes (post fields, date meta, meta steps, TEC 6 rows — the same functions), then a chunk's
// new posts, meta rows, TEC 6 rows and term links are inserted with multi-row statements, in a
// unit of writes of its own, so other writers take turns with the import.
// Records matching a stored event (import key, or title + start for TEC CSV) update it.
// A created event gets TEC's tracker note, as TEC's CSV importer leaves it (its createEvent runs with
// the tracker on; its updates turn it off, and so do wpcal's).
import type { NewPost, PostRow } from '../data/tables.ts';
import type { WriteContext } from '../domain/write-context.ts';
import { RestError } from '../domain/errors.ts';
import {
  allSettled, clearEventsBulk, costEntries, forCreate, eventMetaOps, insertEventsBulk, storedDates, websiteValue, BULK_ROWS,
  type BulkEventWrite, type EventMetaChanges, type MetaOp,
} from '../domain/events/storage.ts';
import { isRegisteredStatus } from '../domain/values.ts';
import { publishLinkedPosts } from '../domain/events/publish-links.ts';
import { EVENT_TYPE } from '../domain/post-types.ts';
import { keepKnownRange } from '../domain/events/known-range.ts';
import { ID_FALLBACK_SLUG, baseSlug, commentStatus, markTecPostSaved, newPostFields, postGuid, updateTypedPost, type PostInput } from '../domain/post-writes.ts';
import type { Writer } from '../data/executor.ts';
import { insertPostRowsBulk, postTitlesWithMeta, setPostNamesAndGuids } from '../data/post-queries.ts';
import { POST_DEFAULTS, getPosts, type PostFields, type PostMeta } from '../data/posts.ts';
import { insertTermLinksBulk, recountTerms, termTaxonomyIdsOfPosts, unlinkPostsFromTaxonomy, type Term } from '../data/terms.ts';
import { computeEventDates, type EventDates } from '../time/event-dates.ts';
import { SlugAllocator, freeWantedIds } from './allocate.ts';
import type { LinkedPosts } from './apply-linked.ts';
import { TAXONOMIES, type TermResolver } from './apply-terms.ts';
import { IMPORT_KEY_META, importKey, loadImportKeys } from './import-keys.ts';
import type { EventRecord, RecordProblem } from './records.ts';
import { isProblem, type Read } from './source.ts';
import { organizersOfCell, type OrganizerLookup } from './csv/organizer-cell.ts';
import { RecordError, Tally, isRecordError, reasonOf } from './tally.ts';
import { StagedSet, type Units } from './staged.ts';
import { isValidTimezone } from '../time/zones.ts';
import { keptModified } from './kept-dates.ts';
import { SeenKeys } from './seen-keys.ts';
import { Recent } from './recent.ts';
import type { ImportImages } from './images.ts';
import { imageAttachmentFor } from '../domain/images.ts';
import { MODIFIED_FIELDS_KEY, modifiedFieldsChange, touchedMeta, touchedTaxonomies } from '../domain/modified-fields.ts';

export interface EventLinks {
  venues: LinkedPosts;
  organizers: LinkedPosts;
  terms: TermResolver;
}

export interface EventApplyOptions {
  source: string;
  /** `key`: by import key; `title-start`: by title and local start (TEC's CSV importer). */
  matchBy: 'key' | 'title-start';
  where: (record: EventRecord) => string;
  /** How many records (and problems) were read so far, after each unit. */
  onProgress?: (done: number) => void;
  /** Chunks of records written in one unit of writes (see EVENT_CHUNKS_PER_UNIT). */
  chunksPerUnit: number;
}

/** The slug a new post starts from (see baseSlug). */
type BaseSlug = ReturnType<typeof baseSlug>;

/** One record, computed without the database. */
interface Computed {
  where: string;
  record: EventRecord;
  input: PostInput;
  /** The post fields a create would write (computed early: it validates the post dates). */
  fields: PostFields;
  dates: EventDates;
  changes: EventMetaChanges;
  /** What finds the stored event it updates: its import key, or its title and start. */
  match: string;
  /** Its slug if it is created, computed with post ID 0 (see ID_FALLBACK_SLUG); absent when it matched a stored event. */
  slug?: BaseSlug;
}

/** One record, ready to write. */
interface Plan extends Computed {
  terms: Partial<Record<keyof typeof TAXONOMIES, Term[]>>;
  existing?: number;
}

/** Consecutive records, computed (or why they cannot be written): what one unit of writes writes. */
interface Chunk {
  items: Array<Computed | RecordProblem>;
  /** No record follows. */
  last: boolean;
}

/** A post of the chunk, written, and how its terms change. */
interface Linked {
  plan: Plan;
  id: number;
  /** Created by this chunk: it has no terms to replace. */
  fresh: boolean;
  /** An update moved it to another status (its terms must be recounted). */
  statusChanged: boolean;
}

/** Records handled between two turns of the event loop, so the replies of the statements running meanwhile come in. */
const YIELD_EVERY = 50;

/** Rows as insertPostRowsBulk takes them: their columns (every row has the same), and their values one after another. */
function flatRows(rows: readonly NewPost[]): [Array<keyof NewPost>, unknown[]] {
  const columns = rows.length ? Object.keys(rows[0]) as Array<keyof NewPost> : [];
  const values = new Array<unknown>(rows.length * columns.length);
  let i = 0;
  for (const row of rows) for (const column of columns) values[i++] = row[column];
  return [columns, values];
}

const nextTurn = (): Promise<void> => new Promise(setImmediate);
const turnDue = (index: number): boolean => index % YIELD_EVERY === YIELD_EVERY - 1;

const EMPTY_ZONE = new Set(['', '0']);

const NO_META: PostMeta = new Map();

function postInput(record: EventRecord, site: WriteContext['site']): PostInput {
  const columns: PostInput['columns'] = keptModified(record.modifiedUtc, site);
  if (record.sticky !== undefined) columns.menu_order = record.sticky ? -1 : 0;
  if (record.password !== undefined) columns.post_password = record.password;
  return {
    title: record.title,
    content: record.description,
    excerpt: record.excerpt,
    slug: record.slug,
    status: record.status,
    date: record.date,
    dateUtc: record.dateUtc,
    dateZone: record.timezone !== undefined && !EMPTY_ZONE.has(record.timezone) ? record.timezone : undefined,
    columns,
  };
}

function postFields(req: WriteContext, input: PostInput, comments: string): PostFields {
  try {
    return newPostFields(req, EVENT_TYPE, input, comments);
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    throw new RecordError(`cannot read the post date "${input.date ?? input.dateUtc}"`);
  }
}

/** `computed`: the dates of the values seen before (the site, its zone and now are the import's own). */
function recordDates(req: WriteContext, record: EventRecord, computed: Recent<EventDates | null>): EventDates {
  const zone = record.timezone;
  // Empty and "0" mean the site's zone, as for the API.
  if (zone !== undefined && zone !== '' && zone !== '0' && !isValidTimezone(zone)) throw new RecordError(`unknown time zone "${zone}"`);
  const allDay = record.allDay === true;
  const dates = computed.get(`${zone ?? ''}\n${allDay}\n${record.startDate}\n${record.endDate}`, () => computeEventDates({
    start: record.startDate,
    end: record.endDate,
    allDay,
    timezone: zone,
    siteTimezone: req.site.timezone,
    now: req.now,
    multiDayCutoff: req.site.multiDayCutoff,
  }));
  if (dates === null) {
    throw new RecordError(`cannot read the dates "${record.startDate}" – "${record.endDate}"${record.timezone ? ` in time zone "${record.timezone}"` : ''}`);
  }
  if (dates.endBeforeStart) throw new RecordError(`the end "${record.endDate}" is before the start "${record.startDate}"`);
  return dates;
}

/** The `_EventCost` rows of a cost; `costs`: those of the costs seen before. */
function costRows(cost: string | string[], costs: Recent<string[]>): string[] {
  return typeof cost === 'string' ? costs.get(cost, () => costEntries(cost)) : costEntries(cost);
}

/**
 * The meta a record names (absent fields leave stored values alone on update). Its dates and
 * cost rows may be shared with other records: nothing changes them.
 */
function metaChanges(record: EventRecord, dates: EventDates, costs: Recent<string[]>): EventMetaChanges {
  return {
    dates,
    cost: record.cost === undefined ? undefined : costRows(record.cost, costs),
    currencySymbol: record.currencySymbol,
    currencyPosition: record.currencyPosition,
    website: record.website === undefined ? undefined : websiteValue(record.website),
    showMap: record.showMap,
    showMapLink: record.showMapLink,
    hideFromListings: record.hideFromListings,
    featured: record.featured,
  };
}

/** Extra meta of the record (keys the event write does not own), one replace step per key. */
function extraMetaOps(meta: ReadonlyArray<[string, string]>, owned: ReadonlySet<string>): MetaOp[] {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of meta) {
    if (owned.has(key) || key === IMPORT_KEY_META) continue;
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(value);
  }
  return [...byKey].map(([key, values]) => ({ op: 'replace', key, values }));
}

export class EventImporter {
  private readonly slugs: SlugAllocator;
  /** Terms whose counts the committed chunks changed: counted once, at the end. */
  private readonly touchedTerms: StagedSet<number>;
  /** Venues and organizers published for the published events that name them. */
  private readonly publishedLinks: StagedSet<number>;
  /** Stored events by what matches them (import key, or title and start), as the import began. */
  private matches = new Map<string, number>();
  /** What matched the records read so far: a second record of one event fails. */
  private readonly seen = new SeenKeys();
  /** Dates and cost rows by the values records give (records repeat them). */
  private readonly computedDates = new Recent<EventDates | null>();
  private readonly costs = new Recent<string[]>();
  /** Tracker notes of creates by the names they note (the import's clock is one: records share notes). */
  private readonly createNotes = new Recent<MetaOp | undefined>();
  private comments = 'open';

  private readonly req: WriteContext;

  constructor(
    private readonly units: Units,
    private readonly images: ImportImages,
    private readonly links: EventLinks,
    private readonly options: EventApplyOptions,
  ) {
    this.req = images.context;
    this.slugs = new SlugAllocator(EVENT_TYPE.type);
    this.touchedTerms = units.track(new StagedSet());
    this.publishedLinks = units.track(new StagedSet());
  }

  private async loadMatches(trx: Writer): Promise<Map<string, number>> {
    if (this.options.matchBy === 'key') return loadImportKeys(trx, EVENT_TYPE.type, this.options.source);
    const matches = new Map<string, number>();
    for (const row of await postTitlesWithMeta(trx, EVENT_TYPE.type, 'trash', '_EventStartDate')) {
      const match = `${row.post_title}\n${row.meta_value ?? ''}`;
      if (!matches.has(match)) matches.set(match, Number(row.ID));
    }
    return matches;
  }

  private matchOf(record: EventRecord, dates: EventDates): string {
    return this.options.matchBy === 'key' ? importKey(this.options.source, record.key) : `${record.title}\n${dates.startLocal}`;
  }

  /** What a record computes without the database (most of the work: dates, post fields, meta values, slug). */
  private compute(record: EventRecord, where: string): Computed {
    if (typeof record.title !== 'string' || record.title.trim() === '') throw new RecordError('the title is empty');
    if (record.status !== undefined && !isRegisteredStatus(record.status)) throw new RecordError(`unknown status "${record.status}"`);
    const dates = recordDates(this.req, record, this.computedDates);
    const input = postInput(record, this.req.site);
    const fields = postFields(this.req, input, this.comments);
    const match = this.matchOf(record, dates);
    if (!this.seen.add(match)) throw new RecordError(`the same ${this.options.matchBy === 'key' ? 'key' : 'title and start'} as an earlier event of the file`);
    const slug = this.matches.has(match) ? undefined : this.slugOf(input, fields, 0);
    return { where, record, input, fields, dates, changes: metaChanges(record, dates, this.costs), match, slug };
  }

  private slugOf(input: PostInput, fields: PostFields, id: number): BaseSlug {
    return baseSlug(id, input.slug ?? '', fields.post_title ?? '', fields.post_status ?? '');
  }

  private organizerLookup(trx: Writer): OrganizerLookup {
    const { organizers } = this.links;
    return {
      byId: (id) => organizers.byId(trx, id),
      byTitle: (title) => organizers.find(trx, title),
      resolve: (title) => organizers.resolve(trx, title),
    };
  }

  /** The plan of a computed record: its venue, organizers and terms (created when missing) and what it updates. */
  private async plan(trx: Writer, computed: Computed): Promise<Plan> {
    const { record, changes, match } = computed;
    // Organizers first: a cell naming none fails the record before its venue is created.
    if (record.organizerCell !== undefined) changes.organizerIds = await organizersOfCell(record.organizerCell, this.organizerLookup(trx));
    else if (record.organizerKeys !== undefined) {
      changes.organizerIds = [];
      for (const key of record.organizerKeys) {
        const id = await this.links.organizers.resolve(trx, key);
        if (!changes.organizerIds.includes(id)) changes.organizerIds.push(id);
      }
    }
    if (record.venueKey !== undefined) changes.venueId = await this.links.venues.resolve(trx, record.venueKey);
    const terms: Plan['terms'] = {};
    for (const name of ['categories', 'tags'] as const) {
      const refs = record[name];
      if (refs !== undefined) terms[name] = await this.links.terms.resolve(trx, TAXONOMIES[name], refs);
    }
    // Its image was resolved before the unit (downloaded, or an attachment): this cannot fail.
    if (record.image !== undefined) changes.thumbnailId = await imageAttachmentFor(trx, this.req, record.image);
    // Onto the computed record: a spread followed by more properties is slow in V8.
    return Object.assign(computed, { terms, existing: this.matches.get(match) });
  }

  private metaOps(plan: Plan, creating: boolean): MetaOp[] {
    const ops = eventMetaOps(creating ? forCreate(plan.changes) : plan.changes);
    if (plan.record.meta) ops.push(...extraMetaOps(plan.record.meta, new Set(ops.map((step) => step.key))));
    if (this.options.matchBy === 'key') ops.push({ op: 'set', key: IMPORT_KEY_META, value: plan.match });
    // TEC's iCalendar imports (Event Aggregator) create events with its tracker off.
    if (creating && this.options.source !== 'ics') this.noteCreate(plan, ops);
    return ops;
  }

  /**
   * Adds to a create's steps TEC's tracker note: its taxonomies with terms and every meta key it
   * writes. A record whose file carries a note (a WXR or JSON export) keeps that one: it tells
   * when the event's fields changed where it comes from, and an export imported again is the same.
   */
  private noteCreate(plan: Plan, ops: MetaOp[]): void {
    if (ops.some((step) => step.key === MODIFIED_FIELDS_KEY)) return;
    const taxonomies = (Object.keys(plan.terms) as Array<keyof typeof TAXONOMIES>)
      .filter((name) => plan.terms[name]!.length > 0).map((name) => TAXONOMIES[name].taxonomy);
    // A create's steps name each key once (eventMetaOps, the record's other meta, the import key):
    // the keys that leave rows are what touchedMeta finds, computed once per list of them.
    let written = taxonomies.join(',');
    for (const step of ops) if (step.op !== 'delete' && (step.op !== 'replace' || step.values.length)) written += `\n${step.key}`;
    const note = this.createNotes.get(written, () => modifiedFieldsChange(
      undefined, [...touchedTaxonomies(taxonomies), ...touchedMeta(ops, NO_META)], this.req.now, this.req.site,
    ));
    if (note) ops.push(note);
  }

  /** The row of a new post (without its ID): `id` 0 until the database numbers it. */
  private async postRow(trx: Writer, plan: Plan, id: number, slug: BaseSlug): Promise<NewPost> {
    const post_name = slug.unique ? await this.slugs.take(trx, slug.slug) : slug.slug;
    const guid = postGuid(this.req, EVENT_TYPE, { ID: id, post_status: plan.fields.post_status ?? '', post_name });
    return Object.assign({}, POST_DEFAULTS, plan.fields, { post_name, guid });
  }

  /**
   * Inserts the chunk's new posts: with their wanted IDs when free, else numbered by the database.
   * A slug or GUID made of the post ID (a title without letters, a draft's GUID) is written once
   * the ID is known. Slugs are handed out in record order.
   */
  private async insertPosts(trx: Writer, plans: readonly Plan[]): Promise<Map<Plan, number>> {
    const ids = new Map<Plan, number>();
    if (!plans.length) return ids;
    const free = await freeWantedIds(trx, plans.map((plan) => plan.record.wantedId));
    for (const plan of plans) {
      const wanted = plan.record.wantedId;
      if (wanted !== undefined && free.delete(wanted)) ids.set(plan, wanted);
    }
    const slugOf = (plan: Plan, id: number): BaseSlug => (plan.slug!.slug === ID_FALLBACK_SLUG ? this.slugOf(plan.input, plan.fields, id) : plan.slug!);
    const known = plans.filter((plan) => ids.has(plan) || plan.slug!.slug !== ID_FALLBACK_SLUG);
    await this.slugs.prepare(trx, known.map((plan) => slugOf(plan, ids.get(plan) ?? 0)).filter((slug) => slug.unique).map((slug) => slug.slug));
    const kept: NewPost[] = [];
    const numbered: Array<{ plan: Plan; row: NewPost }> = [];
    for (let i = 0; i < plans.length; i++) {
      if (turnDue(i)) await nextTurn();
      const plan = plans[i];
      const id = ids.get(plan);
      const slug = id !== undefined || plan.slug!.slug !== ID_FALLBACK_SLUG ? slugOf(plan, id ?? 0) : { slug: '', unique: false };
      const row = await this.postRow(trx, plan, id ?? 0, slug);
      if (id === undefined) numbered.push({ plan, row });
      else kept.push(Object.assign(row, { ID: id }));
    }
    await insertPostRowsBulk(trx, ...flatRows(kept));
    const given = await insertPostRowsBulk(trx, ...flatRows(numbered.map(({ row }) => row)));
    const corrections: Array<{ id: number; name: string; guid: string }> = [];
    for (let i = 0; i < numbered.length; i++) {
      const { plan, row } = numbered[i];
      const id = given[i];
      ids.set(plan, id);
      let name = row.post_name ?? '';
      if (plan.slug!.slug === ID_FALLBACK_SLUG) {
        const slug = slugOf(plan, id);
        if (slug.unique) await this.slugs.prepare(trx, [slug.slug]);
        name = slug.unique ? await this.slugs.take(trx, slug.slug) : slug.slug;
      }
      const guid = postGuid(this.req, EVENT_TYPE, { ID: id, post_status: row.post_status ?? '', post_name: name });
      if (name !== row.post_name || guid !== row.guid) corrections.push({ id, name, guid });
    }
    await setPostNamesAndGuids(trx, corrections);
    return ids;
  }

  /** Updates the chunk's matched posts (their rows as read in this unit) through the API's post update. */
  private async updatePosts(trx: Writer, plans: readonly Plan[], rows: ReadonlyMap<number, PostRow>): Promise<Map<Plan, { status: string; statusChanged: boolean }>> {
    const result = new Map<Plan, { status: string; statusChanged: boolean }>();
    for (const plan of plans) {
      const post = rows.get(plan.existing!)!;
      const input = { ...plan.input };
      if (input.slug !== undefined && input.slug === post.post_name) delete input.slug;
      const updated = await updateTypedPost(trx, this.req, EVENT_TYPE, post, input);
      result.set(plan, { status: updated.post_status, statusChanged: updated.post_status !== post.post_status });
    }
    return result;
  }

  /** Replaces the terms of the named taxonomies on these posts; remembers what to recount. */
  private async linkTerms(trx: Writer, posts: readonly Linked[]): Promise<void> {
    const relationships: number[] = [];
    for (const [name, def] of Object.entries(TAXONOMIES) as Array<[keyof typeof TAXONOMIES, (typeof TAXONOMIES)[keyof typeof TAXONOMIES]]>) {
      const replaced = posts.filter((post) => post.plan.terms[name] !== undefined);
      const stale = replaced.filter((post) => !post.fresh).map((post) => post.id);
      for (const ttId of await unlinkPostsFromTaxonomy(trx, stale, def.taxonomy)) this.touchedTerms.add(ttId);
      for (const post of replaced) {
        for (const term of post.plan.terms[name]!) {
          relationships.push(post.id, term.term_taxonomy_id, 0);
          this.touchedTerms.add(term.term_taxonomy_id);
        }
      }
    }
    await insertTermLinksBulk(trx, relationships);
    // A status change moves every term the post holds in or out of the published counts.
    const changed = posts.filter((post) => post.statusChanged).map((post) => post.id);
    for (const ttId of await termTaxonomyIdsOfPosts(trx, changed)) this.touchedTerms.add(ttId);
  }

  /** Publishes the draft venues and organizers the chunk's published events name, once each. */
  private async publishLinks(trx: Writer, linkedIds: readonly number[]): Promise<void> {
    const unpublished = [...new Set(linkedIds)].filter((id) => !this.publishedLinks.has(id));
    for (const id of unpublished) this.publishedLinks.add(id);
    await publishLinkedPosts(trx, this.req, { post_status: 'publish' }, unpublished, new Map());
  }

  /** Writes one chunk: new posts, updates, then the meta, TEC 6 rows and terms of all. */
  private async writeChunk(trx: Writer, chunk: Chunk): Promise<Tally> {
    const tally = new Tally();
    await this.slugs.start(trx);
    const plans: Plan[] = [];
    for (let i = 0; i < chunk.items.length; i++) {
      if (turnDue(i)) await nextTurn();
      const item = chunk.items[i];
      if (isProblem(item)) {
        tally.fail(item.where, item.reason);
        continue;
      }
      try {
        plans.push(await this.plan(trx, item));
      } catch (error) {
        if (!isRecordError(error)) throw error;
        tally.fail(item.where, reasonOf(error));
      }
    }
    // The events matched as the import began, as they are now: one deleted meanwhile fails its record.
    const stored = new Map((await getPosts(trx, plans.flatMap((plan) => (plan.existing === undefined ? [] : [plan.existing]))))
      .map((row) => [Number(row.ID), row]));
    const gone = plans.filter((plan) => plan.existing !== undefined && !stored.has(plan.existing));
    for (const plan of gone) tally.fail(plan.where, 'the event it matches was deleted during the import');
    const kept = gone.length ? plans.filter((plan) => !gone.includes(plan)) : plans;
    const created = await this.insertPosts(trx, kept.filter((plan) => plan.existing === undefined));
    const updated = await this.updatePosts(trx, kept.filter((plan) => plan.existing !== undefined), stored);
    const writes: BulkEventWrite[] = [];
    const linked: Linked[] = [];
    const published: number[] = [];
    for (let i = 0; i < kept.length; i++) {
      if (turnDue(i)) await nextTurn();
      const plan = kept[i];
      const fresh = plan.existing === undefined;
      const id = fresh ? created.get(plan)! : plan.existing!;
      const post = updated.get(plan);
      writes.push({ postId: id, ops: this.metaOps(plan, fresh), dates: storedDates(plan.dates), fresh });
      linked.push({ plan, id, fresh, statusChanged: post?.statusChanged ?? false });
      if ((post?.status ?? plan.fields.post_status) === 'publish') {
        if (plan.changes.venueId) published.push(plan.changes.venueId);
        published.push(...plan.changes.organizerIds ?? []);
      }
    }
    await clearEventsBulk(trx, writes);
    await allSettled([insertEventsBulk(trx, writes, this.req.now), this.linkTerms(trx, linked)]);
    await this.publishLinks(trx, published);
    // TEC's save cache key, once for the chunk's new posts (updates set it through updateTypedPost).
    if (created.size) markTecPostSaved(trx, this.req.now);
    // TEC's CSV import rebuilds the known date range once it is done; every unit leaves it right.
    if (kept.length) keepKnownRange(trx, { kind: 'rebuild' });
    tally.created += created.size;
    tally.updated += updated.size;
    return tally;
  }

  /**
   * The next records (`first`, then what the iterator gives) up to a chunk, computed in order; a
   * record that cannot be computed is its failure's problem.
   */
  private async computeChunk(records: AsyncIterator<Read<EventRecord>>, first?: Read<EventRecord>): Promise<Chunk> {
    const items: Chunk['items'] = [];
    let next = first;
    while (items.length < BULK_ROWS) {
      if (next === undefined) {
        const read = await records.next();
        if (read.done) return { items, last: true };
        next = read.value;
      }
      if (turnDue(items.length)) await nextTurn();
      const item = next;
      next = undefined;
      if (isProblem(item)) {
        items.push(item);
        continue;
      }
      const where = this.options.where(item);
      try {
        items.push(this.compute(item, where));
      } catch (error) {
        if (!isRecordError(error)) throw error;
        items.push({ where, reason: reasonOf(error) });
      }
    }
    return { items, last: false };
  }

  /** Writes the chunks one after the other in one unit of writes. */
  private async writeChunks(trx: Writer, chunks: readonly Chunk[]): Promise<Tally> {
    const tally = new Tally();
    for (const chunk of chunks) tally.add(await this.writeChunk(trx, chunk));
    return tally;
  }

  /**
   * Applies the records as they are read, chunksPerUnit chunks per unit of writes; counts each as
   * created, updated or failed. The next chunk is read and computed while the database writes the
   * unit before.
   */
  async apply(records: AsyncIterable<Read<EventRecord>>, tally: Tally): Promise<void> {
    const iterator = records[Symbol.asyncIterator]();
    let next: Promise<Chunk> | undefined;
    try {
      const first = await iterator.next();
      if (first.done) return;
      this.comments = commentStatus(EVENT_TYPE, this.req.site);
      this.matches = await this.units.run((trx) => this.loadMatches(trx));
      next = this.computeChunk(iterator, first.value);
      let done = 0;
      while (next) {
        const chunks: Chunk[] = [];
        while (next && chunks.length < this.options.chunksPerUnit) {
          const chunk: Chunk = await next;
          next = chunk.last ? undefined : this.computeChunk(iterator);
          // Computed while this unit is written: if that fails, its failure goes unobserved.
          next?.catch(() => undefined);
          await this.prepareImages(chunk);
          chunks.push(chunk);
        }
        tally.add(await this.images.settled(() => this.units.run((trx) => this.writeChunks(trx, chunks))));
        for (const chunk of chunks) done += chunk.items.length;
        this.options.onProgress?.(done);
      }
    } catch (error) {
      // What the chunks before committed stays: their terms are counted even so.
      await this.countTerms().catch(() => undefined);
      throw error;
    } finally {
      // The file is closed once the chunk being read (if writing failed) is.
      await next?.catch(() => undefined);
      await iterator.return?.();
    }
    await this.countTerms();
  }

  /** Resolves the images of the chunk's records before its unit; a record whose image cannot be used becomes a failure. */
  private async prepareImages(chunk: Chunk): Promise<void> {
    const computed = chunk.items.filter((item): item is Computed => !isProblem(item));
    const failed = await this.images.prepare(computed.map((item) => item.record));
    if (!failed.size) return;
    chunk.items = chunk.items.map((item) => {
      const reason = isProblem(item) ? undefined : failed.get(item.record);
      return reason === undefined ? item : { where: item.where, reason };
    });
  }

  /** Counts the terms of the written chunks, once at the end (a category's count is a COUNT over all its posts). */
  private async countTerms(): Promise<void> {
    const terms = [...this.touchedTerms.values()];
    if (terms.length) await this.units.run((trx) => recountTerms(trx, terms));
  }
}
