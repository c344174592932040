// The eight routes of a linked-post type (venues-organizers.md §2): list, create, and read /
// trash / update by ID and by slug.
import type { PostRow } from '../../data/tables.ts';
import { omittedFields, writeRequest, type RestRequest } from '../context.ts';
import { RestError } from '../../domain/errors.ts';
import { respond, type Endpoint, type RestResult, type RouteRegistry } from '../registry.ts';
import { userCan } from '../../auth/capabilities.ts';
import { findPostBySlug, getPost, loadPostMeta } from '../../data/posts.ts';
import { TEC_NAMESPACE } from '../../domain/urls.ts';
import { isTribeTruthy } from '../../domain/values.ts';
import { idArg, listArgs, listStatuses, MAX_PER_PAGE, slugArg, slugForQuery, writeArgs } from './args.ts';
import type { LinkedPostDefinition } from '../../domain/linked-posts/definition.ts';
import { userCanLinked } from '../../domain/linked-posts/permissions.ts';
import { presentPost, presentPosts } from './presenter.ts';
import { queryLinkedPosts } from './query.ts';
import { createLinkedPost, trashLinkedPost, updateLinkedPost } from '../../domain/linked-posts/writes.ts';
import { listUrl } from './list-url.ts';
import { totalsHeaders } from '../headers.ts';
import { __ } from '../../i18n/phrase.ts';

/** The post a by-ID or by-slug route addresses (validation has already proven it exists). */
async function addressedPost(definition: LinkedPostDefinition, req: RestRequest): Promise<PostRow> {
  const db = req.services.db.kysely;
  const slug = req.params.get('slug');
  const post = typeof slug === 'string' && req.route.includes('/by-slug/')
    ? await findPostBySlug(db, definition.postType.type, slugForQuery(slug))
    : await getPost(db, Number(req.params.get('id')));
  if (!post || post.post_type !== definition.postType.type) {
    throw RestError.withStatus('rest_invalid_param', __('Invalid parameter(s): %s', slug !== undefined ? 'slug' : 'id'), 400);
  }
  return post;
}

/** Object-level permission on the addressed post (by slug too: wpcal keeps the ownership check). */
function objectPermission(definition: LinkedPostDefinition, cap: 'edit_post' | 'delete_post') {
  return async (req: RestRequest): Promise<boolean> => {
    const post = await addressedPost(definition, req);
    return userCanLinked(definition, req, cap, post, await loadPostMeta(req.services.db.kysely, Number(post.ID)));
  };
}

function writeValues(req: RestRequest): Map<string, unknown> {
  return new Map([...req.params].filter(([name]) => req.supplied.has(name)));
}

function listHandler(definition: LinkedPostDefinition) {
  return async (req: RestRequest): Promise<RestResult> => {
    const page = Number(req.params.get('page'));
    const perPage = Math.min(Number(req.params.get('per_page')), MAX_PER_PAGE);
    const statuses = listStatuses(definition, req);
    const event = req.params.get('event');
    const search = req.params.get('search');
    const { posts, total } = await queryLinkedPosts(req.services.db.kysely, definition, req, {
      statuses,
      page,
      perPage,
      event: event === undefined || event === null ? undefined : Number(event),
      hasEvents: req.supplied.has('has_events') ? req.params.get('has_events') : undefined,
      onlyWithUpcoming: isTribeTruthy(req.params.get('only_with_upcoming')),
      search: typeof search === 'string' ? search : undefined,
    });
    if (!posts.length && page > 1) {
      const word = definition.singular;
      throw RestError.withStatus(`${word}-archive-page-not-found`, definition.messages.archiveNotFound, 404);
    }
    const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
    const urls = listUrl(definition, req, { page, perPage, statuses });
    const body: Record<string, unknown> = {
      [definition.postType.restBase]: await presentPosts(definition, req, posts, { jsonLd: false, allowUnlock: true }),
      rest_url: urls.at(page),
    };
    if (page * perPage < total) body.next_rest_url = urls.next(page + 1);
    if (page > 1 && (page - 2) * perPage < total) body.previous_rest_url = urls.previous(page - 1);
    body.total = total;
    body.total_pages = totalPages;
    return respond(body, 200, totalsHeaders(total, totalPages));
  };
}

