// Venues and organizers of an import, through the API's own linked-post writes: matched by import
// key (scoped by source) or by exact title and updated with the fields the record has, else
// created. Events naming a venue or organizer that is not in the batch link an existing post of
// that title, or a new one with just the name.
import type { Writer } from '../data/executor.ts';
import { firstPostIdWithTitle } from '../data/post-queries.ts';
import { getPost, setMeta, uniquePostSlug, updatePost } from '../data/posts.ts';
import type { NewPost, PostRow } from '../data/tables.ts';
import type { WriteContext } from '../domain/write-context.ts';
import type { LinkedPostDefinition } from '../domain/linked-posts/definition.ts';
import { createLinkedPost, updateLinkedPost } from '../domain/linked-posts/writes.ts';
import { baseSlug } from '../domain/post-writes.ts';
import { isRegisteredStatus, isUrlOrEmpty } from '../domain/values.ts';
import type { OrganizerRecord, VenueRecord } from './records.ts';
import { IMPORT_KEY_META, importKey, loadImportKeys } from './import-keys.ts';
import { RecordError, Tally, isRecordError, reasonOf } from './tally.ts';
import { RECORDS_PER_UNIT, StagedCount, StagedMap, type Units } from './staged.ts';
import { inChunks, isProblem, type Read } from './source.ts';
import { keptModified } from './kept-dates.ts';
import type { ImportImages } from './images.ts';

type LinkedRecord = VenueRecord | OrganizerRecord;

/** The write fields of a record, as the REST routes name them (absent fields are not sent). */
function writeValues(record: LinkedRecord): Map<string, unknown> {
  const fields: Record<string, unknown> = 'venue' in record
    ? {
      venue: record.venue, description: record.description, address: record.address, city: record.city,
      country: record.country, province: record.province, state: record.state, zip: record.zip,
      phone: record.phone, website: record.website, show_map: record.showMap, show_map_link: record.showMapLink,
    }
    : {
      organizer: record.organizer, description: record.description, phone: record.phone,
      website: record.website, email: record.email,
    };
  const postFields = { status: record.status, date: record.date, date_utc: record.dateUtc, image: record.image };
  return new Map(Object.entries({ ...fields, ...postFields }).filter(([, value]) => value !== undefined));
}

const nameOf = (record: LinkedRecord): string => ('venue' in record ? record.venue : record.organizer);

export class LinkedPosts {
  private readonly ids: StagedMap<string, number>;
  private stored: Map<string, number> | undefined;
  private readonly createdByResolve: StagedCount;
  private readonly req: WriteContext;

  constructor(
    private readonly units: Units,
    private readonly images: ImportImages,
    private readonly definition: LinkedPostDefinition,
    private readonly source: string,
    /** Remember records by import key (false: match by title only, as TEC's CSV importer does). */
    private readonly keyed: boolean,
  ) {
    this.req = images.context;
    this.ids = units.track(new StagedMap());
    this.createdByResolve = units.track(new StagedCount());
  }

  private byTitle(trx: Writer, title: string): Promise<number | undefined> {
    return firstPostIdWithTitle(trx, this.definition.postType.type, title, 'trash');
  }

  private async byKey(trx: Writer, key: string): Promise<number | undefined> {
    if (!this.keyed) return undefined;
    // Read before this object writes a key: what it holds stays true whatever becomes of the unit.
    this.stored ??= await loadImportKeys(trx, this.definition.postType.type, this.source);
    return this.stored.get(importKey(this.source, key));
  }

  /** The columns a new post takes from its record: the wanted ID when it is free, the file's modified date. */
  private async newColumns(trx: Writer, record: LinkedRecord): Promise<Partial<NewPost>> {
    const columns = keptModified(record.modifiedUtc, this.req.site);
    const wantedId = record.wantedId;
    if (wantedId === undefined || !Number.isSafeInteger(wantedId) || wantedId <= 0) return columns;
    return (await getPost(trx, wantedId)) ? columns : { ...columns, ID: wantedId };
  }

