// The venue / organizer representation (venues-organizers.md §5, events.md §4.5): list form,
// single form (with json_ld) and the form embedded in events, always built for a batch of posts.
import type { PostRow } from '../../data/tables.ts';
import type { RestRequest } from '../context.ts';
import { firstMeta, getPosts, loadMeta, type PostMeta } from '../../data/posts.ts';
import { renderContent, renderExcerpt, renderTitle, type ContentMedia } from '../../text/render.ts';
import { loadContentMedia } from '../../domain/content-media.ts';
import { isPhpEmpty, loadImages, thumbnailId, type ImageObject } from '../../domain/images.ts';
import { postColumns } from '../../domain/post-fields.ts';
import { canSeeProtected, redactProtected } from '../common/protected.ts';
import { globalId, permalink } from '../../domain/urls.ts';
import { venueMapFlags } from '../../domain/events/stored-flags.ts';
import type { LinkedPostDefinition } from '../../domain/linked-posts/definition.ts';
import { userCanLinked } from '../../domain/linked-posts/permissions.ts';

export type Representation = Record<string, unknown>;

export interface PresentOptions {
  /** Single reads add `json_ld`. */
  jsonLd: boolean;
  /** Write responses never unlock password-protected posts. */
  allowUnlock: boolean;
}

function metaKeys(definition: LinkedPostDefinition): string[] {
  const keys = definition.fields.map((field) => field.metaKey);
  keys.push('_thumbnail_id', '_tribe_aggregator_global_id_lineage', '_wp_trash_meta_status');
  if (definition.venueRules) keys.push('_VenueShowMap', '_VenueShowMapLink');
  return keys;
}

function represent(
  definition: LinkedPostDefinition,
  req: RestRequest,
  post: PostRow,
  meta: PostMeta,
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
  const out = Object.fromEntries(Object.entries(base).filter(([, value]) => !isPhpEmpty(value)));
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

/** Rows of one type to present. */
interface PostGroup {
  definition: LinkedPostDefinition;
  posts: readonly PostRow[];
}

/** Representations of the rows of each group, in their order: one query for meta, one for images and those of the descriptions' media, in all. */
async function presentGroups(req: RestRequest, groups: readonly PostGroup[], options: PresentOptions): Promise<Representation[][]> {
  const db = req.services.db.kysely;
  const ids = groups.flatMap((group) => group.posts.map((post) => Number(post.ID)));
  const keys = [...new Set(groups.flatMap((group) => metaKeys(group.definition)))];
  const meta = await loadMeta(db, ids, keys);
  const thumbnails = new Map(ids.map((id) => [id, thumbnailId(firstMeta(meta.get(id), '_thumbnail_id'))]));
  const texts = groups.flatMap((group) => group.posts.flatMap((post) => [post.post_content, post.post_excerpt]));
  const [images, media] = await Promise.all([loadImages(db, req.site, [...thumbnails.values()]), loadContentMedia(db, req.site, texts)]);
  return groups.map(({ definition, posts }) => posts.map((post) => {
    const id = Number(post.ID);
    return represent(definition, req, post, meta.get(id) ?? new Map(), images.get(thumbnails.get(id) ?? 0), media, options);
  }));
}

/** Representations of these rows, in their order, with a constant number of queries. */
export async function presentPosts(
  definition: LinkedPostDefinition,
  req: RestRequest,
  posts: readonly PostRow[],
  options: PresentOptions,
): Promise<Representation[]> {
  const [presented] = await presentGroups(req, [{ definition, posts }], options);
  return presented!;
}

export async function presentPost(definition: LinkedPostDefinition, req: RestRequest, post: PostRow, options: PresentOptions): Promise<Representation> {
  const [one] = await presentPosts(definition, req, [post], options);
  return one!;
}

/** The posts of one type linked from each event: event ID → linked IDs, in meta order. */
export interface LinkGroup {
  definition: LinkedPostDefinition;
  linksByEvent: ReadonlyMap<number, readonly number[]>;
}

/**
 * Linked posts of each event, embedded (events.md §4.5), for every group at once: one query for the
 * rows of all types, then presentGroups. IDs that are not posts of the group's type are skipped.
 */
export async function presentLinked(req: RestRequest, groups: readonly LinkGroup[], jsonLd: boolean): Promise<Map<number, Representation[]>[]> {
  const allIds = [...new Set(groups.flatMap((group) => [...group.linksByEvent.values()].flat()))];
  const rows = await getPosts(req.services.db.kysely, allIds);
  const presented = await presentGroups(req, groups.map(({ definition }) => ({
    definition, posts: rows.filter((post) => post.post_type === definition.postType.type),
  })), { jsonLd, allowUnlock: true });
  return groups.map(({ linksByEvent }, i) => {
    const byId = new Map(presented[i]!.map((item) => [item.id as number, item]));
    const out = new Map<number, Representation[]>();
    for (const [eventId, ids] of linksByEvent) {
      out.set(eventId, ids.map((id) => byId.get(id)).filter((item): item is Representation => item !== undefined));
    }
    return out;
  });
}
