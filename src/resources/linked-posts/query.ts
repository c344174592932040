// The list query of venues and organizers (venues-organizers.md §4.2–4.5): status resolution,
// the event / has_events / only_with_upcoming / search filters, ordering and paging.
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database, PostRow } from '../../db/tables.ts';
import type { RestRequest } from '../../rest/context.ts';
import type { Executor } from '../../store/options.ts';
import { dbDatetime } from '../../time/parse.ts';
import { isTribeTruthy } from '../shared/validators.ts';
import type { LinkedPostDefinition } from './definition.ts';

/** WordPress `any`: every status not excluded from search. */
const ANY_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

export interface ListQuery {
  statuses: string[];
  page: number;
  perPage: number;
  event?: number;
  hasEvents?: unknown;
  onlyWithUpcoming: boolean;
  search?: string;
}

/** `any` expanded; other names as given. */
function expandStatuses(statuses: readonly string[]): string[] {
  return [...new Set(statuses.flatMap((status) => (status === 'any' ? ANY_STATUSES : [status])))];
}

function ids(values: readonly (string | null)[]): number[] {
  return [...new Set(values.filter((v): v is string => v !== null && /^\s*\d+\s*$/.test(v)).map((v) => Number(v)))];
}

async function linkedToEvent(db: Executor, definition: LinkedPostDefinition, eventId: number): Promise<number[]> {
  const rows = await db.selectFrom('postmeta').select('meta_value')
    .where('post_id', '=', eventId).where('meta_key', '=', definition.linkMetaKey).execute();
  return ids(rows.map((row) => row.meta_value));
}

/** Items linked to at least one event whose status is neither draft nor pending. */
async function linkedToAnyEvent(db: Executor, definition: LinkedPostDefinition): Promise<number[]> {
  const rows = await db.selectFrom('postmeta').innerJoin('posts', 'posts.ID', 'postmeta.post_id')
    .select('postmeta.meta_value').distinct()
    .where('postmeta.meta_key', '=', definition.linkMetaKey)
    .where('posts.post_type', '=', 'tribe_events')
    .where('posts.post_status', 'not in', ['draft', 'pending'])
    .execute();
  return ids(rows.map((row) => row.meta_value));
}

function upcomingLimit(req: RestRequest): number {
  const raw = req.site.tec.postsPerPage ?? req.site.postsPerPage;
  const n = Math.trunc(Number(raw));
  return Number.isFinite(n) && n > 0 ? n : 10;
}

/**
 * Items linked to the first N upcoming events (TEC's event query: statuses of the list, events
 * hidden from listings excluded, start on or after the current UTC wall time compared with the
 * local start — the plugin's skew, kept as documented).
 */
async function linkedToUpcoming(db: Executor, definition: LinkedPostDefinition, req: RestRequest, statuses: string[]): Promise<number[]> {
  const now = dbDatetime(req.now, 'UTC');
  const events = await db.selectFrom('tec_occurrences').innerJoin('posts', 'posts.ID', 'tec_occurrences.post_id')
    .select(['tec_occurrences.post_id', 'tec_occurrences.start_date'])
    .where('posts.post_type', '=', 'tribe_events')
    .where('posts.post_status', 'in', statuses)
    .where('tec_occurrences.start_date', '>=', now)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('postmeta').select('postmeta.meta_id')
      .whereRef('postmeta.post_id', '=', 'tec_occurrences.post_id')
      .where('postmeta.meta_key', '=', '_EventHideFromUpcoming'))))
    .orderBy('tec_occurrences.start_date').orderBy('tec_occurrences.post_id')
    .limit(upcomingLimit(req))
    .execute();
  const eventIds = [...new Set(events.map((row) => Number(row.post_id)))];
  if (!eventIds.length) return [];
  const rows = await db.selectFrom('postmeta').select('meta_value')
    .where('post_id', 'in', eventIds).where('meta_key', '=', definition.linkMetaKey).execute();
  return ids(rows.map((row) => row.meta_value));
}

/** Search words: runs of ASCII letters, digits and `-`. */
export function searchWords(search: string): string[] {
  return search.split(/[^A-Za-z0-9-]+/).filter((word) => word !== '');
}

type PostsBuilder = ExpressionBuilder<Database, 'posts'>;

/** A field matches when it contains every word; an item when any field matches. */
function searchCondition(definition: LinkedPostDefinition, words: string[]) {
  const metaKeys = definition.fields.filter((field) => field.searchable).map((field) => field.metaKey);
  return (eb: PostsBuilder) => {
    const patterns = words.map((word) => `%${word}%`);
    const column = (name: 'posts.post_title' | 'posts.post_content' | 'posts.post_excerpt') =>
      eb.and(patterns.map((pattern) => eb(sql<string>`lower(${sql.ref(name)})`, 'like', pattern.toLowerCase())));
    const inMeta = (key: string) => eb.exists(eb.selectFrom('postmeta').select('postmeta.meta_id')
      .whereRef('postmeta.post_id', '=', 'posts.ID').where('postmeta.meta_key', '=', key)
      .where((m) => m.and(patterns.map((pattern) => m(sql<string>`lower(${sql.ref('postmeta.meta_value')})`, 'like', pattern.toLowerCase())))));
    return eb.or([column('posts.post_title'), column('posts.post_content'), column('posts.post_excerpt'), ...metaKeys.map(inMeta)]);
  };
}

export interface ListResult {
  posts: PostRow[];
  total: number;
}

/** The page of items and the total matching every filter (search included). */
export async function queryLinkedPosts(db: Executor, definition: LinkedPostDefinition, req: RestRequest, query: ListQuery): Promise<ListResult> {
  const statuses = expandStatuses(query.statuses);
  let include: Set<number> | null = null;
  let exclude: Set<number> | null = null;
  const narrow = (found: readonly number[]) => {
    include = new Set(include === null ? found : found.filter((id) => include!.has(id)));
  };
  if (query.event !== undefined) narrow(await linkedToEvent(db, definition, query.event));
  if (query.hasEvents !== undefined && query.hasEvents !== null) {
    const withEvents = await linkedToAnyEvent(db, definition);
    if (isTribeTruthy(query.hasEvents)) narrow(withEvents);
    else exclude = new Set(withEvents);
  }
  if (query.onlyWithUpcoming) narrow(await linkedToUpcoming(db, definition, req, statuses));
  const words = query.search !== undefined ? searchWords(query.search) : null;
  if ((include !== null && (include as Set<number>).size === 0) || (words !== null && words.length === 0)) {
    return { posts: [], total: 0 };
  }

  const filtered = <O>(builder: SelectQueryBuilder<Database, 'posts', O>) => {
    let q = builder.where('posts.post_type', '=', definition.postType.type).where('posts.post_status', 'in', statuses);
    if (include !== null) q = q.where('posts.ID', 'in', [...(include as Set<number>)]);
    if (exclude !== null && (exclude as Set<number>).size) q = q.where('posts.ID', 'not in', [...(exclude as Set<number>)]);
    if (words !== null) q = q.where('posts.post_status', '!=', 'trash').where(searchCondition(definition, words));
    return q;
  };
  const counted = await filtered(db.selectFrom('posts').select((eb) => eb.fn.countAll<number | string>().as('n'))).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const posts = await filtered(db.selectFrom('posts').selectAll('posts'))
    .orderBy('posts.post_date', 'desc').orderBy('posts.ID', 'desc')
    .limit(query.perPage).offset((query.page - 1) * query.perPage)
    .execute();
  return { posts, total };
}
