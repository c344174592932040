// GET /events (events.md §3): filters, date window, pagination, the envelope and its URLs.
import { perTermsVersion, readVersions, type RestRequest } from '../context.ts';
import { RestError } from '../../domain/errors.ts';
import { respond, type Endpoint, type RestResult } from '../registry.ts';
import type { Reader } from '../../data/executor.ts';
import { metaRowsWithKeys } from '../../data/post-queries.ts';
import { DATE_BOUND_PARAMS, isStrictDates, listDateBounds, type DateBoundParam } from '../../time/event-dates.ts';
import { isUtcZone, localToUtc } from '../../time/zones.ts';
import { tecRestUrl } from '../../domain/urls.ts';
import { CATEGORIES, TAGS } from '../../domain/terms/definition.ts';
import { parseTermList, termFilterIds } from '../../domain/terms/lookup.ts';
import { LIST_ARGS, isPrivileged, listedStatuses, requestedStatuses } from './list-args.ts';
import { matchingPage, type ListFilters } from '../../domain/events/list-query.ts';
import { addQueryArgs, removeQueryArg, type QueryValue } from '../common/query-args.ts';
import { presentEventsById } from './present.ts';
import { totalsHeaders } from '../headers.ts';
import { __ } from '../../i18n/phrase.ts';

const DEFAULT_GEOLOC_RADIUS_KM = 50;
const EARTH_RADIUS_KM = 6371;

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Values of list arguments as the plugin writes them in URLs: arrays joined by commas. */
function joined(value: unknown): string | undefined {
  return Array.isArray(value) ? value.map(String).join(',') : scalar(value);
}

/** The client's value of a date argument (defaults left out: listDateBounds applies them). */
function suppliedDates(req: RestRequest): Partial<Record<DateBoundParam, string | number>> {
  const out: Partial<Record<DateBoundParam, string | number>> = {};
  for (const name of DATE_BOUND_PARAMS) {
    const value = req.params.get(name);
    if (req.supplied.has(name) && (typeof value === 'string' || typeof value === 'number')) out[name] = value;
  }
  return out;
}


