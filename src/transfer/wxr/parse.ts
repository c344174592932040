// WordPress WXR (Tools → Export) → ImportBatch: the file's events, venues and organizers (TEC post
// types; everything else is counted as skipped) with their postmeta (events.md §9.2,
// venues-organizers.md §1.2), their categories and tags (terms.md §1), and their featured images:
// the `wp:attachment_url` of the attachment item their `_thumbnail_id` names.
import { isTribeTruthy } from '../../domain/values.ts';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE } from '../../domain/post-types.ts';
import { CATEGORIES, TAGS } from '../../domain/terms/definition.ts';
import { utf8Chunks, type ByteSource } from '../read-file.ts';
import type { EventRecord, ImportBatch, OrganizerRecord, RecordProblem, TermRecord, VenueRecord } from '../records.ts';
import { each, highestId, isProblem, type ImportSource, type Read } from '../source.ts';
import { ORGANIZER_META, VENUE_MAP_FLAGS, VENUE_META } from './linked-meta.ts';
import { wxrScanner, type WxrItem, type WxrTerm } from './scan.ts';
import { WPCAL_GENERATOR } from './xml.ts';

const CATEGORY_TAXONOMY = CATEGORIES.taxonomy;
const TAG_TAXONOMY = TAGS.taxonomy;

// Event meta the record carries as fields, or that the import derives or writes itself.
const EVENT_FIELD_META = new Set([
  '_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration', '_EventAllDay',
  '_EventTimezone', '_EventTimezoneAbbr', '_EventVenueID', '_EventOrganizerID', '_EventShowMap', '_EventShowMapLink',
  '_EventHideFromUpcoming', '_EventCost', '_EventCurrencySymbol', '_EventCurrencyPosition', '_EventURL',
  '_tribe_featured', '_EventOrigin',
]);

// Meta that only means something on the exporting site: edit locks, its users, its attachments, old slugs.
const SITE_LOCAL_META = new Set(['_edit_lock', '_edit_last', '_thumbnail_id', '_wp_old_slug', '_wp_old_date', '_encloseme', '_pingme']);

type Meta = Map<string, string[]>;

function metaMap(rows: Array<[string, string]>): Meta {
  const meta: Meta = new Map();
  for (const [key, value] of rows) {
    const values = meta.get(key);
    if (values) values.push(value);
    else meta.set(key, [value]);
  }
  return meta;
}

function first(meta: Meta, key: string): string | undefined {
  return meta.get(key)?.[0];
}

/** Present and not empty. */
function nonEmpty(meta: Meta, key: string): string | undefined {
  const value = first(meta, key);
  return value === undefined || value === '' ? undefined : value;
}

function flag(meta: Meta, key: string): boolean | undefined {
  const value = first(meta, key);
  return value === undefined ? undefined : isTribeTruthy(value);
}

function postKey(id: number | string): string {
  return `wxr:${id}`;
}

function termKey(taxonomy: string, identity: string): string {
  return `${taxonomy === CATEGORY_TAXONOMY ? 'category' : 'tag'}:${identity}`;
}

/** Categories and tags: the channel's declarations and the items' uses, by slug (or name when slugless). */
class TermCollector {
  private readonly declared = new Map<string, Map<string, WxrTerm>>();
  private readonly used = new Map<string, Map<string, { slug: string; name: string }>>();

  declare(term: WxrTerm): void {
    const identity = term.slug || term.name;
    if (identity === '') return;
    if (!this.declared.has(term.taxonomy)) this.declared.set(term.taxonomy, new Map());
    this.declared.get(term.taxonomy)!.set(identity, term);
  }

  /** Notes an item's use of a term; returns its key. */
  use(taxonomy: string, slug: string, name: string): string | null {
    const identity = slug || name;
    if (identity === '') return null;
    if (!this.used.has(taxonomy)) this.used.set(taxonomy, new Map());
    this.used.get(taxonomy)!.set(identity, { slug, name });
    return termKey(taxonomy, identity);
  }

