// GET /events/{id} and GET /events/by-slug/{slug} (events.md §5).
import { userCanPost } from '../../auth/capabilities.ts';
import type { PostRow } from '../../data/tables.ts';
import type { ArgSpecs } from '../args.ts';
import type { RestRequest } from '../context.ts';
import { RestError } from '../../domain/errors.ts';
import { respond, type Endpoint, type RestResult } from '../registry.ts';
import { getPost } from '../../data/posts.ts';
import { EVENT_TYPE } from '../../domain/post-types.ts';
import { isNonEmptyString, isNumeric } from '../../domain/values.ts';
import { findEventBySlug, isEventSlug, rememberAnsweredEvent } from './lookup.ts';
import { canSeeProtected } from './password.ts';
import { presentEvents } from './present.ts';
import { __ } from '../../i18n/phrase.ts';

const notFound = (id: number): RestError => RestError.withStatus('rest-event-not-found', __('Event with ID %s does not exist.', id), 404);

/** The checks of §5.1, in order, then the single-read representation. */
async function readEvent(req: RestRequest, id: number, post: PostRow | undefined): Promise<RestResult> {
  if (!post) throw notFound(id);
  if (post.post_type !== EVENT_TYPE.type) throw RestError.withStatus('rest-invalid-event-id', __('The specified ID is not a valid event.'), 400);
  if (post.post_status === 'trash') throw RestError.withStatus('event-no-longer-available', __('This event is no longer available'), 403);
  const readable = post.post_status === 'publish'
    || userCanPost('read_post', req.user, { post_author: Number(post.post_author), post_status: post.post_status }, EVENT_TYPE.plural);
  if (!readable) throw RestError.withStatus('event-not-accessible', __('The requested event is not accessible'), 403);
  if (!canSeeProtected(req, post)) {
    throw RestError.withStatus('event-password-protected', __('The requested event is not accessible without a password'), 403);
  }
  const [event] = await presentEvents(req, [post], { single: true });
  // Deleted since its row was read: as if it had been gone before.
  if (event === undefined) throw notFound(id);
  return respond(event);
}

/** The path arguments of the single-event routes (shared by GET, DELETE and the updates). */
export const BY_ID_ARGS: ArgSpecs<RestRequest> = {
  id: { type: 'integer', description: 'the event post ID', required: true, validate: isNumeric, in: 'path' },
  password: {
    type: 'string',
    in: 'path',
    description: 'The event password',
    validate: isNonEmptyString,
  },
};

export const BY_SLUG_ARGS: ArgSpecs<RestRequest> = {
  slug: { type: 'string', description: 'the event post name', required: true, validate: isEventSlug, in: 'path' },
};

export const readEventEndpoint: Endpoint<RestRequest> = {
  methods: ['GET'],
  args: BY_ID_ARGS,
  handler: async (req) => {
    const id = Number(req.params.get('id'));
    const post = await getPost(req.services.db.kysely, id);
    if (post) rememberAnsweredEvent(req, post);
    return readEvent(req, id, post);
  },
};

export const readEventBySlugEndpoint: Endpoint<RestRequest> = {
  methods: ['GET'],
  args: BY_SLUG_ARGS,
  handler: async (req) => {
    const post = await findEventBySlug(req, String(req.params.get('slug')));
    return readEvent(req, Number(post?.ID ?? 0), post);
  },
};
