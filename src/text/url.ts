// esc_url(): in its database context (esc_url_raw() / sanitize_url(), no entity encoding) and in
// its display context (entities normalised, `&` written `&#038;`, `'` written `&#039;`).
import { normalizeEntities } from './entities.ts';
import { phpTrim, phpUrldecode, phpUrlencode } from './php.ts';

const ALLOWED_PROTOCOLS = [
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet',
  'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
];

// Characters esc_url() keeps; every byte >= 0x80 is kept, i.e. every non-ASCII character.
const DISALLOWED = /[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi;

/** _deep_replace(): repeats the removal until none is left (so `%0%0d0a` cannot rebuild `%0d`). */
function deepRemove(text: string, needles: readonly string[]): string {
  let t = text;
  while (needles.some((n) => t.includes(n))) for (const n of needles) t = t.replaceAll(n, '');
  return t;
}

/** wp_kses_decode_entities(): numeric references only, each to one byte as PHP's chr() does. */
function decodeNumericEntities(text: string): string {
  return text
    .replace(/&#([0-9]+);/g, (_m, n: string) => String.fromCharCode(Number(n) % 256))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_m, n: string) => String.fromCharCode(parseInt(n, 16) % 256));
}

/** wp_kses_bad_protocol_once2(): the scheme with `:` when allowed, else "". */
function checkedScheme(raw: string): string {
  const scheme = decodeNumericEntities(raw)
    .replace(/[\t\n\v\f\r ]/g, '')
    .replaceAll('\0', '')
    .toLowerCase();
  return ALLOWED_PROTOCOLS.includes(scheme) ? `${scheme}:` : '';
}

/** wp_kses_bad_protocol_once(): drops a disallowed scheme (keeps the rest); `feed:` may wrap one more scheme. */
function badProtocolOnce(input: string, depth = 1): string {
  const url = input.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const match = /:|&#0*58;|&#x0*3a;|&colon;/i.exec(url);
  if (!match) return url;
  const before = url.slice(0, match.index);
  if (before.includes('/?')) return url;
  const scheme = checkedScheme(before);
  let rest = phpTrim(url.slice(match.index + match[0].length));
  if (scheme === 'feed:') {
    if (depth > 2) return '';
    rest = badProtocolOnce(rest, depth + 1);
    if (rest === '' || rest === '0') return rest;
  }
  return scheme + rest;
}

/** wp_kses_bad_protocol(): "" when the scheme cannot be settled in a few passes. */
export function badProtocol(input: string): string {
  const url = input.replaceAll('\0', '');
  if (url.startsWith('https://') || url.startsWith('http://')) return url;
  let current = url;
  for (let i = 0; i < 6; i++) {
    const next = badProtocolOnce(current);
    if (next === current) return current;
    current = next;
  }
  return '';
}

/** Percent-encodes `[` and `]` outside the scheme/user/host/port part of the URL. */
function encodeBracketsAfterAuthority(url: string): string {
  const authority = /^(?:[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(?:\[[^\]]*\]|[^/?#:[\]]*)(?::\d*)?|\/\/)?/i.exec(url)![0];
  const rest = url.slice(authority.length).replaceAll('[', '%5B').replaceAll(']', '%5D');
  return authority + rest;
}

export function escUrl(input: string, context: 'db' | 'display' = 'db'): string {
  if (input === '') return '';
  let url = input.replace(/^[ \t\n\r\0\x0B]+/, '').replaceAll(' ', '%20').replace(DISALLOWED, '');
  if (url === '') return '';
  if (!url.toLowerCase().startsWith('mailto:')) url = deepRemove(url, ['%0d', '%0a', '%0D', '%0A']);
  url = url.replaceAll(';//', '://');
  if (!url.includes(':') && !['/', '#', '?'].includes(url[0]!) && !/^[a-z0-9-]+?\.php/i.test(url)) {
    url = `http://${url}`;
  }
  if (context === 'display') url = normalizeEntities(url).replaceAll('&amp;', '&#038;').replaceAll("'", '&#039;');
  if (url.includes('[') || url.includes(']')) url = encodeBracketsAfterAuthority(url);
  if (url[0] === '/') return url;
  const checked = badProtocol(url);
  return checked.toLowerCase() === url.toLowerCase() ? checked : '';
}

/**
 * add_query_arg() / remove_query_arg() (null value) for one key: the query's pairs decoded and
 * encoded again, an empty value written without `=`, the fragment kept last.
 */
export function addQueryArg(url: string, key: string, value: string | null): string {
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const rest = hash === -1 ? url : url.slice(0, hash);
  const question = rest.indexOf('?');
  const base = question === -1 ? rest : rest.slice(0, question);
  const pairs = new Map<string, string>();
  for (const pair of question === -1 ? [] : rest.slice(question + 1).split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = phpUrldecode(equals === -1 ? pair : pair.slice(0, equals));
    pairs.set(name, phpUrldecode(equals === -1 ? '' : pair.slice(equals + 1)));
  }
  if (value === null) pairs.delete(key);
  else pairs.set(key, value);
  const query = [...pairs].map(([name, v]) => (v === '' ? phpUrlencode(name) : `${phpUrlencode(name)}=${phpUrlencode(v)}`)).join('&');
  return `${base}${query ? `?${query}` : ''}${fragment}`;
}
