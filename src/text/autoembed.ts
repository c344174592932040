// WP_Embed::autoembed(), which runs on the_content before the blocks are rendered: a URL alone
// on its line (as in the embed block's wrapper) or alone in a paragraph is replaced by its oEmbed
// HTML. wpcal fetches nothing from providers; it reads the cache WordPress keeps (an `oembed_cache`
// post per URL: in a REST request there is no global post, so no post meta cache). A URL that is
// not cached is left as WordPress leaves it when the provider fetch fails, and so is one cached as
// a failure (`{{unknown}}`): the URL itself, with `&amp;` written as `&`.
import { createHash } from 'node:crypto';
import { phpSerialize } from '../php/serialize.ts';
import { replaceInHtmlTags } from './html-split.ts';
import { PCRE_SPACE as S, phpUrlencode } from './php.ts';

/** What WordPress caches for an embed URL: the HTML, or `{{unknown}}` after a failed fetch. */
export type EmbedCache = (cacheKey: string) => string | undefined;

const LINE_BREAK = '<!-- wp-line-break -->';
const URL = `https?://[^\\t\\n\\v\\f\\r <>"]+`;
/** A URL on its own line (PCRE's `^…$` with the m flag: lines end at \n only). */
const OWN_LINE = new RegExp(`(?<![^\\n])(${S}*)(${URL})(${S}*)(?![^\\n])`, 'gi');
const OWN_PARAGRAPH = new RegExp(`(<p(?: [^>]*)?>${S}*)(${URL})(${S}*</p>)`, 'gi');
const HAS_URL = new RegExp(`(?:^|${S}|>)https?://`, 'i');

/**
 * wp_embed_defaults() with no theme content width: 500 × 750. WP_Embed::shortcode() keys its
 * cache with the URL and these (serialized) attributes.
 */
const DEFAULT_ATTRIBUTES = phpSerialize({ width: 500, height: 750 });

export function embedCacheKey(url: string): string {
  return createHash('md5').update(url + DEFAULT_ATTRIBUTES, 'utf8').digest('hex');
}

/** The youtube.com/embed/… handler (wp_embed_handler_youtube) embeds the watch URL instead. */
const YOUTUBE_EMBED = /https?:\/\/(www.)?youtube\.com\/(?:v|embed)\/([^/]+)/i;

/** WP_Embed::shortcode() for a URL found by autoembed (links to unknown URLs are not made). */
function embed(found: string, cache: EmbedCache): string {
  const url = found.replaceAll('&amp;', '&');
  const youtube = YOUTUBE_EMBED.exec(url);
  if (youtube) return embed(`https://youtube.com/watch?v=${phpUrlencode(youtube[2]!)}`, cache);
  const cached = cache(embedCacheKey(url));
  return cached === undefined || cached === '' || cached === '{{unknown}}' ? url : cached;
}

export function autoembed(content: string, cache: EmbedCache): string {
  if (!/https?:\/\//i.test(content)) return content;
  let text = replaceInHtmlTags(content, '\n', LINE_BREAK);
  if (HAS_URL.test(text)) {
    const replace = (_all: string, before: string, url: string, after: string) => before + embed(url, cache) + after;
    text = text.replace(OWN_LINE, replace).replace(OWN_PARAGRAPH, replace);
  }
  return text.replaceAll(LINE_BREAK, '\n');
}

/** The cache keys autoembed() would look up in this content. */
export function embedCacheKeys(content: string): string[] {
  const keys = new Set<string>();
  autoembed(content, (key) => {
    keys.add(key);
    return undefined;
  });
  return [...keys];
}
