// WordPress WXR (Tools → Export) → ImportBatch: the file's events, venues and organizers (TEC post
// types; everything else is counted as skipped) with their postmeta (events.md §9.2,
// venues-organizers.md §1.2), their categories and tags (terms.md §1), and their featured images:
// the `wp:attachment_url` of the attachment item their `_thumbnail_id` names.
import { isTribeTruthy } from '../../domain/values.ts';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE } from '../../domain/post-types.ts';
import { CATEGORIES, TAGS } from '../../domain/terms/definition.ts';
import { emptyBatch, type EventRecord, type ImportBatch, type OrganizerRecord, type TermRecord, type VenueRecord } from '../records.ts';
import { ORGANIZER_META, VENUE_MAP_FLAGS, VENUE_META } from './linked-meta.ts';
import { scanWxr, type WxrItem, type WxrTerm } from './scan.ts';
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

interface PendingLinks {
  event: EventRecord;
  venueIds: string[];
  organizerIds: string[];
}

/** A post whose `_thumbnail_id` names an attachment of the exporting site. */
interface PendingImage {
  record: EventRecord | VenueRecord | OrganizerRecord;
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
  for (const { taxonomy, slug, name } of item.terms) {
    if (taxonomy !== CATEGORY_TAXONOMY && taxonomy !== TAG_TAXONOMY) continue;
    const key = terms.use(taxonomy, slug, name);
    if (key !== null) (taxonomy === CATEGORY_TAXONOMY ? event.categories : event.tags)!.push(key);
  }
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

/**
 * Reads a WXR export. Malformed or truncated XML, or a file that is not a WordPress export,
 * rejects with an Error naming file and line; an unusable item becomes a RecordProblem.
 * Venue and organizer links to posts that are not in the file are dropped.
 */
export async function parseWxr(input: NodeJS.ReadableStream | string, file: string): Promise<ImportBatch> {
  const batch = emptyBatch();
  let skipped = 0;
  const terms = new TermCollector();
  const pending: PendingLinks[] = [];
  const tecTypes: readonly string[] = [EVENT_TYPE.type, VENUE_TYPE.type, ORGANIZER_TYPE.type];
  let fromWpcal = false;
  // The file's attachments (post ID → the URL their file is downloaded from), and the posts naming one.
  const attachments = new Map<string, string>();
  const images: PendingImage[] = [];

  await scanWxr(input, file, {
    generator: (text) => { fromWpcal = text === WPCAL_GENERATOR; },
    term: (term) => terms.declare(term),
    item: (item) => {
      const type = item.fields.get('wp:post_type')?.trim() ?? '';
      const url = (item.fields.get('wp:attachment_url') || item.fields.get('guid'))?.trim();
      if (type === 'attachment' && postId(item) !== null && url) attachments.set(String(postId(item)), url);
      if (!tecTypes.includes(type)) {
        skipped += 1;
        return;
      }
      const id = postId(item);
      const meta = metaMap(item.meta);
      const problem = id === null ? 'missing or invalid wp:post_id' : missing(item, meta);
      if (id === null || problem !== null) {
        batch.problems.push({ where: where(file, item), reason: problem! });
        return;
      }
      let record: EventRecord | VenueRecord | OrganizerRecord;
      if (type === EVENT_TYPE.type) {
        const event = record = eventRecord(item, id, meta, terms);
        pending.push({ event, venueIds: meta.get('_EventVenueID') ?? [], organizerIds: meta.get('_EventOrganizerID') ?? [] });
        batch.events.push(event);
      } else if (type === VENUE_TYPE.type) {
        batch.venues.push(record = venueRecord(item, id, meta));
      } else {
        batch.organizers.push(record = organizerRecord(item, id, meta));
      }
      const attachmentId = first(meta, '_thumbnail_id')?.trim();
      if (attachmentId) images.push({ record, attachmentId });
    },
  });

  const venueKeys = new Set(batch.venues.map((v) => v.key));
  const organizerKeys = new Set(batch.organizers.map((o) => o.key));
  const keysOf = (ids: string[], known: Set<string>) => [...new Set(ids.map((id) => postKey(id.trim())))].filter((key) => known.has(key));
  for (const { event, venueIds, organizerIds } of pending) {
    const [venueKey] = keysOf(venueIds, venueKeys);
    if (venueKey !== undefined) event.venueKey = venueKey;
    event.organizerKeys = keysOf(organizerIds, organizerKeys);
  }
  // As WordPress's importer remaps `_thumbnail_id`: to the attachment the file's item becomes.
  // The attachment items themselves are counted as skipped: they are no records of their own.
  for (const { record, attachmentId } of images) {
    const url = attachments.get(attachmentId);
    if (url !== undefined) record.image = url;
  }
  batch.skipped = skipped;
  batch.categories = terms.records(CATEGORY_TAXONOMY, true);
  // post_tag is shared with blog posts: from a WordPress export only the tags events use come
  // along; wpcal's exports declare calendar tags only (every one in a backup).
  batch.tags = terms.records(TAG_TAXONOMY, fromWpcal);
  return batch;
}
