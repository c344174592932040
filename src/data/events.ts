// The TEC 6 custom tables of events (events.md §9.3): one `tec_events` row and one
// `tec_occurrences` row per event, written from values the caller derives from the event's date
// meta; the reads of upcoming occurrences; and the posts still lacking rows (`wpcal migrate`).
import type { AfterCommitRunner, Reader, Writer } from './executor.ts';
import { chunked, insertNumberedRows, insertRows } from './bulk-insert.ts';
import { sql } from 'kysely';
import { queueWrite } from './queued-writes.ts';

/** The columns of an event's `tec_events` row and its `tec_occurrences` row (without `event_id`). */
export interface EventRows {
  event: {
    post_id: number; start_date: string; end_date: string; start_date_utc: string; end_date_utc: string;
    duration: number; timezone: string; updated_at: string;
  };
  occurrence: {
    post_id: number; start_date: string; end_date: string; start_date_utc: string; end_date_utc: string;
    duration: number; hash: string; updated_at: string;
  };
}

/**
 * Writes the event's `tec_events` row and its (first) `tec_occurrences` row: updated when present,
 * else inserted. Every statement is queued (queued-writes.ts): the inserts add a row only where
 * none exists, and the occurrence takes its `event_id` from the `tec_events` row, so nothing needs
 * a result. `created`: the post is new in this transaction, so there is nothing to update.
 */
export async function saveEventRows(trx: Writer, rows: EventRows, created = false): Promise<void> {
  const { post_id: postId, ...eventColumns } = rows.event;
  const { post_id: _, ...occurrenceColumns } = rows.occurrence;
  if (!created) {
    await queueWrite(trx, trx.updateTable('tec_events').set(eventColumns).where('post_id', '=', postId));
    // The first occurrence; its ID through a derived table, which MySQL materializes (error 1093
    // forbids reading the updated table in a plain subquery).
    const firstOccurrence = trx.selectFrom((eb) => eb.selectFrom('tec_occurrences').select((ob) => ob.fn.min('occurrence_id').as('id'))
      .where('post_id', '=', postId).as('own')).select('own.id');
    await queueWrite(trx, trx.updateTable('tec_occurrences').set(occurrenceColumns).where('occurrence_id', '=', firstOccurrence));
  }
  await queueWrite(trx, trx.insertInto('tec_events')
    .columns(['post_id', ...objectKeys(eventColumns), 'hash'])
    .expression((eb) => eb.selectFrom('posts').select([
      'posts.ID', ...Object.entries(eventColumns).map(([column, value]) => eb.val(value).as(column)), eb.val('').as('hash'),
    ]).where('posts.ID', '=', postId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('tec_events').select('tec_events.event_id').where('tec_events.post_id', '=', postId))))));
  await queueWrite(trx, trx.insertInto('tec_occurrences')
    .columns(['event_id', 'post_id', ...objectKeys(occurrenceColumns)])
    .expression((eb) => eb.selectFrom('tec_events').select([
      'tec_events.event_id', 'tec_events.post_id', ...Object.entries(occurrenceColumns).map(([column, value]) => eb.val(value).as(column)),
    ]).where('tec_events.post_id', '=', postId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('tec_occurrences').select('tec_occurrences.occurrence_id').where('tec_occurrences.post_id', '=', postId))))));
}

const objectKeys = <T extends object>(object: T) => Object.keys(object) as Array<keyof T & string>;

/** Deletes the `tec_occurrences` and `tec_events` rows of these posts. */
export async function deleteEventRows(trx: Writer, postIds: readonly number[]): Promise<void> {
  for (const part of chunked(postIds)) {
    await trx.deleteFrom('tec_occurrences').where('post_id', 'in', part).execute();
    await trx.deleteFrom('tec_events').where('post_id', 'in', part).execute();
  }
}

const TEC_EVENT_COLUMNS = ['post_id', 'start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'duration', 'timezone', 'updated_at', 'hash'];
const OCCURRENCE_COLUMNS = ['event_id', 'post_id', 'start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'duration', 'hash', 'updated_at'];

/**
 * Inserts the `tec_events` rows of these events, then (with the IDs the database gave them)
 * their `tec_occurrences` rows, with multi-row INSERTs (bulk-insert.ts).
 */
export async function insertEventRowsBulk(trx: Writer, events: readonly EventRows[]): Promise<void> {
  const tecEvents: unknown[] = [];
  for (const { event: e } of events) tecEvents.push(e.post_id, e.start_date, e.end_date, e.start_date_utc, e.end_date_utc, e.duration, e.timezone, e.updated_at, '');
  const eventIds = await insertNumberedRows(trx, 'tec_events', TEC_EVENT_COLUMNS, tecEvents);
  const occurrences: unknown[] = [];
  events.forEach(({ occurrence: o }, i) => {
    occurrences.push(eventIds[i], o.post_id, o.start_date, o.end_date, o.start_date_utc, o.end_date_utc, o.duration, o.hash, o.updated_at);
  });
  await insertRows(trx, 'tec_occurrences', OCCURRENCE_COLUMNS, occurrences);
}

export interface UpcomingOccurrences {
  postType: string;
  statuses: readonly string[];
  /** Occurrences whose `start_date` (event-local) is on or after this DB datetime. */
  from: string;
  /** Posts holding a meta row of this key are left out. */
  exceptWithMeta: string;
  limit: number;
}

/** The post IDs of the first occurrences from `from`, in start order (a post once per occurrence). */
export async function upcomingOccurrencePostIds(db: Reader, q: UpcomingOccurrences): Promise<number[]> {
  const rows = await db.selectFrom('tec_occurrences').innerJoin('posts', 'posts.ID', 'tec_occurrences.post_id')
    .select(['tec_occurrences.post_id', 'tec_occurrences.start_date'])
    .where('posts.post_type', '=', q.postType)
    .where('posts.post_status', 'in', q.statuses)
    .where('tec_occurrences.start_date', '>=', q.from)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('postmeta').select('postmeta.meta_id')
      .whereRef('postmeta.post_id', '=', 'tec_occurrences.post_id')
      .where('postmeta.meta_key', '=', q.exceptWithMeta))))
    .orderBy('tec_occurrences.start_date').orderBy('tec_occurrences.post_id')
    .limit(q.limit)
    .execute();
  return rows.map((row) => Number(row.post_id));
}

