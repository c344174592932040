// The events of an import, in chunks: each record is turned into what the API's event write
// computes (post fields, date meta, meta steps, TEC 6 rows — the same functions), then a chunk's
// new posts, meta rows, TEC 6 rows and term links are inserted with multi-row statements.
// Records matching a stored event (import key, or title + start for TEC CSV) update it.
import type { NewPost, PostRow } from '../db/tables.ts';
import type { RestRequest } from '../rest/context.ts';
import { RestError } from '../rest/errors.ts';
import { forCreate, eventMetaOps, insertRows, storedDates, writeEventsBulk, BULK_ROWS, type BulkEventWrite, type EventMetaChanges, type MetaOp } from '../resources/events/storage.ts';
import { costEntries, websiteValue } from '../resources/events/write-args.ts';
import { isRegisteredStatus } from '../resources/shared/validators.ts';
import { publishLinkedPosts } from '../resources/events/write-links.ts';
import { EVENT_TYPE } from '../resources/post-types.ts';
import { baseSlug, commentStatus, markTecPostSaved, newPostFields, postGuid, updateTypedPost, type PostInput } from '../resources/shared/post-writes.ts';
import type { Executor } from '../store/options.ts';
import { POST_DEFAULTS, getPosts, type PostFields } from '../store/posts.ts';
import { recountTerms, type Term } from '../store/terms.ts';
import { computeEventDates, type EventDates } from '../time/event-dates.ts';
import { PostIdAllocator, SlugAllocator } from './allocate.ts';
import type { LinkedPosts } from './apply-linked.ts';
import { TAXONOMIES, type TermResolver } from './apply-terms.ts';
import { IMPORT_KEY_META, importKey, loadImportKeys } from './import-keys.ts';
import type { EventRecord } from './records.ts';
import { RecordError, isRecordError, reasonOf, type Tally } from './tally.ts';

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

/** One record, computed without the database. */
interface Computed {
  where: string;
  record: EventRecord;
  input: PostInput;
  /** The post fields a create would write (computed early: it validates the post dates). */
  fields: PostFields;
  dates: EventDates;
  changes: EventMetaChanges;
}

/** A record that cannot be written, and why. */
interface Failure {
  where: string;
  reason: string;
}

/** One record, ready to write. */
interface Plan extends Computed {
  terms: Partial<Record<keyof typeof TAXONOMIES, Term[]>>;
  match: string;
  existing?: number;
}

/** Records computed between two turns of the event loop. */
const YIELD_EVERY = 50;

const EMPTY_ZONE = new Set(['', '0']);

