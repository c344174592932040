// The schema.org `Event` of the single-read routes (events.md §4.8).
import type { PostRow } from '../../data/tables.ts';
import type { RestRequest } from '../context.ts';
import { firstMeta, type PostMeta } from '../../data/posts.ts';
import { renderTitle } from '../../text/render.ts';
import { jsEscape } from '../../text/sanitize.ts';
import { parseDbDatetime } from '../../time/wall.ts';
import { utcToLocal } from '../../time/zones.ts';
import { jsonLdTeaser, shownTitle } from '../../domain/json-ld.ts';
import { __ } from '../../i18n/phrase.ts';

/** The cost text of a zero cost, as the plugin's catalogs have it. */
export const freeCost = (req: RestRequest): string => req.translator.phrase(__('Free'));

export interface EventJsonLdInput {
  post: PostRow;
  meta: PostMeta;
  url: string;
  /** The formatted `cost` of the event object. */
  cost: string;
  imageUrl: string | null;
  /** The embedded venue's and first organizer's own `json_ld` (a Place / a Person), when present. */
  location: unknown;
  organizer: unknown;
}

/** Whether the builder produces data for this reader: never for protected events. */
export function jsonLdAvailable(req: RestRequest, post: PostRow): boolean {
  if (post.post_password !== '') return false;
  if (req.user === null) return post.post_status === 'publish';
  if (post.post_status === 'private') return req.user.can('read_private_posts') || req.user.can('read_private_tribe_events');
  return req.user.can('read');
}

/** `2026-12-10T19:00:00+02:00`: the local time with the offset its UTC twin implies. */
function isoWithOffset(local: string | undefined, utc: string | undefined): string | null {
  const wall = local === undefined ? null : parseDbDatetime(local);
  const instant = utc === undefined ? null : parseDbDatetime(utc);
  if (wall === null || instant === null || local === undefined) return null;
  const minutes = Math.round((wall - instant) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local.replace(' ', 'T')}${offset}`;
}

/** In the event's zone, or in the site's in TEC's `site` timezone mode. */
function isoDate(req: RestRequest, local: string | undefined, utc: string | undefined): string | null {
  if (req.site.tec.tribe_events_timezone_mode !== 'site' || utc === undefined) return isoWithOffset(local, utc);
  return isoWithOffset(utcToLocal(utc, req.site.timezone) ?? local, utc);
}

const EVENT_STATUSES: Readonly<Record<string, string>> = {
  canceled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
};

function offer(req: RestRequest, input: EventJsonLdInput): Record<string, unknown> | null {
  if (input.cost === '') return null;
  const symbol = firstMeta(input.meta, '_EventCurrencySymbol') || String(req.site.tec.defaultCurrencySymbol ?? '') || '$';
  const price = input.cost === freeCost(req) ? '0' : input.cost.replaceAll(symbol, '');
  const currency = firstMeta(input.meta, '_EventCurrencyCode') || String(req.site.tec.defaultCurrencyCode ?? '') || 'USD';
  return {
    '@type': 'Offer',
    price,
    priceCurrency: currency,
    url: input.url,
    category: 'primary',
    availability: 'inStock',
    validFrom: `${input.post.post_date.slice(0, 10)}T00:00:00+00:00`,
  };
}

/**
 * The event's link as TEC writes it into JSON-LD: on a site with pretty permalinks, for an event
 * not publicly viewable, whose link is the `?post_type=…&p=ID` form, TEC trails a slash that gets
 * encoded, then another one (`…&p=2464%2F/`, sample 68). Other links are written as they are.
 */
function jsonLdLink(url: string, prettyPermalinks: boolean): string {
  return prettyPermalinks && /\?post_type=[^&]+&p=\d+$/.test(url) ? `${url}%2F/` : url;
}

export function eventJsonLd(req: RestRequest, input: EventJsonLdInput): Record<string, unknown> {
  const { post, meta } = input;
  const title = shownTitle(post);
  const ld: Record<string, unknown> = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: jsEscape(renderTitle(title)),
    description: jsEscape(jsonLdTeaser(post)),
  };
  if (input.imageUrl) ld.image = input.imageUrl;
  ld.url = jsonLdLink(input.url, req.site.prettyPermalinks);
  ld.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  ld.eventStatus = EVENT_STATUSES[firstMeta(meta, '_tribe_events_status') ?? ''] ?? 'https://schema.org/EventScheduled';
  ld.startDate = isoDate(req, firstMeta(meta, '_EventStartDate'), firstMeta(meta, '_EventStartDateUTC'));
  ld.endDate = isoDate(req, firstMeta(meta, '_EventEndDate'), firstMeta(meta, '_EventEndDateUTC'));
  if (input.location !== undefined) ld.location = input.location;
  if (input.organizer !== undefined) ld.organizer = input.organizer;
  const offers = offer(req, input);
  if (offers) ld.offers = offers;
  ld.performer = 'Organization';
  return ld;
}
