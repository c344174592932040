// XML text for WXR: the namespaces WordPress declares, escaping, and CDATA sections.

export const WXR_VERSION = '1.2';

/** The channel's `<generator>` in wpcal's exports: tells parseWxr that every declared tag belongs to the calendar. */
export const WPCAL_GENERATOR = 'wpcal';

export const NAMESPACES = {
  excerpt: `http://wordpress.org/export/${WXR_VERSION}/excerpt/`,
  content: 'http://purl.org/rss/1.0/modules/content/',
  wfw: 'http://wellformedweb.org/CommentAPI/',
  dc: 'http://purl.org/dc/elements/1.1/',
  wp: `http://wordpress.org/export/${WXR_VERSION}/`,
} as const;

// Older exports (WXR 1.0, 1.1) use the same element names under their own version's namespace.
const WP_EXPORT = /^http:\/\/wordpress\.org\/export\/\d+\.\d+\/(excerpt\/)?$/;

/** The name WordPress's own prefixes give an element, whatever prefix the file binds: `wp:post_id`. */
export function canonicalName(uri: string, local: string): string {
  const exported = WP_EXPORT.exec(uri);
  if (exported) return `${exported[1] ? 'excerpt' : 'wp'}:${local}`;
  if (uri === NAMESPACES.content) return `content:${local}`;
  if (uri === NAMESPACES.dc) return `dc:${local}`;
  if (uri === NAMESPACES.wfw) return `wfw:${local}`;
  return uri === '' ? local : `{${uri}}${local}`;
}

// Characters XML 1.0 forbids anywhere, even in CDATA (most C0 controls, lone surrogates, U+FFFE/F).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text or attribute content; characters XML cannot carry are dropped. */
export function escapeXml(s: string): string {
  return s.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/** A CDATA section; a `]]>` inside is split across two sections, as WordPress does. */
export function cdata(s: string): string {
  return `<![CDATA[${s.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}
