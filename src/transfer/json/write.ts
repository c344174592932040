// Writes events as the project's JSON fixture format (README "Fixture format"), streaming: each
// event is written as it arrives; the venues, organizers, categories and tags follow at the end,
// as the lookups give them for those the events use (for a backup: all of them). Only the IDs of
// venues and organizers are kept meanwhile (they are read again a page at a time at the end), and
// the terms (a calendar has few distinct ones).
// Importing the output into an empty calendar gives the same data back, IDs included.
import { EVENT_META_KEYS } from '../../domain/events/storage.ts';
import { IMPORT_KEY_META } from '../import-keys.ts';
import type { ExportEvent, ExportImage, ExportOrganizer, ExportTerm, ExportVenue } from '../records.ts';
import { withSink, type Sink } from '../sink.ts';

const ZERO_DATETIME = '0000-00-00 00:00:00';

/** Meta an export leaves out: the event's own (written as fields) and bookkeeping. */
const NOT_EXPORTED = new Set([...EVENT_META_KEYS, IMPORT_KEY_META, '_edit_lock', '_edit_last']);

/** What to write after the events, given what they use (by ID for venues and organizers). */
export interface JsonExportLookups {
  /** Categories with their ancestors. */
  categories(used: ExportTerm[]): Promise<ExportTerm[]>;
  tags(used: ExportTerm[]): Promise<ExportTerm[]>;
  /** Venues and organizers, in the order given. */
  venues(used: Iterable<number>): AsyncIterable<ExportVenue>;
  organizers(used: Iterable<number>): AsyncIterable<ExportOrganizer>;
}

function firstMeta(event: ExportEvent, key: string): string | undefined {
  return event.meta.find(([k]) => k === key)?.[1];
}

/** The event's key: the one it was imported from JSON with, else `event-{ID}`. */
function keyOf(event: ExportEvent, prefix: string): string {
  const imported = firstMeta(event, IMPORT_KEY_META);
  return imported?.startsWith('json:') ? imported.slice('json:'.length) : `${prefix}-${event.id}`;
}

function compact(entry: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)));
}

/** `image`: the file's URL (what an import downloads, or on the same site finds the attachment by) and the attachment ID. */
const imageEntry = (image: ExportImage | undefined) => (image ? { url: image.url, id: image.id } : undefined);

function eventEntry(event: ExportEvent, venueKey: string | undefined, organizerKeys: string[]): Record<string, unknown> {
  const costs = event.meta.filter(([key]) => key === '_EventCost').map(([, value]) => value);
  const extra: Record<string, string[]> = {};
  for (const [key, value] of event.meta) if (!NOT_EXPORTED.has(key)) (extra[key] ??= []).push(value);
  const flag = (key: string): boolean | undefined => {
    const value = firstMeta(event, key);
    return value === undefined ? undefined : value !== '' && value !== '0';
  };
  return compact({
    id: event.id,
    title: event.title,
    description: event.description,
    excerpt: event.excerpt,
    slug: event.slug,
    status: event.status,
    date: event.created,
    date_utc: event.createdUtc === ZERO_DATETIME ? undefined : event.createdUtc,
    password: event.password,
    timezone: event.timezone,
    all_day: event.allDay || undefined,
    start_date: event.startDate,
    end_date: event.endDate,
    cost: costs.length > 1 ? costs : costs[0],
    currency_symbol: firstMeta(event, '_EventCurrencySymbol'),
    currency_position: firstMeta(event, '_EventCurrencyPosition'),
    website: event.website,
    featured: event.featured || undefined,
    sticky: event.sticky || undefined,
    hide_from_listings: firstMeta(event, '_EventHideFromUpcoming') !== undefined || undefined,
    show_map: flag('_EventShowMap'),
    show_map_link: flag('_EventShowMapLink'),
    venue: venueKey,
    organizers: organizerKeys,
    categories: event.categories.map((term) => term.slug),
    tags: event.tags.map((term) => term.slug),
    meta: Object.keys(extra).length ? extra : undefined,
    image: imageEntry(event.image),
  });
}