function readHandler(definition: LinkedPostDefinition) {
  return async (req: RestRequest): Promise<RestResult> => {
    const post = await addressedPost(definition, req);
    const meta = await loadPostMeta(req.services.db.kysely, Number(post.ID));
    if (post.post_status !== 'publish' && !userCanLinked(definition, req, 'read_post', post, meta)) {
      const word = definition.singular;
      throw RestError.withStatus(`${word}-not-accessible`, definition.messages.notAccessible, 403);
    }
    return respond(await presentPost(definition, req, post, { jsonLd: true, allowUnlock: true }));
  };
}

function createHandler(definition: LinkedPostDefinition) {
  return async (req: RestRequest): Promise<RestResult> => {
    const post = await writeRequest(req, (trx) => createLinkedPost(trx, definition, req, writeValues(req)));
    return respond(await presentPost(definition, req, post, { jsonLd: false, allowUnlock: false }), 201);
  };
}

function updateHandler(definition: LinkedPostDefinition) {
  return async (req: RestRequest): Promise<RestResult> => {
    const post = await addressedPost(definition, req);
    const values = writeValues(req);
    values.delete('id');
    values.delete('slug');
    const updated = await writeRequest(req, (trx) => updateLinkedPost(trx, definition, req, post, values, omittedFields(req)));
    return respond(await presentPost(definition, req, updated, { jsonLd: false, allowUnlock: false }));
  };
}

function deleteHandler(definition: LinkedPostDefinition) {
  return async (req: RestRequest): Promise<RestResult> => {
    const post = await addressedPost(definition, req);
    const word = definition.singular;
    if (post.post_status === 'trash') {
      throw RestError.withStatus(`${word}-is-in-trash`, definition.messages.inTrash, 410);
    }
    const trashed = await writeRequest(req, (trx) => trashLinkedPost(trx, definition, req, post));
    return respond(await presentPost(definition, req, trashed, { jsonLd: false, allowUnlock: false }));
  };
}

function singleEndpoints(definition: LinkedPostDefinition, identifier: 'id' | 'slug'): Endpoint<RestRequest>[] {
  const idSpec = identifier === 'id' ? idArg(definition) : slugArg(definition);
  return [
    { methods: ['GET'], args: { [identifier]: idSpec }, handler: readHandler(definition) },
    { methods: ['DELETE'], args: { [identifier]: idSpec }, permission: objectPermission(definition, 'delete_post'), handler: deleteHandler(definition) },
    {
      methods: ['POST', 'PUT', 'PATCH'],
      args: { [identifier]: idSpec, ...writeArgs(definition, false) },
      permission: objectPermission(definition, 'edit_post'),
      handler: updateHandler(definition),
    },
  ];
}

/** Registers the collection, by-ID and by-slug routes, in WordPress's order. */
export function registerLinkedPostRoutes(registry: RouteRegistry<RestRequest>, definition: LinkedPostDefinition): void {
  const base = `/${definition.postType.restBase}`;
  registry.add(TEC_NAMESPACE, base, [
    { methods: ['GET'], args: listArgs(definition), handler: listHandler(definition) },
    {
      methods: ['POST'],
      args: writeArgs(definition, true),
      permission: (req) => userCan(req.user, `edit_${definition.postType.plural}`),
      handler: createHandler(definition),
    },
  ]);
  registry.add(TEC_NAMESPACE, `${base}/(?P<id>\\d+)`, singleEndpoints(definition, 'id'));
  registry.add(TEC_NAMESPACE, `${base}/by-slug/(?P<slug>[^/]+)`, singleEndpoints(definition, 'slug'));
}
