// The WordPress display filter chains (the_title, the_content, the_excerpt) as TEC's REST
// API applies them, each followed by PHP's trim().
import { LRUCache } from 'lru-cache';
import { shortcodeUnautop, wpautop } from './autop.ts';
import { autoembed, embedCacheKeys, embedShortcodes, type EmbedCache } from './autoembed.ts';
import { doBlocks, hasBlocks } from './blocks/render.ts';
import { attachmentIdsIn, filterContentTags, type MediaLibrary } from './content-tags.ts';
import { galleryAttachmentIds, renderShortcodes } from './content-shortcodes.ts';
import type { GalleryMedia } from './gallery-shortcode.ts';
import { phpTrim } from './php.ts';
import { convertSmilies } from './smilies.ts';
import { wptexturize } from './texturize.ts';

/** convert_chars(): `&` not starting an entity becomes `&#038;`. */
function convertChars(text: string): string {
  return text.includes('&') ? text.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1') : text;
}

/** capital_P_dangit() as run on the_title. */
function capitalPDangitTitle(text: string): string {
  return text.replaceAll('Wordpress', 'WordPress');
}

const DANGIT_CONTEXTS = [' ', '&#8216;', '&#8220;', '>', '('];

/** capital_P_dangit() as run on the_content: only after a space, opening quote, `>` or `(`. */
function capitalPDangitContent(text: string): string {
  if (!text.includes('Wordpress')) return text;
  return DANGIT_CONTEXTS.reduce((acc, before) => acc.replaceAll(`${before}Wordpress`, `${before}WordPress`), text);
}

/**
 * Characters of raw and rendered text each filter chain keeps, and texts at most, so a page of
 * events renders its texts once: venues' and organizers' texts come back page after page, an
 * event's seldom (its representation is kept). A text kept costs the cache's entry besides its
 * characters, which for short texts (titles, excerpts) is most of it: hence a bound on both.
 */
const REMEMBERED_CHARS = 1_000_000;
const REMEMBERED_TEXTS = 4096;

/**
 * The chain, remembering its output per input: the chains are pure functions of the raw text, and
 * lists and writes present the same titles and descriptions over and over.
 */
function remembered(chain: (raw: string) => string): (raw: string) => string {
  const outputs = new LRUCache<string, string>({
    max: REMEMBERED_TEXTS,
    maxSize: REMEMBERED_CHARS,
    sizeCalculation: (output, raw) => output.length + raw.length + 1,
  });
  return (raw) => {
    let output = outputs.get(raw);
    if (output === undefined) {
      output = chain(raw);
      outputs.set(raw, output);
    }
    return output;
  };
}

export const renderTitle = remembered((raw) => phpTrim(capitalPDangitTitle(phpTrim(convertChars(wptexturize(raw))))));

/** What the content filters read from the database: oEmbed caches, galleries' attachments and attachments' metadata. */
export interface ContentMedia extends MediaLibrary, GalleryMedia {
  embeds: EmbedCache;
}

/** No cached embeds, no attachments. */
export const NO_MEDIA: ContentMedia = { embeds: () => undefined, metadata: () => undefined, attachment: () => undefined, uploadsBaseUrl: '' };

/** the_content from do_blocks to capital_P_dangit (priorities 9–11): a function of the text alone. */
function renderContentBody(text: string): string {
  // do_blocks() switches wpautop off for content written with the block editor.
  const blocks = hasBlocks(text);
  let out = wptexturize(blocks ? doBlocks(text) : text);
  if (!blocks) out = wpautop(out);
  return capitalPDangitContent(shortcodeUnautop(out));
}

const contentBody = remembered(renderContentBody);

/** Whether rendering the text reads the database: it embeds a URL or shows media-library images. */
const usesMedia = (raw: string): boolean =>
  attachmentIdsIn(raw).length > 0 || embedCacheKeys(raw).length > 0 || galleryAttachmentIds(raw).length > 0;

/**
 * the_content: embeds (priority 8), the text filters, shortcodes (11), images (12), smilies (20).
 * `body` renders the text filters (remembered or not).
 */
function content(raw: string, media: ContentMedia, body: (text: string) => string = contentBody): string {
  const rendered = body(autoembed(embedShortcodes(raw, media.embeds), media.embeds));
  return phpTrim(convertSmilies(filterContentTags(renderShortcodes(rendered, media), media)));
}

// Remembered as a whole: remembering its body as well would only cost.
const contentAlone = remembered((raw) => content(raw, NO_MEDIA, renderContentBody));

/** The content's embeds, blocks and shortcodes rendered, without the text filters (what the iCalendar feed makes text of). */
export function renderBlocksAndShortcodes(raw: string, media: ContentMedia): string {
  const text = embedShortcodes(raw, media.embeds);
  return renderShortcodes(hasBlocks(text) ? doBlocks(text) : text, media);
}

export function renderContent(raw: string, media: ContentMedia = NO_MEDIA): string {
  return usesMedia(raw) ? content(raw, media) : contentAlone(raw);
}

const renderExcerptBody = (raw: string): string => shortcodeUnautop(wpautop(convertChars(convertSmilies(wptexturize(raw)))));
const excerptBody = remembered(renderExcerptBody);
const excerptAlone = remembered((raw) => phpTrim(filterContentTags(renderExcerptBody(raw), NO_MEDIA)));

export function renderExcerpt(raw: string, media: ContentMedia = NO_MEDIA): string {
  if (attachmentIdsIn(raw).length === 0) return excerptAlone(raw);
  return phpTrim(filterContentTags(excerptBody(raw), media));
}
