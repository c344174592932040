// Finding an event by the slug of the by-slug routes (events.md §5.2).
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
