// Events, venues, organizers and terms written straight into the test database (posts, TEC
// postmeta, tec_events/tec_occurrences rows), independent of the write endpoints.
import type { Writer } from '../../src/data/executor.ts';
import type { Db } from '../../src/data/connect.ts';
import { addMeta, insertPost } from '../../src/data/posts.ts';
import { insertTerm, setPostTerms, type Term } from '../../src/data/terms.ts';
import { occurrenceHash } from '../../src/time/occurrence.ts';
import { localToUtc } from '../../src/time/zones.ts';
import { parseDbDatetime } from '../../src/time/wall.ts';

export interface SeedEvent {
  title: string;
  slug?: string;
  start: string;
  end: string;
  timezone?: string;
  timezoneAbbr?: string;
  status?: string;
  author?: number;
  password?: string;
  content?: string;
  excerpt?: string;
  postDate?: string;
  parent?: number;
  menuOrder?: number;
  allDay?: boolean;
  /** Extra meta rows, in order (`_EventCost`, `_EventVenueID`, …). */
  meta?: [string, string][];
  /** Write no tec_events / tec_occurrences row. */
  noOccurrence?: boolean;
  categories?: Term[];
  tags?: Term[];
}

const NOW = '2026-11-22 13:30:35';

export function seedEvent(db: Db, e: SeedEvent): Promise<number> {
  return db.write((k) => seedEventRows(k, e));
}

async function seedEventRows(k: Writer, e: SeedEvent): Promise<number> {
  const tz = e.timezone ?? 'UTC';
  const startUtc = localToUtc(e.start, tz)!;
  const endUtc = localToUtc(e.end, tz)!;
  const date = e.postDate ?? NOW;
  const id = await insertPost(k, {
    post_author: e.author ?? 1,
    post_date: date,
    post_date_gmt: date,
    post_modified: date,
    post_modified_gmt: date,
    post_title: e.title,
    post_content: e.content ?? '',
    post_excerpt: e.excerpt ?? '',
    post_status: e.status ?? 'publish',
    post_password: e.password ?? '',
    post_name: e.slug ?? e.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    post_parent: e.parent ?? 0,
    menu_order: e.menuOrder ?? 0,
    post_type: 'tribe_events',
  });
  const duration = (parseDbDatetime(endUtc)! - parseDbDatetime(startUtc)!) / 1000;
  const rows: [string, string][] = [
    ['_EventStartDate', e.start], ['_EventEndDate', e.end],
    ['_EventStartDateUTC', startUtc], ['_EventEndDateUTC', endUtc],
    ['_EventTimezone', tz], ['_EventTimezoneAbbr', e.timezoneAbbr ?? tz],
    ...(e.allDay ? [['_EventAllDay', 'yes'] as [string, string]] : [['_EventDuration', String(duration)] as [string, string]]),
    ...(e.meta ?? []),
  ];
  for (const [key, value] of rows) await addMeta(k, id, key, value);
  if (!e.noOccurrence) {
    const inserted = await k.insertInto('tec_events').values({
      post_id: id, start_date: e.start, end_date: e.end, timezone: tz, start_date_utc: startUtc, end_date_utc: endUtc,
      duration, hash: '',
    }).executeTakeFirstOrThrow();
    await k.insertInto('tec_occurrences').values({
      event_id: Number(inserted.insertId), post_id: id, start_date: e.start, end_date: e.end,
      start_date_utc: startUtc, end_date_utc: endUtc, duration,
      hash: occurrenceHash(id, e.start, e.end, startUtc, endUtc, duration), updated_at: NOW,
    }).execute();
  }
  if (e.categories) await setPostTerms(k, id, 'tribe_events_cat', e.categories);
  if (e.tags) await setPostTerms(k, id, 'post_tag', e.tags);
  return id;
}

export function seedLinkedPost(db: Db, type: 'tribe_venue' | 'tribe_organizer', title: string, meta: [string, string][] = [], status = 'publish'): Promise<number> {
  return db.write(async (trx) => {
    const id = await insertPost(trx, {
      post_author: 1, post_date: NOW, post_date_gmt: NOW, post_modified: NOW, post_modified_gmt: NOW,
      post_title: title, post_status: status, post_name: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), post_type: type,
    });
    for (const [key, value] of meta) await addMeta(trx, id, key, value);
    return id;
  });
}

export async function seedTerm(db: Db, taxonomy: 'tribe_events_cat' | 'post_tag', name: string, parent = 0, description = ''): Promise<Term> {
  return db.write((trx) => insertTerm(trx, taxonomy, { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), description, parent }));
}
