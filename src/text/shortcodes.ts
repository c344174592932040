// Shortcodes registered on a stock WordPress + TEC site. Their presence changes how the text
// filters treat `[name ...]` (not texturized, not wrapped in paragraphs); nothing renders them.
import { pregQuote } from './php.ts';

export const SHORTCODE_TAGS: readonly string[] = ['wp_caption', 'caption', 'gallery', 'playlist', 'audio', 'video', 'embed'];

export function shortcodeAlternation(tags: readonly string[]): string {
  return tags.map(pregQuote).join('|');
}
