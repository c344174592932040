// HTML building for the front-end pages: escaping, and the one layout every page shares.
import type { SiteSettings } from '../site/settings.ts';
import { decodeEntities, stripAllTags } from '../text/sanitize.ts';
import type { Discovery } from './discovery.ts';

const SPECIALS: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** Text (or an attribute value) escaped for HTML. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (char) => SPECIALS[char]!);
}

/** A rendered REST text (a title: HTML with entities) as plain text, escaped. */
export function escRendered(html: string): string {
  return esc(decodeEntities(stripAllTags(html)));
}

/** JSON inside `<script>`: nothing in it can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface PageParts {
  /** The document title before the site name, as rendered HTML (a post title: tags are dropped, entities read). */
  title: string;
  discovery: Discovery;
  /** The iCalendar feed of what the page shows. */
  icalUrl: string;
  /** schema.org objects printed as one JSON-LD array. */
  jsonLd?: readonly unknown[];
  /** The content of `<main>`, already HTML. */
  main: string;
}

const STYLE = [
  'body{font:1rem/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fff}',
  'header,main,footer{max-width:46rem;margin:0 auto;padding:1rem}',
  'header{display:flex;flex-wrap:wrap;gap:1rem;align-items:baseline;border-bottom:1px solid #ccc}',
  'a{color:#0b57d0}a:focus{outline:2px solid #0b57d0;outline-offset:2px}',
  'ol.events{list-style:none;padding:0}ol.events li{border-bottom:1px solid #ddd;padding:.5rem 0}',
  'img{max-width:100%;height:auto}dt{font-weight:600}dd{margin:0 0 .5rem}',
  'footer{border-top:1px solid #ccc;font-size:.9rem}',
].join('');

/** The whole document: the TEC discovery tags in its head, a skip link, header, main and footer. */
export function page(site: SiteSettings, parts: PageParts): string {
  const siteName = decodeEntities(site.name);
  const title = parts.title === '' ? site.name : `${parts.title} – ${site.name}`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escRendered(title)}</title>`,
    `<link rel="https://api.w.org/" href="${esc(parts.discovery.apiLink)}">`,
    `<meta name="tec-api-version" content="v1">`,
    `<meta name="tec-api-origin" content="${esc(parts.discovery.origin)}">`,
    `<link rel="alternate" href="${esc(parts.discovery.root)}">`,
    ...(parts.discovery.shortlink === null ? [] : [`<link rel="shortlink" href="${esc(parts.discovery.shortlink)}">`]),
    `<link rel="alternate" type="text/calendar" title="iCalendar" href="${esc(parts.icalUrl)}">`,
    `<style>${STYLE}</style>`,
  ];
  if (parts.jsonLd && parts.jsonLd.length > 0) head.push(`<script type="application/ld+json">${scriptJson(parts.jsonLd)}</script>`);
  return [
    '<!DOCTYPE html>',
    `<html lang="${esc(site.locale.replaceAll('_', '-'))}">`,
    `<head>${head.join('\n')}</head>`,
    '<body>',
    '<header>',
    `<a href="${esc(site.home)}/">${esc(siteName)}</a>`,
    `<nav aria-label="Site"><a href="${esc(eventsArchiveUrl(site))}">Events</a></nav>`,
    '</header>',
    `<main id="content">${parts.main}</main>`,
    `<footer><p><a href="${esc(parts.icalUrl)}">iCalendar feed</a> · <a href="${esc(parts.discovery.root)}">Events REST API</a></p></footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The events archive: `{home}/events/`, or `{home}/?post_type=tribe_events` with plain permalinks. */
export function eventsArchiveUrl(site: SiteSettings): string {
  return site.prettyPermalinks ? `${site.home}/events/` : `${site.home}/?post_type=tribe_events`;
}
