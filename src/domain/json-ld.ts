// What the schema.org data of events, venues and organizers share (events.md §4.8,
// venues-organizers.md §5.4).
import type { PostRow } from '../data/tables.ts';
import { wpautop } from '../text/autop.ts';
import { excerptRemoveBlocks } from '../text/blocks/render.ts';
import { stripAllTags } from '../text/sanitize.ts';

const EXCERPT_WORDS = 55;
/** What the plugin removes as shortcodes (`#\[.+\]#U`): from a `[` to the nearest `]` of the same line, one character at least. */
const SHORTCODE_LIKE = /\[[^\n]+?\]/g;

/**
 * TEC's `description` (tribe_events_get_the_excerpt): the post excerpt, or the first 55 words of
 * the content's text, as paragraphs; of block-editor text, only the blocks that hold excerpt text
 * count (excerpt_remove_blocks). Shortcodes are removed, not run.
 */
export function jsonLdTeaser(post: PostRow): string {
  if (post.post_excerpt !== '') return wpautop(excerptRemoveBlocks(post.post_excerpt).replace(SHORTCODE_LIKE, ''));
  const words = stripAllTags(excerptRemoveBlocks(post.post_content).replace(SHORTCODE_LIKE, '')).split(/[\n\r\t ]+/).filter(Boolean);
  const text = words.length > EXCERPT_WORDS ? `${words.slice(0, EXCERPT_WORDS).join(' ')}&hellip;` : words.join(' ');
  return text === '' ? '' : wpautop(text);
}

/**
 * get_the_title(): "Protected: …" for a password-protected post, else "Private: …" for a private
 * one, else the stored title (what TEC's JSON-LD names a post by).
 */
export function shownTitle(post: Pick<PostRow, 'post_title' | 'post_password' | 'post_status'>): string {
  if (post.post_password !== '') return `Protected: ${post.post_title}`;
  return post.post_status === 'private' ? `Private: ${post.post_title}` : post.post_title;
}
