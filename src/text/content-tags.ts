// wp_filter_content_tags(), run on the_content and the_excerpt: images of the media library
// (class `wp-image-{id}`) get `width`/`height` and `srcset`/`sizes` from their attachment's
// metadata; every image gets `decoding="async"`, and images and iframes with dimensions
// `loading="lazy"`, as WordPress decides outside the main loop of a page (a REST request is never
// in it); lazy images with `sizes` get `auto` first (wp_img_tag_add_auto_sizes).
import type { PhpValue } from '../php/serialize.ts';
import { getAttribute, setAttribute, applyEdits, tags } from './html-tags.ts';
import { calculateSizes, calculateSrcset, imageSrcDimensions, isPhpRecord, type PhpRecord } from './image-srcset.ts';
import { escHtml } from './sanitize.ts';

export interface MediaLibrary {
  /** The `_wp_attachment_metadata` of a post, unserialized; undefined when it has none. */
  metadata(id: number): PhpValue | undefined;
  /** The uploads folder's URL (wp_get_upload_dir()['baseurl']). */
  uploadsBaseUrl: string;
}

const TAG = /<(img|iframe)[ \t\n\x0B\f\r][^>]+>/g;
const ATTACHMENT_CLASS = /wp-image-([0-9]+)/i;

/** The first group of a pattern in the tag, or null. */
const capture = (tag: string, pattern: RegExp): string | null => pattern.exec(tag)?.[1] ?? null;

function srcOf(image: string): string {
  return (capture(image, /src="([^"]+)"/) ?? '').split('?')[0]!;
}

/** wp_img_tag_add_width_and_height_attr(). */
function addWidthAndHeight(image: string, meta: PhpRecord): string {
  const src = srcOf(image);
  if (!src) return image;
  const size = imageSrcDimensions(src, meta);
  if (!size || !size[0] || !size[1]) return image;
  let [width, height] = size;
  // A width enforced by a style (inline images) scales both.
  const styleWidth = Number(capture(image, /style="width:[ \t\n\x0B\f\r]*(\d+)px;"/) ?? 0);
  if (styleWidth) {
    height = Math.round((height * styleWidth) / width);
    width = styleWidth;
  }
  return image.replaceAll('<img', `<img width="${width}" height="${height}"`);
}

/** wp_image_add_srcset_and_sizes(). */
function addSrcsetAndSizes(image: string, meta: PhpRecord, uploadsBaseUrl: string): string {
  const declared = meta.sizes;
  if (!(Array.isArray(declared) ? declared.length : isPhpRecord(declared) && Object.keys(declared).length)) return image;
  const src = srcOf(image);
  if (!src) return image;
  const edited = typeof meta.file === 'string' ? /-e[0-9]{13}/.exec(meta.file)?.[0] : undefined;
  if (edited && !src.slice(src.lastIndexOf('/') + 1).includes(edited)) return image;
  const width = Number(capture(image, / width="([0-9]+)"/) ?? 0);
  const height = Number(capture(image, / height="([0-9]+)"/) ?? 0);
  const size = width && height ? [width, height] as [number, number] : imageSrcDimensions(src, meta);
  if (!size) return image;
  const srcset = calculateSrcset(size, src, meta, uploadsBaseUrl);
  if (!srcset) return image;
  // An existing `sizes` is kept (and none added).
  const hasSizes = image.indexOf(' sizes=') > 0;
  const sizes = hasSizes ? null : calculateSizes(size[0]);
  if (!hasSizes && !sizes) return image;
  const attributes = ` srcset="${escHtml(srcset)}"${sizes ? ` sizes="${escHtml(sizes)}"` : ''}`;
  return image.replace(/<img ([^>]+?)[/ ]*>/, (_all, inner: string) => `<img ${inner}${attributes} />`);
}

