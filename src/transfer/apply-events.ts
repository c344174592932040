// The events of an import, in chunks: each record is turned into what the API's event write
// computes (post fields, date meta, meta steps, TEC 6 rows — the same functions), then a chunk's
// new posts, meta rows, TEC 6 rows and term links are inserted with multi-row statements.
// Records matching a stored event (import key, or title + start for TEC CSV) update it.
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
import { baseSlug, commentStatus, markTecPostSaved, newPostFields, postGuid, updateTypedPost, type PostInput } from '../domain/post-writes.ts';
import type { Writer } from '../data/executor.ts';
import { insertPostRowsBulk, postTitlesWithMeta } from '../data/post-queries.ts';
import { POST_DEFAULTS, getPosts, type PostFields } from '../data/posts.ts';
import { insertTermLinksBulk, recountTerms, termTaxonomyIdsOfPosts, unlinkPostsFromTaxonomy, type Term } from '../data/terms.ts';
import { computeEventDates, type EventDates } from '../time/event-dates.ts';
import { EventRowIds, PostIdAllocator, SlugAllocator } from './allocate.ts';
import type { LinkedPosts } from './apply-linked.ts';
import { TAXONOMIES, type TermResolver } from './apply-terms.ts';
import { IMPORT_KEY_META, importKey, loadImportKeys } from './import-keys.ts';
import type { EventRecord } from './records.ts';
import { RecordError, isRecordError, reasonOf, type Tally } from './tally.ts';
import { isValidTimezone } from '../time/zones.ts';
import { keptModified } from './kept-dates.ts';

export interface EventLinks {
  venues: LinkedPosts;
  organizers: LinkedPosts;
  terms: TermResolver;
}

export interface EventApplyOptions {
  source: string;
  /** `key`: by import key; `title-start`: by title and local start (TEC's CSV importer). */
  matchBy: 'key' | 'title-start';
  where: (record: EventRecord, index: number) => string;
  onProgress?: (done: number) => void;
}

/** A post of the chunk once written. */
interface Written {
  id: number;
  status: string;
  /** An update moved it to another status (its terms must be recounted). */
  statusChanged: boolean;
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
  /** Its slug if it is created, computed with post ID 0 (see ID_SLUG); absent when it matched a stored event. */
  slug?: BaseSlug;
}

/** A record that cannot be written, and why. */
interface Failure {
  where: string;
  reason: string;
}

/** One record, ready to write. */
interface Plan extends Computed {
  terms: Partial<Record<keyof typeof TAXONOMIES, Term[]>>;
  existing?: number;
}

/** Consecutive records between their computation and their write. */
interface Chunk {
  start: number;
  size: number;
  items: Array<Computed | Failure>;
  /** What it reads of the database before its new posts are built: which wanted IDs are free (and the stored slugs). */
  reads?: Promise<ReadonlySet<number>>;
}

/** A chunk's new posts as rows to insert. */
interface NewPosts {
  columns: Array<keyof NewPost>;
  values: unknown[];
  ids: Map<Plan, number>;
}

/** A chunk being written. */
interface ChunkWrite {
  written: Promise<void>;
  /** It updates stored events, whose slugs may change: the next chunk's slugs are read once it is written. */
  updates: boolean;
}

/** The slug baseSlug gives a post whose title yields none when its ID is 0: it is the ID then. */
const ID_SLUG = '0';

/** Records handled between two turns of the event loop, so the replies of the statements running meanwhile come in. */
const YIELD_EVERY = 50;

const nextTurn = (): Promise<void> => new Promise(setImmediate);
const turnDue = (index: number): boolean => index % YIELD_EVERY === YIELD_EVERY - 1;

const EMPTY_ZONE = new Set(['', '0']);

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

