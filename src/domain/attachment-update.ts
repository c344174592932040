// An attachment's own fields changed as wp/v2/media's update does (WP_REST_Attachments_Controller
// over wp_update_post): title, caption, description, parent post, alt text; the file stays.
import { getPosts, lockPostForSave, setMeta, updatePost } from '../data/posts.ts';
import type { NewPost } from '../data/tables.ts';
import type { Writer } from '../data/executor.ts';
import { sanitizeTextField } from '../text/sanitize.ts';
import { dbDatetime } from '../time/parse.ts';
import { RestError } from './errors.ts';
import type { AttachmentFields } from './images.ts';
import { withKses } from './post-writes.ts';
import type { WriteContext } from './write-context.ts';
import { __ } from '../i18n/phrase.ts';

export interface AttachmentChanges extends AttachmentFields {
  /** The post the attachment belongs to (`post`); 0 detaches it. */
  parent?: number;
}

/** The post types an attachment may not belong to. */
const NOT_PARENTS = new Set(['revision', 'attachment']);

/** Writes what `changes` carries (absent: unchanged) and the modified dates; throws 400 for a revision or attachment parent. */
export async function updateAttachment(trx: Writer, ctx: WriteContext, id: number, changes: AttachmentChanges): Promise<void> {
  if (changes.parent) {
    const [parent] = await getPosts(trx, [changes.parent]);
    if (parent && NOT_PARENTS.has(parent.post_type)) throw RestError.withStatus('rest_invalid_param', __('Invalid parent type.'), 400);
  }
  if (!await lockPostForSave(trx, id, [], false)) throw RestError.withStatus('rest_post_invalid_id', __('Invalid post ID.'), 404);
  const texts = withKses(ctx.user, { title: changes.title, excerpt: changes.caption, content: changes.description });
  const columns: Partial<NewPost> = {
    post_modified: dbDatetime(ctx.now, ctx.site.timezone),
    post_modified_gmt: dbDatetime(ctx.now, 'UTC'),
  };
  if (texts.title !== undefined) columns.post_title = texts.title;
  if (texts.excerpt !== undefined) columns.post_excerpt = texts.excerpt;
  if (texts.content !== undefined) columns.post_content = texts.content;
  if (changes.parent !== undefined) columns.post_parent = changes.parent;
  await updatePost(trx, id, columns);
  if (changes.alt !== undefined) await setMeta(trx, id, '_wp_attachment_image_alt', sanitizeTextField(changes.alt));
}
