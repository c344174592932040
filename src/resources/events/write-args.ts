// The create/update arguments of events (events.md §6.1, §7.1), in declaration order, with the
// validate callbacks TEC registers. Values reach these callbacks raw: arrays, numbers, NUL bytes.
import type { ArgSpec, ArgSpecs } from '../../rest/args.ts';
import type { RestRequest } from '../../rest/context.ts';
import { isStrtotimeParseable } from '../../time/parse.ts';
import { isValidTimezone } from '../../time/zones.ts';
import { RestError } from '../../rest/errors.ts';
import { decodeEntities, sanitizeUrl, stripTags } from '../../text/sanitize.ts';
import { REGISTERED_STATUSES } from '../post-types.ts';
import { isUserId } from '../shared/post-writes.ts';
import { parseTermList } from '../terms/lookup.ts';

type Spec = ArgSpec<RestRequest>;

/** PHP empty() for a request value. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === '0' || value === 0
    || value === false || (Array.isArray(value) && value.length === 0);
}

/** Tribe validator is_string: a string that is not empty in PHP's sense. */
export function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && value !== '0';
}

/** Tribe validator is_time: numeric or strtotime-parseable. */
export function isTime(value: unknown): boolean {
  return (typeof value === 'string' || typeof value === 'number') && !hasNul(value) && isStrtotimeParseable(value);
}

function hasNul(value: string | number): boolean {
  return typeof value === 'string' && value.includes('\0');
}

function isExistingUser(value: unknown, req: RestRequest): Promise<boolean> {
  return isUserId(req.services.db.kysely, value);
}

export function isRegisteredStatus(value: unknown): boolean {
  return typeof value === 'string' && (REGISTERED_STATUSES as readonly string[]).includes(value);
}

/** Tribe validator is_timezone_or_empty. */
export function isTimezoneOrEmpty(value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  return typeof value === 'string' && !value.includes('\0') && isValidTimezone(value);
}

/** `categories`/`tags`: a scalar, a CSV string or a flat list (nested arrays are a 400, not a 500). */
function isTermList(value: unknown): boolean {
  return isEmptyValue(value) || parseTermList(value) !== null;
}

/** Tribe validator is_url_or_empty: empty, or what PHP FILTER_VALIDATE_URL accepts. */
export function isUrlOrEmpty(value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  if (typeof value !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return new URL(value).host !== '' || /^file:/i.test(value);
  } catch {
    return false;
  }
}


/** The create arguments; `required` decides whether title/start_date/end_date are required. */
export function eventWriteArgs(required: boolean, extra: {
  image: Spec['validate'];
  venue: Spec['validate'];
  organizer: Spec['validate'];
}): ArgSpecs<RestRequest> {
  return {
    author: { type: 'integer', description: 'The event author ID', validate: isExistingUser },
    date: { type: 'string', description: 'The event publication date', validate: isTime },
    date_utc: { type: 'string', description: 'The event publication date (UTC time zone)', validate: isTime },
    title: { type: 'string', description: 'The event title', required, validate: isNonEmptyString },
    description: { type: 'string', description: 'The event description', validate: isNonEmptyString },
    slug: { type: 'string', description: 'The event slug', validate: isNonEmptyString },
    excerpt: { type: 'string', description: 'The event excerpt', validate: isNonEmptyString },
    status: { type: 'string', description: 'The event post status', validate: isRegisteredStatus },
    timezone: { type: 'string', description: 'The event time zone', validate: isTimezoneOrEmpty },
    all_day: { default: false, type: 'boolean', description: 'Whether the event lasts the whole day or not' },
    start_date: { type: 'string', description: 'The event start date and time', required, validate: isTime },
    end_date: { type: 'string', description: 'The event end date and time', required, validate: isTime },
    image: { type: 'string', description: 'The event featured image ID or URL', validate: extra.image },
    cost: { description: 'The event cost' },
    website: { default: null, description: 'The event website URL', validate: isUrlOrEmpty },
    show_map: { type: 'boolean', description: 'Whether the event should show a map or not' },
    show_map_link: { type: 'boolean', description: 'Whether the event should show a map link or not' },
    hide_from_listings: { type: 'boolean', description: 'Whether events should be hidden in the calendar view or not' },
    sticky: { type: 'boolean', description: 'Whether the event should be sticky in the calendar view or not' },
    featured: { type: 'boolean', description: 'Whether the event should be featured on the site or not' },
    categories: { default: null, items: { type: 'integer' }, description: 'The event category ID or name', validate: isTermList, swaggerType: 'array' },
    tags: { default: null, items: { type: 'integer' }, description: 'The event tag ID or name', validate: isTermList, swaggerType: 'array' },
    venue: { default: null, items: { type: 'integer' }, description: 'The event venue IDs or data', validate: extra.venue, swaggerType: 'array' },
    organizer: { default: null, items: { type: 'integer' }, description: 'The event organizer IDs or data', validate: extra.organizer, swaggerType: 'array' },
  };
}

/** The 400 a handler answers for a value the validators could not judge alone (e.g. end before start). */
export function invalidParams(names: readonly string[]): RestError {
  return RestError.withStatus('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
    params: Object.fromEntries(names.map((name) => [name, 'Invalid parameter.'])),
    details: [],
  });
}

/** How TEC stores free text in meta: entities decoded, tags stripped. */
export function metaText(value: string): string {
  return stripTags(decodeEntities(value));
}

/** The `_EventCost` rows of a `cost` value: a string or number is one row, an array one row per entry. */
export function costEntries(value: unknown): string[] {
  const entries = Array.isArray(value) ? value
    : value !== null && typeof value === 'object' ? Object.values(value)
      : [value];
  return entries
    .filter((entry): entry is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof entry))
    .map((entry) => metaText(typeof entry === 'boolean' ? (entry ? '1' : '') : String(entry)));
}

/** `_EventURL`: the URL sanitised, then stored as meta text. */
export function websiteValue(value: unknown): string {
  return typeof value === 'string' ? metaText(sanitizeUrl(value)) : '';
}