  /**
   * The TermRecords of a taxonomy, parents before children: the used terms and their declared
   * ancestors, plus every declared term when `allDeclared`. A parent cycle is cut where it closes.
   */
  records(taxonomy: string, allDeclared: boolean): TermRecord[] {
    const declared = this.declared.get(taxonomy) ?? new Map<string, WxrTerm>();
    const used = this.used.get(taxonomy) ?? new Map<string, { slug: string; name: string }>();
    const out = new Map<string, TermRecord>();
    const visit = (identity: string, trail: ReadonlySet<string>): void => {
      if (out.has(identity) || trail.has(identity)) return;
      const term = declared.get(identity);
      const parent = term?.parentSlug && declared.has(term.parentSlug) && !trail.has(term.parentSlug) ? term.parentSlug : undefined;
      if (parent !== undefined) visit(parent, new Set([...trail, identity]));
      const record: TermRecord = { key: termKey(taxonomy, identity), name: term?.name || used.get(identity)?.name || identity };
      const slug = term?.slug || used.get(identity)?.slug;
      if (slug) record.slug = slug;
      if (term?.description) record.description = term.description;
      if (parent !== undefined) record.parentKey = termKey(taxonomy, parent);
      if (term?.id !== undefined) record.wantedId = term.id;
      out.set(identity, record);
    };
    for (const identity of used.keys()) visit(identity, new Set());
    if (allDeclared) for (const identity of declared.keys()) visit(identity, new Set());
    return [...out.values()];
  }
}

/** A post whose `_thumbnail_id` names an attachment of the exporting site. */
interface PendingImage {
  record: VenueRecord | OrganizerRecord;
  attachmentId: string;
}

function where(file: string, item: WxrItem): string {
  const id = item.fields.get('wp:post_id')?.trim();
  return `${file}:${item.line}: item ${item.index} (${id ? `post ID ${id}` : 'no post ID'})`;
}

function postId(item: WxrItem): number | null {
  const raw = item.fields.get('wp:post_id')?.trim() ?? '';
  return /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
}

function assignDefined<T extends object>(target: T, values: Partial<T>): void {
  for (const key of Object.keys(values) as Array<keyof T>) {
    const value = values[key];
    if (value !== undefined) target[key] = value as T[keyof T];
  }
}

/** A post date column; WordPress stores zeros for "not set" (drafts). */
function postDate(item: WxrItem, field: string): string | undefined {
  const value = item.fields.get(field)?.trim() ?? '';
  return value === '' || value.startsWith('0000-00-00') ? undefined : value;
}

function cost(rows: string[]): EventRecord['cost'] {
  if (rows.length > 1) return rows;
  return rows[0] === '' ? undefined : rows[0];
}

function currencyPosition(value: string | undefined): EventRecord['currencyPosition'] {
  if (value === undefined || value === '') return undefined;
  return value === 'prefix' ? 'prefix' : 'postfix';
}

/** Notes the item's categories and tags as used; `each` gets the key of each. */
function useTerms(item: WxrItem, terms: TermCollector, each: (taxonomy: string, key: string) => void = () => undefined): void {
  for (const { taxonomy, slug, name } of item.terms) {
    if (taxonomy !== CATEGORY_TAXONOMY && taxonomy !== TAG_TAXONOMY) continue;
    const key = terms.use(taxonomy, slug, name);
    if (key !== null) each(taxonomy, key);
  }
}

function eventRecord(item: WxrItem, id: number, meta: Meta, terms: TermCollector): EventRecord {
  const event: EventRecord = {
    key: postKey(id),
    wantedId: id,
    title: item.fields.get('title') ?? '',
    description: item.fields.get('content:encoded') ?? '',
    excerpt: item.fields.get('excerpt:encoded') ?? '',
    startDate: first(meta, '_EventStartDate')!,
    endDate: first(meta, '_EventEndDate')!,
    allDay: flag(meta, '_EventAllDay') ?? false,
    featured: meta.has('_tribe_featured'),
    sticky: item.fields.get('wp:menu_order')?.trim() === '-1',
    hideFromListings: meta.has('_EventHideFromUpcoming'),
    categories: [],
    tags: [],
    meta: [],
  };
  const optional: Partial<EventRecord> = {
    status: item.fields.get('wp:status')?.trim() || undefined,
    slug: item.fields.get('wp:post_name')?.trim() || undefined,
    date: postDate(item, 'wp:post_date'),
    dateUtc: postDate(item, 'wp:post_date_gmt'),
    modifiedUtc: postDate(item, 'wp:post_modified_gmt'),
    password: item.fields.get('wp:post_password') || undefined,
    timezone: nonEmpty(meta, '_EventTimezone'),
    cost: cost(meta.get('_EventCost') ?? []),
    currencySymbol: nonEmpty(meta, '_EventCurrencySymbol'),
    currencyPosition: currencyPosition(first(meta, '_EventCurrencyPosition')),
    website: nonEmpty(meta, '_EventURL'),
    showMap: flag(meta, '_EventShowMap'),
    showMapLink: flag(meta, '_EventShowMapLink'),
  };
  assignDefined(event, optional);
  useTerms(item, terms, (taxonomy, key) => (taxonomy === CATEGORY_TAXONOMY ? event.categories : event.tags)!.push(key));
  for (const [key, value] of item.meta) {
    if (!EVENT_FIELD_META.has(key) && !SITE_LOCAL_META.has(key)) event.meta!.push([key, value]);
  }
  return event;
}

