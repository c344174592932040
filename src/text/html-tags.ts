// The part of WordPress's HTML tag processor (WP_HTML_Tag_Processor) the block renderer uses:
// tokens read as a browser reads them (comments, raw-text elements like <script> and quoted
// attribute values hold no tags), attribute values decoded, and edits (add_class,
// set_attribute, removed spans) applied as text replacements. Scanning is linear.
import he from 'he';
import { escHtml } from './sanitize.ts';

const WHITESPACE = ' \t\f\r\n';

export interface Attribute {
  /** Lower-cased, as the processor compares names. */
  name: string;
  /** The attribute's whole span, name to closing quote. */
  start: number;
  end: number;
  /** The raw value's span (empty for a boolean attribute). */
  valueStart: number;
  valueEnd: number;
  isBoolean: boolean;
}

export interface Token {
  type: '#tag' | '#text' | '#comment' | '#other';
  start: number;
  end: number;
  /** Upper-cased tag name, `#text` or `#comment`. */
  name: string;
  closer: boolean;
  /** Where the tag name ends: new attributes are inserted there. */
  nameEnd: number;
  /** First occurrence of each attribute. */
  attributes: Map<string, Attribute>;
  /** Later occurrences of an attribute already seen (a rewrite drops them). */
  duplicates: Attribute[];
}

/** Elements whose content is text up to their closing tag (WP's RAWTEXT, RCDATA and script data). */
const RAW_TEXT = new Set(['SCRIPT', 'STYLE', 'XMP', 'IFRAME', 'NOEMBED', 'NOFRAMES', 'TEXTAREA', 'TITLE']);

/** Elements that have no closing tag (WP_HTML_Processor::is_void). */
export const VOID_ELEMENTS = new Set([
  'AREA', 'BASE', 'BASEFONT', 'BGSOUND', 'BR', 'COL', 'EMBED', 'FRAME', 'HR', 'IMG', 'INPUT', 'KEYGEN', 'LINK', 'META', 'PARAM',
  'SOURCE', 'TRACK', 'WBR',
]);

const isAlpha = (c: string | undefined): boolean => c !== undefined && /[A-Za-z]/.test(c);

function span(html: string, at: number, stopChars: string): number {
  let i = at;
  while (i < html.length && !stopChars.includes(html[i]!)) i++;
  return i;
}

function skip(html: string, at: number, chars: string): number {
  let i = at;
  while (i < html.length && chars.includes(html[i]!)) i++;
  return i;
}

/** The attributes of a tag from `at` (after its name) to its `>`; null when the input ends first. */
function readAttributes(html: string, at: number): { end: number; attributes: Map<string, Attribute>; duplicates: Attribute[] } | null {
  const attributes = new Map<string, Attribute>();
  const duplicates: Attribute[] = [];
  let i = at;
  for (;;) {
    i = skip(html, i, `${WHITESPACE}/`);
    if (i >= html.length) return null;
    if (html[i] === '>') return { end: i + 1, attributes, duplicates };
    const start = i;
    i = html[i] === '=' ? span(html, i + 1, `=/>${WHITESPACE}`) : span(html, i, `=/>${WHITESPACE}`);
    const name = html.slice(start, i).toLowerCase();
    let attribute: Attribute = { name, start, end: i, valueStart: i, valueEnd: i, isBoolean: true };
    const afterName = skip(html, i, WHITESPACE);
    if (html[afterName] === '=') {
      const valueAt = skip(html, afterName + 1, WHITESPACE);
      const quote = html[valueAt];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, valueAt + 1);
        if (close === -1) return null;
        attribute = { name, start, end: close + 1, valueStart: valueAt + 1, valueEnd: close, isBoolean: false };
      } else {
        const valueEnd = span(html, valueAt, `>${WHITESPACE}`);
        attribute = { name, start, end: valueEnd, valueStart: valueAt, valueEnd, isBoolean: false };
      }
      i = attribute.end;
    }
    if (attributes.has(name)) duplicates.push(attribute);
    else attributes.set(name, attribute);
  }
}

/** The end of a raw-text element's content: the start of its closing tag, or the end of input. */
function rawTextEnd(html: string, from: number, name: string): number {
  const closer = new RegExp(`</${name}[${WHITESPACE}/>]`, 'gi');
  closer.lastIndex = from;
  const found = closer.exec(html);
  return found ? found.index : html.length;
}

