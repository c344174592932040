// URLs and identifiers built from the site's home URL (events.md §4.1).
import type { PostRow } from '../data/tables.ts';
import type { CurrentUser } from '../auth/capabilities.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { PostTypeDefinition } from './post-types.ts';
import type { TaxonomyDefinition } from './terms/definition.ts';

/** The plugin's REST namespace. */
export const TEC_NAMESPACE = 'tribe/events/v1';

const NOT_VIEWABLE = new Set(['draft', 'pending', 'auto-draft', 'future', 'trash']);

/** The `{host}{path}` of each home URL seen (a process serves one site or a few). */
const globalIdPrefixes = new Map<string, string>();

/** `{host}{path}?id={ID}` from home, scheme and port dropped. */
export function globalId(site: SiteSettings, id: number): string {
  let prefix = globalIdPrefixes.get(site.home);
  if (prefix === undefined) {
    const home = new URL(site.home);
    prefix = `${home.hostname}${home.pathname.replace(/\/$/, '')}`;
    globalIdPrefixes.set(site.home, prefix);
  }
  return `${prefix}?id=${id}`;
}

/**
 * get_permalink: pretty `{home}/{base}/{slug}/`, plain `{home}/?{type}={slug}`, and the id form
 * `{home}/?post_type={type}&p={ID}` when the post is not publicly viewable.
 */
export function permalink(site: SiteSettings, type: PostTypeDefinition, post: Pick<PostRow, 'ID' | 'post_status' | 'post_name'>, canReadPrivate = false): string {
  const idForm = `${site.home}/?post_type=${type.type}&p=${post.ID}`;
  if (NOT_VIEWABLE.has(post.post_status) || !post.post_name) return idForm;
  if (post.post_status === 'private' && !canReadPrivate) return idForm;
  return site.prettyPermalinks
    ? `${site.home}/${type.permalinkBase}/${post.post_name}/`
    : `${site.home}/?${type.type}=${post.post_name}`;
}

/** get_term_link: pretty `{home}/{base}/{path}/` (`path`: the slugs from the root term down), plain `{home}/?{var}={slug}`. */
export function termPermalink(site: SiteSettings, def: TaxonomyDefinition, slug: string, path: string): string {
  return site.prettyPermalinks ? `${site.home}/${def.prettyBase}/${path}/` : `${site.home}/?${def.plainVar}=${slug}`;
}

/** `{api}/tribe/events/v1/{path}` for pretty permalinks and for `index.php?rest_route=`. */
export function tecRestUrl(site: SiteSettings, path: string): string {
  return `${site.apiRoot}/${TEC_NAMESPACE}/${path.replace(/^\//, '')}`;
}

export function isAuthorOf(user: CurrentUser | null, post: PostRow): boolean {
  return user !== null && Number(post.post_author) !== 0 && Number(post.post_author) === user.id;
}
