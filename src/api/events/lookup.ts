// Finding the event a route addresses: by the slug of the by-slug routes (events.md §5.2), or as the
// request's handler already read it.
import type { PostRow } from '../../data/tables.ts';
import type { RestRequest } from '../context.ts';
import { findPostBySlug } from '../../data/posts.ts';
import { sanitizeTitle } from '../../text/sanitize.ts';
import { EVENT_TYPE } from '../../domain/post-types.ts';

/** get_page_by_path for events: the slug normalised, matched against post_name, any status. */
export async function findEventBySlug(req: RestRequest, slug: string): Promise<PostRow | undefined> {
  const normalised = sanitizeTitle(slug);
  if (normalised === '') return undefined;
  return findPostBySlug(req.services.db.kysely, EVENT_TYPE.type, normalised);
}

/** The `slug` validator: the slug of an existing event. */
export async function isEventSlug(value: unknown, req: RestRequest): Promise<boolean> {
  return typeof value === 'string' && !value.includes('\0') && (await findEventBySlug(req, value)) !== undefined;
}

/**
 * The event row a request's handler read or answered with, as committed: the Allow header's
 * permission checks, which run after the handler, take it from here instead of reading it again.
 */
const answeredEvents = new WeakMap<RestRequest, PostRow>();

export function rememberAnsweredEvent(req: RestRequest, post: PostRow): void {
  answeredEvents.set(req, post);
}

/** The row the handler remembered, if it is post `id`'s. */
export function answeredEvent(req: RestRequest, id: number): PostRow | undefined {
  const post = answeredEvents.get(req);
  return post && Number(post.ID) === id ? post : undefined;
}
