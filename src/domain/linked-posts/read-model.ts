// Venues and organizers as they are shown (REST JSON, embedded in events, exports): each post's
// row, the meta its representations read and its featured image, for a batch at once.
import type { Reader } from '../../data/executor.ts';
import { metaRead, postsRead, type PostMeta } from '../../data/posts.ts';
import { combinedRead, readTogether, type Read } from '../../data/together.ts';
import type { PostRow } from '../../data/tables.ts';
import { featuredImage, featuredImagesAheadRead, loadFeaturedImages, type ImageAttachment, type ImagesAhead } from '../images.ts';
import type { LinkedPostDefinition } from './definition.ts';

export interface StoredLinkedPost {
  post: PostRow;
  /** Only the keys linkedMetaKeys names. */
  meta: PostMeta;
  image: ImageAttachment | undefined;
}

export type LinkedPostWithMeta = Omit<StoredLinkedPost, 'image'>;

/** The meta a venue's or organizer's representations read. */
function linkedMetaKeys(definitions: readonly LinkedPostDefinition[]): string[] {
  const keys = new Set(['_thumbnail_id', '_tribe_aggregator_global_id_lineage', '_wp_trash_meta_status']);
  for (const definition of definitions) {
    for (const field of definition.fields) keys.add(field.metaKey);
    if (definition.venueRules) keys.add('_VenueShowMap').add('_VenueShowMapLink');
  }
  return [...keys];
}

/** These rows with their meta, in one query, and the images their meta may name read ahead (featuredImagesAheadRead). */
async function withMeta(db: Reader, definitions: readonly LinkedPostDefinition[], posts: readonly PostRow[]): Promise<{ linked: LinkedPostWithMeta[]; ahead: ImagesAhead }> {
  const ids = posts.map((post) => Number(post.ID));
  const [metas, ahead] = await readTogether(db, metaRead(db, ids, linkedMetaKeys(definitions)), featuredImagesAheadRead(db, ids));
  return { linked: posts.map((post) => ({ post, meta: metas.get(Number(post.ID)) ?? new Map() })), ahead };
}

/** The posts of these IDs that are of the definitions' types, in the order given, with their meta (no statement for no IDs). */
export function linkedPostsWithMetaRead(db: Reader, definitions: readonly LinkedPostDefinition[], ids: readonly number[]): Read<LinkedPostWithMeta[]> {
  const types = new Set<string>(definitions.map((definition) => definition.postType.type));
  return combinedRead([postsRead(db, ids), metaRead(db, ids, linkedMetaKeys(definitions))] as const, ([rows, metas]) => rows
    .filter((post) => types.has(post.post_type))
    .map((post) => ({ post, meta: metas.get(Number(post.ID)) ?? new Map() })));
}

/** Posts with their meta, given the featured images loaded for them. */
export function withImages(posts: readonly LinkedPostWithMeta[], images: ReadonlyMap<number, ImageAttachment>): StoredLinkedPost[] {
  return posts.map((linked) => ({ ...linked, image: featuredImage(images, linked.meta) }));
}

async function withTheirImages(db: Reader, { linked, ahead }: { linked: readonly LinkedPostWithMeta[]; ahead: ImagesAhead }): Promise<StoredLinkedPost[]> {
  return withImages(linked, await loadFeaturedImages(db, linked.map((post) => post.meta), ahead));
}

/** These rows of the definition's type, loaded: their meta, then their images (three queries; on MySQL in one packet when the images were read ahead). */
export async function loadLinkedPosts(db: Reader, definition: LinkedPostDefinition, posts: readonly PostRow[]): Promise<StoredLinkedPost[]> {
  return withTheirImages(db, await withMeta(db, [definition], posts));
}

/** The posts of these IDs that are of the definition's type, in the order given, loaded (four queries; on MySQL in one packet when the images were read ahead). */
export async function loadLinkedPostsByIds(db: Reader, definition: LinkedPostDefinition, ids: readonly number[]): Promise<StoredLinkedPost[]> {
  const [linked, ahead] = await readTogether(db, linkedPostsWithMetaRead(db, [definition], ids), featuredImagesAheadRead(db, ids));
  return withTheirImages(db, { linked, ahead });
}
