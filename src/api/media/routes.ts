// WordPress's own wp/v2/media routes, as far as uploading clients need them (samples 72–79):
// upload (a raw body named by Content-Disposition, or a multipart `file`), read, list, update, delete.
import { userCan } from '../../auth/capabilities.ts';
import { attachmentPage } from '../../data/attachments.ts';
import { firstMeta, getPost, getPosts, loadMeta, loadPostMeta } from '../../data/posts.ts';
import type { PostRow } from '../../data/tables.ts';
import { deleteAttachment, insertImageAttachment, isPhpEmpty } from '../../domain/images.ts';
import { updateAttachment } from '../../domain/attachment-update.ts';
import { RestError } from '../../domain/errors.ts';
import { maybeUnserialize } from '../../php/serialize.ts';
import type { ArgSpecs } from '../args.ts';
import { writeRequest, type RestRequest } from '../context.ts';
import { registerNamespaceIndex } from '../indexes.ts';
import { respond, type RouteRegistry } from '../registry.ts';
import { WP_NAMESPACE, canOnAttachment, mediaLinks, presentMedia } from './present.ts';
import { attachmentPageUrl } from '../../domain/attachments.ts';
import { __ } from '../../i18n/phrase.ts';

const CONTEXT_ARG = { description: 'Scope under which the request is made; determines fields present in response.', type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' } as const;
const ID_ARGS: ArgSpecs<RestRequest> = { id: { description: 'Unique identifier for the post.', type: 'integer', in: 'path' } };

const invalidId = (): RestError => RestError.withStatus('rest_post_invalid_id', __('Invalid post ID.'), 404);

async function addressedAttachment(req: RestRequest): Promise<PostRow> {
  const post = await getPost(req.services.db.kysely, Number(req.params.get('id')));
  if (!post || post.post_type !== 'attachment') throw invalidId();
  return post;
}

function contextOf(req: RestRequest): 'view' | 'edit' {
  return req.params.get('context') === 'edit' ? 'edit' : 'view';
}

async function withLinks(req: RestRequest, post: PostRow, context: 'view' | 'edit'): Promise<Record<string, unknown>> {
  const meta = await loadPostMeta(req.services.db.kysely, Number(post.ID));
  return { ...presentMedia(req, post, meta, context), _links: mediaLinks(req, post, context) };
}

const text = (req: RestRequest, name: string): string | undefined => {
  const value = req.params.get(name);
  return typeof value === 'string' ? value : undefined;
};

async function upload(req: RestRequest) {
  const file = req.upload;
  if (!file || file.bytes.length === 0) throw RestError.withStatus('rest_upload_no_data', __('No data supplied.'), 400);
  if (!file.name) throw RestError.withStatus('rest_upload_no_content_disposition', __('No Content-Disposition supplied.'), 400);
  const image = await req.images.fromBytes(file.name, file.bytes);
  // WordPress answers 500 here; it is the client's file that is refused.
  if (!image) throw RestError.withStatus('rest_upload_sideload_error', __('Sorry, you are not allowed to upload this file type.'), 400);
  const id = await writeRequest(req, (trx) => insertImageAttachment(trx, req, image, {
    title: text(req, 'title'), caption: text(req, 'caption'), description: text(req, 'description'), alt: text(req, 'alt_text'),
  }));
  const post = (await getPost(req.services.db.kysely, id))!;
  return respond(await withLinks(req, post, 'edit'), 201, {
    'X-WP-Upload-Attachment-ID': String(id),
    Location: `${req.site.apiRoot}/${WP_NAMESPACE}/media/${id}`,
  });
}

/**
 * A text field as an update sends it: a string, or `{ raw }` (the shape the answers show). WordPress
 * takes an empty raw title as "not sent".
 */
function sentText(req: RestRequest, name: string, emptyRawIsSent: boolean): string | undefined {
  const value = req.params.get(name);
  if (typeof value === 'string') return value;
  const raw = value !== null && typeof value === 'object' ? (value as { raw?: unknown }).raw : undefined;
  return typeof raw === 'string' && (emptyRawIsSent || !isPhpEmpty(raw)) ? raw : undefined;
}

async function update(req: RestRequest) {
  const id = Number((await addressedAttachment(req)).ID);
  const parent = req.params.get('post');
  await writeRequest(req, (trx) => updateAttachment(trx, req, id, {
    title: sentText(req, 'title', false),
    caption: sentText(req, 'caption', true),
    description: sentText(req, 'description', true),
    alt: text(req, 'alt_text'),
    parent: typeof parent === 'number' ? parent : undefined,
  }));
  return respond(await withLinks(req, (await getPost(req.services.db.kysely, id))!, 'edit'));
}

async function list(req: RestRequest) {
  const page = Number(req.params.get('page'));
  const perPage = Number(req.params.get('per_page'));
  const { ids, total } = await attachmentPage(req.services.db.kysely, page, perPage);
  const byId = new Map((await getPosts(req.services.db.kysely, ids)).map((post) => [Number(post.ID), post]));
  const metas = await loadMeta(req.services.db.kysely, ids);
  const context = contextOf(req);
  const items = ids.flatMap((id) => {
    const post = byId.get(id);
    return post ? [{ ...presentMedia(req, post, metas.get(id) ?? new Map(), context), _links: mediaLinks(req, post, context) }] : [];
  });
  const pages = Math.ceil(total / perPage);
  const base = `${req.site.apiRoot}/${WP_NAMESPACE}/media?per_page=${perPage}`;
  const links = [
    ...(page > 1 ? [`<${base}&page=${page - 1}>; rel="prev"`] : []),
    ...(page < pages ? [`<${base}&page=${page + 1}>; rel="next"`] : []),
  ];
  return respond(items, 200, { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(pages), ...(links.length ? { Link: links.join(', ') } : {}) });
}

async function read(req: RestRequest) {
  const post = await addressedAttachment(req);
  return respond(await withLinks(req, post, contextOf(req)), 200, { Link: `<${attachmentPageUrl(req.site, post)}>; rel="alternate"; type=text/html` });
}

async function remove(req: RestRequest) {
  const post = await addressedAttachment(req);
  if (req.params.get('force') !== true) {
    throw RestError.withStatus('rest_trash_not_supported', __("The post does not support trashing. Set 'force=true' to delete."), 501);
  }
  const id = Number(post.ID);
  const meta = await loadPostMeta(req.services.db.kysely, id);
  const previous = presentMedia(req, post, meta, 'edit');
  await writeRequest(req, (trx) => deleteAttachment(trx, id));
  const attachedFile = firstMeta(meta, '_wp_attached_file');
  if (attachedFile) await req.services.media?.remove(attachedFile, maybeUnserialize(firstMeta(meta, '_wp_attachment_metadata') ?? ''));
  return respond({ deleted: true, previous });
}

/** Can create: upload_files (sample 76: rest_cannot_create). */
function mayUpload(req: RestRequest): boolean | RestError {
  return userCan(req.user, 'upload_files')
    || RestError.withStatus('rest_cannot_create', __('Sorry, you are not allowed to create posts as this user.'), req.user ? 403 : 401);
}

function objectPermission(meta: 'edit_post' | 'delete_post', code: string, message: string) {
  return async (req: RestRequest): Promise<boolean | RestError> => {
    const post = await addressedAttachment(req);
    return canOnAttachment(req, meta, post) || RestError.withStatus(code, message, req.user ? 403 : 401);
  };
}

async function mayRead(req: RestRequest): Promise<boolean | RestError> {
  const post = await addressedAttachment(req);
  if (contextOf(req) !== 'edit' || canOnAttachment(req, 'edit_post', post)) return true;
  return RestError.withStatus('rest_forbidden_context', __('Sorry, you are not allowed to edit this post.'), req.user ? 403 : 401);
}

const asSent = (value: unknown): unknown => value;

export function registerMediaRoutes(registry: RouteRegistry<RestRequest>): void {
  registerNamespaceIndex(registry, WP_NAMESPACE);
  const field = (description: string) => ({ description, type: 'string' as const });
  registry.add(WP_NAMESPACE, '/media', [
    {
      methods: ['GET'],
      args: {
        context: CONTEXT_ARG,
        page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
        per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
      },
      handler: list,
    },
    {
      methods: ['POST'],
      args: {
        title: field('The title for the post.'),
        caption: field('The attachment caption.'),
        description: field('The attachment description.'),
        alt_text: field('Alternative text to display when attachment is not displayed.'),
      },
      permission: mayUpload,
      handler: upload,
      takesUpload: true,
    },
  ]);
  registry.add(WP_NAMESPACE, '/media/(?P<id>[\\d]+)', [
    { methods: ['GET'], args: { ...ID_ARGS, context: CONTEXT_ARG }, permission: mayRead, handler: read },
    {
      methods: ['POST', 'PUT', 'PATCH'],
      args: {
        ...ID_ARGS,
        // Objects WordPress neither checks nor sanitizes: a string, or `{ "raw": … }`.
        title: { ...field('The title for the post.'), type: 'object', sanitize: asSent },
        caption: { ...field('The attachment caption.'), type: 'object', sanitize: asSent },
        description: { ...field('The attachment description.'), type: 'object', sanitize: asSent },
        alt_text: field('Alternative text to display when attachment is not displayed.'),
        post: { description: 'The ID for the associated post of the attachment.', type: 'integer', minimum: 0 },
      },
      permission: objectPermission('edit_post', 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.'),
      handler: update,
    },
    {
      methods: ['DELETE'],
      args: { ...ID_ARGS, force: { type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.' } },
      permission: objectPermission('delete_post', 'rest_cannot_delete', 'Sorry, you are not allowed to delete this post.'),
      handler: remove,
    },
  ]);
}
