// WordPress sanitising and escaping functions used on API input and output.
import he from 'he';
import { removeAccents } from './accents.ts';
import { normalizeEntities } from './entities.ts';
import { addSlashes, phpTrim, stripSlashes } from './php.ts';
import { stripAllTags, stripTags } from './strip-tags.ts';
import { escUrl } from './url.ts';

export { stripAllTags, stripTags } from './strip-tags.ts';
export { escUrl } from './url.ts';

/** sanitize_url() / esc_url_raw(): "" for a disallowed scheme. */
export const sanitizeUrl = escUrl;

/** html_entity_decode(): character references that end with `;` become characters. */
export function decodeEntities(s: string): string {
  return s.replace(/&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g, (ref) => he.decode(ref));
}

const SPECIAL_CHARS: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** _wp_specialchars() without double encoding; `withSingleQuotes` is ENT_QUOTES, else ENT_COMPAT. */
function specialChars(s: string, withSingleQuotes: boolean): string {
  if (!/[&<>"']/.test(s)) return s;
  const pattern = withSingleQuotes ? /[<>"']/g : /[<>"]/g;
  return normalizeEntities(s).replace(pattern, (c) => SPECIAL_CHARS[c]!);
}

/** esc_html(). */
export function escHtml(s: string): string {
  return specialChars(s, true);
}

/** esc_js(): HTML specials to entities, `'` and `\` backslash-escaped, newlines as the two characters `\n`. */
export function jsEscape(s: string): string {
  const unslashed = stripSlashes(specialChars(s, false)).replace(/&#(?:x0*27|0*39);?/gi, "'");
  return addSlashes(unslashed.replaceAll('\r', '')).replaceAll('\n', '\\n');
}

/** Bytes PHP sees in the string (UTF-8). */
const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/** is_email() (without its filters). */
export function isEmail(email: string): boolean {
  if (byteLength(email) < 6) return false;
  const at = email.indexOf('@', 1);
  if (at === -1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (phpTrim(domain, ' \t\n\r\0\x0B.') !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => phpTrim(sub, ' \t\n\r\0\x0B-') === sub && /^[a-z0-9-]+$/i.test(sub));
}

/** wp_pre_kses_less_than(): a `<` that does not open a complete tag is written `&lt;`. */
export function escapeLoneLessThan(s: string): string {
  return s.replace(/<[^>]*?(?:(?=<)|>|(?=\n?$))/g, (m) => (m.includes('>') ? m : escHtml(m)));
}

/** sanitize_text_field(). */
export function sanitizeTextField(s: string): string {
  return sanitizeTextFields(s, false);
}

/** sanitize_textarea_field(): sanitize_text_field() keeping line breaks and runs of spaces. */
export function sanitizeTextareaField(s: string): string {
  return sanitizeTextFields(s, true);
}

/** _sanitize_text_fields(). */
function sanitizeTextFields(s: string, keepNewlines: boolean): string {
  let t = s;
  if (t.includes('<')) {
    t = stripAllTags(escapeLoneLessThan(t), false).replaceAll('<\n', '&lt;\n');
  }
  if (!keepNewlines) t = t.replace(/[\r\n\t ]+/g, ' ');
  t = phpTrim(t);
  let found = false;
  for (let m = /%[a-f0-9]{2}/i.exec(t); m; m = /%[a-f0-9]{2}/i.exec(t)) {
    t = t.replaceAll(m[0], '');
    found = true;
  }
  return found ? phpTrim(t.replace(/ +/g, ' ')) : t;
}

/** Characters of a slug at most (an encoded octet counts three). */
const SLUG_LIMIT = 200;

/** utf8_uri_encode($s, 200): non-ASCII as lower-case `%xx` octets, stopping before 200 output characters. */
function utf8UriEncode(s: string, limit: number): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      if (out.length >= limit) break;
      out += ch;
      continue;
    }
    const encoded = Array.from(Buffer.from(ch, 'utf8'), (b) => `%${b.toString(16)}`).join('');
    if (out.length + encoded.length > limit) break;
    out += encoded;
  }
  return out;
}

const SLUG_TO_HYPHEN = [
  '%c2%a0', '%e2%80%93', '%e2%80%94', '&nbsp;', '&#160;', '&ndash;', '&#8211;', '&mdash;', '&#8212;', '/',
];
const SLUG_REMOVED = [
  '%c2%ad', '%c2%a1', '%c2%bf', '%c2%ab', '%c2%bb', '%e2%80%b9', '%e2%80%ba', '%e2%80%98', '%e2%80%99', '%e2%80%9c',
  '%e2%80%9d', '%e2%80%9a', '%e2%80%9b', '%e2%80%9e', '%e2%80%9f', '%e2%80%a2', '%c2%a9', '%c2%ae', '%c2%b0',
  '%e2%80%a6', '%e2%84%a2', '%c2%b4', '%cb%8a', '%cc%81', '%cd%81', '%cc%80', '%cc%84', '%cc%8c', '%e2%80%8b',
  '%e2%80%8c', '%e2%80%8d', '%e2%80%8e', '%e2%80%8f', '%e2%80%aa', '%e2%80%ab', '%e2%80%ac', '%e2%80%ad', '%e2%80%ae',
  '%ef%bb%bf', '%ef%bf%bc',
];
const SLUG_SPACE_TO_HYPHEN = [
  '%e2%80%80', '%e2%80%81', '%e2%80%82', '%e2%80%83', '%e2%80%84', '%e2%80%85', '%e2%80%86', '%e2%80%87', '%e2%80%88',
  '%e2%80%89', '%e2%80%8a', '%e2%80%a8', '%e2%80%a9', '%e2%80%af',
];

const replaceEach = (s: string, needles: readonly string[], replacement: string): string =>
  needles.reduce((acc, needle) => acc.replaceAll(needle, replacement), s);

/** sanitize_title_with_dashes() in its `save` context. */
function titleWithDashes(title: string): string {
  let t = stripTags(title)
    .replace(/%([a-fA-F0-9][a-fA-F0-9])/g, '---$1---')
    .replaceAll('%', '')
    .replace(/---([a-fA-F0-9][a-fA-F0-9])---/g, '%$1');
  t = utf8UriEncode(t.toLowerCase(), SLUG_LIMIT).toLowerCase();
  t = replaceEach(t, SLUG_TO_HYPHEN, '-');
  t = replaceEach(t, SLUG_REMOVED, '');
  t = replaceEach(t, SLUG_SPACE_TO_HYPHEN, '-');
  t = t
    .replaceAll('%c3%97', 'x')
    .replace(/&.+?;/g, '')
    .replaceAll('.', '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/[\t\n\v\f\r ]+/g, '-')
    .replace(/-+/g, '-');
  return phpTrim(t, '-');
}

/**
 * A title of ASCII letters, digits, spaces, `-` and `_` only (most are): what titleWithDashes
 * comes to for it, lower case with spaces as dashes, without its dozen passes over the text.
 * Not with `---`: `---0a---` becomes `%0a` there (its way of keeping percent-encoded octets).
 */
const PLAIN_TITLE = /^(?!.*---)[A-Za-z0-9 _-]*$/;

/** sanitize_title(): the slug WordPress derives from a title; `fallback` when that is empty. */
export function sanitizeTitle(title: string, fallback = ''): string {
  const slug = PLAIN_TITLE.test(title)
    ? phpTrim(title.slice(0, SLUG_LIMIT).toLowerCase().replace(/[ -]+/g, '-'), '-')
    : titleWithDashes(removeAccents(title));
  return slug === '' ? fallback : slug;
}

/** sanitize_html_class() without a fallback: percent escapes, then all but `A-Za-z0-9_-`, removed. */
export function sanitizeHtmlClass(name: string): string {
  return name.replace(/%[a-fA-F0-9]{2}/g, '').replace(/[^A-Za-z0-9_-]/g, '');
}
