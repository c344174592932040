// Publishing an event publishes its draft and pending venue and organizers (events.md §6.2): as
// TEC does it, when the event becomes published (not when a published event links a draft: that
// stays a draft, samples 56–60), and the venues and organizers an event write creates inline.
import { userCan } from '../../auth/capabilities.ts';
import type { Writer } from '../../data/executor.ts';
import { getPosts } from '../../data/posts.ts';
import type { PostRow } from '../../data/tables.ts';
import { updateTypedPost } from '../post-writes.ts';
import type { WriteContext } from '../write-context.ts';
import { ORGANIZER_DEFINITION } from '../organizers.ts';
import { VENUE_DEFINITION } from '../venues.ts';

/** Rows of linked posts by ID: read once per write and shared by the steps that need them. */
export type LinkedRows = Map<number, PostRow>;

/**
 * Publishes the draft/pending venues and organizers among `linkedIds` that the user may publish,
 * when the event is published. `rows` holds the rows read so far; the others are read here.
 * `keepDates`: each keeps its post_date (an event being published); else it is dated now.
 */
export async function publishLinkedPosts(
  trx: Writer, req: WriteContext, event: Pick<PostRow, 'post_status'>, linkedIds: readonly number[], rows: LinkedRows,
  keepDates = false,
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
    const dated = keepDates && !post.post_date.startsWith('0000') ? { date: post.post_date } : {};
    await updateTypedPost(trx, req, definition.postType, post, { status: 'publish', ...dated });
  }
}
