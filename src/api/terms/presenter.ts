// The term representations: TEC's term JSON (terms.md §4, §4.1) and the term object embedded in
// events (events.md §4.5).
import type { CurrentUser } from '../../auth/capabilities.ts';
import { userCan } from '../../auth/capabilities.ts';
import type { SiteSettings } from '../../site/settings.ts';
import type { Reader } from '../../data/executor.ts';
import { termsByIds } from '../../data/term-queries.ts';
import type { Term } from '../../data/terms.ts';
import { loadEventTerms, type EventTerms } from '../../domain/events/read-model.ts';
import { tecRestUrl, termPermalink } from '../../domain/urls.ts';
import { CATEGORIES, TAGS, type TaxonomyDefinition } from '../../domain/terms/definition.ts';
import { addQueryArgs } from '../common/query-args.ts';

/** REST `context`: `embed` drops count, description, parent and meta; anything else is `view`. */
export type TermContext = 'view' | 'embed';

/** Slug paths (`parent-slug/child-slug`) of hierarchical terms, ancestors fetched one level per query. */
export async function termPaths(db: Reader, def: TaxonomyDefinition, terms: readonly Term[]): Promise<Map<number, string>> {
  const known = new Map<number, Term>(terms.map((t) => [t.term_id, t]));
  if (def.hierarchical) {
    let missing = [...new Set(terms.map((t) => t.parent))].filter((id) => id && !known.has(id));
    while (missing.length) {
      const parents = await termsByIds(db, def.taxonomy, missing);
      for (const parent of parents) known.set(parent.term_id, parent);
      missing = [...new Set(parents.map((p) => p.parent))].filter((id) => id && !known.has(id));
    }
  }
  const paths = new Map<number, string>();
  for (const term of terms) {
    const slugs = [term.slug];
    const seen = new Set([term.term_id]);
    for (let parent = known.get(term.parent); def.hierarchical && parent && !seen.has(parent.term_id); parent = known.get(parent.parent)) {
      seen.add(parent.term_id);
      slugs.unshift(parent.slug);
    }
    paths.set(term.term_id, slugs.join('/'));
  }
  return paths;
}

function termUrls(site: SiteSettings, def: TaxonomyDefinition, term: Term): Record<string, string> {
  const urls: Record<string, string> = {
    self: tecRestUrl(site, `${def.restBase}/${term.term_id}`),
    collection: tecRestUrl(site, def.restBase),
  };
  if (term.parent) urls.up = tecRestUrl(site, `${def.restBase}/${term.parent}`);
  return urls;
}

/** TEC's term JSON without `_links` (list items, delete responses). */
export function presentTerm(site: SiteSettings, def: TaxonomyDefinition, term: Term, path: string, context: TermContext = 'view'): Record<string, unknown> {
  const out: Record<string, unknown> = { id: term.term_id };
  if (context === 'view') {
    out.count = term.count;
    out.description = term.description;
  }
  out.name = term.name;
  out.slug = term.slug;
  out.taxonomy = term.taxonomy;
  if (def.hierarchical && context === 'view') out.parent = term.parent;
  if (context === 'view') out.meta = [];
  out.url = termPermalink(site, def, term.slug, path);
  out.urls = termUrls(site, def, term);
  return out;
}

/** `{api}/wp/v2/{base}/{id}`: the WordPress core URL of a term (`_links.self`, `Location`). */
export function wpTermUrl(site: SiteSettings, def: TaxonomyDefinition, termId: number): string {
  return `${site.apiRoot}/wp/v2/${def.wpRestBase}/${termId}`;
}

/** The WordPress core links of single, create and update responses (samples 09, 10, 33, 35). */
function termLinks(site: SiteSettings, def: TaxonomyDefinition, term: Term, user: CurrentUser | null): Record<string, unknown> {
  const canManage = userCan(user, def.manageCapability);
  const links: Record<string, unknown> = {
    self: [{
      href: wpTermUrl(site, def, term.term_id),
      targetHints: { allow: canManage ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET'] },
    }],
    collection: [{ href: `${site.apiRoot}/wp/v2/${def.wpRestBase}` }],
    about: [{ href: `${site.apiRoot}/wp/v2/taxonomies/${def.taxonomy}` }],
  };
  if (term.parent) links.up = [{ embeddable: true, href: wpTermUrl(site, def, term.parent) }];
  links['wp:post_type'] = def.wpPostTypes.map((type) => ({
    href: addQueryArgs(`${site.apiRoot}/wp/v2/${type}`, [[def.wpQueryVar, String(term.term_id)]]),
  }));
  links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return links;
}

/** The full single/create/update response body: the term JSON plus `_links`. */
export async function presentTermWithLinks(db: Reader, site: SiteSettings, def: TaxonomyDefinition, term: Term, user: CurrentUser | null, context: TermContext = 'view'): Promise<Record<string, unknown>> {
  const paths = await termPaths(db, def, [term]);
  return { ...presentTerm(site, def, term, paths.get(term.term_id)!, context), _links: termLinks(site, def, term, user) };
}

/** The term object embedded in events (events.md §4.5). */
function presentEmbeddedTerm(site: SiteSettings, def: TaxonomyDefinition, term: Term): Record<string, unknown> {
  return {
    name: term.name,
    slug: term.slug,
    term_group: term.term_group,
    term_taxonomy_id: term.term_taxonomy_id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent,
    count: term.count,
    filter: 'raw',
    id: term.term_id,
    urls: termUrls(site, def, term),
  };
}

/** An event's `categories` and `tags` (events.md §4.5). */
export interface EmbeddedTerms {
  categories: Record<string, unknown>[];
  tags: Record<string, unknown>[];
}

export function presentEmbeddedTerms(site: SiteSettings, terms: EventTerms): EmbeddedTerms {
  return {
    categories: terms.categories.map((term) => presentEmbeddedTerm(site, CATEGORIES, term)),
    tags: terms.tags.map((term) => presentEmbeddedTerm(site, TAGS, term)),
  };
}

/** The `categories` and `tags` of a page of events, read in one query. */
export async function presentEventTerms(db: Reader, site: SiteSettings, postIds: readonly number[]): Promise<Map<number, EmbeddedTerms>> {
  const terms = await loadEventTerms(db, postIds);
  return new Map(postIds.map((id) => [id, presentEmbeddedTerms(site, terms.get(id)!)]));
}