/** Every token of `html`, in order. */
export function* tokens(html: string): Generator<Token> {
  let at = 0;
  const token = (type: Token['type'], start: number, end: number, name: string): Token => (
    { type, start, end, name, closer: false, nameEnd: end, attributes: new Map(), duplicates: [] });
  while (at < html.length) {
    let lt = html.indexOf('<', at);
    // A `<` that starts no markup is text.
    while (lt !== -1 && !isMarkupStart(html, lt)) lt = html.indexOf('<', lt + 1);
    if (lt === -1) {
      yield token('#text', at, html.length, '#text');
      return;
    }
    if (lt > at) yield token('#text', at, lt, '#text');
    if (html.startsWith('<!--', lt)) {
      // `<!-->` and `<!--->` are whole (empty) comments.
      const shortEnd = html.startsWith('<!-->', lt) ? lt + 5 : html.startsWith('<!--->', lt) ? lt + 6 : -1;
      const close = html.indexOf('-->', lt + 4);
      const end = shortEnd !== -1 ? shortEnd : close === -1 ? html.length : close + 3;
      yield token('#comment', lt, end, '#comment');
      at = end;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?' || (html[lt + 1] === '/' && !isAlpha(html[lt + 2]))) {
      // Doctype, CDATA look-alike, processing instruction, `</>` or `</ …>`: read to the next `>`;
      // all but the doctype and the closers with no name are comments.
      const close = html.indexOf('>', lt + 2);
      const end = close === -1 ? html.length : close + 1;
      const other = html[lt + 1] === '/' || html.slice(lt + 2, lt + 9).toUpperCase() === 'DOCTYPE';
      yield other ? token('#other', lt, end, '#other') : token('#comment', lt, end, '#comment');
      at = end;
      continue;
    }
    const closer = html[lt + 1] === '/';
    const nameStart = lt + (closer ? 2 : 1);
    const nameEnd = span(html, nameStart, `${WHITESPACE}/>`);
    const read = readAttributes(html, nameEnd);
    if (!read) {
      // An unfinished tag at the end of the input is not a tag.
      yield token('#text', lt, html.length, '#text');
      return;
    }
    const name = html.slice(nameStart, nameEnd).toUpperCase();
    yield { type: '#tag', start: lt, end: read.end, name, closer, nameEnd, attributes: read.attributes, duplicates: read.duplicates };
    at = read.end;
    if (!closer && RAW_TEXT.has(name)) {
      const textEnd = rawTextEnd(html, at, name);
      if (textEnd > at) yield token('#text', at, textEnd, '#text');
      at = textEnd;
    }
  }
}

function isMarkupStart(html: string, lt: number): boolean {
  const next = html[lt + 1];
  return isAlpha(next) || next === '!' || next === '?' || next === '/';
}

/** Opening tags only (next_tag()), optionally of one name. */
export function* tags(html: string, name?: string): Generator<Token> {
  for (const token of tokens(html)) {
    if (token.type === '#tag' && !token.closer && (name === undefined || token.name === name)) yield token;
  }
}

/** get_attribute(): the decoded value, `true` for a boolean attribute, null when absent. */
export function getAttribute(html: string, tag: Token, name: string): string | true | null {
  const attribute = tag.attributes.get(name);
  if (!attribute) return null;
  if (attribute.isBoolean) return true;
  return he.decode(html.slice(attribute.valueStart, attribute.valueEnd), { isAttributeValue: true });
}

/** A replacement of `html.slice(start, end)`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits (in any order) to `html`. */
export function applyEdits(html: string, edits: readonly Edit[]): string {
  if (!edits.length) return html;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}

/** set_attribute(): the edits that give the tag `name="value"` (escaped), dropping its duplicates. */
export function setAttribute(tag: Token, name: string, value: string): Edit[] {
  const text = `${name}="${escHtml(value)}"`;
  const existing = tag.attributes.get(name);
  if (!existing) return [{ start: tag.nameEnd, end: tag.nameEnd, text: ` ${text}` }];
  const dropped = tag.duplicates.filter((d) => d.name === name).map((d) => ({ start: d.start, end: d.end, text: '' }));
  return [{ start: existing.start, end: existing.end, text }, ...dropped];
}

const CLASS_SEPARATOR = /([ \t\f\r\n]*)([^ \t\f\r\n]+)/g;

/**
 * add_class() for these names: the class list as WordPress rewrites it (existing names in order,
 * duplicates dropped, the whitespace between them kept, new names appended after a space), or no
 * edit when every name is already there.
 */
export function addClasses(html: string, tag: Token, names: readonly string[]): Edit[] {
  const existing = getAttribute(html, tag, 'class');
  const current = typeof existing === 'string' ? existing : '';
  const seen: string[] = [];
  let value = '';
  for (const [, space, name] of current.matchAll(CLASS_SEPARATOR)) {
    if (seen.includes(name!)) continue;
    seen.push(name!);
    value += (value === '' ? '' : space) + name;
  }
  const added = names.filter((name, i) => !seen.includes(name) && names.indexOf(name) === i);
  if (!added.length) return [];
  for (const name of added) value += (value === '' ? '' : ' ') + name;
  return setAttribute(tag, 'class', value);
}

/** Adds the classes to the tag and returns the updated HTML. */
export function withClasses(html: string, tag: Token, names: readonly string[]): string {
  return applyEdits(html, addClasses(html, tag, names));
}
