// Headers WordPress puts on every REST response (conventions.md §6.6).
import type { SiteSettings } from '../site/settings.ts';

export function baseHeaders(site: SiteSettings): Record<string, string> {
  return {
    'X-Robots-Tag': 'noindex',
    Link: `<${site.apiRoot}/>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
    // wpcal also exposes TEC's own totals to browsers (a deliberate difference, see README).
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link, X-TEC-Total, X-TEC-TotalPages',
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
  };
}

/**
 * The totals of a list: TEC's headers, and WordPress core's beside them (a deliberate difference,
 * see README), which WordPress REST clients page with.
 */
export function totalsHeaders(total: number, totalPages: number): Record<string, string> {
  return {
    'X-TEC-Total': String(total),
    'X-TEC-TotalPages': String(totalPages),
    'X-WP-Total': String(total),
    'X-WP-TotalPages': String(totalPages),
  };
}

export function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
    'Access-Control-Allow-Credentials': 'true',
    Vary: 'Origin',
  };
}

export const NO_CACHE_HEADERS: Record<string, string> = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
};
