// The events' read model: everything an event is shown from (REST JSON, exports, the iCalendar
// feed), loaded for a page of event rows at once with one query per kind whatever their number:
// the events' meta and terms, then the rows and meta of the venues and organizers they link, then
// the featured images of all (attachment rows and meta), each step's queries sent together
// (together.ts).
import type { Reader } from '../../data/executor.ts';
import { metaRead, postsRead, type PostMeta } from '../../data/posts.ts';
import { readTogether } from '../../data/together.ts';
import type { PostRow } from '../../data/tables.ts';
import { termsOfPosts, termsOfPostsRead, type Term } from '../../data/terms.ts';
import { featuredImage, featuredImagesAheadRead, loadFeaturedImages, thumbnailOf, type ImageAttachment, type ImagesAhead } from '../images.ts';
import { attachmentIdsIn } from '../../text/content-tags.ts';
import { galleryAttachmentIds } from '../../text/content-shortcodes.ts';
import type { BuildStart, KeptBuilds, RepresentationSources } from './representation-cache.ts';
import type { SiteSettings } from '../../site/settings.ts';
import type { LinkedPostDefinition } from '../linked-posts/definition.ts';
import { linkedPostsWithMetaRead, withImages, type LinkedPostWithMeta, type StoredLinkedPost } from '../linked-posts/read-model.ts';
import { ORGANIZER_DEFINITION } from '../organizers.ts';
import { CATEGORIES, TAGS } from '../terms/definition.ts';
import { VENUE_DEFINITION } from '../venues.ts';

/** An event's categories and tags, each list ordered by name. */
export interface EventTerms {
  categories: Term[];
  tags: Term[];
}

export interface StoredEvent {
  post: PostRow;
  /** Every meta row of the event. */
  meta: PostMeta;
  terms: EventTerms;
  /** The posts `_EventVenueID` / `_EventOrganizerID` name that are venues / organizers, in meta order, whatever their status. */
  venues: StoredLinkedPost[];
  organizers: StoredLinkedPost[];
  image: ImageAttachment | undefined;
}

/** The categories and tags of these events, in one query. */
export async function loadEventTerms(db: Reader, ids: readonly number[]): Promise<Map<number, EventTerms>> {
  return eventTermsOf(ids, await termsOfPosts(db, ids, [CATEGORIES.taxonomy, TAGS.taxonomy]));
}

function eventTermsOf(ids: readonly number[], terms: ReadonlyMap<number, Term[]>): Map<number, EventTerms> {
  return new Map(ids.map((id) => {
    const all = terms.get(id) ?? [];
    return [id, { categories: all.filter((term) => term.taxonomy === CATEGORIES.taxonomy), tags: all.filter((term) => term.taxonomy === TAGS.taxonomy) }];
  }));
}

/**
 * Venues and organizers as read, kept across requests (by post ID; what each was read from: the
 * post and its featured image): events share few of them, and each page would read them again.
 */
export type KeptLinkedPosts = KeptBuilds<StoredLinkedPost>;

/** At most this many venues and organizers kept (a few KB each). */
export const MAX_KEPT_LINKED_POSTS = 4000;

/** Where a read finds and keeps the linked posts it reads, under the outside version of the post tables it began with. */
export interface LinkedPostsKept {
  cache: KeptLinkedPosts;
  site: SiteSettings;
  outside: string;
}

/** The post IDs a link meta key holds: its numeric, positive values, in meta order. */
function linkedIds(meta: PostMeta, definition: LinkedPostDefinition): number[] {
  return (meta.get(definition.linkMetaKey) ?? []).map((value) => value.trim()).filter((value) => /^\d+$/.test(value)).map(Number).filter((id) => id > 0);
}

/** These event rows with everything they are shown from, in their order. */
export async function loadStoredEvents(db: Reader, posts: readonly PostRow[]): Promise<StoredEvent[]> {
  const ids = posts.map((post) => Number(post.ID));
  const [metas, terms, images] = await readTogether(db, metaRead(db, ids), termsOfPostsRead(db, ids, [CATEGORIES.taxonomy, TAGS.taxonomy]),
    featuredImagesAheadRead(db, ids));
  return withLinks(db, posts, metas, terms, images);
}

/**
 * The events of these IDs (those that are posts), in their order, with everything they are shown
 * from: their rows read with their meta and terms, and with the venues and organizers of
 * `expectedLinks` (what a write just linked); other linked posts are taken from `kept`, else read after.
 */
