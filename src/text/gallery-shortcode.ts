// gallery_shortcode() for the images it is given by ID (`ids` or `include`), with the HTML5 markup
// of a theme that supports it (Twenty Twenty-Five: figure / div / figcaption, no inline style).
// A gallery without IDs shows the images attached to the current post; a REST request has no
// current post (WordPress then shows the images attached to no post), and wpcal shows nothing.
import { attachmentImage, attachmentLink, type Attachment, type ImageAttributes } from './attachment-image.ts';
import { ALLOWED_POST_TAGS } from './kses-allowed.ts';
import { isTruthy, phpTrim, toInt } from './php.ts';
import { sanitizeHtmlClass } from './sanitize.ts';
import { attr, type ShortcodeAttrs } from './shortcodes.ts';
import { wptexturize } from './texturize.ts';

/** An attachment as the gallery's query reads it. */
export interface GalleryAttachment extends Attachment {
  status: string;
  mimeType: string;
  menuOrder: number;
}

export interface GalleryMedia {
  attachment(id: number): GalleryAttachment | undefined;
  uploadsBaseUrl: string;
}

/** wp_parse_id_list(): the distinct non-negative integers of a comma- or space-separated list. */
function parseIdList(list: string): number[] {
  return [...new Set(list.split(/[\s,]+/).filter((part) => part !== '').map((part) => Math.abs(toInt(part))))];
}

/** The IDs a gallery shortcode names (`ids`, else `include`). */
export function galleryIds(attrs: ShortcodeAttrs): number[] {
  const ids = attr(attrs, 'ids');
  const list = isTruthy(ids) ? ids : attr(attrs, 'include');
  return isTruthy(list) ? parseIdList(list) : [];
}

/** get_posts() of the included image attachments, in the order asked (the list's own by default with `ids`). */
function includedImages(attrs: ShortcodeAttrs, media: GalleryMedia): GalleryAttachment[] {
  const images = galleryIds(attrs).map((id) => media.attachment(id))
    .filter((found): found is GalleryAttachment => found !== undefined && found.status === 'inherit' && found.mimeType.startsWith('image/'));
  const orderby = attr(attrs, 'orderby') || (isTruthy(attr(attrs, 'ids')) ? 'post__in' : 'menu_order ID');
  const direction = attr(attrs, 'order', 'ASC').toUpperCase() === 'DESC' ? -1 : 1;
  const byId = (a: GalleryAttachment, b: GalleryAttachment) => direction * (a.id - b.id);
  if (orderby === 'ID') return images.sort(byId);
  if (orderby === 'menu_order ID' || orderby === 'menu_order') return images.sort((a, b) => direction * (a.menuOrder - b.menuOrder) || byId(a, b));
  return images;
}

/** tag_escape(), then a tag wp_kses allows in posts, else the fallback. */
function allowedTag(name: string, fallback: string): string {
  const tag = name.replace(/[^a-zA-Z0-9-_:]/g, '').toLowerCase();
  return Object.hasOwn(ALLOWED_POST_TAGS, tag) ? tag : fallback;
}

/** The gallery's HTML; `instance` numbers it (`gallery-{instance}`) among the text's galleries. */
export function renderGallery(attrs: ShortcodeAttrs, media: GalleryMedia, instance: number): string {
  const images = includedImages(attrs, media);
  if (!images.length) return '';
  const itemTag = allowedTag(attr(attrs, 'itemtag', 'figure'), 'dl');
  const captionTag = allowedTag(attr(attrs, 'captiontag', 'figcaption'), 'dd');
  const iconTag = allowedTag(attr(attrs, 'icontag', 'div'), 'dt');
  const size = attr(attrs, 'size', 'thumbnail');
  const link = attr(attrs, 'link');
  const selector = `gallery-${instance}`;
  let output = `<div id='${selector}' class='gallery galleryid-${toInt(attr(attrs, 'id', '0'))} gallery-columns-${toInt(attr(attrs, 'columns', '3'))} gallery-size-${sanitizeHtmlClass(size)}'>`;
  for (const image of images) {
    const caption = isTruthy(phpTrim(image.excerpt)) ? image.excerpt : '';
    const describedBy: ImageAttributes = caption ? [['aria-describedby', `${selector}-${image.id}`]] : [];
    const shown = link === 'none'
      ? attachmentImage(image, size, describedBy, media.uploadsBaseUrl)
      : attachmentLink(image, size, link !== 'file', describedBy, media.uploadsBaseUrl);
    const meta = image.metadata;
    const orientation = meta && meta.width !== undefined && meta.height !== undefined && meta.width !== null && meta.height !== null
      ? (Number(meta.height) > Number(meta.width) ? 'portrait' : 'landscape')
      : '';
    output += `<${itemTag} class='gallery-item'>\n\t\t\t<${iconTag} class='gallery-icon ${orientation}'>\n\t\t\t\t${shown}\n\t\t\t</${iconTag}>`;
    if (captionTag && caption) {
      output += `\n\t\t\t\t<${captionTag} class='wp-caption-text gallery-caption' id='${selector}-${image.id}'>\n\t\t\t\t${wptexturize(caption)}\n\t\t\t\t</${captionTag}>`;
    }
    output += `</${itemTag}>`;
  }
  return `${output}\n\t\t</div>\n`;
}
