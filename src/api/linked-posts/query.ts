// The list query of venues and organizers (venues-organizers.md §4.2–4.5): status resolution,
// the event / has_events / only_with_upcoming / search filters, ordering and paging.
import type { PostRow } from '../../data/tables.ts';
import type { RestRequest } from '../context.ts';
import type { Reader } from '../../data/executor.ts';
import { upcomingOccurrencePostIds } from '../../data/events.ts';
import { countPostList, postListPage, type PostListFilter } from '../../data/linked-posts.ts';
import { metaValuesOfPost, metaValuesOfPosts, metaValuesOnPostsOfType } from '../../data/post-queries.ts';
import { dbDatetime } from '../../time/parse.ts';
import { EVENT_TYPE } from '../../domain/post-types.ts';
import { isTribeTruthy } from '../../domain/values.ts';
import type { LinkedPostDefinition } from '../../domain/linked-posts/definition.ts';

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

async function linkedToEvent(db: Reader, definition: LinkedPostDefinition, eventId: number): Promise<number[]> {
  return ids(await metaValuesOfPost(db, eventId, definition.linkMetaKey));
}

/** Items linked to at least one event whose status is neither draft nor pending. */
async function linkedToAnyEvent(db: Reader, definition: LinkedPostDefinition): Promise<number[]> {
  return ids(await metaValuesOnPostsOfType(db, definition.linkMetaKey, EVENT_TYPE.type, ['draft', 'pending']));
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
async function linkedToUpcoming(db: Reader, definition: LinkedPostDefinition, req: RestRequest, statuses: string[]): Promise<number[]> {
  const now = dbDatetime(req.now, 'UTC');
  const events = await upcomingOccurrencePostIds(db, {
    postType: EVENT_TYPE.type, statuses, from: now, exceptWithMeta: '_EventHideFromUpcoming', limit: upcomingLimit(req),
  });
  const eventIds = [...new Set(events)];
  if (!eventIds.length) return [];
  return ids(await metaValuesOfPosts(db, eventIds, definition.linkMetaKey));
}

/**
 * Distinct search words a search may have: every word is tested in every searchable field, and
 * SQLite limits the depth of an expression and the values bound in one statement.
 */
export const MAX_SEARCH_WORDS = 100;

/** Search words: runs of ASCII letters, digits and `-`, each once (matching ignores case). */
export function searchWords(search: string): string[] {
  return [...new Set(search.toLowerCase().split(/[^a-z0-9-]+/).filter((word) => word !== ''))];
}

export interface ListResult {
  posts: PostRow[];
  total: number;
}

/** The page of items and the total matching every filter (search included). */
export async function queryLinkedPosts(db: Reader, definition: LinkedPostDefinition, req: RestRequest, query: ListQuery): Promise<ListResult> {
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

  const filter: PostListFilter = { postType: definition.postType.type, statuses, includeIds: include, excludeIds: exclude };
  if (words !== null) {
    // A search never finds trashed items, whatever the statuses asked for.
    filter.exceptStatus = 'trash';
    filter.search = { words, metaKeys: definition.fields.filter((field) => field.searchable).map((field) => field.metaKey) };
  }
  const total = await countPostList(db, filter);
  const posts = await postListPage(db, filter, query.perPage, (query.page - 1) * query.perPage);
  return { posts, total };
}
