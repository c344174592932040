// wp_kses(): WordPress's HTML filter for users without `unfiltered_html`. Tags not on the
// allow-list are removed (their text stays, as in WordPress), attributes not allowed for the tag
// are dropped (so every on* handler), URL attributes lose disallowed schemes (`javascript:`), and
// `style` keeps only safe declarations.
import { ALLOWED_POST_TAGS, ALLOWED_TAGS, type AllowedHtml, type AttributeRule } from './kses-allowed.ts';
import { normalizeEntities } from './entities.ts';
import { safeCss } from './safecss.ts';
import { escapeLoneLessThan } from './sanitize.ts';
import { badProtocol } from './url.ts';

/** wp_kses_uri_attributes(). */
const URI_ATTRIBUTES = new Set([
  'action', 'archive', 'background', 'cite', 'classid', 'codebase', 'data', 'formaction', 'href', 'icon', 'longdesc',
  'manifest', 'poster', 'profile', 'src', 'usemap', 'xmlns',
]);

// PCRE's `\s` and `\S` without the `u` flag: ASCII whitespace only.
const SPACE = '[\\t\\n\\v\\f\\r ]';
const NON_SPACE = '[^\\t\\n\\v\\f\\r ]';

const TOKEN = /<!--.*?(?:-->|$)|<\/[^a-zA-Z][^>]*>|<![^>]*>|<[^>]*(?:>|$)|>/g;
const BOGUS_COMMENT = /^(?:<\/[^a-zA-Z][^>]*>|<![a-z][^>]*>)$/;
const ELEMENT = new RegExp(`^<${SPACE}*(/${SPACE}*)?([a-zA-Z0-9-]+)([^>]*)>?$`);
const XHTML_SLASH = new RegExp(`${SPACE}*/${SPACE}*$`);
const HTML_ERROR = new RegExp(`^("[^"]*("|$)|'[^']*('|$)|${NON_SPACE})*${SPACE}*`);
const ATTRIBUTE_NAME = /^[_a-zA-Z][-_a-zA-Z0-9:.]*/;
const EQUALS = new RegExp(`^${SPACE}*=${SPACE}*`);
const LEADING_SPACE = new RegExp(`^${SPACE}+`);
const DOUBLE_QUOTED = new RegExp(`^"([^"]*)"(${SPACE}+|/?$)`);
const SINGLE_QUOTED = new RegExp(`^'([^']*)'(${SPACE}+|/?$)`);
const UNQUOTED = new RegExp(`^([^\\t\\n\\v\\f\\r "']+)(${SPACE}+|/?$)`);

interface Attribute {
  name: string;
  value: string;
  whole: string;
  valueless: boolean;
}

function attribute(name: string, value: string, quote: '"' | "'" | null): Attribute {
  const checked = URI_ATTRIBUTES.has(name.toLowerCase()) ? badProtocol(value) : value;
  return { name, value: checked, whole: quote === null ? name : `${name}=${quote}${checked}${quote}`, valueless: quote === null };
}

/** The quoted or bare value at the start of `rest` and the length WordPress consumes, or null. */
function attributeValue(rest: string): { value: string; quote: '"' | "'"; consumed: number } | null {
  for (const [pattern, quote] of [[DOUBLE_QUOTED, '"'], [SINGLE_QUOTED, "'"], [UNQUOTED, '"']] as const) {
    const match = pattern.exec(rest);
    if (!match) continue;
    // A value followed by `/` at the end is kept but nothing is consumed; the rest is dropped as an error.
    return { value: match[1]!, quote, consumed: match[2]!.endsWith('/') ? 0 : match[0].length };
  }
  return null;
}

