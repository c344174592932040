// img_caption_shortcode() with the HTML5 markup of a theme that supports it (Twenty Twenty-Five):
// the image (possibly linked) in a figure with a figcaption. The caption is the `caption`
// attribute or, in the newer form, the text after the image inside the shortcode.
import { ksesPost } from './kses.ts';
import { PCRE_SPACE as S, isTruthy, phpTrim, toInt } from './php.ts';
import { escHtml, sanitizeHtmlClass } from './sanitize.ts';
import { attr, type ShortcodeAttrs } from './shortcodes.ts';

const IMAGE_THEN_CAPTION = new RegExp(`((?:<a [^>]+>${S}*)?<img [^>]+>(?:${S}*</a>)?)([\\s\\S]*)`, 'i');

/** The caption's HTML; `runShortcodes` renders the shortcodes of the content it keeps. */
export function renderCaption(attrs: ShortcodeAttrs, content: string, runShortcodes: (text: string) => string): string {
  let image = content;
  let caption = attrs.get('caption');
  if (caption === undefined) {
    const found = IMAGE_THEN_CAPTION.exec(content);
    if (found) [image, caption] = [found[1]!, phpTrim(found[2]!)];
  } else if (caption.includes('<')) {
    caption = ksesPost(caption);
  }
  const width = toInt(attr(attrs, 'width'));
  if (width < 1 || caption === undefined || !isTruthy(caption)) return image;
  const rawId = attr(attrs, 'id');
  const id = isTruthy(rawId) ? sanitizeHtmlClass(rawId) : rawId;
  const rawCaptionId = attr(attrs, 'caption_id');
  const captionId = isTruthy(rawCaptionId) ? sanitizeHtmlClass(rawCaptionId) : isTruthy(id) ? `caption-${id.replaceAll('_', '-')}` : rawCaptionId;
  const idAttribute = isTruthy(rawId) ? `id="${escHtml(id)}" ` : '';
  const [captionIdAttribute, describedBy] = isTruthy(captionId) ? [`id="${escHtml(captionId)}" `, `aria-describedby="${escHtml(captionId)}" `] : ['', ''];
  const className = phpTrim(`wp-caption ${attr(attrs, 'align', 'alignnone')} ${attr(attrs, 'class')}`);
  return `<figure ${idAttribute}${describedBy}style="width: ${width}px" class="${escHtml(className)}">${runShortcodes(image)}`
    + `<figcaption ${captionIdAttribute}class="wp-caption-text">${caption}</figcaption></figure>`;
}