export async function loadStoredEventsByIds(db: Reader, ids: readonly number[], expectedLinks: readonly number[] = [], kept?: LinkedPostsKept): Promise<StoredEvent[]> {
  // Begun before the first read: the images read ahead in it may be kept with the venues and organizers read after.
  const start = kept?.cache.begin(kept.outside);
  const [posts, metas, terms, linked, images] = await readTogether(db, postsRead(db, ids), metaRead(db, ids), termsOfPostsRead(db, ids, [CATEGORIES.taxonomy, TAGS.taxonomy]),
    linkedPostsWithMetaRead(db, LINKED_DEFINITIONS, expectedLinks), featuredImagesAheadRead(db, [...ids, ...expectedLinks]));
  return withLinks(db, posts, metas, terms, images, { ids: new Set(expectedLinks), posts: linked }, kept && start && { ...kept, start });
}

const LINKED_DEFINITIONS = [VENUE_DEFINITION, ORGANIZER_DEFINITION];

async function withLinks(
  db: Reader, posts: readonly PostRow[], metas: ReadonlyMap<number, PostMeta>, termLists: ReadonlyMap<number, Term[]>, imagesAhead: ImagesAhead,
  readBefore: { ids: ReadonlySet<number>; posts: readonly LinkedPostWithMeta[] } = { ids: new Set(), posts: [] },
  kept?: LinkedPostsKept & { start: BuildStart },
): Promise<StoredEvent[]> {
  const ids = posts.map((post) => Number(post.ID));
  const terms = eventTermsOf(ids, termLists);
  const metaOf = (id: number): PostMeta => metas.get(id) ?? new Map();
  const links = ids.map((id) => ({ venues: linkedIds(metaOf(id), VENUE_DEFINITION), organizers: linkedIds(metaOf(id), ORGANIZER_DEFINITION) }));
  const linkedIdSet = new Set(links.flatMap((link) => [...link.venues, ...link.organizers]));
  const byId = new Map<number, StoredLinkedPost>();
  if (kept) {
    for (const id of linkedIdSet) {
      const found = kept.cache.get(kept.site, String(id), kept.outside);
      if (found) byId.set(id, found);
    }
  }
  const unread = [...linkedIdSet].filter((id) => !readBefore.ids.has(id) && !byId.has(id));
  const [read, linkedImagesAhead] = await readTogether(db, linkedPostsWithMetaRead(db, LINKED_DEFINITIONS, unread), featuredImagesAheadRead(db, unread));
  const linked = [...readBefore.posts.filter((linkedPost) => linkedIdSet.has(Number(linkedPost.post.ID))), ...read];
  const images = await loadFeaturedImages(db, [...metas.values(), ...linked.map((post) => post.meta)], new Map([...imagesAhead, ...linkedImagesAhead]));
  for (const post of withImages(linked, images)) {
    const id = Number(post.post.ID);
    byId.set(id, post);
    // What a caller read before (readBefore) is not kept: a write may have come in between.
    if (kept && !readBefore.ids.has(id)) kept.cache.set(kept.site, String(id), kept.start, post, { posts: [id, thumbnailOf(post.meta)].filter((source) => source > 0), terms: [] });
  }
  const ofType = (definition: LinkedPostDefinition, linkIds: readonly number[]): StoredLinkedPost[] => linkIds
    .map((id) => byId.get(id))
    .filter((post): post is StoredLinkedPost => post?.post.post_type === definition.postType.type);
  return posts.map((post, i) => {
    const id = ids[i]!;
    return {
      post,
      meta: metaOf(id),
      terms: terms.get(id)!,
      venues: ofType(VENUE_DEFINITION, links[i]!.venues),
      organizers: ofType(ORGANIZER_DEFINITION, links[i]!.organizers),
      image: featuredImage(images, metas.get(id)),
    };
  });
}

/**
 * The posts and terms an event's representation is built from: the event, the posts its meta links
 * (found or not), their featured images and the images their texts show (galleries included), its terms.
 */
export function representationSources(event: StoredEvent): RepresentationSources {
  const linked = [...event.venues, ...event.organizers];
  const posts = [event.post, ...linked.map((other) => other.post)];
  return {
    posts: [...new Set([
      ...posts.map((post) => Number(post.ID)),
      ...linkedIds(event.meta, VENUE_DEFINITION), ...linkedIds(event.meta, ORGANIZER_DEFINITION),
      ...[event.meta, ...linked.map((other) => other.meta)].map(thumbnailOf).filter((id) => id > 0),
      ...posts.flatMap((post) => [post.post_content, post.post_excerpt]).flatMap((text) => [...attachmentIdsIn(text), ...galleryAttachmentIds(text)]),
    ])],
    terms: [...event.terms.categories, ...event.terms.tags].map((term) => Number(term.term_taxonomy_id)),
  };
}