function postInput(record: EventRecord): PostInput {
  const columns: PostInput['columns'] = {};
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

function postFields(req: RestRequest, input: PostInput, comments: string): PostFields {
  try {
    return newPostFields(req, EVENT_TYPE, input, comments);
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    throw new RecordError(`cannot read the post date "${input.date ?? input.dateUtc}"`);
  }
}

function multiDayCutoff(req: RestRequest): string | undefined {
  const value = req.site.tec.multiDayCutoff;
  return typeof value === 'string' ? value : undefined;
}

function recordDates(req: RestRequest, record: EventRecord): EventDates {
  const dates = computeEventDates({
    start: record.startDate,
    end: record.endDate,
    allDay: record.allDay === true,
    timezone: record.timezone,
    siteTimezone: req.site.timezone,
    now: req.now,
    multiDayCutoff: multiDayCutoff(req),
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
function extraMetaOps(record: EventRecord, owned: ReadonlySet<string>): MetaOp[] {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of record.meta ?? []) {
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
  private ids: PostIdAllocator;
  private comments = 'open';
  private inserted = false;

  constructor(
    private readonly trx: Executor,
    private readonly req: RestRequest,
    private readonly links: EventLinks,
    private readonly options: EventApplyOptions,
  ) {
    this.ids = new PostIdAllocator(req.services.db.dialect);
  }

  private async loadMatches(): Promise<void> {
    if (this.options.matchBy === 'key') {
      this.matches = await loadImportKeys(this.trx, EVENT_TYPE.type, this.options.source);
      return;
    }
    const rows = await this.trx.selectFrom('posts as p').innerJoin('postmeta as m', 'm.post_id', 'p.ID')
      .select(['p.ID', 'p.post_title', 'm.meta_value'])
      .where('p.post_type', '=', EVENT_TYPE.type).where('p.post_status', '!=', 'trash')
      .where('m.meta_key', '=', '_EventStartDate')
      .orderBy('p.ID').execute();
    for (const row of rows) {
      const match = `${row.post_title}\n${row.meta_value ?? ''}`;
      if (!this.matches.has(match)) this.matches.set(match, Number(row.ID));
    }
  }

  private matchOf(record: EventRecord, dates: EventDates): string {
    return this.options.matchBy === 'key' ? importKey(this.options.source, record.key) : `${record.title}\n${dates.startLocal}`;
  }

  /** What a record computes without the database (most of the work: dates, post fields, meta values). */
  private compute(record: EventRecord, where: string): Computed {
    if (typeof record.title !== 'string' || record.title.trim() === '') throw new RecordError('the title is empty');
    if (record.status !== undefined && !isRegisteredStatus(record.status)) throw new RecordError(`unknown status "${record.status}"`);
    const dates = recordDates(this.req, record);
    const input = postInput(record);
    const fields = postFields(this.req, input, this.comments);
    return { where, record, input, fields, dates, changes: metaChanges(record, dates) };
  }

  /** The plan of a computed record: its venue, organizers and terms (created when missing) and its match. */
  private async plan(computed: Computed): Promise<Plan> {
    const { record, changes, dates, where } = computed;
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
    const match = this.matchOf(record, dates);
    const first = this.seen.get(match);
    if (first !== undefined) throw new RecordError(`the same event as ${first}`);
    this.seen.set(match, where);
    return { ...computed, terms, match, existing: this.matches.get(match) };
  }

  private metaOps(plan: Plan, creating: boolean): MetaOp[] {
    const ops = eventMetaOps(creating ? forCreate(plan.changes) : plan.changes);
    const owned = new Set(ops.map((step) => step.key));
    ops.push(...extraMetaOps(plan.record, owned));
    if (this.options.matchBy === 'key') ops.push({ op: 'set', key: IMPORT_KEY_META, value: plan.match });
    return ops;
  }

  /** Inserts the chunk's new posts: their IDs now, the statements' completion as `inserted`. */
  private async insertPosts(plans: readonly Plan[]): Promise<{ created: Map<Plan, Written>; inserted: Promise<void> }> {
    if (!plans.length) return { created: new Map(), inserted: Promise.resolve() };
    this.inserted = true;
    await this.ids.refresh(this.trx);
    const free = await this.ids.free(this.trx, plans.flatMap((plan) => (plan.record.wantedId === undefined ? [] : [plan.record.wantedId])));
    const prepared = plans.map((plan) => {
      const fields = plan.fields;
      const id = this.ids.take(plan.record.wantedId, free);
      return { plan, fields, id, slug: baseSlug(id, plan.input.slug ?? '', fields.post_title ?? '', fields.post_status ?? '') };
    });
    await this.slugs.prepare(this.trx, prepared.filter((p) => p.slug.unique).map((p) => p.slug.slug));
    let columns: Array<keyof NewPost> = [];
    const values: unknown[] = [];
    for (const { fields, id, slug } of prepared) {
      const post_name = slug.unique ? await this.slugs.take(this.trx, slug.slug) : slug.slug;
      const guid = postGuid(this.req, EVENT_TYPE, { ID: id, post_status: fields.post_status ?? '', post_name });
      const row: NewPost = { ...POST_DEFAULTS, ...fields, ID: id, post_name, guid };
      // Every row has the same columns: newPostFields gives them all, over the defaults.
      if (!columns.length) columns = Object.keys(row) as Array<keyof NewPost>;
      for (const column of columns) values.push(row[column]);
    }
    const inserted = insertRows(this.trx, 'posts', columns, values);
    // Awaited by writeChunk; until then a failure must not count as unhandled.
    inserted.catch(() => undefined);
    const created = new Map(prepared.map(({ plan, fields, id }): [Plan, Written] => [plan, { id, status: fields.post_status ?? '', statusChanged: false }]));
    return { created, inserted };
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
      for (let i = 0; i < stale.length; i += BULK_ROWS) {
        const part = stale.slice(i, i + BULK_ROWS);
        const ttIds = this.trx.selectFrom('term_taxonomy').select('term_taxonomy_id').where('taxonomy', '=', def.taxonomy);
        const old = await this.trx.selectFrom('term_relationships').select('term_taxonomy_id')
          .where('object_id', 'in', part).where('term_taxonomy_id', 'in', ttIds).execute();
        for (const row of old) this.touchedTerms.add(Number(row.term_taxonomy_id));
        await this.trx.deleteFrom('term_relationships').where('object_id', 'in', part).where('term_taxonomy_id', 'in', ttIds).execute();
      }
      for (const post of replaced) {
        for (const term of post.plan.terms[name]!) {
          relationships.push(post.id, term.term_taxonomy_id, 0);
          this.touchedTerms.add(term.term_taxonomy_id);
        }
      }
    }
    await insertRows(this.trx, 'term_relationships', ['object_id', 'term_taxonomy_id', 'term_order'], relationships);
    // A status change moves every term the post holds in or out of the published counts.
    const changed = posts.filter((post) => post.statusChanged).map((post) => post.id);
    if (changed.length) {
      const held = await this.trx.selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', 'in', changed).execute();
      for (const row of held) this.touchedTerms.add(Number(row.term_taxonomy_id));
    }
  }

  private async writeChunk(plans: readonly Plan[]): Promise<void> {
    const { created, inserted } = await this.insertPosts(plans.filter((plan) => plan.existing === undefined));
    const updated = await this.updatePosts(plans.filter((plan) => plan.existing !== undefined));
    const writes: BulkEventWrite[] = [];
    const posts: Array<{ plan: Plan; id: number; fresh: boolean; statusChanged: boolean }> = [];
    for (const plan of plans) {
      const fresh = plan.existing === undefined;
      const post = fresh ? created.get(plan)! : updated.get(plan)!;
      writes.push({ postId: post.id, ops: this.metaOps(plan, fresh), dates: storedDates(plan.dates), fresh });
      posts.push({ plan, id: post.id, fresh, statusChanged: post.statusChanged });
      if (post.status === 'publish') {
        if (plan.changes.venueId) this.publishedLinks.add(plan.changes.venueId);
        for (const id of plan.changes.organizerIds ?? []) this.publishedLinks.add(id);
      }
      if (fresh) this.matches.set(plan.match, post.id);
    }
    // Queued together on the connection: they touch other rows than each other.
    await Promise.all([inserted, writeEventsBulk(this.trx, writes, this.req.now), this.linkTerms(posts)]);
  }

  /** The chunk's records computed, in order; a record that cannot be is its failure's reason. */
  private async computeChunk(chunk: readonly EventRecord[], start: number): Promise<Array<Computed | Failure>> {
    const out: Array<Computed | Failure> = [];
    for (const [offset, record] of chunk.entries()) {
      // Lets the I/O of the chunk being written go on meanwhile (a database server works in parallel).
      if (offset % YIELD_EVERY === YIELD_EVERY - 1) await new Promise(setImmediate);
      const where = this.options.where(record, start + offset);
      try {
        out.push(this.compute(record, where));
      } catch (error) {
        if (!isRecordError(error)) throw error;
        out.push({ where, reason: reasonOf(error) });
      }
    }
    return out;
  }

  private async planChunk(computed: ReadonlyArray<Computed | Failure>, tally: Tally): Promise<Plan[]> {
    const plans: Plan[] = [];
    for (const item of computed) {
      try {
        if ('reason' in item) throw new RecordError(item.reason);
        plans.push(await this.plan(item));
      } catch (error) {
        if (!isRecordError(error)) throw error;
        tally.fail(item.where, reasonOf(error));
      }
    }
    return plans;
  }

  /**
   * Applies the records; counts each as created, updated or failed. A chunk is computed while the
   * one before is being written; its links are resolved (which may insert posts and terms) once
   * that write is done, so the post IDs a write hands out are never taken meanwhile.
   */
  async apply(records: readonly EventRecord[], tally: Tally): Promise<void> {
    this.comments = await commentStatus(this.trx, EVENT_TYPE);
    await this.loadMatches();
    let writing: Promise<void> = Promise.resolve();
    for (let start = 0; start < records.length; start += BULK_ROWS) {
      const chunk = records.slice(start, start + BULK_ROWS);
      const computed = await this.computeChunk(chunk, start);
      await writing;
      const plans = await this.planChunk(computed, tally);
      writing = this.writeChunk(plans).then(() => {
        for (const plan of plans) {
          if (plan.existing === undefined) tally.created++;
          else tally.updated++;
        }
        this.options.onProgress?.(start + chunk.length);
      });
      // Awaited with the next chunk; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
    }
    await writing;
    // TEC's save cache key, once for all the inserted posts (updates set it through updateTypedPost).
    if (this.inserted) await markTecPostSaved(this.trx, this.req.now);
    await recountTerms(this.trx, [...this.touchedTerms]);
    if (this.publishedLinks.size) await publishLinkedPosts(this.trx, this.req, { post_status: 'publish' }, [...this.publishedLinks]);
  }
}