function venueEntry(venue: ExportVenue): Record<string, unknown> {
  // The fixture format has no modified date (an import sets it) and no author (the importer writes).
  const { id, showMap, showMapLink, dateUtc, modifiedUtc, authorId, image, ...fields } = venue;
  return compact({ id, ...fields, show_map: showMap, show_map_link: showMapLink, date_utc: dateUtc, image: imageEntry(image) });
}

function organizerEntry(organizer: ExportOrganizer): Record<string, unknown> {
  const { dateUtc, modifiedUtc, authorId, image, ...fields } = organizer;
  return compact({ ...fields, date_utc: dateUtc, image: imageEntry(image) });
}

const venueKey = (id: number): string => `venue-${id}`;
const organizerKey = (id: number): string => `organizer-${id}`;

async function* keyed<T>(records: AsyncIterable<T>, entry: (record: T) => [string, Record<string, unknown>]): AsyncGenerator<[string, Record<string, unknown>]> {
  for await (const record of records) yield entry(record);
}

async function writeSection(sink: Sink, name: string, entries: Iterable<[string, Record<string, unknown>]> | AsyncIterable<[string, Record<string, unknown>]>, last = false): Promise<void> {
  await sink.write(`  "${name}": {`);
  let first = true;
  for await (const [key, entry] of entries) {
    await sink.write(`${first ? '' : ','}\n    ${JSON.stringify(key)}: ${JSON.stringify(entry)}`);
    first = false;
  }
  await sink.write(`${first ? '' : '\n  '}}${last ? '' : ','}\n`);
}

export async function writeJsonExport(events: AsyncIterable<ExportEvent>, out: NodeJS.WritableStream, lookups: JsonExportLookups): Promise<void> {
  await withSink(out, 'the export', (sink) => writeDocument(events, sink, lookups));
}

const termEntry = (term: ExportTerm, parentSlug?: string): [string, Record<string, unknown>] =>
  [term.slug, compact({ id: term.id, name: term.name, slug: term.slug, description: term.description, parent: parentSlug })];

async function writeDocument(events: AsyncIterable<ExportEvent>, sink: Sink, lookups: JsonExportLookups): Promise<void> {
  const venueIds = new Set<number>();
  const organizerIds = new Set<number>();
  const usedCategories = new Map<number, ExportTerm>();
  const usedTags = new Map<number, ExportTerm>();
  await sink.write('{\n  "wpcal": 1,\n  "events": {');
  let first = true;
  for await (const event of events) {
    if (event.venue) venueIds.add(event.venue.id);
    for (const organizer of event.organizers) organizerIds.add(organizer.id);
    for (const term of event.categories) usedCategories.set(term.id, term);
    for (const term of event.tags) usedTags.set(term.id, term);
    const entry = eventEntry(event, event.venue ? venueKey(event.venue.id) : undefined, event.organizers.map((o) => organizerKey(o.id)));
    await sink.write(`${first ? '' : ','}\n    ${JSON.stringify(keyOf(event, 'event'))}: ${JSON.stringify(entry)}`);
    first = false;
  }
  await sink.write(`${first ? '' : '\n  '}},\n`);
  const categories = await lookups.categories([...usedCategories.values()]);
  const slugOf = new Map(categories.map((term) => [term.id, term.slug]));
  await writeSection(sink, 'venues', keyed(lookups.venues(venueIds), (venue) => [venueKey(venue.id), venueEntry(venue)]));
  await writeSection(sink, 'organizers', keyed(lookups.organizers(organizerIds), (organizer) => [organizerKey(organizer.id), organizerEntry(organizer)]));
  await writeSection(sink, 'categories', categories.map((term) => termEntry(term, term.parent ? slugOf.get(term.parent) : undefined)));
  await writeSection(sink, 'tags', (await lookups.tags([...usedTags.values()])).map((term) => termEntry(term)), true);
  await sink.write('}\n');
}
