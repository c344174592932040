// GET /categories, GET /tags: WP_Term_Query as TEC drives it (terms.md §3).
import { sql } from 'kysely';
import { param, type RestRequest } from '../../rest/context.ts';
import { respond, type RestResult } from '../../rest/registry.ts';
import type { Executor } from '../../store/options.ts';
import { queryTerms, type Term } from '../../store/terms.ts';
import { sanitizeTitle } from '../../text/sanitize.ts';
import { tecRestUrl } from '../shared/urls.ts';
import type { TaxonomyDefinition } from './definition.ts';
import { isNumericItem, parseTermList } from './lookup.ts';
import { presentTerm, termPaths, type TermContext } from './presenter.ts';

const TERM_COLUMNS = new Set(['term_id', 'name', 'slug', 'term_group']);
const TAXONOMY_COLUMNS = new Set(['count', 'parent', 'taxonomy', 'term_taxonomy_id', 'description']);

interface ListQuery {
  search?: string;
  include: number[];
  exclude: number[];
  parent?: number;
  post?: number;
  slug?: string;
  hideEmpty: boolean;
  orderby: string;
  descending: boolean;
}

/** wp_parse_id_list over the validated items: slugs and names become 0 and so match nothing. */
function idList(value: unknown): number[] {
  return (parseTermList(value) ?? []).map((item) => (isNumericItem(item) ? Number(item) : 0));
}

function readQuery(request: RestRequest): ListQuery {
  const order = param<string>(request, 'order');
  const post = param<number>(request, 'event') ?? param<number>(request, 'post');
  return {
    search: param<string>(request, 'search'),
    include: idList(param(request, 'include')),
    exclude: idList(param(request, 'exclude')),
    parent: param<number>(request, 'parent'),
    post,
    slug: param<string>(request, 'slug'),
    hideEmpty: post === undefined && param<boolean>(request, 'hide_empty') !== false,
    orderby: (param<string>(request, 'orderby') ?? 'name').toLowerCase(),
    descending: order !== undefined && order.toLowerCase() !== 'asc',
  };
}

const escapeLike = (text: string): string => text.replace(/[!%_]/g, '!$&');

/** The matching terms, filtered and ordered in SQL (no paging: see the hide_empty pruning). */
async function matchingTerms(db: Executor, def: TaxonomyDefinition, q: ListQuery): Promise<Term[]> {
  const relationships = sql.table('term_relationships');
  const terms = await queryTerms(db, def.taxonomy, (query) => {
    let shaped = query;
    if (q.search !== undefined) {
      const pattern = `%${escapeLike(q.search)}%`;
      shaped = shaped.where(sql<boolean>`(t.name LIKE ${pattern} ESCAPE '!' OR t.slug LIKE ${pattern} ESCAPE '!')`);
    }
    if (q.include.length) shaped = shaped.where('t.term_id', 'in', q.include);
    else if (q.exclude.length) shaped = shaped.where('t.term_id', 'not in', q.exclude);
    if (q.parent !== undefined) shaped = shaped.where('tt.parent', '=', q.parent);
    if (q.slug !== undefined) shaped = shaped.where('t.slug', '=', sanitizeTitle(q.slug));
    if (q.post !== undefined) {
      shaped = shaped.where(sql<boolean>`tt.term_taxonomy_id IN (SELECT tr.term_taxonomy_id FROM ${relationships} tr WHERE tr.object_id = ${q.post})`);
    }
    if (q.hideEmpty && !def.hierarchical) shaped = shaped.where('tt.count', '>', 0);
    const direction = q.descending ? 'desc' : 'asc';
    if (q.orderby === 'none' || (q.orderby === 'include' && q.include.length)) return shaped;
    if (q.orderby === 'term_order' && q.post !== undefined) {
      shaped = shaped.orderBy(
        sql`(SELECT MIN(tr.term_order) FROM ${relationships} tr WHERE tr.term_taxonomy_id = tt.term_taxonomy_id AND tr.object_id = ${q.post})`,
        direction,
      );
    } else if (q.orderby === 'id' || q.orderby === 'term_order' || TERM_COLUMNS.has(q.orderby)) {
      shaped = shaped.orderBy(q.orderby === 'id' || q.orderby === 'term_order' ? 't.term_id' : sql.ref(`t.${q.orderby}`), direction);
    } else if (TAXONOMY_COLUMNS.has(q.orderby)) {
      shaped = shaped.orderBy(sql.ref(`tt.${q.orderby}`), direction);
    } else {
      shaped = shaped.orderBy('t.name', direction);
    }
    return shaped.orderBy('t.term_id', 'asc');
  });
  if (q.orderby === 'include' && q.include.length) {
    const position = (term: Term) => q.include.indexOf(term.term_id);
    terms.sort((a, b) => (q.descending ? position(b) - position(a) : position(a) - position(b)));
  }
  return terms;
}

