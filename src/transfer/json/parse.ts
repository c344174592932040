// The project's JSON fixture format (README "Fixture format") as an ImportBatch: sections of
// entries keyed by the author's keys, entries with the fields of the matching POST route, events
// referring to venues, organizers, categories and tags by key.
import { parseFixture } from '../../fixtures/seed.ts';
import { emptyBatch, type EventRecord, type ImportBatch, type OrganizerRecord, type TermRecord, type VenueRecord } from '../records.ts';
import { RecordError, isRecordError, reasonOf } from '../tally.ts';
import { readBoolean, readKeys, readText } from '../values.ts';

type Entry = Record<string, unknown>;

function readId(value: unknown, of: 'post' | 'term' = 'post'): number | undefined {
  if (value === undefined || value === null) return undefined;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new RecordError(`id "${String(value)}" is not a ${of} ID`);
  return id;
}

/**
 * `image`: an attachment ID or URL as the REST routes take it, or the `{"url", "id"}` of an
 * export (its URL: on the same site the attachment it names, elsewhere the file downloaded).
 */
function readImage(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return readText(value, 'image');
  const { url, id } = value as Entry;
  const image = readText(url, 'image url') ?? readText(id, 'image id');
  if (image === undefined) throw new RecordError('"image" must be an attachment ID, a URL or an object with a "url"');
  return image;
}

/** What venues and organizers share: post status, slug and dates, the post ID to keep, and the image. */
function linkedPostFields(e: Entry): Pick<VenueRecord, 'status' | 'slug' | 'dateUtc' | 'date' | 'wantedId' | 'image'> {
  return {
    image: readImage(e.image),
    status: readText(e.status, 'status'),
    slug: readText(e.slug, 'slug'),
    dateUtc: readText(e.date_utc, 'date_utc'),
    date: readText(e.date, 'date'),
    wantedId: readId(e.id),
  };
}

function required(entry: Entry, field: string): string {
  const value = readText(entry[field], field);
  if (value === undefined || value.trim() === '') throw new RecordError(`"${field}" is required`);
  return value;
}

function venue(key: string, e: Entry): VenueRecord {
  return {
    key,
    venue: required(e, 'venue'),
    description: readText(e.description, 'description'),
    address: readText(e.address, 'address'),
    city: readText(e.city, 'city'),
    country: readText(e.country, 'country'),
    province: readText(e.province, 'province'),
    state: readText(e.state, 'state'),
    zip: readText(e.zip, 'zip'),
    phone: readText(e.phone, 'phone'),
    website: readText(e.website, 'website'),
    showMap: readBoolean(e.show_map, 'show_map'),
    showMapLink: readBoolean(e.show_map_link, 'show_map_link'),
    ...linkedPostFields(e),
  };
}

function organizer(key: string, e: Entry): OrganizerRecord {
  return {
    key,
    organizer: required(e, 'organizer'),
    description: readText(e.description, 'description'),
    phone: readText(e.phone, 'phone'),
    website: readText(e.website, 'website'),
    email: readText(e.email, 'email'),
    ...linkedPostFields(e),
  };
}

function term(key: string, e: Entry): TermRecord {
  return {
    key,
    name: required(e, 'name'),
    slug: readText(e.slug, 'slug'),
    description: readText(e.description, 'description'),
    parentKey: readText(e.parent, 'parent'),
    wantedId: readId(e.id, 'term'),
  };
}

function cost(value: unknown): string | string[] | undefined {
  return Array.isArray(value) ? value.map((entry) => readText(entry, 'cost') ?? '') : readText(value, 'cost');
}

function meta(value: unknown): Array<[string, string]> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new RecordError('"meta" must map keys to values');
  return Object.entries(value).flatMap(([key, values]) => (readKeys(values, `meta ${key}`) ?? []).map((v): [string, string] => [key, v]));
}

function currencyPosition(value: unknown): 'prefix' | 'postfix' | undefined {
  const text = readText(value, 'currency_position');
  if (text === undefined) return undefined;
  if (text === 'prefix' || text === 'postfix') return text;
  throw new RecordError(`currency_position "${text}" is neither prefix nor postfix`);
}

function event(key: string, e: Entry): EventRecord {
  return {
    key,
    title: required(e, 'title'),
    description: readText(e.description, 'description'),
    excerpt: readText(e.excerpt, 'excerpt'),
    slug: readText(e.slug, 'slug'),
    status: readText(e.status, 'status'),
    date: readText(e.date, 'date'),
    dateUtc: readText(e.date_utc, 'date_utc'),
    password: readText(e.password, 'password'),
    startDate: required(e, 'start_date'),
    endDate: required(e, 'end_date'),
    allDay: readBoolean(e.all_day, 'all_day'),
    timezone: readText(e.timezone, 'timezone'),
    cost: cost(e.cost),
    currencySymbol: readText(e.currency_symbol, 'currency_symbol'),
    currencyPosition: currencyPosition(e.currency_position),
    website: readText(e.website, 'website'),
    featured: readBoolean(e.featured, 'featured'),
    sticky: readBoolean(e.sticky, 'sticky'),
    hideFromListings: readBoolean(e.hide_from_listings, 'hide_from_listings'),
    showMap: readBoolean(e.show_map, 'show_map'),
    showMapLink: readBoolean(e.show_map_link, 'show_map_link'),
    venueKey: readText(e.venue, 'venue'),
    organizerKeys: readKeys(e.organizers ?? e.organizer, 'organizers'),
    categories: readKeys(e.categories, 'categories'),
    tags: readKeys(e.tags, 'tags'),
    wantedId: readId(e.id),
    meta: meta(e.meta),
    image: readImage(e.image),
  };
}

/** Parses a fixture file; a file that is not a fixture throws FixtureError, a bad entry is a problem. */
export function parseJsonFixture(text: string, file: string): ImportBatch {
  const fixture = parseFixture(text, file);
  const batch = emptyBatch();
  const collect = <T>(section: string, entries: Record<string, Entry>, read: (key: string, entry: Entry) => T, into: T[]): void => {
    for (const [key, entry] of Object.entries(entries)) {
      try {
        into.push(read(key, entry));
      } catch (error) {
        if (!isRecordError(error)) throw error;
        batch.problems.push({ where: `${file}: ${section} "${key}"`, reason: reasonOf(error) });
      }
    }
  };
  collect('venue', fixture.venues, venue, batch.venues);
  collect('organizer', fixture.organizers, organizer, batch.organizers);
  collect('category', fixture.categories, term, batch.categories);
  collect('tag', fixture.tags, term, batch.tags);
  collect('event', fixture.events, event, batch.events);
  return batch;
}