/** wp_kses_hair(): the attributes of a tag, first occurrence of a name winning. */
function parseAttributes(list: string): Attribute[] {
  const found = new Map<string, Attribute>();
  const add = (attr: Attribute) => {
    if (!found.has(attr.name)) found.set(attr.name, attr);
  };
  let rest = list;
  let name = '';
  let mode: 'name' | 'equals' | 'value' = 'name';
  while (rest !== '') {
    let consumed: number | null = null;
    if (mode === 'name') {
      const match = ATTRIBUTE_NAME.exec(rest);
      if (match) [name, consumed, mode] = [match[0], match[0].length, 'equals'];
    } else if (mode === 'equals') {
      const equals = EQUALS.exec(rest);
      const space = equals ? null : LEADING_SPACE.exec(rest);
      if (equals) [consumed, mode] = [equals[0].length, 'value'];
      else if (space) {
        add(attribute(name, '', null));
        [consumed, mode] = [space[0].length, 'name'];
      }
    } else {
      const value = attributeValue(rest);
      if (value) {
        add(attribute(name, value.value, value.quote));
        [consumed, mode] = [value.consumed, 'name'];
      }
    }
    if (consumed === null) {
      rest = rest.replace(HTML_ERROR, '');
      mode = 'name';
    } else {
      rest = rest.slice(consumed);
    }
  }
  if (mode === 'equals') add(attribute(name, '', null));
  return [...found.values()];
}

function allowedData(name: string, allowed: Readonly<Record<string, AttributeRule>>): AttributeRule | undefined {
  return allowed['data-*'] && /^data(?:-[a-z0-9_]+)+$/.test(name) ? allowed['data-*'] : undefined;
}

/** wp_kses_attr_check(): the attribute as kept, or null. */
function checkedAttribute(attr: Attribute, allowed: Readonly<Record<string, AttributeRule>>): string | null {
  const name = attr.name.toLowerCase();
  const rule = Object.hasOwn(allowed, name) ? allowed[name] : allowedData(name, allowed);
  if (rule === undefined) return null;
  if (rule === 'valueless' && !attr.valueless) return null;
  if (name !== 'style') return attr.whole;
  const css = safeCss(attr.value);
  return css === '' || css === '0' ? null : attr.whole.split(attr.value).join(css);
}

/** wp_kses_attr(): the opening tag with its allowed attributes. */
function openingTag(element: string, list: string, allowed: AllowedHtml): string {
  const slash = XHTML_SLASH.test(list) ? ' /' : '';
  const rules = allowed[element.toLowerCase()]!;
  if (Object.keys(rules).length === 0) return `<${element}${slash}>`;
  const kept = parseAttributes(list).map((attr) => checkedAttribute(attr, rules)).filter((whole) => whole !== null);
  const attributes = kept.map((whole) => ` ${whole}`).join('').replace(/[<>]/g, '');
  return `<${element}${attributes}${slash}>`;
}

/** wp_kses repeated until the text no longer changes. */
function ksesToFixpoint(text: string, allowed: AllowedHtml): string {
  let current = text;
  for (let previous = ''; previous !== current;) {
    previous = current;
    current = kses(current, allowed);
  }
  return current;
}

/** wp_kses_split2(): one token, filtered. */
function filterToken(raw: string, allowed: AllowedHtml): string {
  const token = raw.replaceAll('\\"', '"');
  if (!token.startsWith('<')) return '&gt;';
  if (token.startsWith('<!--')) {
    const inner = ksesToFixpoint(token.replaceAll('<!--', '').replaceAll('-->', ''), allowed);
    if (inner === '') return '';
    return `<!--${inner.replace(/--+/g, '-').replace(/-$/, '')}-->`;
  }
  if (BOGUS_COMMENT.test(token)) return `<${token[1]}${ksesToFixpoint(token.slice(2, -1), allowed)}>`;
  const match = ELEMENT.exec(token);
  if (!match) return '';
  const [, closing, element, list] = match as unknown as [string, string | undefined, string, string];
  if (!Object.hasOwn(allowed, element.toLowerCase())) return '';
  return closing !== undefined ? `</${element}>` : openingTag(element, list, allowed);
}

/** wp_kses() with an allow-list (and WordPress's `pre_kses` filter wp_pre_kses_less_than). */
export function kses(content: string, allowed: AllowedHtml): string {
  const text = escapeLoneLessThan(normalizeEntities(content.replace(/[\0-\x08\x0B\x0C\x0E-\x1F]/g, '')));
  return text.replace(TOKEN, (token) => filterToken(token, allowed));
}

/** wp_filter_kses(): titles, term names and descriptions. */
export function ksesData(content: string): string {
  return kses(content, ALLOWED_TAGS);
}

/** wp_filter_post_kses(): post content and excerpts. */
export function ksesPost(content: string): string {
  return kses(content, ALLOWED_POST_TAGS);
}