/**
 * WP_Term_Query's hide_empty for hierarchical taxonomies: an empty term stays listed while any of
 * its descendants (in the whole taxonomy) has a count.
 */
async function pruneEmptyBranches(db: Executor, def: TaxonomyDefinition, terms: Term[]): Promise<Term[]> {
  if (!terms.some((t) => t.count === 0)) return terms;
  const all = await queryTerms(db, def.taxonomy, (q) => q);
  const children = new Map<number, Term[]>();
  for (const term of all) children.set(term.parent, [...(children.get(term.parent) ?? []), term]);
  const hasCountedDescendant = (termId: number): boolean => {
    const seen = new Set<number>();
    const stack = [...(children.get(termId) ?? [])];
    for (let child = stack.pop(); child; child = stack.pop()) {
      if (child.count > 0) return true;
      if (seen.has(child.term_id)) continue;
      seen.add(child.term_id);
      stack.push(...(children.get(child.term_id) ?? []));
    }
    return false;
  };
  return terms.filter((t) => t.count > 0 || hasCountedDescendant(t.term_id));
}

/** add_query_arg('page', N) on the collection URL (which, with plain permalinks, has a query). */
function pageUrl(restUrl: string, page: number): string {
  const [base, query] = restUrl.split('?', 2) as [string, string | undefined];
  if (query === undefined) return `${base}?page=${page}`;
  const encoded = query.split('&').map((pair) => {
    const [name, value = ''] = pair.split('=', 2) as [string, string | undefined];
    return `${name}=${encodeURIComponent(value)}`;
  });
  return `${base}?${[...encoded, `page=${page}`].join('&')}`;
}

export async function listTerms(request: RestRequest, def: TaxonomyDefinition): Promise<RestResult> {
  const db = request.services.db.kysely;
  const q = readQuery(request);
  const page = Number(param(request, 'page'));
  const perPage = Number(param(request, 'per_page'));
  let terms = await matchingTerms(db, def, q);
  let total = terms.length;
  if (q.hideEmpty && def.hierarchical) {
    // WordPress counts with a plain `count > 0` but lists after pruning (terms.md §3.2).
    total = terms.filter((t) => t.count > 0).length;
    terms = await pruneEmptyBranches(db, def, terms);
  }
  let offset = (page - 1) * perPage;
  const rawOffset = param(request, 'offset');
  if (!def.hierarchical && rawOffset !== undefined && rawOffset !== '' && rawOffset !== null) {
    offset = Math.max(0, Math.trunc(Number(rawOffset)) || 0);
  }
  const pageTerms = terms.slice(offset, offset + perPage);
  const paths = await termPaths(db, def, pageTerms);
  const context: TermContext = param(request, 'context') === 'embed' ? 'embed' : 'view';
  const totalPages = Math.ceil(total / perPage);
  const restUrl = tecRestUrl(request.site, `${def.restBase}/`);
  const body: Record<string, unknown> = {
    rest_url: restUrl,
    total,
    total_pages: totalPages,
    [def.restBase]: pageTerms.map((t) => presentTerm(request.site, def, t, paths.get(t.term_id)!, context)),
  };
  if (page < totalPages) body.next_rest_url = pageUrl(restUrl, page + 1);
  if (page > 1) body.previous_rest_url = page === 2 ? restUrl : pageUrl(restUrl, page - 1);
  return respond(body, 200, { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) });
}
