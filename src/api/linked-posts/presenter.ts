// The venue / organizer representation (venues-organizers.md §5, events.md §4.5): list form,
// single form (with json_ld) and the form embedded in events, always built for a batch of posts.
import type { PostRow } from '../../data/tables.ts';
import type { RestRequest } from '../context.ts';
import { firstMeta } from '../../data/posts.ts';
import { renderContent, renderExcerpt, renderTitle, type ContentMedia } from '../../text/render.ts';
import { loadContentMedia } from '../../domain/content-media.ts';
import { imageObjects, isPhpEmpty, type ImageObject, type ImageObjectOf } from '../../domain/images.ts';
import { postColumns } from '../../domain/post-fields.ts';
import { canSeeProtected, redactProtected } from '../common/protected.ts';
import { globalId, permalink } from '../../domain/urls.ts';
import { venueMapFlags } from '../../domain/events/stored-flags.ts';
import type { LinkedPostDefinition } from '../../domain/linked-posts/definition.ts';
import { userCanLinked } from '../../domain/linked-posts/permissions.ts';
import { loadLinkedPosts, type LinkedPostWithMeta, type StoredLinkedPost } from '../../domain/linked-posts/read-model.ts';

export type Representation = Record<string, unknown>;

export interface PresentOptions {
  /** Single reads add `json_ld`. */
  jsonLd: boolean;
  /** Write responses never unlock password-protected posts. */
  allowUnlock: boolean;
}

function represent(
  definition: LinkedPostDefinition,
  req: RestRequest,
  { post, meta }: LinkedPostWithMeta,
  image: ImageObject | undefined,
  media: ContentMedia,
  options: PresentOptions,
): Representation {
  const id = Number(post.ID);
  const canSee = !options.allowUnlock ? post.post_password === ''
    : canSeeProtected(req, post, definition.postType.plural, firstMeta(meta, '_wp_trash_meta_status'));
  const readable = userCanLinked(definition, req, 'read_post', post, meta);
  const base: Representation = {
    id,
    ...postColumns(post),
    url: permalink(req.site, definition.postType, post, readable),
    [definition.singular]: renderTitle(post.post_title),
    description: renderContent(post.post_content, media),
    excerpt: renderExcerpt(post.post_excerpt, media),
    slug: post.post_name,
    image,
  };
  for (const field of definition.fields) base[field.name] = firstMeta(meta, field.metaKey);
  // TEC writes JSON-LD only for a post the reader may read (a draft venue embedded for an
  // anonymous reader has none, sample 60).
  if (options.jsonLd && canSee && readable) base.json_ld = definition.jsonLd({ post, meta, image, site: req.site });
  const out: Representation = {};
  for (const key of Object.keys(base)) if (!isPhpEmpty(base[key])) out[key] = base[key];
  if (definition.venueRules) {
    const { showMap, showMapLink } = venueMapFlags(meta);
    out.show_map = showMap;
    out.show_map_link = showMapLink;
  }
  const gid = globalId(req.site, id);
  out.global_id = gid;
  out.global_id_lineage = [gid, ...(meta.get('_tribe_aggregator_global_id_lineage') ?? [])];
  return canSee ? out : redactProtected(out);
}

/** Representations of these rows, in their order, with a constant number of queries. */
export async function presentPosts(
  definition: LinkedPostDefinition,
  req: RestRequest,
  posts: readonly PostRow[],
  options: PresentOptions,
): Promise<Representation[]> {
  const db = req.services.db.kysely;
  const [stored, media] = await Promise.all([loadLinkedPosts(db, definition, posts), loadContentMedia(db, req.site, posts)]);
  const imageOf = imageObjects(req.site);
  return stored.map((linked) => represent(definition, req, linked, imageOf(linked.image), media, options));
}

export async function presentPost(definition: LinkedPostDefinition, req: RestRequest, post: PostRow, options: PresentOptions): Promise<Representation> {
  const [one] = await presentPosts(definition, req, [post], options);
  return one!;
}

/**
 * The representation of the loaded venues or organizers events embed (events.md §4.5): each post
 * is presented once, however many events link it. `media` holds what their descriptions embed.
 */
export function embeddedPresenter(
  definition: LinkedPostDefinition,
  req: RestRequest,
  media: ContentMedia,
  imageOf: ImageObjectOf,
  jsonLd: boolean,
): (linked: StoredLinkedPost) => Representation {
  const presented = new Map<number, Representation>();
  return (linked) => {
    const id = Number(linked.post.ID);
    let representation = presented.get(id);
    if (!representation) presented.set(id, representation = represent(definition, req, linked, imageOf(linked.image), media, { jsonLd, allowUnlock: true }));
    return representation;
  };
}
