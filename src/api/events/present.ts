// The event object (events.md §4), built for a whole page at once from the events' read model
// (domain/events/read-model.ts), then what the descriptions of the events and of their venues and
// organizers embed (oEmbed caches, images' metadata): a constant number of queries whatever the
// number of events.
import { userCanPost } from '../../auth/capabilities.ts';
import type { PostRow } from '../../data/tables.ts';
import type { PhpValue } from '../../php/serialize.ts';
import type { RestRequest } from '../context.ts';
import { firstMeta, type PostMeta } from '../../data/posts.ts';
import { costValues, formatCost } from '../../text/cost.ts';
import { renderContent, renderExcerpt, renderTitle } from '../../text/render.ts';
import { escHtml } from '../../text/sanitize.ts';
import { dateDetails } from '../../time/parse.ts';
import { EVENT_TYPE } from '../../domain/post-types.ts';
import { presentEmbeddedLinks } from '../linked-posts/embedded.ts';
import { imageObjects, type ImageObject } from '../../domain/images.ts';
import { globalId, permalink, tecRestUrl } from '../../domain/urls.ts';
import { loadContentMedia } from '../../domain/content-media.ts';
import { presentEmbeddedTerms } from '../terms/presenter.ts';
import { eventJsonLd, freeCost, jsonLdAvailable } from './json-ld.ts';
import { canSeeProtected, redactProtected } from './password.ts';
import { postColumns } from '../../domain/post-fields.ts';
import { isTribeTruthy } from '../../domain/values.ts';
import { eventFlags } from '../../domain/events/stored-flags.ts';
import { loadStoredEvents, loadStoredEventsByIds, representationSources, type StoredEvent } from '../../domain/events/read-model.ts';
import type { BuildStart, EventRepresentationCache, RepresentationSources } from '../../domain/events/representation-cache.ts';
import { EncodedJson } from '../../php/json-encode.ts';

export interface PresentOptions {
  /** Single-read routes: adds `json_ld` (to the event and its venue/organizers). */
  single: boolean;
  /** Lists: protected events the request did not unlock are redacted (§4.7). */
  redactProtected?: boolean;
}

/** The configured additional fields (TEC option `custom-fields`) with a value on this event. */
function customFields(fields: PhpValue | undefined, meta: PostMeta): Record<string, unknown> | never[] {
  const out: Record<string, unknown> = {};
  const list = fields && typeof fields === 'object' ? Object.values(fields) : [];
  for (const field of list) {
    if (!field || typeof field !== 'object' || Array.isArray(field)) continue;
    const name = typeof field.name === 'string' ? field.name : '';
    const value = name === '' ? undefined : firstMeta(meta, name);
    if (value === undefined || value === '' || value === '0') continue;
    out[name] = { label: typeof field.label === 'string' ? field.label : '', value };
  }
  return Object.keys(out).length ? out : [];
}

function dates(meta: PostMeta): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const pairs = [
    ['start_date', '_EventStartDate'], ['end_date', '_EventEndDate'],
    ['utc_start_date', '_EventStartDateUTC'], ['utc_end_date', '_EventEndDateUTC'],
  ] as const;
  for (const [key, metaKey] of pairs) {
    const value = firstMeta(meta, metaKey) ?? null;
    out[key] = value;
    out[`${key}_details`] = dateDetails(value);
  }
  return out;
}

function canRead(req: RestRequest, post: PostRow): boolean {
  return userCanPost('read_post', req.user, { post_author: Number(post.post_author), post_status: post.post_status }, EVENT_TYPE.plural);
}

/** No `password`: of the request, only its reader, language and context change the representation. */
function isReusable(req: RestRequest): boolean {
  return !req.params.has('password');
}

/**
 * Whose kept representations a request shares: every anonymous reader's, or those built for the
 * same user holding the same capabilities (what a user may read shows in an event's links,
 * permalinks and JSON-LD).
 */
const readerOf = (req: RestRequest): string => (req.user === null ? '' : `user ${req.user.readerKey}:`);

/** Where the reader's representations are kept: signed-in users' apart from anonymous ones, so that neither crowds the other out. */
const representationsOf = (req: RestRequest): EventRepresentationCache => (req.user === null ? req.services.eventRepresentations : req.services.userEventRepresentations);

/**
 * An event's JSON: built for this request, or the encoding of one kept for its reader. Kept ones
 * live in the services' EventRepresentationCache, which drops each when something it was built
 * from is written (so a kept one is rebuilt from rows read again, not from `posts`, which may be older).
 */
export type Representation = Record<string, unknown> | EncodedJson;

export async function presentEvents(req: RestRequest, posts: readonly PostRow[], options: PresentOptions): Promise<Representation[]> {
  if (!isReusable(req)) return (await buildEvents(req, await loadStoredEvents(req.services.db.kysely, posts), options)).map(({ event }) => event);
  return presentReusing(req, posts.map((post) => Number(post.ID)), options);
}

