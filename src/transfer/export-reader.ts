// The events an export writes, as a stream of ExportEvent: read in pages ordered by ID (keyset
// paging, each page as costly as the first: see data/post-selection.ts), each page loaded by the
// events' read model (domain/events/read-model.ts) with a constant number of queries, so memory
// stays flat and time linear however large the calendar is.
import type { PostRow } from '../data/tables.ts';
import { ORGANIZER_DEFINITION } from '../domain/organizers.ts';
import type { LinkedPostDefinition } from '../domain/linked-posts/definition.ts';
import { EVENT_TYPE, LISTED_BY_DEFAULT } from '../domain/post-types.ts';
import { permalink } from '../domain/urls.ts';
import { CATEGORIES, TAGS, type TaxonomyDefinition } from '../domain/terms/definition.ts';
import { VENUE_DEFINITION } from '../domain/venues.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { Reader } from '../data/executor.ts';
import { firstMeta, postIdsOfType, type PostMeta } from '../data/posts.ts';
import { selectionPage, termsOfSelection } from '../data/post-selection.ts';
import { allTermsInIdOrder, termsByIds } from '../data/term-queries.ts';
import type { Term } from '../data/terms.ts';
import { authorsOfPostTypes } from '../data/users.ts';
import { exportSelection, selectsEverything, type ExportFilters } from './export-selection.ts';
import type { ExportAuthor, ExportEvent, ExportImage, ExportOrganizer, ExportTerm, ExportTerms, ExportVenue } from './records.ts';
import { attachmentUrl, type ImageAttachment } from '../domain/images.ts';
import { loadStoredEvents, type StoredEvent } from '../domain/events/read-model.ts';
import { loadLinkedPostsByIds, type StoredLinkedPost } from '../domain/linked-posts/read-model.ts';
import { eventFlags, venueMapFlags } from '../domain/events/stored-flags.ts';

export { selectsEverything, type ExportFilters } from './export-selection.ts';

export interface ExportReadOptions {
  pageSize?: number;
  now?: Date;
  /** Called with each page's post IDs as it is read (tests watch the paging). */
  onPage?: (ids: number[]) => void;
}

const ZERO_DATETIME = '0000-00-00 00:00:00';

function linkedFields(definition: LinkedPostDefinition, post: PostRow, meta: PostMeta): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of definition.fields) {
    const value = firstMeta(meta, field.metaKey);
    if (value !== undefined && field.name !== 'stateprovince') fields[field.name] = value;
  }
  if (post.post_date_gmt !== ZERO_DATETIME) fields.dateUtc = post.post_date_gmt;
  else fields.date = post.post_date;
  if (post.post_name !== '') fields.slug = post.post_name;
  if (post.post_modified_gmt !== ZERO_DATETIME) fields.modifiedUtc = post.post_modified_gmt;
  return { ...fields, [definition.singular]: post.post_title, description: post.post_content, status: post.post_status };
}

function exportImage(site: SiteSettings, image: ImageAttachment | undefined): ExportImage | undefined {
  if (!image) return undefined;
  const { post, attachedFile, metadata } = image;
  return {
    id: Number(post.ID), url: attachmentUrl(site, post.guid, attachedFile), title: post.post_title, slug: post.post_name, mimeType: post.post_mime_type,
    authorId: Number(post.post_author), createdUtc: post.post_date_gmt, created: post.post_date, attachedFile, metadata,
  };
}

const venueRecord = (site: SiteSettings, { post, meta, image }: StoredLinkedPost): ExportVenue => ({
  id: Number(post.ID),
  authorId: Number(post.post_author),
  ...linkedFields(VENUE_DEFINITION, post, meta),
  venue: post.post_title,
  ...venueMapFlags(meta),
  image: exportImage(site, image),
});

const organizerRecord = (site: SiteSettings, { post, meta, image }: StoredLinkedPost): ExportOrganizer => ({
  id: Number(post.ID),
  authorId: Number(post.post_author),
  ...linkedFields(ORGANIZER_DEFINITION, post, meta),
  organizer: post.post_title,
  image: exportImage(site, image),
});

