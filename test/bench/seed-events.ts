// A realistic calendar of many events written straight into the tables with multi-row INSERTs:
// events with TEC meta and occurrence rows, venues, organizers, featured images, categories
// (some nested) and tags. Deterministic (a seeded generator), dates spread around `now`.
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import type { Database, NewPost } from '../../src/data/tables.ts';
import type { Reader } from '../../src/data/executor.ts';
import { phpSerialize } from '../../src/php/serialize.ts';
import { occurrenceHash } from '../../src/time/occurrence.ts';
import { formatDbDatetime, parseDbDatetime } from '../../src/time/wall.ts';
import { localToUtc, timezoneAbbr } from '../../src/time/zones.ts';

export interface SeededCalendar {
  events: number;
  /** A published, unprotected event with a venue, organizers, terms, cost and an image. */
  sampleEventId: number;
}

type Row<T extends keyof Database> = { [K in keyof Database[T]]?: unknown } & Record<string, unknown>;

const BATCH_PARAMETERS = 20_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ZONES = ['UTC', 'UTC', 'America/New_York', 'Europe/Berlin'] as const;
const CITIES = [
  ['Portland', 'OR', '97209'], ['Springfield', 'IL', '62701'], ['Austin', 'TX', '73301'], ['Boston', 'MA', '02108'],
  ['Denver', 'CO', '80202'], ['Seattle', 'WA', '98101'], ['Chicago', 'IL', '60601'], ['Madison', 'WI', '53703'],
] as const;
const WORDS = ['Jazz', 'Night', 'Market', 'Workshop', 'Repair', 'Café', 'Festival', 'Lecture', 'Yoga', 'Run',
  'Poetry', 'Brunch', 'Film', 'Choir', 'Garden', 'Tour', 'Quiz', 'Dance', 'Maker', 'Salon', 'Open', 'Studio'];
const CATEGORY_NAMES = ['Music', 'Jazz', 'Rock', 'Classical', 'Workshops', 'Family', 'Sports', 'Running', 'Film',
  'Theatre', 'Talks', 'Food & Drink', 'Markets', 'Outdoors', 'Art', 'Community', 'Charity', 'Tech', 'Kids', 'Seniors'];

/** mulberry32: a small deterministic generator, so every run seeds the same calendar. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slugOf(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

async function insertRows<T extends keyof Database & string>(db: Reader, table: T, rows: Row<T>[]): Promise<void> {
  if (!rows.length) return;
  const perRow = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(BATCH_PARAMETERS / perRow));
  for (let i = 0; i < rows.length; i += size) {
    // The rows are built to the table's shape above; Kysely's insert typing cannot follow a generic table.
    await db.insertInto(table).values(rows.slice(i, i + size) as never).execute();
  }
}

class Writer {
  readonly posts: Row<'posts'>[] = [];
  readonly meta: Row<'postmeta'>[] = [];
  #nextId: number;

  constructor(firstId: number, private readonly stamp: string) {
    this.#nextId = firstId;
  }

  post(fields: Partial<NewPost> & Pick<NewPost, 'post_title' | 'post_type'>): number {
    const id = this.#nextId++;
    this.posts.push({
      ID: id, post_author: 1, post_date: this.stamp, post_date_gmt: this.stamp, post_content: '', post_excerpt: '',
      post_status: 'publish', comment_status: 'closed', ping_status: 'closed', post_password: '',
      post_name: slugOf(fields.post_title), to_ping: '', pinged: '', post_modified: this.stamp, post_modified_gmt: this.stamp,
      post_content_filtered: '', post_parent: 0, guid: `http://127.0.0.1/?p=${id}`, menu_order: 0, post_mime_type: '',
      comment_count: 0, ...fields,
    });
    return id;
  }

  addMeta(postId: number, pairs: [string, string][]): void {
    for (const [meta_key, meta_value] of pairs) this.meta.push({ post_id: postId, meta_key, meta_value });
  }
}

function attachmentMetadata(file: string): string {
  const base = file.replace(/\.jpg$/, '');
  const name = base.slice(base.lastIndexOf('/') + 1);
  const size = (w: number, h: number) => ({ file: `${name}-${w}x${h}.jpg`, width: w, height: h, 'mime-type': 'image/jpeg', filesize: w * h / 8 });
  return phpSerialize({
    width: 1920, height: 1280, file, filesize: 412_345,
    sizes: { medium: size(300, 200), large: size(1024, 683), thumbnail: size(150, 150), medium_large: size(768, 512) },
    image_meta: { aperture: '0', credit: '', camera: '', caption: '', created_timestamp: '0', copyright: '', focal_length: '0', iso: '0', shutter_speed: '0', title: '', orientation: '0', keywords: [] },
  });
}

function description(random: () => number, title: string): string {
  const paragraphs = 1 + Math.floor(random() * 3);
  const out: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    out.push(`Join us for "${title}" — doors open at 6:30pm and there's room for everyone. Bring a friend; it's the city's favourite ${WORDS[Math.floor(random() * WORDS.length)]!.toLowerCase()} evening... `
      + 'Tickets at the door, <strong>cash or card</strong>. See <a href="https://example.org/info">the details</a> & FAQ.');
  }
  return out.join('\n\n');
}

/**
 * Zone conversions are slow, so they are cached: timed events start 08:00–19:00 and end the same
 * day, after any DST switch (at night), so one offset per zone and day serves them all; all-day
 * bounds (midnight, 23:59:59) are converted one by one.
 */
