// WordPress's shortcode API (wp-includes/shortcodes.php): finding `[name attr="value"]`,
// `[name /]` and `[name]content[/name]` (get_shortcode_regex), reading their attributes
// (shortcode_parse_atts) and replacing them with their handlers' output (do_shortcode).
// `[[name]]` is an escaped shortcode, printed as `[name]`. Shortcodes inside HTML tags (in
// attribute values) are not run: their brackets are kept as written.
import { htmlSplit } from './html-split.ts';
import { pregQuote, stripCSlashes } from './php.ts';

/** Shortcodes registered on a stock WordPress + TEC site: the text filters leave their brackets alone. */
export const SHORTCODE_TAGS: readonly string[] = ['wp_caption', 'caption', 'gallery', 'playlist', 'audio', 'video', 'embed'];

export function shortcodeAlternation(tags: readonly string[]): string {
  return tags.map(pregQuote).join('|');
}

/** Named attributes (lower-cased names) and positional ones (numbered from 0), in their order. */
export type ShortcodeAttrs = Map<string | number, string>;

/** A shortcode's output from its attributes and enclosed content ("" when it encloses nothing). */
export type ShortcodeHandler = (attrs: ShortcodeAttrs, content: string, tag: string) => string;

/**
 * get_shortcode_regex(): 1 `[` of an escaped shortcode, 2 the name, 3 the attribute text, 4 `/`
 * of a self-closing one, 5 the enclosed content, 6 `]` of an escaped shortcode.
 */
function shortcodeRegex(tags: readonly string[]): RegExp {
  return new RegExp(
    `\\[(\\[?)(${shortcodeAlternation(tags)})(?![\\w-])`
      + '([^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?)'
      + '(?:(\\/)\\]|\\](?:([^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*)\\[\\/\\2\\])?)'
      + '(\\]?)',
    'g',
  );
}

const SPACE = '[\\t\\n\\v\\f\\r ]';
const NOT_SPACE = '[^\\t\\n\\v\\f\\r ]';
const END = `(?:${SPACE}|$)`;
const ATTRIBUTE = new RegExp(
  [
    `([\\w-]+)${SPACE}*=${SPACE}*"([^"]*)"${END}`,
    `([\\w-]+)${SPACE}*=${SPACE}*'([^']*)'${END}`,
    `([\\w-]+)${SPACE}*=${SPACE}*([^\\t\\n\\v\\f\\r '"]+)${END}`,
    `"([^"]*)"${END}`,
    `'([^']*)'${END}`,
    `(${NOT_SPACE}+)${END}`,
  ].join('|'),
  'g',
);
const BALANCED_TAGS = /^[^<]*(?:<[^>]*>[^<]*)*$/;

/** PHP empty() on a matched group: unmatched, "" or "0". */
const filled = (group: string | undefined): group is string => group !== undefined && group !== '' && group !== '0';

/** shortcode_parse_atts(): values lose C escapes; a value with an unclosed HTML tag becomes "". */
export function parseShortcodeAttrs(text: string): ShortcodeAttrs {
  const attrs: ShortcodeAttrs = new Map();
  let position = 0;
  for (const m of text.replace(/[\u00a0\u200b]+/g, ' ').matchAll(ATTRIBUTE)) {
    const named = [[m[1], m[2]], [m[3], m[4]], [m[5], m[6]]].find(([name]) => filled(name));
    if (named) attrs.set(named[0]!.toLowerCase(), stripCSlashes(named[1]!));
    else if (m[7]) attrs.set(position++, stripCSlashes(m[7]));
    else if (m[8]) attrs.set(position++, stripCSlashes(m[8]));
    else if (m[9] !== undefined) attrs.set(position++, stripCSlashes(m[9]));
  }
  for (const [key, value] of attrs) if (value.includes('<') && !BALANCED_TAGS.test(value)) attrs.set(key, '');
  return attrs;
}

/** shortcode_atts(): the named attribute, else the default. */
export const attr = (attrs: ShortcodeAttrs, name: string, fallback = ''): string => attrs.get(name) ?? fallback;

const ENCODED = { '&#91;': '[', '&#93;': ']' } as const;

/**
 * do_shortcodes_in_html_tags() for content whose shortcodes inside tags are not run: entities
 * `&#91;`/`&#93;` already there are rewritten `&#091;`/`&#093;`, and brackets inside tags are
 * encoded so that no shortcode spans a tag (unescapeBrackets() puts them back).
 */
function encodeBracketsInTags(content: string): string {
  const parts = htmlSplit(content.replaceAll('&#91;', '&#091;').replaceAll('&#93;', '&#093;'));
  for (let i = 1; i < parts.length; i += 2) {
    const element = parts[i]!;
    if (element.includes('[') || element.includes(']')) parts[i] = element.replaceAll('[', '&#91;').replaceAll(']', '&#93;');
  }
  return parts.join('');
}

const unescapeBrackets = (content: string): string => content.replace(/&#9[13];/g, (entity) => ENCODED[entity as keyof typeof ENCODED]);

const TAG_NAME = /\[([^<>&/[\]\x00-\x20=]+)/g;

/** do_shortcode(): every shortcode of these handlers replaced by its output (an unknown one stays as written). */
export function doShortcode(content: string, handlers: Readonly<Record<string, ShortcodeHandler>>): string {
  if (!content.includes('[')) return content;
  const named = new Set([...content.matchAll(TAG_NAME)].map((m) => m[1]));
  const tags = Object.keys(handlers).filter((tag) => named.has(tag));
  if (!tags.length) return content;
  const replaced = encodeBracketsInTags(content).replace(
    shortcodeRegex(tags),
    (whole: string, open: string, tag: string, attrText: string, _selfClosing: string | undefined, inner: string | undefined, close: string) => {
      if (open === '[' && close === ']') return whole.slice(1, -1);
      return open + handlers[tag]!(parseShortcodeAttrs(attrText), inner ?? '', tag) + close;
    },
  );
  return unescapeBrackets(replaced);
}