function recordDates(req: WriteContext, record: EventRecord): EventDates {
  const zone = record.timezone;
  // Empty and "0" mean the site's zone, as for the API.
  if (zone !== undefined && zone !== '' && zone !== '0' && !isValidTimezone(zone)) throw new RecordError(`unknown time zone "${zone}"`);
  const dates = computeEventDates({
    start: record.startDate,
    end: record.endDate,
    allDay: record.allDay === true,
    timezone: record.timezone,
    siteTimezone: req.site.timezone,
    now: req.now,
    multiDayCutoff: req.site.multiDayCutoff,
  });
  if (dates === null) {
    throw new RecordError(`cannot read the dates "${record.startDate}" – "${record.endDate}"${record.timezone ? ` in time zone "${record.timezone}"` : ''}`);
  }
  if (dates.endBeforeStart) throw new RecordError(`the end "${record.endDate}" is before the start "${record.startDate}"`);
  return dates;
}

/** The meta a record names (absent fields leave stored values alone on update). */
function metaChanges(record: EventRecord, dates: EventDates): EventMetaChanges {
  return {
    dates,
    cost: record.cost === undefined ? undefined : costEntries(record.cost),
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
  private readonly slugs = new SlugAllocator(EVENT_TYPE.type);
  private readonly touchedTerms = new Set<number>();
  private readonly publishedLinks = new Set<number>();
  private matches = new Map<string, number>();
  private readonly seen = new Map<string, string>();
  private readonly ids: PostIdAllocator;
  private readonly eventIds: EventRowIds;
  /** Linked posts created for events when post IDs were last read. */
  private linksCreated = 0;
  /** Statements issued and not awaited at once (see allSettled). */
  private readonly issued: Array<Promise<unknown>> = [];
  private comments = 'open';
  private inserted = false;

  constructor(
    private readonly trx: Writer,
    private readonly req: WriteContext,
    private readonly links: EventLinks,
    private readonly options: EventApplyOptions,
  ) {
    this.ids = new PostIdAllocator();
    this.eventIds = new EventRowIds();
  }

  private async loadMatches(): Promise<void> {
    if (this.options.matchBy === 'key') {
      this.matches = await loadImportKeys(this.trx, EVENT_TYPE.type, this.options.source);
      return;
    }
    for (const row of await postTitlesWithMeta(this.trx, EVENT_TYPE.type, 'trash', '_EventStartDate')) {
      const match = `${row.post_title}\n${row.meta_value ?? ''}`;
      if (!this.matches.has(match)) this.matches.set(match, Number(row.ID));
    }
  }

  private matchOf(record: EventRecord, dates: EventDates): string {
    return this.options.matchBy === 'key' ? importKey(this.options.source, record.key) : `${record.title}\n${dates.startLocal}`;
  }

  /** What a record computes without the database (most of the work: dates, post fields, meta values, slug). */
  private compute(record: EventRecord, where: string): Computed {
    if (typeof record.title !== 'string' || record.title.trim() === '') throw new RecordError('the title is empty');
    if (record.status !== undefined && !isRegisteredStatus(record.status)) throw new RecordError(`unknown status "${record.status}"`);
    const dates = recordDates(this.req, record);
    const input = postInput(record, this.req.site);
    const fields = postFields(this.req, input, this.comments);
    const match = this.matchOf(record, dates);
    const slug = this.matches.has(match) ? undefined : this.slugOf(input, fields, 0);
    return { where, record, input, fields, dates, changes: metaChanges(record, dates), match, slug };
  }

  private slugOf(input: PostInput, fields: PostFields, id: number): BaseSlug {
    return baseSlug(id, input.slug ?? '', fields.post_title ?? '', fields.post_status ?? '');
  }

  /** The plan of a computed record: its venue, organizers and terms (created when missing) and what it updates. */
  private async plan(computed: Computed): Promise<Plan> {
    const { record, changes, match, where } = computed;
    if (record.venueKey !== undefined) changes.venueId = await this.links.venues.resolve(record.venueKey);
    if (record.organizerKeys !== undefined) {
      changes.organizerIds = [];
      for (const key of record.organizerKeys) {
        const id = await this.links.organizers.resolve(key);
        if (!changes.organizerIds.includes(id)) changes.organizerIds.push(id);
      }
    }
    const terms: Plan['terms'] = {};
    for (const name of ['categories', 'tags'] as const) {
      const refs = record[name];
      if (refs !== undefined) terms[name] = await this.links.terms.resolve(TAXONOMIES[name], refs);
    }
    const first = this.seen.get(match);
    if (first !== undefined) throw new RecordError(`the same event as ${first}`);
    this.seen.set(match, where);
    // Onto the computed record: a spread followed by more properties is slow in V8.
    return Object.assign(computed, { terms, existing: this.matches.get(match) });
  }

  private metaOps(plan: Plan, creating: boolean): MetaOp[] {
    const ops = eventMetaOps(creating ? forCreate(plan.changes) : plan.changes);
    if (plan.record.meta) ops.push(...extraMetaOps(plan.record.meta, new Set(ops.map((step) => step.key))));
    if (this.options.matchBy === 'key') ops.push({ op: 'set', key: IMPORT_KEY_META, value: plan.match });
    return ops;
  }

  /**
   * Issues the reads a chunk's new posts need, without waiting for them: which wanted IDs are
   * free, and which of their slugs are stored. Issued before the chunk before it is written,
   * they are answered by the time that write is.
   */
  private readAhead(chunk: Chunk): Promise<ReadonlySet<number>> {
    const creates = chunk.items.filter((item): item is Computed & { slug: BaseSlug } => 'slug' in item && item.slug !== undefined);
    const slugs = this.slugs.prepare(this.trx, creates.filter((item) => item.slug.unique).map((item) => item.slug.slug));
    const free = this.ids.free(this.trx, creates.flatMap((item) => (item.record.wantedId === undefined ? [] : [item.record.wantedId])));
    return this.issue(allSettled([free, slugs]).then(() => free));
  }

  /** Remembers work issued on the transaction; until it is awaited, a failure must not count as unhandled. */
  private issue<T>(work: Promise<T>): Promise<T> {
    this.issued.push(work);
    work.catch(() => undefined);
    return work;
  }

  /** The chunk's new posts: their IDs (wanted ones when free), unique slugs and rows. */
  private async newPosts(plans: readonly Plan[], free: ReadonlySet<number>): Promise<NewPosts> {
    const posts: NewPosts = { columns: [], values: [], ids: new Map() };
    if (!plans.length) return posts;
    this.inserted = true;
    const ids = plans.map((plan) => this.ids.take(plan.record.wantedId, free));
    const slugs = plans.map((plan, i) => (plan.slug === undefined || plan.slug.slug === ID_SLUG ? this.slugOf(plan.input, plan.fields, ids[i]) : plan.slug));
    // Those that were not read ahead (a slug from the post ID).
    await this.slugs.prepare(this.trx, slugs.filter((slug, i) => slug.unique && slug !== plans[i].slug).map((slug) => slug.slug));
    for (let i = 0; i < plans.length; i++) {
      if (turnDue(i)) await nextTurn();
      const plan = plans[i];
      const id = ids[i];
      const slug = slugs[i];
      const post_name = slug.unique ? await this.slugs.take(this.trx, slug.slug) : slug.slug;
      const guid = postGuid(this.req, EVENT_TYPE, { ID: id, post_status: plan.fields.post_status ?? '', post_name });
      const row: NewPost = Object.assign({}, POST_DEFAULTS, plan.fields, { ID: id, post_name, guid });
      // Every row has the same columns: newPostFields gives them all, over the defaults.
      if (!posts.columns.length) posts.columns = Object.keys(row) as Array<keyof NewPost>;
      for (const column of posts.columns) posts.values.push(row[column]);
      posts.ids.set(plan, id);
      this.matches.set(plan.match, id);
    }
    return posts;
  }

  /** Updates the chunk's matched posts through the API's post update. */
  private async updatePosts(plans: readonly Plan[]): Promise<Map<Plan, Written>> {
    const rows = new Map((await getPosts(this.trx, plans.map((plan) => plan.existing!))).map((row) => [Number(row.ID), row]));
    const result = new Map<Plan, Written>();
    for (const plan of plans) {
      const post = rows.get(plan.existing!) as PostRow;
      const input = { ...plan.input };
      if (input.slug !== undefined && input.slug === post.post_name) delete input.slug;
      const updated = await updateTypedPost(this.trx, this.req, EVENT_TYPE, post, input);
      result.set(plan, { id: plan.existing!, status: updated.post_status, statusChanged: updated.post_status !== post.post_status });
    }
    return result;
  }

  /** Replaces the terms of the named taxonomies on these posts; remembers what to recount. */
  private async linkTerms(posts: ReadonlyArray<{ plan: Plan; id: number; fresh: boolean; statusChanged: boolean }>): Promise<void> {
    const relationships: number[] = [];
    for (const [name, def] of Object.entries(TAXONOMIES) as Array<[keyof typeof TAXONOMIES, (typeof TAXONOMIES)[keyof typeof TAXONOMIES]]>) {
      const replaced = posts.filter((post) => post.plan.terms[name] !== undefined);
      const stale = replaced.filter((post) => !post.fresh).map((post) => post.id);
      for (const ttId of await unlinkPostsFromTaxonomy(this.trx, stale, def.taxonomy)) this.touchedTerms.add(ttId);
      for (const post of replaced) {
        for (const term of post.plan.terms[name]!) {
          relationships.push(post.id, term.term_taxonomy_id, 0);
          this.touchedTerms.add(term.term_taxonomy_id);
        }
      }
    }
    await insertTermLinksBulk(this.trx, relationships);
    // A status change moves every term the post holds in or out of the published counts.
    const changed = posts.filter((post) => post.statusChanged).map((post) => post.id);
    for (const ttId of await termTaxonomyIdsOfPosts(this.trx, changed)) this.touchedTerms.add(ttId);
  }

  /**
   * Writes the chunk: its new posts, its updates, then the meta, TEC 6 rows and terms of all.
   * Resolves once every statement of the write is issued (at once for a chunk of new posts only).
   */
  private async writeChunk(plans: readonly Plan[], posts: NewPosts): Promise<{ written: Promise<void> }> {
    const inserted = this.issue(insertPostRowsBulk(this.trx, posts.columns, posts.values));
    const updated = await this.updatePosts(plans.filter((plan) => plan.existing !== undefined));
    const writes: BulkEventWrite[] = [];
    const linked: Array<{ plan: Plan; id: number; fresh: boolean; statusChanged: boolean }> = [];
    for (let i = 0; i < plans.length; i++) {
      if (turnDue(i)) await nextTurn();
      const plan = plans[i];
      const fresh = plan.existing === undefined;
      const id = fresh ? posts.ids.get(plan)! : plan.existing!;
      const post = updated.get(plan);
      writes.push({ postId: id, ops: this.metaOps(plan, fresh), dates: storedDates(plan.dates), fresh });
      linked.push({ plan, id, fresh, statusChanged: post?.statusChanged ?? false });
      if ((post?.status ?? plan.fields.post_status) === 'publish') {
        if (plan.changes.venueId) this.publishedLinks.add(plan.changes.venueId);
        for (const linkedId of plan.changes.organizerIds ?? []) this.publishedLinks.add(linkedId);
      }
    }
    await clearEventsBulk(this.trx, writes);
    return { written: this.issue(allSettled([inserted, insertEventsBulk(this.trx, writes, this.req.now, this.eventIds.take), this.linkTerms(linked)])) };
  }

  /** The records of the chunk starting at `start`, computed in order; a record that cannot be is its failure's reason. */
  private async computeChunk(records: readonly EventRecord[], start: number): Promise<Chunk> {
    const items: Array<Computed | Failure> = [];
    const end = Math.min(records.length, start + BULK_ROWS);
    for (let index = start; index < end; index++) {
      if (turnDue(index)) await nextTurn();
      const record = records[index];
      const where = this.options.where(record, index);
      try {
        items.push(this.compute(record, where));
      } catch (error) {
        if (!isRecordError(error)) throw error;
        items.push({ where, reason: reasonOf(error) });
      }
    }
    return { start, size: end - start, items };
  }

  private async planChunk(chunk: Chunk, tally: Tally): Promise<Plan[]> {
    const plans: Plan[] = [];
    for (let i = 0; i < chunk.items.length; i++) {
      if (turnDue(i)) await nextTurn();
      const item = chunk.items[i];
      try {
        if ('reason' in item) throw new RecordError(item.reason);
        plans.push(await this.plan(item));
      } catch (error) {
        if (!isRecordError(error)) throw error;
        tally.fail(item.where, reasonOf(error));
      }
    }
    // Posts created for the links take IDs the allocator must skip, and maybe IDs records want.
    const created = this.links.venues.created + this.links.organizers.created;
    if (created !== this.linksCreated) {
      this.linksCreated = created;
      await this.ids.refresh(this.trx);
      chunk.reads = undefined;
    }
    return plans;
  }

  /**
   * Applies the records; counts each as created, updated or failed. The database works on one
   * chunk's write while the next chunk is computed, planned and built, and the reads its new
   * posts need are issued before that write, so each write can follow the one before at once.
   * A chunk's links are resolved (which may insert posts and terms) after the write before it
   * is issued; after a write that updates stored events, only once it is done.
   */
  async apply(records: readonly EventRecord[], tally: Tally): Promise<void> {
    if (!records.length) return;
    this.comments = commentStatus(EVENT_TYPE, this.req.site);
    await this.loadMatches();
    await this.ids.refresh(this.trx);
    await this.eventIds.start(this.trx);
    await this.slugs.start(this.trx);
    let previous: ChunkWrite | undefined;
    let next: Chunk | undefined = await this.computeChunk(records, 0);
    try {
      while (next) {
        const chunk: Chunk = next;
        // Updates may have changed stored slugs: this chunk is planned and read for once they are written.
        if (previous?.updates) await previous.written;
        const plans = await this.planChunk(chunk, tally);
        const updates = plans.some((plan) => plan.existing !== undefined);
        const end = chunk.start + chunk.size;
        next = end < records.length ? await this.computeChunk(records, end) : undefined;
        if (next && !updates) next.reads = this.readAhead(next);
        const free = await (chunk.reads ??= this.readAhead(chunk));
        const posts = await this.newPosts(plans.filter((plan) => plan.existing === undefined), free);
        const { written } = await this.writeChunk(plans, posts);
        written.then(() => {
          for (const plan of plans) {
            if (plan.existing === undefined) tally.created++;
            else tally.updated++;
          }
          this.options.onProgress?.(end);
        }, () => undefined);
        const earlier = previous;
        previous = { written, updates };
        await earlier?.written;
      }
      await previous?.written;
    } catch (error) {
      // The transaction is rolled back next: nothing issued may still be waiting (see allSettled).
      await Promise.allSettled(this.issued);
      throw error;
    }
    // TEC's save cache key, once for all the inserted posts (updates set it through updateTypedPost).
    if (this.inserted) markTecPostSaved(this.trx, this.req.now);
    await recountTerms(this.trx, [...this.touchedTerms]);
    if (this.publishedLinks.size) await publishLinkedPosts(this.trx, this.req, { post_status: 'publish' }, [...this.publishedLinks], new Map());
  }
}