class ZoneCache {
  #offsets = new Map<string, number>();
  #conversions = new Map<string, string>();

  #cached(key: string, compute: () => string): string {
    let value = this.#conversions.get(key);
    if (value === undefined) this.#conversions.set(key, value = compute());
    return value;
  }

  #noon(local: string): string {
    return `${local.slice(0, 10)} 12:00:00`;
  }

  toUtc(local: string, tz: string, exact: boolean): string {
    if (exact) return this.#cached(`utc ${tz} ${local}`, () => localToUtc(local, tz)!);
    const noon = this.#noon(local);
    const key = `${tz} ${noon}`;
    let offset = this.#offsets.get(key);
    if (offset === undefined) this.#offsets.set(key, offset = parseDbDatetime(noon)! - parseDbDatetime(localToUtc(noon, tz)!)!);
    return formatDbDatetime(parseDbDatetime(local)! - offset);
  }

  abbr(local: string, tz: string, exact: boolean): string {
    const at = exact ? local : this.#noon(local);
    return this.#cached(`abbr ${tz} ${at}`, () => timezoneAbbr(tz, at));
  }
}

/** Writes `count` events (and the venues, organizers, images and terms they use) into a calendar (empty or seeded before). */
export async function seedCalendar(db: Db, count: number, now: Date): Promise<SeededCalendar> {
  const random = generator(count);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const stamp = formatDbDatetime(now.getTime() - 30 * DAY_MS);
  const maxId = await db.kysely.selectFrom('posts').select((eb) => eb.fn.max('ID').as('id')).executeTakeFirst();
  const writer = new Writer(Number(maxId?.id ?? 0) + 1, stamp);

  const venueIds: number[] = [];
  for (let i = 0; i < Math.max(5, Math.floor(count / 25)); i++) {
    const [city, state, zip] = pick(CITIES);
    const id = writer.post({ post_title: `${pick(WORDS)} Hall ${i + 1}`, post_type: 'tribe_venue', post_content: `A venue in ${city}.` });
    writer.addMeta(id, [
      ['_VenueOrigin', 'events-calendar'], ['_EventShowMapLink', '1'], ['_EventShowMap', '1'],
      ['_VenueAddress', `${1 + i} Main St`], ['_VenueCity', city], ['_VenueCountry', 'United States'],
      ['_VenueProvince', ''], ['_VenueState', state], ['_VenueZip', zip], ['_VenuePhone', `555-01${String(i % 100).padStart(2, '0')}`],
      ['_VenueURL', `https://venue-${i + 1}.example`], ['_VenueStateProvince', state],
      ['_VenueLat', (30 + random() * 15).toFixed(6)], ['_VenueLng', (-120 + random() * 45).toFixed(6)],
    ]);
    venueIds.push(id);
  }
  const organizerIds: number[] = [];
  for (let i = 0; i < Math.max(5, Math.floor(count / 25)); i++) {
    const id = writer.post({ post_title: `${pick(WORDS)} Society ${i + 1}`, post_type: 'tribe_organizer' });
    writer.addMeta(id, [
      ['_OrganizerOrigin', 'events-calendar'], ['_OrganizerPhone', `+1 503 555 ${String(1000 + i).slice(-4)}`],
      ['_OrganizerWebsite', `https://organizer-${i + 1}.example`], ['_OrganizerEmail', `hello@organizer-${i + 1}.example`],
    ]);
    organizerIds.push(id);
  }
  const imageIds: number[] = [];
  for (let i = 0; i < Math.max(5, Math.floor(count / 10)); i++) {
    const file = `2026/0${1 + (i % 9)}/photo-${i + 1}.jpg`;
    const id = writer.post({ post_title: `photo-${i + 1}`, post_type: 'attachment', post_status: 'inherit', post_mime_type: 'image/jpeg', guid: `http://127.0.0.1/wp-content/uploads/${file}` });
    writer.addMeta(id, [['_wp_attached_file', file], ['_wp_attachment_metadata', attachmentMetadata(file)]]);
    imageIds.push(id);
  }

  const maxTerm = await db.kysely.selectFrom('terms').select((eb) => eb.fn.max('term_id').as('id')).executeTakeFirst();
  const maxTaxonomy = await db.kysely.selectFrom('term_taxonomy').select((eb) => eb.fn.max('term_taxonomy_id').as('id')).executeTakeFirst();
  let nextTerm = Number(maxTerm?.id ?? 0) + 1;
  let nextTaxonomy = Number(maxTaxonomy?.id ?? 0) + 1;
  const maxEvent = await db.kysely.selectFrom('tec_events').select((eb) => eb.fn.max('event_id').as('id')).executeTakeFirst();
  const firstEventId = Number(maxEvent?.id ?? 0) + 1;
  const terms: Row<'terms'>[] = [];
  const taxonomies: (Row<'term_taxonomy'> & { count: number })[] = [];
  const addTerm = (taxonomy: string, name: string, parent: number) => {
    terms.push({ term_id: nextTerm, name, slug: slugOf(name) || `term-${nextTerm}`, term_group: 0 });
    const row = { term_taxonomy_id: nextTaxonomy++, term_id: nextTerm++, taxonomy, description: taxonomy === 'post_tag' ? '' : `${name} events`, parent, count: 0 };
    taxonomies.push(row);
    return row;
  };
  const categories = CATEGORY_NAMES.map((name) => addTerm('tribe_events_cat', name, 0));
  for (const [child, parent] of [[1, 0], [2, 0], [3, 0], [7, 6]] as const) categories[child]!.parent = categories[parent]!.term_id as number;
  const tags = Array.from({ length: 200 }, (_, i) => addTerm('post_tag', `${pick(WORDS)} ${i + 1}`, 0));

  const events: Row<'tec_events'>[] = [];
  const occurrences: Row<'tec_occurrences'>[] = [];
  const relationships: Row<'term_relationships'>[] = [];
  const windowStart = now.getTime() - 90 * DAY_MS;
  const windowLength = 27 * 30 * DAY_MS;
  const zones = new ZoneCache();
  let sampleEventId = 0;
  for (let n = 0; n < count; n++) {
    const title = `${pick(WORDS)} ${pick(WORDS)} #${n + 1}`;
    const roll = random();
    const status = roll < 0.9 ? 'publish' : roll < 0.95 ? 'draft' : roll < 0.98 ? 'future' : 'private';
    const password = random() < 0.01 ? 'secret' : '';
    const tz = pick(ZONES);
    const allDay = random() < 0.1;
    const day = Math.floor((windowStart + random() * windowLength) / DAY_MS) * DAY_MS;
    const startWall = allDay ? day : day + (8 + Math.floor(random() * 12)) * HOUR_MS;
    const start = formatDbDatetime(startWall);
    const end = formatDbDatetime(allDay ? day + DAY_MS - 1000 : startWall + (1 + Math.floor(random() * 4)) * HOUR_MS);
    const startUtc = zones.toUtc(start, tz, allDay);
    const endUtc = zones.toUtc(end, tz, allDay);
    const duration = (parseDbDatetime(endUtc)! - parseDbDatetime(startUtc)!) / 1000;
    const id = writer.post({
      post_title: title, post_type: 'tribe_events', post_status: status, post_password: password,
      post_name: `${slugOf(title)}-${n + 1}`, post_content: description(random, title),
      post_excerpt: random() < 0.3 ? `A short note about ${title}.` : '',
    });
    const venue = pick(venueIds);
    const organizers = random() < 0.3 ? [pick(organizerIds), pick(organizerIds)] : [pick(organizerIds)];
    const cost = random() < 0.2 ? ['Free'] : random() < 0.2 ? ['10', '25'] : [String(5 + Math.floor(random() * 60))];
    const pairs: [string, string][] = [
      ['_EventOrigin', 'events-calendar'], ['_EventShowMapLink', '1'], ['_EventShowMap', '1'],
      ['_EventStartDate', start], ['_EventEndDate', end], ['_EventStartDateUTC', startUtc], ['_EventEndDateUTC', endUtc],
      allDay ? ['_EventAllDay', 'yes'] : ['_EventDuration', String(duration)],
      ['_EventTimezone', tz], ['_EventTimezoneAbbr', zones.abbr(start, tz, allDay)],
      ['_EventVenueID', String(venue)], ...organizers.map((o): [string, string] => ['_EventOrganizerID', String(o)]),
      ...cost.map((c): [string, string] => ['_EventCost', c]),
      ['_EventCurrencySymbol', '$'], ['_EventCurrencyPosition', 'prefix'], ['_EventURL', `https://tickets.example/${n + 1}`],
    ];
    if (random() < 0.1) pairs.push(['_tribe_featured', '1']);
    if (random() < 0.005) pairs.push(['_EventHideFromUpcoming', 'yes']);
    const image = random() < 0.4 ? pick(imageIds) : 0;
    if (image) pairs.push(['_thumbnail_id', String(image)]);
    pairs.push(['_edit_last', '1'], ['_edit_lock', `${Math.floor(now.getTime() / 1000)}:1`]);
    writer.addMeta(id, pairs);

    const eventId = firstEventId + events.length;
    events.push({ event_id: eventId, post_id: id, start_date: start, end_date: end, timezone: tz, start_date_utc: startUtc, end_date_utc: endUtc, duration, updated_at: stamp, hash: '' });
    occurrences.push({
      occurrence_id: eventId, event_id: eventId, post_id: id, start_date: start, start_date_utc: startUtc, end_date: end, end_date_utc: endUtc,
      duration, hash: occurrenceHash(id, start, end, startUtc, endUtc, duration), updated_at: stamp,
    });
    const eventTerms = new Set([pick(categories), ...(random() < 0.4 ? [pick(categories)] : [])]);
    for (let t = Math.floor(random() * 4); t > 0; t--) eventTerms.add(pick(tags));
    for (const term of eventTerms) {
      relationships.push({ object_id: id, term_taxonomy_id: term.term_taxonomy_id, term_order: 0 });
      if (status === 'publish') term.count++;
    }
    if (!sampleEventId && status === 'publish' && !password && image && eventTerms.size > 2 && organizers.length > 1) sampleEventId = id;
  }

  // A background write, as an import's: the change log gets one row for it, not one per row (sqlite-change-log.ts).
  await db.write(async (trx) => {
    await insertRows(trx, 'posts', writer.posts);
    await insertRows(trx, 'postmeta', writer.meta);
    await insertRows(trx, 'terms', terms);
    await insertRows(trx, 'term_taxonomy', taxonomies);
    await insertRows(trx, 'term_relationships', relationships);
    await insertRows(trx, 'tec_events', events);
    await insertRows(trx, 'tec_occurrences', occurrences);
  }, { background: true });
  return { events: count, sampleEventId };
}

/** The seeder holds a chunk's rows in memory; larger calendars are seeded chunk by chunk. */
const SEED_CHUNK = 100_000;

/** A calendar of `size` events in the database at `url` (tables made first), seeded chunk by chunk. */
export async function seedInChunks(url: string, size: number): Promise<void> {
  const db = await openDatabase(url, 'wp_');
  try {
    await prepareDatabase(db);
    const started = Date.now();
    for (let done = 0; done < size; done += SEED_CHUNK) await seedCalendar(db, Math.min(SEED_CHUNK, size - done), new Date());
    process.stderr.write(`  seeded ${size} events in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await db.close();
  }
}
