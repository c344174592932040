// Which front-end page a URL asks for: the URLs wpcal writes (`url` of events, venues, organizers,
// categories and tags, the home URL, the events archive) in their pretty and plain forms. Both
// forms are read whatever the site's permalink setting, as WordPress reads plain URLs always.
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE, type PostTypeDefinition } from '../domain/post-types.ts';
import { CATEGORIES, TAGS, type TaxonomyDefinition } from '../domain/terms/definition.ts';

export type Target =
  | { kind: 'home'; page: number }
  | { kind: 'archive'; page: number }
  /** `page`: of the events list a venue's or organizer's page shows (an event page has none). */
  | { kind: 'post'; type: PostTypeDefinition; slug: string; page: number }
  /** `?post_type={type}&p={ID}`: served in place; `?p={ID}` (a shortlink): `type` null, redirected. */
  | { kind: 'post-id'; type: PostTypeDefinition | null; id: number; page: number }
  /** `path`: the term slugs from the root down (one for tags). */
  | { kind: 'term'; taxonomy: TaxonomyDefinition; path: string[]; page: number }
  | { kind: 'unknown' };

const POST_TYPES = [EVENT_TYPE, VENUE_TYPE, ORGANIZER_TYPE];
const PAGED_SUFFIX = /\/page\/(\d+)\/?$/;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The page number of `paged` (plain) or a `/page/N/` path suffix; 1 when absent. */
function pageNumber(query: Record<string, unknown>, fromPath: string | undefined): number {
  const raw = fromPath ?? text(query.paged);
  const page = raw !== null && /^\d+$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

/** The plain-permalink query variables on the home URL. */
function plainTarget(query: Record<string, unknown>, page: number): Target {
  const postType = text(query.post_type);
  const id = text(query.p);
  if (id !== null) {
    if (!/^\d+$/.test(id)) return { kind: 'unknown' };
    if (postType === null) return { kind: 'post-id', type: null, id: Number(id), page };
    const type = POST_TYPES.find((t) => t.type === postType);
    return type ? { kind: 'post-id', type, id: Number(id), page } : { kind: 'unknown' };
  }
  for (const type of POST_TYPES) {
    const slug = text(query[type.type]);
    if (slug !== null) return { kind: 'post', type, slug, page };
  }
  for (const taxonomy of [CATEGORIES, TAGS]) {
    const slug = text(query[taxonomy.plainVar]);
    if (slug !== null) return { kind: 'term', taxonomy, path: [slug], page };
  }
  if (postType === EVENT_TYPE.type) return { kind: 'archive', page };
  if (postType !== null) return { kind: 'unknown' };
  return { kind: 'home', page };
}

/** The page a GET of `path` (decoded) with `query` asks for. */
export function frontEndTarget(path: string, query: Record<string, unknown>): Target {
  const paged = PAGED_SUFFIX.exec(path);
  const page = pageNumber(query, paged?.[1]);
  const bare = paged ? path.slice(0, paged.index) || '/' : path;
  if (bare === '/' || bare === '/index.php') return plainTarget(query, page);
  const segments = bare.replace(/^\/+|\/+$/g, '').split('/');
  const [first, ...rest] = segments;
  if (first === 'events' && (rest.length === 0 || (rest.length === 1 && rest[0] === 'list'))) return { kind: 'archive', page };
  if (first === 'events' && rest[0] === 'category' && rest.length > 1) return { kind: 'term', taxonomy: CATEGORIES, path: rest.slice(1), page };
  if (first === TAGS.prettyBase && rest.length === 1) return { kind: 'term', taxonomy: TAGS, path: rest, page };
  const type = POST_TYPES.find((t) => t.permalinkBase === first);
  if (type && rest.length === 1 && !(paged && type === EVENT_TYPE)) return { kind: 'post', type, slug: rest[0]!, page };
  return { kind: 'unknown' };
}