interface GeoCenter {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** `geoloc_lat` + `geoloc_lng` (+ wpcal's optional `geoloc_radius`, km): the circle venues must be in. */
function geoCenter(req: RestRequest): GeoCenter | null {
  const lat = scalar(req.params.get('geoloc_lat'));
  const lng = scalar(req.params.get('geoloc_lng'));
  if (lat === undefined || lng === undefined) return null;
  // Checked by its argument (list-args.ts): a positive number when sent.
  const radius = req.params.get('geoloc_radius');
  return { lat: Number(lat), lng: Number(lng), radiusKm: radius === undefined ? DEFAULT_GEOLOC_RADIUS_KM : Number(radius) };
}

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Venues having both coordinates (`_VenueLat`, `_VenueLng`), within the circle when one is given. */
async function geolocatedVenueIds(db: Reader, center: GeoCenter | null): Promise<number[]> {
  const rows = await metaRowsWithKeys(db, ['_VenueLat', '_VenueLng']);
  const coordinates = new Map<number, { lat?: number; lng?: number }>();
  for (const row of rows) {
    const value = (row.meta_value ?? '').trim();
    if (value === '' || !Number.isFinite(Number(value))) continue;
    const entry = coordinates.get(Number(row.post_id)) ?? {};
    if (row.meta_key === '_VenueLat') entry.lat ??= Number(value);
    else entry.lng ??= Number(value);
    coordinates.set(Number(row.post_id), entry);
  }
  const ids: number[] = [];
  for (const [id, { lat, lng }] of coordinates) {
    if (lat === undefined || lng === undefined) continue;
    if (center && distanceKm(center.lat, center.lng, lat, lng) > center.radiusKm) continue;
    ids.push(id);
  }
  return ids;
}

function intersect(a: number[] | undefined, b: number[]): number[] {
  return a === undefined ? b : a.filter((id) => b.includes(id));
}

/** The filters of a list request (§3.3, §3.4), for list-query.ts. */
export async function buildFilters(req: RestRequest, bounds: Partial<Record<DateBoundParam, string>>): Promise<ListFilters> {
  const db = req.services.db.kysely;
  const { site } = req;
  const p = req.params;
  const siteMode = site.tec.tribe_events_timezone_mode === 'site';
  const compared: Partial<Record<DateBoundParam, string>> = {};
  for (const [name, bound] of Object.entries(bounds) as [DateBoundParam, string][]) {
    compared[name] = siteMode ? (localToUtc(bound, site.timezone) ?? bound) : bound;
  }
  const filters: ListFilters = {
    statuses: listedStatuses(req),
    bounds: compared,
    utcColumns: siteMode || isUtcZone(site.timezone),
    orderByUtc: siteMode,
    searchPublicOnly: req.user === null,
  };
  const search = p.get('search');
  if (typeof search === 'string') filters.search = search;
  const termIds = (def: typeof CATEGORIES, value: unknown) => perTermsVersion(req, `${def.taxonomy} filter ${JSON.stringify(value)}`, () => termFilterIds(db, def, value));
  if (p.has('categories')) filters.categoryTermTaxonomyIds = await termIds(CATEGORIES, p.get('categories'));
  if (p.has('tags')) filters.tagTermTaxonomyIds = await termIds(TAGS, p.get('tags'));
  if (p.has('venue')) filters.venueIds = (parseTermList(p.get('venue')) ?? []).map(Number);
  if (p.has('organizer')) filters.organizerIds = (parseTermList(p.get('organizer')) ?? []).map(Number);
  const center = geoCenter(req);
  if (p.get('geoloc') === true || center) {
    filters.venueIds = intersect(filters.venueIds, await geolocatedVenueIds(db, center));
  }
  const featured = p.get('featured');
  if (typeof featured === 'boolean') filters.featured = featured;
  const parent = p.get('post_parent');
  if (typeof parent === 'number') filters.postParent = parent;
  const include = p.get('include');
  if (Array.isArray(include)) filters.include = include.map(Number);
  return filters;
}

/** `rest_url` of §3.7: the first pass in fixed order, the encoding second pass for venue/organizer/featured. */
function listRestUrl(req: RestRequest, page: number, perPage: number, bounds: Partial<Record<DateBoundParam, string>>): string {
  const p = req.params;
  const geoloc = p.get('geoloc');
  const requested = requestedStatuses(p.get('status'));
  const status = requested ? requested.join(',') : (isPrivileged(req) ? 'any' : 'publish');
  const first: [string, QueryValue | undefined][] = [
    ['page', String(page)],
    ['per_page', String(perPage)],
    ['start_date', bounds.start_date],
    ['end_date', bounds.end_date],
    ['search', scalar(p.get('search'))],
    ['geoloc', geoloc === true ? '1' : undefined],
    ['geoloc_lat', scalar(p.get('geoloc_lat'))],
    ['geoloc_lng', scalar(p.get('geoloc_lng'))],
    ['status', status],
    ['post_parent', scalar(p.get('post_parent'))],
    ['include', joined(p.get('include'))],
    ['starts_before', bounds.starts_before],
    ['starts_after', bounds.starts_after],
    ['ends_before', bounds.ends_before],
    ['ends_after', bounds.ends_after],
  ];
  const present = (args: [string, QueryValue | undefined][]) => args.filter((a): a is [string, QueryValue] => a[1] !== undefined);
  const url = addQueryArgs(tecRestUrl(req.site, 'events/'), present(first));
  if (!['venue', 'organizer', 'featured'].some((name) => p.has(name))) return url;
  const featured = p.get('featured');
  return addQueryArgs(url, present([
    ['venue', joined(p.get('venue'))],
    ['organizer', joined(p.get('organizer'))],
    ['featured', featured === true ? '1' : featured === false ? false : undefined],
  ]));
}

/** The effective date bounds of a list request (§3.3). */
export function listBounds(req: RestRequest): Partial<Record<DateBoundParam, string>> {
  const { site } = req;
  return listDateBounds(suppliedDates(req), {
    strict: isStrictDates(scalar(req.params.get('strict_dates'))),
    siteTimezone: site.timezone,
    now: req.now,
    multiDayCutoff: site.multiDayCutoff,
    include: req.params.has('include'),
  });
}

async function listEvents(req: RestRequest): Promise<RestResult> {
  const page = Number(req.params.get('page'));
  const perPage = Number(req.params.get('per_page'));
  const bounds = listBounds(req);
  const filters = await buildFilters(req, bounds);
  const matched = await matchingPage(req.services.db, req.services.listedEvents, await readVersions(req), filters, perPage, (page - 1) * perPage);
  if (matched.ids.length === 0 && page > 1) {
    throw RestError.withStatus('event-archive-page-not-found', __('The requested event archive page does not exist'), 404);
  }
  const [total, events] = await Promise.all([
    matched.total,
    presentEventsById(req, matched.ids, { single: false, redactProtected: true }),
  ]);
  const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
  const restUrl = listRestUrl(req, page, perPage, bounds);
  const body: Record<string, unknown> = { events, rest_url: restUrl };
  if (total > page * perPage) body.next_rest_url = addQueryArgs(removeQueryArg(restUrl, 'page'), [['page', String(page + 1)]]);
  if (page > 1) {
    const withoutPage = removeQueryArg(restUrl, 'page');
    body.previous_rest_url = page > 2 ? addQueryArgs(withoutPage, [['page', String(page - 1)]]) : withoutPage;
  }
  body.total = total;
  body.total_pages = totalPages;
  return respond(body, 200, totalsHeaders(total, totalPages));
}

export const listEventsEndpoint: Endpoint<RestRequest> = {
  methods: ['GET'],
  args: LIST_ARGS,
  handler: listEvents,
};
