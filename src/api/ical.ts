// GET /wp-json/wpcal/v1/events.ics: the events GET /events lists, with the same arguments, as
// an iCalendar feed. `per_page` defaults to, and is capped at, FEED_MAX_PER_PAGE.
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ArgSpecs } from './args.ts';
import { readVersions, type RestRequest } from './context.ts';
import { respondRaw, type RestResult, type RouteRegistry } from './registry.ts';
import { LIST_ARGS, isPrivileged } from './events/list-args.ts';
import { buildFilters, listBounds } from './events/list.ts';
import { matchingPage } from '../domain/events/list-query.ts';
import { loadContentMedia } from '../domain/content-media.ts';
import { renderBlocksAndShortcodes } from '../text/render.ts';
import { decodeEntities, sanitizeTitle } from '../text/sanitize.ts';
import { readExportEvents } from '../transfer/export-reader.ts';
import { writeIcs } from '../transfer/ical/write.ts';
import type { ExportEvent } from '../transfer/records.ts';
import { totalsHeaders } from './headers.ts';

export const WPCAL_NAMESPACE = 'wpcal/v1';
export const ICAL_FEED_PATH = '/events.ics';
/** Events in one feed response. */
export const FEED_MAX_PER_PAGE = 10_000;
// Events read and written in one turn of the event loop. On SQLite every read is synchronous and a
// nearby client never makes the response wait, so without turns between chunks a large feed would
// hold up every other request until it is written.
const EVENTS_PER_TURN = 100;

const FEED_ARGS: ArgSpecs<RestRequest> = {
  ...LIST_ARGS,
  per_page: {
    ...LIST_ARGS.per_page,
    default: FEED_MAX_PER_PAGE,
    sanitize: (value) => Math.min(FEED_MAX_PER_PAGE, Math.trunc(Number(value))),
  },
};

/** `{site}-events.ics`, the site name as a slug. */
export function feedFilename(siteName: string): string {
  return `${sanitizeTitle(decodeEntities(siteName), 'calendar')}-events.ics`;
}

/** The page's events; password-protected ones keep their content to those who may edit events. */
async function* feedEvents(req: RestRequest, ids: number[], statuses: string[]): AsyncIterable<ExportEvent> {
  const showProtected = isPrivileged(req);
  for (let i = 0; i < ids.length; i += EVENTS_PER_TURN) {
    await nextTurn();
    const chunk = ids.slice(i, i + EVENTS_PER_TURN);
    const events: ExportEvent[] = [];
    for await (const event of readExportEvents(req.services.db.kysely, req.site, { ids: chunk, status: statuses }, { now: req.now })) events.push(event);
    const shown = events.filter((event) => !event.password || showProtected);
    const media = await loadContentMedia(req.services.db.kysely, req.site, shown.map((event) => ({ post_content: event.description, post_excerpt: '' })));
    // Hidden blocks, empty buttons and images without a file leave no text.
    for (const event of events) {
      yield event.password && !showProtected ? { ...event, description: '', excerpt: '' } : { ...event, description: renderBlocksAndShortcodes(event.description, media) };
    }
  }
}

async function feed(req: RestRequest): Promise<RestResult> {
  const page = Number(req.params.get('page'));
  const perPage = Number(req.params.get('per_page'));
  const filters = await buildFilters(req, listBounds(req));
  const { ids, total: counted } = await matchingPage(req.services.db, req.services.listedEvents, await readVersions(req), filters, perPage, (page - 1) * perPage);
  const total = await counted;
  const { site } = req;
  const events = feedEvents(req, ids, filters.statuses);
  const headers = {
    'Content-Disposition': `attachment; filename="${feedFilename(site.name)}"`,
    ...totalsHeaders(total, total === 0 ? 0 : Math.ceil(total / perPage)),
  };
  return respondRaw({
    contentType: 'text/calendar; charset=utf-8',
    open: () => {
      const out = new PassThrough();
      writeIcs(events, out, site).then(() => out.end(), (error: unknown) => out.destroy(error as Error));
      return out;
    },
  }, headers);
}

export function registerIcalRoutes(registry: RouteRegistry<RestRequest>): void {
  registry.add(WPCAL_NAMESPACE, ICAL_FEED_PATH, [{ methods: ['GET'], args: FEED_ARGS, handler: feed }]);
}
