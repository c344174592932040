// The arguments of GET /events, declared as the namespace index shows them (sample 01),
// with the plugin's validators (events.md §3.1) and the status resolution of §3.2.
import { userCan } from '../../auth/capabilities.ts';
import { DynamicDefault, type ArgSpec, type ArgSpecs } from '../args.ts';
import { perDataVersion, perTermsVersion, type RestRequest } from '../context.ts';
import { RestError } from '../../domain/errors.ts';
import type { Reader } from '../../data/executor.ts';
import { existingPostIds } from '../../data/post-queries.ts';
import { defaultEndDate, defaultStartDate } from '../../time/event-dates.ts';
import { EVENT_TYPE, LISTED_BY_DEFAULT, ORGANIZER_TYPE, REGISTERED_STATUSES, VENUE_TYPE } from '../../domain/post-types.ts';
import { CATEGORIES, TAGS } from '../../domain/terms/definition.ts';
import { parseTermList, termsExist } from '../../domain/terms/lookup.ts';
import { isNonEmptyString, isNumeric, isPositiveInt, isTime, isTribeTruthy } from '../../domain/values.ts';
import { __ } from '../../i18n/phrase.ts';

export const MAX_PER_PAGE = 50;

/** The event post type's edit_posts: the user sees every status by default (§3.2). */
export function isPrivileged(req: RestRequest): boolean {
  return userCan(req.user, `edit_${EVENT_TYPE.plural}`);
}

/** A list of post IDs of one type (any status), every item numeric. */
async function postsOfType(db: Reader, type: string, value: unknown): Promise<boolean> {
  const items = parseTermList(value);
  if (!items?.length || !items.every((item) => /^\d+$/.test(item))) return false;
  const ids = [...new Set(items.map(Number))];
  return (await existingPostIds(db, ids, type)).length === ids.length;
}

/** The requested statuses, null when `status` was not sent or is not a list of strings. */
export function requestedStatuses(value: unknown): string[] | null {
  if (value === undefined) return null;
  return parseTermList(value);
}

function validStatus(value: unknown, req: RestRequest): boolean {
  const list = requestedStatuses(value);
  if (!list?.length) return false;
  if (!isPrivileged(req)) return list.length === 1 && list[0] === 'publish';
  return list.every((status) => (REGISTERED_STATUSES as readonly string[]).includes(status));
}

/** The statuses listed (§3.2): the request's, else everything listable (privileged) or publish. */
export function listedStatuses(req: RestRequest): string[] {
  return requestedStatuses(req.params.get('status')) ?? (isPrivileged(req) ? [...LISTED_BY_DEFAULT] : ['publish']);
}

/** `posts_per_page` from TEC's legacy option, else WordPress's, else 20. */
function defaultPerPage(req: RestRequest): unknown {
  const tec = req.site.tec.posts_per_page;
  if (tec !== undefined && tec !== null && tec !== '' && tec !== false) return tec;
  return req.site.postsPerPage !== '' ? req.site.postsPerPage : 20;
}

const dateArg = (description: string): ArgSpec<RestRequest> => ({ description, validate: isTime });

const listOf = (description: string, validate: ArgSpec<RestRequest>['validate']): ArgSpec<RestRequest> => ({
  description, items: { type: 'integer' }, validate, swaggerType: 'array', csv: true,
});

export const LIST_ARGS: ArgSpecs<RestRequest> = {
  page: { default: 1, description: 'The archive page to return', type: 'integer', validate: isPositiveInt },
  per_page: {
    default: new DynamicDefault(defaultPerPage),
    description: 'The number of events to return on each page',
    type: 'integer',
    validate: isPositiveInt,
    sanitize: (value) => Math.min(MAX_PER_PAGE, Math.trunc(Number(value))),
  },
  start_date: {
    default: new DynamicDefault((req: RestRequest) => defaultStartDate(req.now, req.site.timezone)),
    description: 'Events that start on the specified date',
    validate: isTime,
  },
  end_date: {
    default: new DynamicDefault((req: RestRequest) => defaultEndDate(req.now)),
    description: 'Events that end on the specified date',
    validate: isTime,
  },
  starts_before: dateArg('Events that start before the specified date'),
  starts_after: dateArg('Events that start after the specified date'),
  ends_before: dateArg('Events that end before the specified date'),
  ends_after: dateArg('Events that end after the specified date'),
  strict_dates: {
    default: 'false',
    description: 'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.',
    validate: isNonEmptyString,
  },
  search: { description: 'Events should contain the specified string in the title or description', type: 'string', validate: isNonEmptyString },
  categories: listOf('Events should be assigned one of the specified categories slugs or IDs',
    (value, req) => perTermsVersion(req, `categories exist ${JSON.stringify(value)}`, () => termsExist(req.services.db.kysely, CATEGORIES, value))),
  tags: listOf('Events should be assigned one of the specified tags slugs or IDs',
    (value, req) => perTermsVersion(req, `tags exist ${JSON.stringify(value)}`, () => termsExist(req.services.db.kysely, TAGS, value))),
  venue: listOf('Events should be assigned one of the specified venue IDs',
    (value, req) => perDataVersion(req, `venues exist ${JSON.stringify(value)}`, () => postsOfType(req.services.db.kysely, VENUE_TYPE.type, value))),
  organizer: listOf('Events should be assigned one of the specified organizer IDs',
    (value, req) => perDataVersion(req, `organizers exist ${JSON.stringify(value)}`, () => postsOfType(req.services.db.kysely, ORGANIZER_TYPE.type, value))),
  featured: { type: 'boolean', description: 'Events should be filtered by their featured status' },
  status: { format: 'string', description: 'The event post status', validate: validStatus },
  geoloc: { type: 'boolean', description: 'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data' },
  geoloc_lat: {
    format: 'double',
    description: 'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng',
    swaggerType: 'number',
    validate: (value) => isNumeric(value) && Math.abs(Number(value)) <= 90,
  },
  geoloc_lng: {
    format: 'double',
    description: 'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat',
    swaggerType: 'number',
    validate: (value) => isNumeric(value) && Math.abs(Number(value)) <= 180,
  },
  geoloc_radius: {
    format: 'double',
    description: 'wpcal: the radius around geoloc_lat and geoloc_lng venues must lie within, in kilometres (default 50)',
    swaggerType: 'number',
    validate: (value) => isNumeric(value) && Number(value) > 0,
  },
  include: {
    description: 'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.',
    items: { type: 'integer' },
    swaggerType: 'array',
    csv: true,
    validate: (value) => {
      const items = parseTermList(value);
      return items !== null && items.length > 0 && items.every(isPositiveInt);
    },
    sanitize: (value) => (parseTermList(value) ?? []).map(Number),
  },
  post_parent: {
    type: 'integer',
    description: 'Events should be filtered by their post_parent being the specified one.',
    validate: (value, req) => isPositiveInt(value) && postsOfType(req.services.db.kysely, EVENT_TYPE.type, value),
  },
  ticketed: {
    type: 'boolean',
    description: 'Filter events with or without tickets.',
    validate: (value) => !isTribeTruthy(value)
      || new RestError('event-tickets-not-active', __('Event Tickets plugin is not activated.'), { status: 400 }),
  },
};
