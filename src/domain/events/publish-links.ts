// Saving a published event publishes the draft and pending venues and organizers it linked before
// the save (TEC's publish_tribe_events hook runs inside wp_update_post, before the new links are
// stored): so a draft linked by a create, or newly by an update, stays a draft (samples 56–60)
// until the event is saved again. Publishing changes the status only, as wp_publish_post does.
import { userCan } from '../../auth/capabilities.ts';
import type { Writer } from '../../data/executor.ts';
import { getPosts } from '../../data/posts.ts';
import type { PostRow } from '../../data/tables.ts';
import { publishPost } from '../../data/posts.ts';
import type { WriteContext } from '../write-context.ts';
import { ORGANIZER_DEFINITION } from '../organizers.ts';
import { VENUE_DEFINITION } from '../venues.ts';

/** Rows of linked posts by ID: read once per write and shared by the steps that need them. */
export type LinkedRows = Map<number, PostRow>;

/**
 * Publishes the draft/pending venues and organizers among `linkedIds` that the user may publish,
 * when the event is published. `rows` holds the rows read so far; the others are read here.
 */
export async function publishLinkedPosts(
  trx: Writer, req: WriteContext, event: Pick<PostRow, 'post_status'>, linkedIds: readonly number[], rows: LinkedRows,
): Promise<void> {
  if (event.post_status !== 'publish' || linkedIds.length === 0) return;
  const unread = linkedIds.filter((id) => !rows.has(id));
  for (const post of await getPosts(trx, unread)) rows.set(Number(post.ID), post);
  // In ID order: rows are locked as they are updated, and two events publishing the same posts
  // must lock them in the same order.
  for (const id of [...new Set(linkedIds)].sort((a, b) => a - b)) {
    const post = rows.get(id);
    const definition = [VENUE_DEFINITION, ORGANIZER_DEFINITION].find((d) => d.postType.type === post?.post_type);
    if (!post || !definition || post.post_status === 'publish' || post.post_status === 'private') continue;
    if (!userCan(req.user, `publish_${definition.postType.plural}`)) continue;
    await publishPost(trx, id);
  }
}
