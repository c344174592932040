// The project's JSON fixture format (README "Fixture format") as an import source: sections of
// entries keyed by the author's keys, entries with the fields of the matching POST route, events
// referring to venues, organizers, categories and tags by key. The file is read twice, a chunk at
// a time: first checked whole (where each section is, how many entries it has), then section by
// section in the order they are written (the events refer to the others, which an export writes
// after them), each entry turned into a record as it is needed.
import { ObjectScanner, JsonSyntaxError } from './scan.ts';
import { ImportFileError, notUtf8, type ByteRange, type ByteSource } from '../read-file.ts';
import type { EventRecord, OrganizerRecord, RecordProblem, TermRecord, VenueRecord } from '../records.ts';
import { highestId, type ImportSource, type Read } from '../source.ts';
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

const SECTIONS = ['venues', 'organizers', 'categories', 'tags', 'events'] as const;
type Section = (typeof SECTIONS)[number];

const isSection = (key: string): key is Section => (SECTIONS as readonly string[]).includes(key);

/** Where an entry of a section is, in messages: `file: event "key"`. */
const ENTRY_NAMES: Record<Section, string> = { venues: 'venue', organizers: 'organizer', categories: 'category', tags: 'tag', events: 'event' };

function isRecord(value: unknown): value is Entry {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The wanted post ID of an entry, if it is one (a bad one is reported when the entry is read). */
function wantedIdOf(entry: Entry): number | undefined {
  try {
    return readId(entry.id);
  } catch {
    return undefined;
  }
}

/** The line of byte `offset`, counting from 1. */
async function lineAt(bytes: ByteSource, offset: number): Promise<number> {
  let line = 1;
  for await (const chunk of bytes({ start: 0, end: offset })) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) line++;
  }
  return line;
}

/** A section's entries, read again from its part of the file: each as a record or the problem that keeps it from being one. */
async function* entries<T>(bytes: ByteSource, span: ByteRange | undefined, file: string, section: Section, read: (key: string, entry: Entry) => T): AsyncGenerator<Read<T>> {
  if (!span) return;
  const texts: Array<[string, string]> = [];
  const scanner = new ObjectScanner({ member: (key, text) => { texts.push([key, text]); } });
  const records = (): Array<Read<T>> => {
    const out = texts.map(([key, text]): Read<T> => {
      try {
        return read(key, JSON.parse(text) as Entry);
      } catch (error) {
        if (!isRecordError(error)) throw error;
        return { where: `${file}: ${ENTRY_NAMES[section]} "${key}"`, reason: reasonOf(error) } satisfies RecordProblem;
      }
    });
    texts.length = 0;
    return out;
  };
  for await (const chunk of bytes(span)) {
    scanner.write(chunk);
    yield* records();
  }
  scanner.end();
  yield* records();
}

/** What the check of a fixture file learns: where each section is and how many entries it has. */
class FixtureCheck {
  readonly spans = new Map<Section, ByteRange>();
  readonly counts = new Map<Section, number>();
  highestWantedId = 0;

  constructor(private readonly file: string) {}

  readonly scanner = new ObjectScanner({
    descend: isSection,
    // A section given twice counts once, as JSON.parse keeps the last.
    open: (key, start) => {
      this.spans.set(key as Section, { start, end: start });
      this.counts.set(key as Section, 0);
    },
    close: (key, end) => { this.spans.get(key as Section)!.end = end; },
    member: (key, text, start, parent) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new JsonSyntaxError(start, (error as Error).message);
      }
      const section = parent ?? key;
      if (!isSection(section)) return;
      if (parent === undefined) {
        // `null` is an empty section; anything else but an object (read as a section) is not one.
        if (value !== null) throw new ImportFileError(`${this.file}: "${section}" must map keys to objects`);
        this.spans.delete(section);
        this.counts.delete(section);
        return;
      }
      if (!isRecord(value)) throw new ImportFileError(`${this.file}: "${section}" must map keys to objects`);
      this.counts.set(section, this.counts.get(section)! + 1);
      if (section !== 'categories' && section !== 'tags') this.highestWantedId = highestId([this.highestWantedId, wantedIdOf(value)]);
    },
  });
}

/**
 * Checks a fixture file whole, holding a chunk of it at a time: a file that is not UTF-8, not
 * JSON, truncated, or not a fixture throws ImportFileError. Its records are read again when the
 * source's streams are iterated; a bad entry is a problem of its own.
 */
export async function readJsonFixture(bytes: ByteSource, file: string): Promise<ImportSource> {
  const check = new FixtureCheck(file);
  try {
    for await (const chunk of bytes()) check.scanner.write(chunk);
    check.scanner.end();
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    if (error.kind === 'not-utf8') throw notUtf8(file);
    if (error.kind === 'not-object') throw new ImportFileError(`${file}: ${error.message}`);
    throw new ImportFileError(`${file}: not valid JSON (line ${await lineAt(bytes, error.offset)}: ${error.message})`);
  }
  const { spans, counts } = check;
  return {
    size: [...counts.values()].reduce((sum, n) => sum + n, 0),
    skipped: 0,
    problems: [],
    highestWantedId: check.highestWantedId,
    venues: () => entries(bytes, spans.get('venues'), file, 'venues', venue),
    organizers: () => entries(bytes, spans.get('organizers'), file, 'organizers', organizer),
    categories: () => entries(bytes, spans.get('categories'), file, 'categories', term),
    tags: () => entries(bytes, spans.get('tags'), file, 'tags', term),
    events: () => entries(bytes, spans.get('events'), file, 'events', event),
  };
}
