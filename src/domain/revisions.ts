// WordPress's revisions of the post types that support them (events): after every update of the
// post (wp_update_post, wp_trash_post's included), wp_save_post_revision stores the post as it now
// is, as a `revision` child, when it has no revision yet or when its title, content or excerpt
// differ from its latest revision's (whitespace runs aside). A new post has none until its first
// update. Nothing lists or counts revisions.
import type { Writer } from '../data/executor.ts';
import { insertRevision, type RevisionFields } from '../data/posts.ts';
import type { PostRow } from '../data/tables.ts';
import type { WriteContext } from './write-context.ts';

/** WordPress's normalize_whitespace(). */
function normalizeWhitespace(text: string): string {
  return text.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '').replace(/\r/g, '\n').replace(/\n+/g, '\n').replace(/[ \t]+/g, ' ');
}

function hasChanged(post: RevisionFields, latest: RevisionFields): boolean {
  return (['post_title', 'post_content', 'post_excerpt'] as const)
    .some((field) => normalizeWhitespace(post[field]) !== normalizeWhitespace(latest[field]));
}

/**
 * wp_save_post_revision after an update: `post` is the post as the update left it, `latest` its
 * latest revision before (null: none).
 */
export async function saveRevision(
  trx: Writer, req: WriteContext,
  post: RevisionFields & Pick<PostRow, 'ID' | 'post_status' | 'post_modified' | 'post_modified_gmt'>,
  latest: RevisionFields | null,
): Promise<void> {
  if (post.post_status === 'auto-draft' || (latest && !hasChanged(post, latest))) return;
  await insertRevision(trx, Number(post.ID), {
    post_author: req.user?.id ?? 0,
    post_date: post.post_modified,
    post_date_gmt: post.post_modified_gmt,
    post_title: post.post_title,
    post_content: post.post_content,
    post_excerpt: post.post_excerpt,
  }, req.site.home);
}
