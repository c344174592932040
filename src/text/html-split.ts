// The regular expressions WordPress uses to cut HTML into text and tags (wp_html_split and
// the older variant inside wptexturize). Each has exactly one capturing group so that
// String.prototype.split keeps the delimiters, like preg_split with PREG_SPLIT_DELIM_CAPTURE.

const COMMENT = '!(?:-(?!->)[^\\-]*)*(?:-->)?';
const CDATA = '!\\[CDATA\\[[^\\]]*(?:\\](?!\\]>)[^\\]]*)*(?:\\]\\]>)?';

/** Comment, or anything from `<` to the next `>` (or to the end). */
export const TEXTURIZE_HTML = `<(?:(?=!--)${COMMENT}|(?!!--)[^>]*>?)`;

/** Like TEXTURIZE_HTML, also treating CDATA sections as single elements. */
const HTML_ELEMENT = `<(?:(?=!--|!\\[CDATA\\[)(?:(?=!-)${COMMENT}|(?!!-)${CDATA})|(?!!--|!\\[CDATA\\[)[^>]*>?)`;

const HTML_ELEMENTS = new RegExp(`(${HTML_ELEMENT})`);

/** wp_html_split: even indexes are text, odd indexes are elements. */
export function htmlSplit(text: string): string[] {
  return text.split(HTML_ELEMENTS);
}

/** wp_replace_in_html_tags for one needle: replaces it only inside elements. */
export function replaceInHtmlTags(text: string, needle: string, replacement: string): string {
  const parts = htmlSplit(text);
  let changed = false;
  for (let i = 1; i < parts.length; i += 2) {
    if (parts[i]!.includes(needle)) {
      parts[i] = parts[i]!.replaceAll(needle, replacement);
      changed = true;
    }
  }
  return changed ? parts.join('') : text;
}