/** What venue and organizer items share: status, slug and dates. */
function linkedPostFields(item: WxrItem): Pick<VenueRecord, 'status' | 'slug' | 'dateUtc' | 'date' | 'modifiedUtc'> {
  return {
    status: item.fields.get('wp:status')?.trim() || undefined,
    slug: item.fields.get('wp:post_name')?.trim() || undefined,
    dateUtc: postDate(item, 'wp:post_date_gmt'),
    date: postDate(item, 'wp:post_date'),
    modifiedUtc: postDate(item, 'wp:post_modified_gmt'),
  };
}

function venueRecord(item: WxrItem, id: number, meta: Meta): VenueRecord {
  const venue: VenueRecord = { key: postKey(id), wantedId: id, venue: item.fields.get('title') ?? '', description: item.fields.get('content:encoded') ?? '' };
  assignDefined(venue, linkedPostFields(item));
  for (const [field, key] of VENUE_META) {
    const value = first(meta, key);
    if (value !== undefined) venue[field] = value;
  }
  for (const [field, key] of VENUE_MAP_FLAGS) {
    const value = flag(meta, key);
    if (value !== undefined) venue[field] = value;
  }
  return venue;
}

function organizerRecord(item: WxrItem, id: number, meta: Meta): OrganizerRecord {
  const organizer: OrganizerRecord = { key: postKey(id), wantedId: id, organizer: item.fields.get('title') ?? '', description: item.fields.get('content:encoded') ?? '' };
  assignDefined(organizer, linkedPostFields(item));
  for (const [field, key] of ORGANIZER_META) {
    const value = first(meta, key);
    if (value !== undefined) organizer[field] = value;
  }
  return organizer;
}

function missing(item: WxrItem, meta: Meta): string | null {
  const type = item.fields.get('wp:post_type');
  if (type === EVENT_TYPE.type) {
    const absent = ['_EventStartDate', '_EventEndDate'].filter((key) => !nonEmpty(meta, key));
    return absent.length ? `missing ${absent.join(' and ')}` : null;
  }
  return (item.fields.get('title') ?? '').trim() === '' ? `the ${type === VENUE_TYPE.type ? 'venue' : 'organizer'} has no title` : null;
}

const TEC_TYPES: readonly string[] = [EVENT_TYPE.type, VENUE_TYPE.type, ORGANIZER_TYPE.type];

/** A TEC item, with its post ID and meta, or the problem that keeps it from being a record. */
type TecItem = { type: string; id: number; meta: Meta } | { problem: RecordProblem };

function tecItem(item: WxrItem, file: string): TecItem | undefined {
  const type = item.fields.get('wp:post_type')?.trim() ?? '';
  if (!TEC_TYPES.includes(type)) return undefined;
  const id = postId(item);
  const meta = metaMap(item.meta);
  const problem = id === null ? 'missing or invalid wp:post_id' : missing(item, meta);
  return id === null || problem !== null ? { problem: { where: where(file, item), reason: problem! } } : { type, id, meta };
}

/** What an event links, by the keys of the venues and organizers the file holds; links to others are dropped. */
interface Links {
  venues: ReadonlySet<string>;
  organizers: ReadonlySet<string>;
}

function linked(event: EventRecord, meta: Meta, links: Links): EventRecord {
  const keysOf = (ids: string[], known: ReadonlySet<string>) => [...new Set(ids.map((id) => postKey(id.trim())))].filter((key) => known.has(key));
  const [venueKey] = keysOf(meta.get('_EventVenueID') ?? [], links.venues);
  if (venueKey !== undefined) event.venueKey = venueKey;
  event.organizerKeys = keysOf(meta.get('_EventOrganizerID') ?? [], links.organizers);
  return event;
}

/** The file's items, a chunk of text at a time: what `take` makes of each (undefined: nothing). */
async function* scanned<T>(bytes: ByteSource, file: string, take: (item: WxrItem) => T | undefined): AsyncGenerator<T> {
  const taken: T[] = [];
  const scanner = wxrScanner(file, {
    term: () => undefined,
    item: (item) => {
      const value = take(item);
      if (value !== undefined) taken.push(value);
    },
  });
  for await (const text of utf8Chunks(bytes(), file)) {
    scanner.write(text);
    yield* taken.splice(0);
  }
  scanner.close();
  yield* taken.splice(0);
}

/**
 * Reads a WXR export in two passes. The first checks the whole file (malformed or truncated XML,
 * or a file that is not a WordPress export, throws an Error naming file and line), keeps its
 * venues, organizers, terms and the URLs of its attachments, and reports the items that are no
 * records; the second, when the events are iterated, reads the events again one by one. Venue and
 * organizer links to posts that are not in the file are dropped.
 */
