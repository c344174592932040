// What a user may do with a venue or organizer: WordPress's meta capabilities on the post.
import { userCanPost, type CurrentUser, type MetaCapability } from '../../auth/capabilities.ts';
import { firstMeta, type PostMeta } from '../../data/posts.ts';
import type { PostRow } from '../../data/tables.ts';
import type { LinkedPostDefinition } from './definition.ts';

export function capabilityPost(post: PostRow, meta?: PostMeta): { post_author: number; post_status: string; trashedFrom: string | null } {
  return { post_author: Number(post.post_author), post_status: post.post_status, trashedFrom: firstMeta(meta, '_wp_trash_meta_status') ?? null };
}

export function userCanLinked(definition: LinkedPostDefinition, req: { user: CurrentUser | null }, cap: MetaCapability, post: PostRow, meta?: PostMeta): boolean {
  return userCanPost(cap, req.user, capabilityPost(post, meta), definition.postType.plural);
}