async function* pages<T>(items: Iterable<T> | AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let page: T[] = [];
  for await (const item of items) {
    page.push(item);
    if (page.length === size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** Venues or organizers by ID, in the order given, read a page at a time (missing IDs are skipped). */
async function* readLinked<T>(
  db: Reader, site: SiteSettings, definition: LinkedPostDefinition, ids: Iterable<number> | AsyncIterable<number>,
  record: (site: SiteSettings, linked: StoredLinkedPost) => T, pageSize: number,
): AsyncGenerator<T> {
  for await (const page of pages(ids, pageSize)) {
    for (const linked of await loadLinkedPostsByIds(db, definition, page)) yield record(site, linked);
  }
}

export const readExportVenues = (db: Reader, site: SiteSettings, ids: Iterable<number>, pageSize = 500): AsyncGenerator<ExportVenue> =>
  readLinked(db, site, VENUE_DEFINITION, ids, venueRecord, pageSize);

export const readExportOrganizers = (db: Reader, site: SiteSettings, ids: Iterable<number>, pageSize = 500): AsyncGenerator<ExportOrganizer> =>
  readLinked(db, site, ORGANIZER_DEFINITION, ids, organizerRecord, pageSize);

/** The IDs of every venue or organizer an export holds: those a privileged list shows (all but trash and auto-draft). */
const everyLinkedId = (db: Reader, definition: LinkedPostDefinition, pageSize: number): AsyncGenerator<number> =>
  postIdsOfType(db, definition.postType.type, LISTED_BY_DEFAULT, pageSize);

/** Every venue of the calendar, used or not, in ID order (a backup). */
export const readEveryVenue = (db: Reader, site: SiteSettings, pageSize = 500): AsyncGenerator<ExportVenue> =>
  readLinked(db, site, VENUE_DEFINITION, everyLinkedId(db, VENUE_DEFINITION, pageSize), venueRecord, pageSize);

export const readEveryOrganizer = (db: Reader, site: SiteSettings, pageSize = 500): AsyncGenerator<ExportOrganizer> =>
  readLinked(db, site, ORGANIZER_DEFINITION, everyLinkedId(db, ORGANIZER_DEFINITION, pageSize), organizerRecord, pageSize);

const exportTerm = (term: Term): ExportTerm => ({ id: term.term_id, name: term.name, slug: term.slug, description: term.description, parent: term.parent });

function exportEvent(site: SiteSettings, { post, meta, terms, venues: [venue], organizers, image }: StoredEvent): ExportEvent {
  const flags = eventFlags(meta);
  return {
    id: Number(post.ID),
    authorId: Number(post.post_author),
    slug: post.post_name,
    status: post.post_status,
    title: post.post_title,
    description: post.post_content,
    excerpt: post.post_excerpt,
    startDate: firstMeta(meta, '_EventStartDate') ?? '',
    endDate: firstMeta(meta, '_EventEndDate') ?? '',
    startDateUtc: firstMeta(meta, '_EventStartDateUTC') ?? '',
    endDateUtc: firstMeta(meta, '_EventEndDateUTC') ?? '',
    allDay: flags.allDay,
    timezone: firstMeta(meta, '_EventTimezone') || site.timezone,
    cost: (meta.get('_EventCost') ?? []).join(', '),
    website: firstMeta(meta, '_EventURL') ?? '',
    featured: flags.featured,
    sticky: Number(post.menu_order) === -1,
    password: post.post_password || undefined,
    url: permalink(site, EVENT_TYPE, post, true),
    createdUtc: post.post_date_gmt,
    modifiedUtc: post.post_modified_gmt,
    created: post.post_date_gmt === ZERO_DATETIME ? post.post_date : undefined,
    venue: venue ? venueRecord(site, venue) : null,
    organizers: organizers.map((organizer) => organizerRecord(site, organizer)),
    categories: terms.categories.map(exportTerm),
    tags: terms.tags.map(exportTerm),
    meta: [...meta].flatMap(([key, values]) => values.map((value): [string, string] => [key, value])),
    image: exportImage(site, image),
  };
}

/** Throws ExportFilterError for a filter that cannot be applied (bad date, unknown term). */
export async function checkExportFilters(db: Reader, site: SiteSettings, filters: ExportFilters, now = new Date()): Promise<void> {
  await exportSelection(db, filters, site, now);
}

/** The events matching the filters, in ID order, read page by page. */
export async function* readExportEvents(db: Reader, site: SiteSettings, filters: ExportFilters = {}, options: ExportReadOptions = {}): AsyncGenerator<ExportEvent> {
  const pageSize = options.pageSize ?? 500;
  const selection = await exportSelection(db, filters, site, options.now ?? new Date());
  let after = 0;
  for (;;) {
    const posts = await selectionPage(db, selection, after, pageSize);
    if (!posts.length) return;
    const ids = posts.map((post) => Number(post.ID));
    options.onPage?.(ids);
    for (const event of await loadStoredEvents(db, posts)) yield exportEvent(site, event);
    after = ids[ids.length - 1]!;
    if (posts.length < pageSize) return;
  }
}

/** Categories by ID with all their ancestors (for formats that carry the hierarchy). */
async function categoriesWithAncestors(db: Reader, ids: readonly number[]): Promise<Term[]> {
  const found = new Map<number, Term>();
  let pending = [...new Set(ids)];
  while (pending.length) {
    const terms = await termsByIds(db, CATEGORIES.taxonomy, pending);
    for (const term of terms) found.set(term.term_id, term);
    pending = [...new Set(terms.map((term) => term.parent).filter((parent) => parent && !found.has(parent)))];
  }
  return [...found.values()];
}

/** These categories with all their ancestors. */
export async function readExportCategories(db: Reader, used: readonly ExportTerm[]): Promise<ExportTerm[]> {
  return (await categoriesWithAncestors(db, used.map((term) => term.id))).map(exportTerm);
}

/** Every category and tag of the calendar, in term ID order (a backup). */
export async function readEveryTerm(db: Reader): Promise<ExportTerms> {
  const every = async (def: TaxonomyDefinition) => (await allTermsInIdOrder(db, def.taxonomy)).map(exportTerm);
  return { categories: await every(CATEGORIES), tags: await every(TAGS) };
}

/** The categories (with their ancestors) and tags of the events the filters select: every one when nothing is filtered. */
export async function readExportTerms(db: Reader, site: SiteSettings, filters: ExportFilters = {}, now = new Date()): Promise<ExportTerms> {
  if (selectsEverything(filters)) return readEveryTerm(db);
  const selection = await exportSelection(db, filters, site, now);
  const used = (def: TaxonomyDefinition) => termsOfSelection(db, def.taxonomy, selection);
  const categories = await categoriesWithAncestors(db, (await used(CATEGORIES)).map((term) => term.term_id));
  return { categories: categories.map(exportTerm), tags: (await used(TAGS)).map(exportTerm) };
}

/** The users who wrote events, venues or organizers (WXR declares them before the items). */
export async function readExportAuthors(db: Reader): Promise<ExportAuthor[]> {
  const rows = await authorsOfPostTypes(db, [EVENT_TYPE.type, VENUE_DEFINITION.postType.type, ORGANIZER_DEFINITION.postType.type]);
  return rows.map((row) => ({ id: row.ID, login: row.user_login, email: row.user_email, displayName: row.display_name }));
}
