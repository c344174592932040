// The front-end: what a GET or HEAD of a page URL answers. The URL names a page (targets.ts), the
// post or term it shows is looked up, anything not public is a 404, and the page is rendered from
// the anonymous REST answers, with the discovery headers of its context.
import type { AppServices } from '../api/context.ts';
import { addQueryArgs, type QueryValue } from '../api/common/query-args.ts';
import { ICAL_FEED_PATH, WPCAL_NAMESPACE } from '../api/ical.ts';
import { termPaths } from '../api/terms/presenter.ts';
import { getPost, findPostBySlug } from '../data/posts.ts';
import { findTermBySlug } from '../data/terms.ts';
import type { PostRow } from '../data/tables.ts';
import { shownTitle } from '../domain/json-ld.ts';
import { EVENT_TYPE, VENUE_TYPE, type PostTypeDefinition } from '../domain/post-types.ts';
import { CATEGORIES, TAGS, type TaxonomyDefinition } from '../domain/terms/definition.ts';
import { permalink, termPermalink } from '../domain/urls.ts';
import { restUrl, type SiteSettings } from '../site/settings.ts';
import { renderTitle } from '../text/render.ts';
import { sanitizeTitle } from '../text/sanitize.ts';
import { discoveryHeaders, discoveryOf, type PageContext } from './discovery.ts';
import { esc, eventsArchiveUrl, page } from './html.ts';
import { eventMain, linkedDetails, listMain, notFoundMain, protectedMain, type EventJson, type EventListJson, type LinkedJson, type TermLinks } from './pages.ts';
import { readTec } from './rest-reads.ts';
import { frontEndTarget } from './targets.ts';

export interface FrontEndAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

interface Ctx {
  services: AppServices;
  site: SiteSettings;
}

const HTML = 'text/html; charset=UTF-8';

function feedUrl(site: SiteSettings, args: ReadonlyArray<readonly [string, QueryValue]>): string {
  return addQueryArgs(restUrl(site, `/${WPCAL_NAMESPACE}${ICAL_FEED_PATH}`), args);
}

function htmlAnswer(ctx: Ctx, status: number, context: PageContext, parts: { title: string; icalUrl?: string; jsonLd?: unknown[]; main: string }): FrontEndAnswer {
  const discovery = discoveryOf(ctx.site, context);
  const body = page(ctx.site, { ...parts, icalUrl: parts.icalUrl ?? feedUrl(ctx.site, []), discovery });
  return { status, headers: { 'Content-Type': HTML, ...discoveryHeaders(discovery) }, body };
}

function notFound(ctx: Ctx): FrontEndAnswer {
  return htmlAnswer(ctx, 404, { kind: 'site' }, { title: 'Page not found', main: notFoundMain() });
}

/** The URL of page `n` of a list whose first page is `url`, as get_pagenum_link writes it: a `/page/N/` suffix, or `paged=N` with plain permalinks. */
function pageUrl(site: SiteSettings, url: string, n: number): string {
  if (n === 1) return url;
  return site.prettyPermalinks ? `${url.replace(/\/?$/, '/')}page/${n}/` : addQueryArgs(url, [['paged', String(n)]]);
}

interface ListSpec {
  context: PageContext;
  title: string;
  /** The <h1>, already HTML. */
  heading: string;
  before?: string;
  /** The first page's URL. */
  url: string;
  /** The GET /events arguments that select the list's events. */
  filter: Record<string, string>;
  page: number;
}

async function listPage(ctx: Ctx, spec: ListSpec): Promise<FrontEndAnswer> {
  const read = await readTec(ctx.services, '/events', spec.page > 1 ? { ...spec.filter, page: String(spec.page) } : spec.filter);
  if (read.status !== 200) return notFound(ctx);
  const list = read.body as EventListJson;
  const paging = {
    previous: spec.page > 1 ? pageUrl(ctx.site, spec.url, spec.page - 1) : null,
    next: spec.page < list.total_pages ? pageUrl(ctx.site, spec.url, spec.page + 1) : null,
  };
  return htmlAnswer(ctx, 200, spec.context, {
    title: spec.title,
    icalUrl: feedUrl(ctx.site, Object.entries(spec.filter).map(([name, value]) => [name, encodeURIComponent(value)])),
    main: listMain(ctx.site, spec.heading, spec.before ?? '', list, paging),
  });
}

/** The archive URLs of an event's categories and tags (its JSON carries none). */
async function termLinksOf(ctx: Ctx, event: EventJson): Promise<TermLinks> {
  const links = new Map<number, string>();
  for (const [def, terms] of [[CATEGORIES, event.categories], [TAGS, event.tags]] as const) {
    const paths = await termPaths(ctx.services.db.kysely, def, terms.map((term) => ({ ...term, term_id: term.id })));
    for (const term of terms) links.set(term.id, termPermalink(ctx.site, def, term.slug, paths.get(term.id)!));
  }
  return links;
}