/** The representations of the events of these IDs that exist, in order; rows are read only for those not kept. */
export async function presentEventsById(req: RestRequest, ids: readonly number[], options: PresentOptions): Promise<Representation[]> {
  if (!isReusable(req)) return (await buildEventsById(req, ids, options)).map(({ event }) => event);
  return presentReusing(req, ids, options);
}

/**
 * The events of these IDs that exist (posts of any type: the caller checks), each with its row and
 * the representation built for this request: rows, meta and terms (and the posts of `expectedLinks`) read in one packet.
 */
export async function buildEventsById(req: RestRequest, ids: readonly number[], options: PresentOptions, expectedLinks: readonly number[] = []): Promise<Array<{ post: PostRow; event: Record<string, unknown> }>> {
  const stored = await loadStoredEventsByIds(req.services.db.kysely, ids, expectedLinks);
  return (await buildEvents(req, stored, options)).map(({ event }, i) => ({ post: stored[i]!.post, event }));
}

async function presentReusing(req: RestRequest, ids: readonly number[], options: PresentOptions): Promise<Representation[]> {
  // Built from post tables, the settings object and the reader (key): kept through other tables' changes.
  const outside = await req.postsOutsideVersion;
  const cache = representationsOf(req);
  const start = outside === null ? null : cache.begin(outside);
  // `context=edit` shows protected content to the reader who may edit it (common/protected.ts).
  const edit = req.params.get('context') === 'edit' ? ',edit' : '';
  const mode = `${readerOf(req)}${req.translator.locale}:${options.single ? 'single' : 'list'}${options.redactProtected ? ',redacted' : ''}${edit}:`;
  const found: Array<EncodedJson | undefined> = ids.map((id) => (outside === null ? undefined : cache.get(req.site, mode + id, outside)));
  if (start) {
    // Past a sweep alone, what was kept before it answers while it is built again behind the answer.
    const behind: number[] = [];
    for (const [i, id] of ids.entries()) {
      if (found[i] !== undefined) continue;
      found[i] = cache.keptBeforeSweep(req.site, mode + id, start.outside);
      if (found[i] !== undefined) behind.push(id);
    }
    buildBehind(req, behind, options, cache, mode, start);
  }
  const missing = ids.filter((_, i) => found[i] === undefined);
  if (!missing.length) return found as EncodedJson[];
  // Events another request is building (concurrent pages share most of their events) are waited for, not built twice.
  const others = new Map<number, Promise<EncodedJson | undefined>>();
  for (const id of missing) {
    const pending = outside === null ? undefined : cache.building(req.site, mode + id, outside);
    if (pending) others.set(id, pending);
  }
  const own = missing.filter((id) => !others.has(id));
  const building = own.length ? buildEncoded(req, own, options, cache, mode, start) : Promise.resolve(new Map<number, EncodedJson>());
  if (start) for (const id of own) cache.startBuilding(req.site, mode + id, start, building.then((built) => built.get(id)));
  const built = await building;
  for (const [id, pending] of others) {
    const event = await pending;
    if (event) built.set(id, event);
  }
  return ids.map((id, i) => found[i] ?? built.get(id)).filter((event) => event !== undefined);
}

/**
 * Builds behind answers run one at a time, each followed by a pause so that they take this share
 * of the time at most: they rebuild a calendar's working set after a sweep (7,000 events at
 * 100,000, seconds of CPU here and in the database), and requests keep the rest. What is left
 * answers from before the sweep again until a later request builds it.
 */
const BUILD_BEHIND_SHARE = 0.25;

/** Builds again, without waiting, the representations of these events that no other request is building. */
function buildBehind(req: RestRequest, ids: readonly number[], options: PresentOptions, cache: EventRepresentationCache, mode: string, start: BuildStart): void {
  const began = performance.now();
  if (cache.behind.running || began < cache.behind.nextAt) return;
  const own = ids.filter((id) => !cache.building(req.site, mode + id, start.outside));
  if (!own.length) return;
  cache.behind.running = true;
  const building = buildEncoded(req, own, options, cache, mode, start);
  for (const id of own) cache.startBuilding(req.site, mode + id, start, building.then((built) => built.get(id)));
  // Its answer went out: a failure leaves the representations of before until a later request
  // (one that waits for this build, its own kept one gone meanwhile, fails with it, as with any build shared).
  building.catch(() => undefined).finally(() => {
    const ended = performance.now();
    cache.behind = { running: false, nextAt: ended + (ended - began) * (1 / BUILD_BEHIND_SHARE - 1) };
  });
}

