// WP_Embed's two filters on the_content, run before the blocks are rendered: the `[embed]URL[/embed]`
// shortcode (WP_Embed::run_shortcode), then autoembed: a URL alone on its line (as in the embed
// block's wrapper) or alone in a paragraph. Each URL becomes its oEmbed HTML. wpcal fetches nothing
// from providers; it reads the cache WordPress keeps (an `oembed_cache` post per URL and attributes:
// in a REST request there is no global post, so no post meta cache). A URL that is not cached is
// left as WordPress leaves it when the provider fetch fails, and so is one cached as a failure
// (`{{unknown}}`): the URL itself (`&amp;` written as `&`), linked when it came from `[embed]`.
// WordPress's own handlers come first: a YouTube embed URL is embedded as its watch URL, and a URL
// of an audio or video file becomes an `[audio]`/`[video]` shortcode (rendered with the others).
import { createHash } from 'node:crypto';
import { phpSerialize, type PhpValue } from '../php/serialize.ts';
import { replaceInHtmlTags } from './html-split.ts';
import { PCRE_SPACE as S, isTruthy, phpUrlencode, toInt } from './php.ts';
import { escHtml, escUrl } from './sanitize.ts';
import { doShortcode, type ShortcodeAttrs } from './shortcodes.ts';

/** What WordPress caches for an embed URL: the HTML, or `{{unknown}}` after a failed fetch. */
export type EmbedCache = (cacheKey: string) => string | undefined;

const LINE_BREAK = '<!-- wp-line-break -->';
const URL = `https?://[^\\t\\n\\v\\f\\r <>"]+`;
/** A URL on its own line (PCRE's `^…$` with the m flag: lines end at \n only). */
const OWN_LINE = new RegExp(`(?<![^\\n])(${S}*)(${URL})(${S}*)(?![^\\n])`, 'gi');
const OWN_PARAGRAPH = new RegExp(`(<p(?: [^>]*)?>${S}*)(${URL})(${S}*</p>)`, 'gi');
const HAS_URL = new RegExp(`(?:^|${S}|>)https?://`, 'i');
const HAS_SCHEME = /https?:\/\//i;

/** wp_embed_defaults() with no theme content width: 500 × 750. */
const DEFAULT_SIZE = { width: 500, height: 750 };

/** WP_Embed::shortcode()'s cache key: the URL and its attributes over the defaults, serialized. */
export function embedCacheKey(url: string, attrs: Readonly<Record<string, PhpValue>> = {}): string {
  return createHash('md5').update(url + phpSerialize({ ...DEFAULT_SIZE, ...attrs }), 'utf8').digest('hex');
}

/** The youtube.com/embed/… handler (wp_embed_handler_youtube) embeds the watch URL instead. */
const YOUTUBE_EMBED = /https?:\/\/(www.)?youtube\.com\/(?:v|embed)\/([^/]+)/i;
const AUDIO_FILE = /^https?:\/\/.+?\.(mp3|ogg|flac|m4a|wav)$/i;
const VIDEO_FILE = /^https?:\/\/.+?\.(mp4|m4v|webm|ogv|flv)$/i;

/** The named attributes of an `[embed]` (positional ones do not reach the cache key as wpcal keys it). */
const namedAttrs = (attrs: ShortcodeAttrs): Record<string, string> =>
  Object.fromEntries([...attrs].filter((entry): entry is [string, string] => typeof entry[0] === 'string'));

/**
 * WP_Embed::shortcode(): the URL's HTML from a handler or the cache; when there is none, the URL,
 * as a link when `linkUnknown` (the shortcode) and as it is for autoembed.
 */
function embed(found: string, cache: EmbedCache, attrs: ShortcodeAttrs = new Map(), linkUnknown = false): string {
  const url = found.replaceAll('&amp;', '&');
  const youtube = YOUTUBE_EMBED.exec(url);
  if (youtube) return autoembed(`https://youtube.com/watch?v=${phpUrlencode(youtube[2]!)}`, cache);
  if (AUDIO_FILE.test(url)) return `[audio src="${escUrl(url, 'display')}" /]`;
  if (VIDEO_FILE.test(url)) {
    const [width, height] = [attrs.get('width') ?? '', attrs.get('height') ?? ''];
    const size = isTruthy(width) && isTruthy(height) ? `width="${toInt(width)}" height="${toInt(height)}" ` : '';
    return `[video ${size}src="${escUrl(url, 'display')}" /]`;
  }
  const cached = cache(embedCacheKey(url, namedAttrs(attrs)));
  if (cached !== undefined && cached !== '' && cached !== '{{unknown}}') return cached;
  return linkUnknown ? `<a href="${escUrl(url, 'display')}">${escHtml(url)}</a>` : url;
}

/** WP_Embed::run_shortcode(): `[embed]URL[/embed]` (or `[embed src="URL" /]`) replaced by its HTML. */
export function embedShortcodes(content: string, cache: EmbedCache): string {
  if (!content.includes('[')) return content;
  return doShortcode(content, {
    embed: (attrs, inner) => {
      const url = inner || (isTruthy(attrs.get('src') ?? '') ? attrs.get('src')! : '');
      return url === '' ? '' : embed(url, cache, attrs, true);
    },
  });
}

export function autoembed(content: string, cache: EmbedCache): string {
  if (!HAS_SCHEME.test(content)) return content;
  // Newlines inside tags become placeholders ending in `>`, which HAS_URL takes as well: the text
  // has a URL to embed exactly when the content has one. Without one, only placeholders written
  // in the content itself would change (into newlines).
  if (!HAS_URL.test(content) && !content.includes(LINE_BREAK)) return content;
  let text = replaceInHtmlTags(content, '\n', LINE_BREAK);
  if (HAS_URL.test(text)) {
    const replace = (_all: string, before: string, url: string, after: string) => before + embed(url, cache) + after;
    text = text.replace(OWN_LINE, replace).replace(OWN_PARAGRAPH, replace);
  }
  return text.replaceAll(LINE_BREAK, '\n');
}

/** The cache keys embedShortcodes() and autoembed() would look up in this content. */
export function embedCacheKeys(content: string): string[] {
  // Without a shortcode or a URL, nothing is looked up.
  if (!content.includes('[') && !HAS_SCHEME.test(content)) return [];
  const keys = new Set<string>();
  const record: EmbedCache = (key) => {
    keys.add(key);
    return undefined;
  };
  autoembed(embedShortcodes(content, record), record);
  return [...keys];
}
