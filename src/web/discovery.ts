// How a front-end page tells clients where the APIs are (conventions.md §7, samples 61–64):
// WordPress's `Link: <{api}/>; rel="https://api.w.org/"` on every page, its `rel=shortlink` on an
// event's, and TEC's X-TEC-API-* headers (and their <meta>/<link> twins in the page head) whose
// root names what the page shows. WordPress's third link, `rel="alternate"` to the post's or term's
// `wp/v2` route, is left out: wpcal serves no `wp/v2` route for events or terms.
import type { SiteSettings } from '../site/settings.ts';
import { tecRestUrl } from '../domain/urls.ts';
import { addQueryArgs } from '../api/common/query-args.ts';

export interface Discovery {
  /** The WordPress REST API root: `{home}/wp-json/` (plain permalinks: `{home}/index.php?rest_route=/`). */
  apiLink: string;
  /** The TEC API URL of what the page shows (`X-TEC-API-ROOT`). */
  root: string;
  /** The home URL (`X-TEC-API-ORIGIN`). */
  origin: string;
  /** wp_get_shortlink(): `{home}/?p={ID}` on an event's page; null elsewhere (venues and organizers are not public post types in TEC free). */
  shortlink: string | null;
}

/** What a page shows, as far as its TEC API root tells. */
export type PageContext =
  | { kind: 'site' }
  | { kind: 'event'; id: number }
  | { kind: 'venue'; id: number }
  | { kind: 'category'; slug: string }
  | { kind: 'tag'; slug: string };

/** TEC's get_rest_url() for a page: the event's own URL, an events list filtered as the page is, else the namespace root. */
function tecRoot(site: SiteSettings, context: PageContext): string {
  switch (context.kind) {
    case 'event': return tecRestUrl(site, `events/${context.id}`);
    case 'venue': return addQueryArgs(tecRestUrl(site, 'events/'), [['venue', String(context.id)]]);
    case 'category': return addQueryArgs(tecRestUrl(site, 'events/'), [['categories', context.slug]]);
    case 'tag': return addQueryArgs(tecRestUrl(site, 'events/'), [['tags', context.slug]]);
    default: return tecRestUrl(site, '');
  }
}

export function discoveryOf(site: SiteSettings, context: PageContext): Discovery {
  const shortlink = context.kind === 'event' ? `${site.home}/?p=${context.id}` : null;
  return { apiLink: `${site.apiRoot}/`, root: tecRoot(site, context), origin: site.home, shortlink };
}

/** The response headers, in the plugin's order (each `Link` on its own header line, as WordPress sends them). */
export function discoveryHeaders(discovery: Discovery): Record<string, string | string[]> {
  const links = [`<${discovery.apiLink}>; rel="https://api.w.org/"`];
  if (discovery.shortlink !== null) links.push(`<${discovery.shortlink}>; rel=shortlink`);
  return {
    Link: links,
    'X-TEC-API-VERSION': 'v1',
    'X-TEC-API-ROOT': discovery.root,
    'X-TEC-API-ORIGIN': discovery.origin,
  };
}
