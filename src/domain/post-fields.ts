// The wp_posts columns every TEC representation shows in the same order (events.md §4.1,
// venues-organizers.md §5.1).
import type { PostRow } from '../data/tables.ts';

/** `author` (a string, as the plugin sends it), `status` and the four dates. */
export function postColumns(post: PostRow): Record<string, unknown> {
  return {
    author: String(post.post_author),
    status: post.post_status,
    date: post.post_date,
    date_utc: post.post_date_gmt,
    modified: post.post_modified,
    modified_utc: post.post_modified_gmt,
  };
}
