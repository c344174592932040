// An image attachment's markup as WordPress prints it from its post and metadata:
// image_downsize(), wp_get_attachment_image() and wp_get_attachment_link() (images made inside
// the_content: no loading attributes of their own, wp_filter_content_tags() adds them after).
import { basename, calculateSizes, calculateSrcset, isPhpRecord, type PhpRecord } from './image-srcset.ts';
import { DEFAULT_SIZES, constrainDimensions } from './image-sizes.ts';
import { phpTrim, toInt } from './php.ts';
import { escHtml, escUrl, stripTags } from './sanitize.ts';

/** What the markup reads of an attachment. */
export interface Attachment {
  id: number;
  title: string;
  /** The caption (post_excerpt). */
  excerpt: string;
  /** wp_get_attachment_url(). */
  url: string;
  /** get_attachment_link(): the attachment's page. */
  link: string;
  /** `_wp_attachment_image_alt`. */
  alt: string;
  /** `_wp_attachment_metadata`, unserialized; null when it has none. */
  metadata: PhpRecord | null;
}

/** Extra attributes of the IMG, in order (they replace defaults of the same name). */
export type ImageAttributes = readonly (readonly [string, string])[];

const phpInt = (value: unknown): number => (typeof value === 'number' ? Math.trunc(value) : typeof value === 'string' ? toInt(value) : 0);

/**
 * image_downsize(): the size's own file and dimensions when the metadata has it, else the full
 * image's, within the size's bounds (image_constrain_size_for_editor).
 */
function imageDownsize(attachment: Attachment, size: string): [string, number, number] | null {
  if (!attachment.url) return null;
  const meta = attachment.metadata ?? {};
  const sub = isPhpRecord(meta.sizes) ? meta.sizes[size] : undefined;
  let [src, width, height] = [attachment.url, 0, 0];
  if (isPhpRecord(sub) && Object.keys(sub).length) {
    src = src.replaceAll(basename(attachment.url), typeof sub.file === 'string' ? sub.file : '');
    [width, height] = [phpInt(sub.width), phpInt(sub.height)];
  } else if (meta.width !== undefined && meta.height !== undefined) {
    [width, height] = [phpInt(meta.width), phpInt(meta.height)];
  }
  const bounds = DEFAULT_SIZES.find((known) => known.name === size);
  if (bounds) [width, height] = constrainDimensions(width, height, bounds.width, bounds.height);
  return [src, width, height];
}

/** wp_get_attachment_image(): the IMG of a size, with `srcset`/`sizes` from the metadata. */
export function attachmentImage(attachment: Attachment, size: string, extra: ImageAttributes, uploadsBaseUrl: string): string {
  const image = imageDownsize(attachment, size);
  if (!image) return '';
  const [src, width, height] = image;
  const attributes = new Map<string, string>([
    ['src', src], ['class', `attachment-${size} size-${size}`], ['alt', phpTrim(stripTags(attachment.alt))], ...extra,
  ]);
  if (attachment.metadata && !attributes.get('srcset')) {
    const srcset = calculateSrcset([Math.abs(width), Math.abs(height)], src, attachment.metadata, uploadsBaseUrl);
    const sizes = calculateSizes(Math.abs(width));
    if (srcset && (sizes || attributes.get('sizes'))) {
      attributes.set('srcset', srcset);
      if (!attributes.get('sizes')) attributes.set('sizes', sizes!);
    }
  }
  const dimensions = `${width ? ` width="${width}"` : ''}${height ? ` height="${height}"` : ''}`;
  return `<img${dimensions}${[...attributes].map(([name, value]) => ` ${name}="${escHtml(value)}"`).join('')} />`;
}

/**
 * wp_get_attachment_link(): the image (or else the title, or else the file name) linked to the
 * attachment's page (`permalink`) or to its file.
 */
export function attachmentLink(attachment: Attachment, size: string, permalink: boolean, extra: ImageAttributes, uploadsBaseUrl: string): string {
  if (!attachment.url) return 'Missing Attachment';
  let text = size && size !== 'none' ? attachmentImage(attachment, size, extra, uploadsBaseUrl) : '';
  if (phpTrim(text) === '') text = attachment.title;
  if (phpTrim(text) === '') text = escHtml(basename(attachment.url).replace(/\.[^.]*$/, ''));
  return `<a href='${escUrl(permalink ? attachment.link : attachment.url, 'display')}'>${text}</a>`;
}
