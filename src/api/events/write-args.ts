// The create/update arguments of events (events.md §6.1, §7.1), in declaration order, with the
// validate callbacks TEC registers (src/domain/values.ts, src/api/common/arg-validators.ts).
import type { ArgSpec, ArgSpecs } from '../args.ts';
import type { RestRequest } from '../context.ts';
import {
  isNonEmptyString, isPhpEmpty, isRegisteredStatus, isTime, isTimezoneOrEmpty, isUrlOrEmpty,
} from '../../domain/values.ts';
import { isUserId } from '../common/arg-validators.ts';
import { parseTermList } from '../../domain/terms/lookup.ts';

type Spec = ArgSpec<RestRequest>;

/** `categories`/`tags`: a scalar, a CSV string or a flat list (nested arrays are a 400, not a 500). */
function isTermList(value: unknown): boolean {
  return isPhpEmpty(value) || parseTermList(value) !== null;
}

/** The create arguments; `required` decides whether title/start_date/end_date are required. */
export function eventWriteArgs(required: boolean, extra: {
  image: Spec['validate'];
  venue: Spec['validate'];
  organizer: Spec['validate'];
}): ArgSpecs<RestRequest> {
  return {
    author: { type: 'integer', description: 'The event author ID', validate: isUserId },
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