/** Posts of the type, in any status but `exceptStatus`, that have no `tec_occurrences` row. */
function postsWithoutOccurrences(db: Reader, postType: string, exceptStatus: string) {
  return db.selectFrom('posts as p')
    .where('p.post_type', '=', postType)
    .where('p.post_status', '!=', exceptStatus)
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom('tec_occurrences as o').select('o.occurrence_id').whereRef('o.post_id', '=', 'p.ID'),
    )));
}

/** How many posts of the type, in any status but `exceptStatus`, have no `tec_occurrences` row. */
export async function countPostsWithoutOccurrences(db: Reader, postType: string, exceptStatus: string): Promise<number> {
  const row = await postsWithoutOccurrences(db, postType, exceptStatus).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The IDs of the next `limit` such posts after ID `after`, in ID order (keyset paging). */
export async function postIdsWithoutOccurrences(db: Reader, postType: string, exceptStatus: string, after: number, limit: number): Promise<number[]> {
  const rows = await postsWithoutOccurrences(db, postType, exceptStatus).select('p.ID').where('p.ID', '>', after)
    .orderBy('p.ID').limit(limit).execute();
  return rows.map((row) => Number(row.ID));
}

/** An end of the calendar's date range: the occurrence that starts first or ends last, and that date (UTC). */
export interface RangeBound {
  postId: number;
  dateUtc: string;
}

export interface KnownRangeRows {
  earliest: RangeBound | null;
  latest: RangeBound | null;
}

/**
 * The occurrences that start first (`start_date_utc`) and end last (`end_date_utc`) among posts of
 * the type in these statuses; ties go to the lowest occurrence ID. With `option`, that option's
 * value too (undefined when there is no row), in the same statement.
 */
export async function knownRangeRows(db: AfterCommitRunner, postType: string, statuses: readonly string[], option: string): Promise<KnownRangeRows & { option: string | undefined }> {
  // The bound's date walks the column's index from its end to the first counted post, each post's
  // status looked up by ID in a scalar subquery (as a join, SQLite would read every counted post
  // through the type and status index and sort their occurrences, at every event write; MariaDB
  // turns an EXISTS into that join: 175 ms a write at 100,000 events); then its lowest occurrence,
  // among the few of that date. (One ORDER BY of the date one way and the ID the other would sort
  // every occurrence on MySQL.)
  const bound = (column: 'start_date_utc' | 'end_date_utc', direction: 'asc' | 'desc') => {
    const date = db.selectFrom('tec_occurrences as d')
      .select(`d.${column} as date`)
      .where(({ selectFrom }) => selectFrom('posts as dp').select('dp.post_status').whereRef('dp.ID', '=', 'd.post_id').where('dp.post_type', '=', postType), 'in', statuses)
      .orderBy(`d.${column}`, direction).limit(1);
    return db.selectFrom('tec_occurrences as o').innerJoin('posts as p', 'p.ID', 'o.post_id')
      .select(['o.post_id', `o.${column} as date`])
      .where('p.post_type', '=', postType).where('p.post_status', 'in', statuses)
      .where(`o.${column}`, '=', date)
      .orderBy('o.occurrence_id')
      .limit(1);
  };
  type Row = { bound: string; post_id: number | null; date: string | null; value: string | null };
  const rows = await db.selectFrom(bound('start_date_utc', 'asc').as('e'))
    .select([sql<string>`'earliest'`.as('bound'), 'e.post_id', 'e.date', sql<string | null>`NULL`.as('value')]).$castTo<Row>()
    .unionAll(db.selectFrom(bound('end_date_utc', 'desc').as('l'))
      .select([sql<string>`'latest'`.as('bound'), 'l.post_id', 'l.date', sql<string | null>`NULL`.as('value')]).$castTo<Row>())
    .unionAll(db.selectFrom('options')
      .select([sql<string>`'option'`.as('bound'), sql<number | null>`NULL`.as('post_id'), sql<string | null>`NULL`.as('date'), 'option_value as value'])
      .where('option_name', '=', option).$castTo<Row>())
    .execute();
  const of = (name: string): RangeBound | null => {
    const row = rows.find((candidate) => candidate.bound === name);
    return row ? { postId: Number(row.post_id), dateUtc: String(row.date) } : null;
  };
  return { earliest: of('earliest'), latest: of('latest'), option: rows.find((row) => row.bound === 'option')?.value ?? undefined };
}