export async function readWxr(bytes: ByteSource, file: string): Promise<ImportSource> {
  const terms = new TermCollector();
  const venues: VenueRecord[] = [];
  const organizers: OrganizerRecord[] = [];
  const problems: RecordProblem[] = [];
  // The file's attachments (post ID → the URL their file is downloaded from), and the posts naming one.
  const attachments = new Map<string, string>();
  const images: PendingImage[] = [];
  let skipped = 0;
  let events = 0;
  let highestEventId = 0;
  let fromWpcal = false;
  const scanner = wxrScanner(file, {
    generator: (text) => { fromWpcal = text === WPCAL_GENERATOR; },
    term: (term) => terms.declare(term),
    item: (item) => {
      const url = (item.fields.get('wp:attachment_url') || item.fields.get('guid'))?.trim();
      if (item.fields.get('wp:post_type')?.trim() === 'attachment' && postId(item) !== null && url) attachments.set(String(postId(item)), url);
      const tec = tecItem(item, file);
      if (tec === undefined) {
        skipped += 1;
      } else if ('problem' in tec) {
        problems.push(tec.problem);
      } else if (tec.type === EVENT_TYPE.type) {
        // Its terms are among the file's; the event itself is read again when it is written.
        useTerms(item, terms);
        events++;
        highestEventId = Math.max(highestEventId, tec.id);
      } else {
        const record = tec.type === VENUE_TYPE.type ? venueRecord(item, tec.id, tec.meta) : organizerRecord(item, tec.id, tec.meta);
        if (tec.type === VENUE_TYPE.type) venues.push(record as VenueRecord);
        else organizers.push(record as OrganizerRecord);
        const attachmentId = first(tec.meta, '_thumbnail_id')?.trim();
        if (attachmentId) images.push({ record, attachmentId });
      }
    },
  });
  for await (const text of utf8Chunks(bytes(), file)) scanner.write(text);
  scanner.close();

  // As WordPress's importer remaps `_thumbnail_id`: to the attachment the file's item becomes.
  // The attachment items themselves are counted as skipped: they are no records of their own.
  const imageOf = (meta: Meta): string | undefined => attachments.get(first(meta, '_thumbnail_id')?.trim() ?? '');
  for (const { record, attachmentId } of images) {
    const url = attachments.get(attachmentId);
    if (url !== undefined) record.image = url;
  }
  const categories = terms.records(CATEGORY_TAXONOMY, true);
  // post_tag is shared with blog posts: from a WordPress export only the tags events use come
  // along; wpcal's exports declare calendar tags only (every one in a backup).
  const tags = terms.records(TAG_TAXONOMY, fromWpcal);
  const links: Links = { venues: new Set(venues.map((v) => v.key)), organizers: new Set(organizers.map((o) => o.key)) };
  return {
    size: venues.length + organizers.length + categories.length + tags.length + events,
    skipped,
    problems,
    highestWantedId: highestId([highestEventId, ...venues.map((v) => v.wantedId), ...organizers.map((o) => o.wantedId)]),
    categories: () => each(categories),
    tags: () => each(tags),
    venues: () => each(venues),
    organizers: () => each(organizers),
    events: () => scanned(bytes, file, (item) => {
      const tec = tecItem(item, file);
      if (tec === undefined || 'problem' in tec || tec.type !== EVENT_TYPE.type) return undefined;
      const event = linked(eventRecord(item, tec.id, tec.meta, terms), tec.meta, links);
      const image = imageOf(tec.meta);
      if (image !== undefined) event.image = image;
      return event;
    }),
  };
}

async function all<T>(records: AsyncIterable<Read<T>>): Promise<T[]> {
  const out: T[] = [];
  for await (const record of records) if (!isProblem(record as Read<object>)) out.push(record as T);
  return out;
}

/** A WXR export read whole into a batch (readWxr's records, all at once), from a stream or a string. */
export async function parseWxr(input: NodeJS.ReadableStream | string, file: string): Promise<ImportBatch> {
  let bytes: Buffer;
  if (typeof input === 'string') {
    bytes = Buffer.from(input);
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk as Buffer);
    bytes = Buffer.concat(chunks);
  }
  const source = await readWxr(async function* whole() { yield bytes; }, file);
  return {
    venues: await all(source.venues()),
    organizers: await all(source.organizers()),
    categories: await all(source.categories()),
    tags: await all(source.tags()),
    events: await all(source.events()),
    problems: source.problems,
    skipped: source.skipped,
  };
}
