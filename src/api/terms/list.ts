// GET /categories, GET /tags: WP_Term_Query as TEC drives it (terms.md §3).
import { param, type RestRequest } from '../context.ts';
import { respond, type RestResult } from '../registry.ts';
import type { Reader } from '../../data/executor.ts';
import { allTerms, termsMatching, type TermColumn, type TermOrder } from '../../data/term-queries.ts';
import type { Term } from '../../data/terms.ts';
import { sanitizeTitle } from '../../text/sanitize.ts';
import { tecRestUrl } from '../../domain/urls.ts';
import type { TaxonomyDefinition } from '../../domain/terms/definition.ts';
import { isNumericItem, parseTermList } from '../../domain/terms/lookup.ts';
import { presentTerm, termPaths, type TermContext } from './presenter.ts';
import { totalsHeaders } from '../headers.ts';

/** The `orderby` values naming a column of the term (terms and term_taxonomy rows). */
const ORDER_COLUMNS: ReadonlySet<string> = new Set<TermColumn>([
  'term_id', 'name', 'slug', 'term_group', 'count', 'parent', 'taxonomy', 'term_taxonomy_id', 'description',
]);

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

/** The SQL order of `orderby`: null when the list is unordered or sorted afterwards (`include`). */
function termOrder(q: ListQuery): TermOrder | null {
  if (q.orderby === 'none' || (q.orderby === 'include' && q.include.length)) return null;
  if (q.orderby === 'term_order' && q.post !== undefined) return { termOrderOf: q.post };
  if (q.orderby === 'id' || q.orderby === 'term_order') return { column: 'term_id' };
  return { column: ORDER_COLUMNS.has(q.orderby) ? q.orderby as TermColumn : 'name' };
}

/** The matching terms, filtered and ordered in SQL (no paging: see the hide_empty pruning). */
async function matchingTerms(db: Reader, def: TaxonomyDefinition, q: ListQuery): Promise<Term[]> {
  const terms = await termsMatching(db, def.taxonomy, {
    search: q.search,
    includeIds: q.include,
    // WP_Term_Query ignores `exclude` when `include` is given.
    excludeIds: q.include.length ? [] : q.exclude,
    parent: q.parent,
    slug: q.slug === undefined ? undefined : sanitizeTitle(q.slug),
    objectId: q.post,
    countedOnly: q.hideEmpty && !def.hierarchical,
    order: termOrder(q),
    descending: q.descending,
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
async function pruneEmptyBranches(db: Reader, def: TaxonomyDefinition, terms: Term[]): Promise<Term[]> {
  if (!terms.some((t) => t.count === 0)) return terms;
  const all = await allTerms(db, def.taxonomy);
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
  return respond(body, 200, totalsHeaders(total, totalPages));
}