  /** The record's slug, made unique as wp_insert_post would (the API's writes derive it from the title). */
  private async keepSlug(trx: Writer, post: PostRow, wanted: string | undefined): Promise<void> {
    if (wanted === undefined || wanted === post.post_name) return;
    const id = Number(post.ID);
    const { slug, unique } = baseSlug(id, wanted, post.post_title, post.post_status);
    await updatePost(trx, id, { post_name: unique ? await uniquePostSlug(trx, slug, this.definition.postType.type, id) : slug });
  }

  /** Creates or updates one record; returns whether it was created. */
  private async write(trx: Writer, record: LinkedRecord): Promise<boolean> {
    const name = nameOf(record);
    if (typeof name !== 'string' || name.trim() === '') throw new RecordError(`the ${this.definition.singular} name is empty`);
    if (!isUrlOrEmpty(record.website)) throw new RecordError(`website "${record.website}" is not a URL`);
    if (record.status !== undefined && !isRegisteredStatus(record.status)) throw new RecordError(`unknown status "${record.status}"`);
    const values = writeValues(record);
    const existingId = await this.byKey(trx, record.key) ?? await this.byTitle(trx, name);
    const existing = existingId === undefined ? undefined : await getPost(trx, existingId);
    const post = existing
      ? await updateLinkedPost(trx, this.definition, this.req, existing, values, 'keep')
      : await createLinkedPost(trx, this.definition, this.req, values, await this.newColumns(trx, record));
    const id = Number(post.ID);
    await this.keepSlug(trx, post, record.slug);
    if (this.keyed) await setMeta(trx, id, IMPORT_KEY_META, importKey(this.source, record.key));
    this.ids.set(record.key, id);
    return !existing;
  }

  /** Writes the records as they are read, RECORDS_PER_UNIT in each unit of writes, their images ready before it. */
  async applyRecords(records: AsyncIterable<Read<LinkedRecord>>, where: (record: LinkedRecord) => string, tally: Tally): Promise<void> {
    for await (const part of inChunks(records, RECORDS_PER_UNIT)) {
      const linked = part.filter((item): item is LinkedRecord => !isProblem(item));
      for (const problem of part) if (isProblem(problem)) tally.fail(problem.where, problem.reason);
      const badImages = await this.images.prepare(linked);
      tally.add(await this.images.settled(() => this.units.run(async (trx) => {
        const done = new Tally();
        for (const record of linked) {
          const badImage = badImages.get(record);
          if (badImage !== undefined) {
            done.fail(where(record), badImage);
            continue;
          }
          try {
            if (await this.write(trx, record)) done.created++;
            else done.updated++;
          } catch (error) {
            if (!isRecordError(error)) throw error;
            done.fail(where(record), reasonOf(error));
          }
        }
        return done;
      })));
    }
  }

  /** The post an event's reference names, if any: a batch key, a stored import key or a title. */
  async find(trx: Writer, ref: string): Promise<number | undefined> {
    return this.ids.get(ref) ?? await this.byKey(trx, ref) ?? await this.byTitle(trx, ref);
  }

  /** The ID, when a post of the type (in any status) has it. */
  async byId(trx: Writer, id: number): Promise<number | undefined> {
    const post = await getPost(trx, id);
    return post?.post_type === this.definition.postType.type ? id : undefined;
  }

  /** The post an event's reference names: a batch key, a stored import key, a title, or a new post. */
  async resolve(trx: Writer, ref: string): Promise<number> {
    const known = await this.find(trx, ref);
    if (known !== undefined) {
      this.ids.set(ref, known);
      return known;
    }
    const post = await createLinkedPost(trx, this.definition, this.req, new Map([[this.definition.singular, ref]]));
    this.createdByResolve.add();
    this.ids.set(ref, Number(post.ID));
    return Number(post.ID);
  }

  /** How many posts resolve() has created so far. */
  get created(): number {
    return this.createdByResolve.value;
  }
}