async function eventPage(ctx: Ctx, post: PostRow, context: PageContext): Promise<FrontEndAnswer> {
  const read = await readTec(ctx.services, `/events/${post.ID}`);
  if (read.status !== 200) return notFound(ctx);
  const event = read.body as EventJson;
  const icalUrl = feedUrl(ctx.site, [['include', String(event.id)], ['start_date', encodeURIComponent(event.start_date)]]);
  return htmlAnswer(ctx, 200, context, {
    title: renderTitle(post.post_title),
    icalUrl,
    jsonLd: event.json_ld ? [event.json_ld] : [],
    main: eventMain(ctx.site, event, await termLinksOf(ctx, event), icalUrl),
  });
}

async function linkedPage(ctx: Ctx, type: PostTypeDefinition, post: PostRow, context: PageContext, pageNumber: number): Promise<FrontEndAnswer> {
  const read = await readTec(ctx.services, `/${type.restBase}/${post.ID}`);
  if (read.status !== 200) return notFound(ctx);
  const linked = read.body as LinkedJson;
  const filterName = type === VENUE_TYPE ? 'venue' : 'organizer';
  return listPage(ctx, {
    context,
    title: renderTitle(post.post_title),
    heading: esc(renderTitle(post.post_title)),
    before: linkedDetails(linked),
    url: linked.url,
    filter: { [filterName]: String(post.ID) },
    page: pageNumber,
  });
}

/** A single post's page: 404 unless it is published; a protected one shows its title alone. */
async function postPage(ctx: Ctx, type: PostTypeDefinition, post: PostRow | undefined, pageNumber: number): Promise<FrontEndAnswer> {
  if (!post || post.post_type !== type.type || post.post_status !== 'publish') return notFound(ctx);
  const context: PageContext = type === EVENT_TYPE ? { kind: 'event', id: post.ID }
    : type === VENUE_TYPE ? { kind: 'venue', id: post.ID } : { kind: 'site' };
  if (post.post_password !== '') {
    const title = renderTitle(shownTitle(post));
    return htmlAnswer(ctx, 200, context, { title, main: protectedMain(title) });
  }
  return type === EVENT_TYPE ? eventPage(ctx, post, context) : linkedPage(ctx, type, post, context, pageNumber);
}

/**
 * `?p={ID}`: WordPress's redirect of a shortlink to the post's permalink (redirect_canonical), for
 * public post types only: events, as venues and organizers are not public in TEC free.
 */
function shortlinkAnswer(ctx: Ctx, post: PostRow | undefined): FrontEndAnswer {
  if (!post || post.post_type !== EVENT_TYPE.type || post.post_status !== 'publish') return notFound(ctx);
  const location = permalink(ctx.site, EVENT_TYPE, post);
  return { status: 301, headers: { Location: location, 'Content-Type': HTML }, body: `<!DOCTYPE html><title>Moved</title><a href="${esc(location)}">${esc(location)}</a>\n` };
}

async function termPage(ctx: Ctx, def: TaxonomyDefinition, path: string[], pageNumber: number): Promise<FrontEndAnswer> {
  const slug = sanitizeTitle(path[path.length - 1]!);
  const term = slug === '' ? undefined : await findTermBySlug(ctx.services.db.kysely, def.taxonomy, slug);
  if (!term) return notFound(ctx);
  const termPath = (await termPaths(ctx.services.db.kysely, def, [term])).get(term.term_id)!;
  if (path.length > 1 && termPath !== path.map((s) => sanitizeTitle(s)).join('/')) return notFound(ctx);
  const isCategory = def === CATEGORIES;
  const name = esc(renderTitle(term.name));
  return listPage(ctx, {
    context: isCategory ? { kind: 'category', slug: term.slug } : { kind: 'tag', slug: term.slug },
    title: renderTitle(term.name),
    heading: isCategory ? `Events in ${name}` : `Events tagged ${name}`,
    url: termPermalink(ctx.site, def, term.slug, termPath),
    filter: { [def.restBase]: term.slug },
    page: pageNumber,
  });
}

/** The answer to a GET (or HEAD: the same, Koa leaves the body out) of a front-end URL. */
export async function answerFrontEnd(services: AppServices, path: string, query: Record<string, unknown>): Promise<FrontEndAnswer> {
  const ctx: Ctx = { services, site: await services.site.get() };
  const db = services.db.kysely;
  const target = frontEndTarget(path, query);
  switch (target.kind) {
    case 'home':
      return listPage(ctx, { context: { kind: 'site' }, title: '', heading: esc(renderTitle(ctx.site.name)), url: `${ctx.site.home}/`, filter: {}, page: target.page });
    case 'archive':
      return listPage(ctx, { context: { kind: 'site' }, title: 'Events', heading: 'Events', url: eventsArchiveUrl(ctx.site), filter: {}, page: target.page });
    case 'post': {
      const slug = sanitizeTitle(target.slug);
      return postPage(ctx, target.type, slug === '' ? undefined : await findPostBySlug(db, target.type.type, slug), target.page);
    }
    case 'post-id': {
      const post = await getPost(db, target.id);
      return target.type === null ? shortlinkAnswer(ctx, post) : postPage(ctx, target.type, post, target.page);
    }
    case 'term':
      return termPage(ctx, target.taxonomy, target.path, target.page);
    default:
      return notFound(ctx);
  }
}