/** The encodings of the events of these IDs that exist, each kept (with what it was built from) when `start` allows. */
async function buildEncoded(
  req: RestRequest, ids: readonly number[], options: PresentOptions, cache: EventRepresentationCache, mode: string, start: BuildStart | null,
): Promise<Map<number, EncodedJson>> {
  const built = new Map<number, EncodedJson>();
  const kept = start ? { cache: req.services.linkedPosts, site: req.site, outside: start.outside } : undefined;
  for (const { event, sources } of await buildEvents(req, await loadStoredEventsByIds(req.services.db.kysely, ids, [], kept), options)) {
    const id = Number(event.id);
    const encoded = EncodedJson.of(event);
    built.set(id, encoded);
    if (start) cache.set(req.site, mode + id, start, encoded, sources);
  }
  return built;
}

async function buildEvents(req: RestRequest, events: readonly StoredEvent[], options: PresentOptions): Promise<Array<{ event: Record<string, unknown>; sources: RepresentationSources }>> {
  const db = req.services.db.kysely;
  const { site } = req;
  const posts = events.map((event) => event.post);
  const linked = events.flatMap((event) => [...event.venues, ...event.organizers]).map((post) => post.post);
  const media = await loadContentMedia(db, site, [...posts, ...linked]);
  const imageOf = imageObjects(site);
  const links = presentEmbeddedLinks(req, events, media, imageOf, options.single);

  return events.map((stored, i) => {
    const { post, meta: eventMeta, terms, image: attachment } = stored;
    const id = Number(post.ID);
    const url = permalink(site, EVENT_TYPE, post, canRead(req, post));
    const image: ImageObject | false = imageOf(attachment) ?? false;
    const costs = eventMeta.get('_EventCost') ?? [];
    const symbol = firstMeta(eventMeta, '_EventCurrencySymbol') ?? '';
    const position = firstMeta(eventMeta, '_EventCurrencyPosition') ?? '';
    const cost = formatCost(costs, {
      symbol,
      position,
      defaultSymbol: typeof site.tec.defaultCurrencySymbol === 'string' && site.tec.defaultCurrencySymbol !== '' ? site.tec.defaultCurrencySymbol : '$',
      reverseDefault: isTribeTruthy(String(site.tec.reverseCurrencyPosition ?? '')),
      free: freeCost(req),
    });
    const website = eventMeta.has('_EventURL') ? escHtml(firstMeta(eventMeta, '_EventURL') ?? '') : url;
    const flags = eventFlags(eventMeta);
    const { venue, organizer: organizers } = links[i]!;
    const event: Record<string, unknown> = {
      id,
      global_id: globalId(site, id),
      global_id_lineage: [globalId(site, id), ...(eventMeta.get('_tribe_aggregator_global_id_lineage') ?? [])],
      ...postColumns(post),
      url,
      rest_url: tecRestUrl(site, `events/${id}`),
      title: renderTitle(post.post_title),
      description: renderContent(post.post_content, media),
      excerpt: renderExcerpt(post.post_excerpt, media),
      slug: post.post_name,
      image,
      all_day: flags.allDay,
      ...dates(eventMeta),
      timezone: firstMeta(eventMeta, '_EventTimezone') ?? '',
      timezone_abbr: firstMeta(eventMeta, '_EventTimezoneAbbr') ?? '',
      cost,
      cost_details: {
        currency_symbol: symbol,
        currency_code: firstMeta(eventMeta, '_EventCurrencyCode') ?? '',
        currency_position: position,
        values: costValues(costs),
      },
      website,
      show_map: flags.showMap,
      show_map_link: flags.showMapLink,
      hide_from_listings: flags.hideFromListings,
      sticky: Number(post.menu_order) === -1,
      featured: flags.featured,
      ...presentEmbeddedTerms(site, terms),
      venue,
      organizer: organizers,
      custom_fields: customFields(site.tec['custom-fields'], eventMeta),
    };
    if (options.single && jsonLdAvailable(req, post)) {
      event.json_ld = eventJsonLd(req, {
        post,
        meta: eventMeta,
        url,
        cost,
        imageUrl: image && typeof image.url === 'string' ? image.url : null,
        // A linked venue the reader gets no JSON-LD of is `false` (samples 60, 69); no venue, no key.
        location: jsonLdOf(Array.isArray(venue) ? venue[0] : venue) ?? (Array.isArray(venue) && venue.length === 0 ? undefined : false),
        organizer: jsonLdOf(organizers[0]) ?? (organizers.length === 0 ? undefined : false),
      });
    }
    return {
      event: options.redactProtected && !canSeeProtected(req, post) ? redactProtected(event) : event,
      sources: representationSources(stored),
    };
  });
}

function jsonLdOf(embedded: unknown): unknown {
  return embedded && typeof embedded === 'object' && 'json_ld' in embedded ? embedded.json_ld : undefined;
}