/** wp_img_tag_add_loading_optimization_attrs() with what wp_get_loading_optimization_attributes() gives outside the loop. */
function addLoadingOptimization(image: string): string {
  const width = capture(image, / width=["']([0-9]+)["']/);
  const height = capture(image, / height=["']([0-9]+)["']/);
  const loading = capture(image, / loading=["']([A-Za-z]+)["']/);
  const fetchpriority = capture(image, / fetchpriority=["']([A-Za-z]+)["']/);
  const decoding = capture(image, / decoding=["']([A-Za-z]+)["']/);
  if (!image.includes(' src="')) return image;
  let out = image;
  if (!decoding) out = out.replaceAll('<img', '<img decoding="async"');
  if (!out.includes(' width="') || !out.includes(' height="') || width === null || height === null) return out;
  // An image with a `loading` other than lazy, or a high fetch priority, is taken as in view: it
  // gets no `loading`. Others are not known to be in view, so lazy.
  const inView = (loading !== null && loading !== 'lazy') || fetchpriority === 'high';
  if (!loading && !inView) out = out.replaceAll('<img', '<img loading="lazy"');
  return out;
}

/** wp_img_tag_add_auto_sizes(): `auto` leads the `sizes` of a lazy image with a width. */
function addAutoSizes(image: string): string {
  const [tag] = tags(image, 'IMG');
  if (!tag) return image;
  const loading = getAttribute(image, tag, 'loading');
  if (typeof loading !== 'string' || loading.replace(/^[ \t\f\r\n]+|[ \t\f\r\n]+$/g, '').toLowerCase() !== 'lazy') return image;
  const width = getAttribute(image, tag, 'width');
  const sizes = getAttribute(image, tag, 'sizes');
  if (typeof width !== 'string' || width === '' || typeof sizes !== 'string') return image;
  if (sizes.split(',')[0]!.replace(/^[ \t\f\r\n]+|[ \t\f\r\n]+$/g, '').toLowerCase() === 'auto') return image;
  return applyEdits(image, setAttribute(tag, 'sizes', `auto, ${sizes}`));
}

/** wp_iframe_tag_add_loading_attr(): lazy when it has a source and dimensions. */
function addIframeLoading(iframe: string): string {
  if (!iframe.includes(' src="') || !iframe.includes(' width="') || !iframe.includes(' height="')) return iframe;
  return iframe.replaceAll('<iframe', '<iframe loading="lazy"');
}

function filterImage(image: string, attachmentId: number, media: MediaLibrary): string {
  let out = image;
  const raw = attachmentId > 0 ? media.metadata(attachmentId) : undefined;
  const meta = isPhpRecord(raw) ? raw : null;
  if (attachmentId > 0 && !out.includes(' width=') && !out.includes(' height=') && meta) out = addWidthAndHeight(out, meta);
  if (attachmentId > 0 && !out.includes(' srcset=') && meta) out = addSrcsetAndSizes(out, meta, media.uploadsBaseUrl);
  return addAutoSizes(addLoadingOptimization(out));
}

/** The attachment IDs named by `wp-image-{id}` classes of the content's images. */
export function attachmentIdsIn(content: string): number[] {
  if (!content.includes('<img')) return [];
  const ids = new Set<number>();
  for (const [tag, name] of content.matchAll(TAG)) {
    const id = name === 'img' ? Number(capture(tag, ATTACHMENT_CLASS) ?? 0) : 0;
    if (id > 0) ids.add(id);
  }
  return [...ids];
}

export function filterContentTags(content: string, media: MediaLibrary): string {
  if (!content.includes('<img') && !content.includes('<iframe')) return content;
  let out = content;
  const done = new Set<string>();
  for (const [tag, name] of content.matchAll(TAG)) {
    if (done.has(tag)) continue;
    done.add(tag);
    const filtered = name === 'img'
      ? filterImage(tag, Number(capture(tag, ATTACHMENT_CLASS) ?? 0), media)
      : tag.includes(' loading=') ? tag : addIframeLoading(tag);
    // Every copy of the same tag is replaced (str_replace).
    if (filtered !== tag) out = out.replaceAll(tag, filtered);
  }
  return out;
}
