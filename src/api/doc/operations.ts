// What /doc says about each route (conventions.md §3): which registry endpoint supplies an
// operation's `parameters` and `requestBody`, and the documented responses (documentation only:
// they are not what the handlers answer). Arguments are never written here; /doc reads them
// from the registry.
import type { Method } from '../registry.ts';
import type { SchemaName } from './schemas.ts';

/** A registry endpoint: a route path under the namespace (default: the documented one) and a method. */
export interface EndpointRef {
  route?: string;
  method: Method;
}

export interface ResponseDoc {
  description: string;
  /** What a success returns: one object, or (with `list`, the array's title) several. */
  returns?: { schema: SchemaName; list?: string };
}

export type Responses = Record<number, ResponseDoc>;

export interface OperationDoc {
  parameters?: EndpointRef;
  requestBody?: EndpointRef;
  responses: Responses;
}

export type OperationMethod = 'get' | 'post' | 'delete';

export type PathDoc = Partial<Record<OperationMethod, OperationDoc>>;

const ID = '/(?P<id>\\d+)';
const SLUG = '/by-slug/(?P<slug>[^/]+)';

const BAD_QUERY = 'One or more of the specified query variables has a bad format';
const PAGE_NOT_FOUND = 'The requested page was not found.';
const BAD_INPUT = 'A required parameter is missing or an input parameter is in the wrong format';

/** A collection path: only `get`, documented with the list arguments. */
function collection(responses: Responses): PathDoc {
  return { get: { parameters: { method: 'GET' }, responses } };
}

/** A single-item path: `post` documents create and update, with the read arguments as parameters. */
function item(body: EndpointRef, responses: Record<OperationMethod, Responses>): PathDoc {
  return {
    get: { parameters: { method: 'GET' }, responses: responses.get },
    post: { parameters: { method: 'GET' }, requestBody: body, responses: responses.post },
    delete: { parameters: { method: 'DELETE' }, responses: responses.delete },
  };
}

const event = { schema: 'Event' } as const;
const eventItem = {
  get: {
    200: { description: 'Returns the data of the event with the specified post ID', returns: event },
    400: { description: 'The event post ID is missing.' },
    403: { description: 'The event with the specified ID is not accessible.' },
    404: { description: 'An event with the specified ID does not exist.' },
  },
  post: {
    200: { description: 'Returns the data of the updated event', returns: event },
    201: { description: 'Returns the data of the created event', returns: event },
    400: { description: BAD_INPUT },
    403: { description: 'The user is not authorized to create events' },
  },
  delete: {
    200: { description: 'Deletes an event and returns its data', returns: event },
    400: { description: 'The event post ID is missing or does not exist.' },
    403: { description: 'The current user cannot delete the event with the specified ID.' },
    410: { description: 'The event with the specified ID has been deleted already.' },
    500: { description: 'The event with the specified ID could not be deleted.' },
  },
};

const venue = { schema: 'Venue' } as const;
const venueItem = {
  get: {
    200: { description: 'Returns the data of the venue with the specified post ID', returns: venue },
    400: { description: 'The venue post ID is missing.' },
    403: { description: 'The venue with the specified ID is not accessible.' },
    404: { description: 'A venue with the specified post ID does not exist.' },
  },
  post: {
    200: { description: 'Returns the data of the updated venue', returns: venue },
    201: { description: 'Returns the data of the created venue', returns: venue },
    400: { description: BAD_INPUT },
    403: { description: 'The user is not authorized to create venues' },
  },
  delete: {
    200: { description: 'Deletes a venue and returns its data', returns: venue },
    400: { description: 'The venue post ID is missing or does not exist.' },
    403: { description: 'The current user cannot delete the venue with the specified ID.' },
    410: { description: 'The venue with the specified ID has been deleted already.' },
    500: { description: 'The venue with the specified ID could not be deleted.' },
  },
};

const organizer = { schema: 'Organizer' } as const;
const organizerItem = {
  get: {
    200: { description: 'Returns the data of the organizer with the specified post ID', returns: organizer },
    400: { description: 'The organizer post ID is missing.' },
    403: { description: 'The organizer with the specified ID is not accessible.' },
    404: { description: 'An organizer with the specified event does not exist.' },
  },
  post: {
    201: { description: 'Returns the data of the created organizer', returns: organizer },
    400: { description: BAD_INPUT },
    403: { description: 'The user is not authorized to create organizers' },
  },
  delete: {
    200: { description: 'Deletes an organizer and returns its data', returns: organizer },
    400: { description: 'The organizer post ID is missing or does not exist.' },
    403: { description: 'The current user cannot delete the organizer with the specified ID.' },
    410: { description: 'The organizer with the specified ID has been deleted already.' },
    500: { description: 'The organizer with the specified ID could not be deleted.' },
  },
};

const term = { schema: 'Term' } as const;

/** Keyed by registry route path under the namespace; /doc lists them in registry order. */
export const DOC_OPERATIONS: Record<string, PathDoc> = {
  '/doc': {
    get: {
      responses: {
        200: { description: 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.' },
      },
    },
  },
  '/events': collection({
    200: {
      description: 'Returns all the upcoming events matching the search criteria',
      returns: { ...event, list: 'events' },
    },
    400: { description: BAD_QUERY },
    404: { description: PAGE_NOT_FOUND },
  }),
  [`/events${ID}`]: item({ route: '/events', method: 'POST' }, eventItem),
  [`/events${SLUG}`]: item({ route: '/events', method: 'POST' }, eventItem),
  '/venues': collection({
    200: {
      description: 'Returns all the venues matching the search criteria',
      returns: { ...venue, list: 'venues' },
    },
    400: { description: BAD_QUERY },
    404: { description: PAGE_NOT_FOUND },
  }),
  [`/venues${ID}`]: item({ route: '/venues', method: 'POST' }, venueItem),
  [`/venues${SLUG}`]: item({ route: '/venues', method: 'POST' }, venueItem),
  '/organizers': collection({
    200: {
      description: 'Returns all the organizers matching the search criteria',
      returns: { ...organizer, list: 'organizers' },
    },
    400: { description: BAD_QUERY },
    404: { description: PAGE_NOT_FOUND },
  }),
  // Organizers and categories document their update arguments (identifier first) as the body.
  [`/organizers${ID}`]: item({ method: 'POST' }, organizerItem),
  [`/organizers${SLUG}`]: item({ method: 'POST' }, organizerItem),
  '/categories': collection({
    200: {
      description: 'Returns all the event categories matching the search criteria',
      returns: { ...term, list: 'categories' },
    },
    400: { description: BAD_QUERY },
    404: { description: PAGE_NOT_FOUND },
  }),
  [`/categories${ID}`]: item({ method: 'POST' }, {
    get: {
      200: { description: 'Returns the data of the event category with the specified term ID', returns: term },
      400: { description: 'The event category term ID is missing.' },
      404: { description: 'An event category with the specified term ID does not exist.' },
    },
    post: {
      200: { description: 'Returns the data of the updated event category', returns: term },
      201: { description: 'Returns the data of the created event category', returns: term },
      400: { description: BAD_INPUT },
      403: { description: 'The user is not authorized to create event categories' },
    },
    delete: {
      200: { description: 'Deletes an event category and returns its data', returns: term },
      400: { description: 'The event category term ID is missing or does not exist.' },
      403: { description: 'The current user cannot delete the event category with the specified term ID.' },
      410: { description: 'The event category with the specified term ID has been deleted already.' },
      500: { description: 'The event category with the specified term ID could not be deleted.' },
    },
  }),
  '/tags': collection({
    200: {
      description: 'Returns all the event tags matching the search criteria',
      returns: { ...term, list: 'tags' },
    },
    400: { description: BAD_QUERY },
    404: { description: 'No event tags match the query or the requested page was not found.' },
  }),
  [`/tags${ID}`]: item({ route: '/tags', method: 'POST' }, {
    get: {
      200: { description: 'Returns the data of the event tag with the specified term ID', returns: term },
      400: { description: 'The event tag term ID is missing.' },
      404: { description: 'An event tag with the specified term ID does not exist.' },
    },
    post: {
      200: { description: 'Returns the data of the updated event tag', returns: term },
      201: { description: 'Returns the data of the created event tag', returns: term },
      400: { description: BAD_INPUT },
      403: { description: 'The user is not authorized to create event tags' },
    },
    delete: {
      200: { description: 'Deletes an event tag and returns its data', returns: term },
      400: { description: 'The event tag term ID is missing or does not exist.' },
      403: { description: 'The current user cannot delete the event tag with the specified term ID.' },
      410: { description: 'The event tag with the specified term ID has been deleted already.' },
      500: { description: 'The event tag with the specified term ID could not be deleted.' },
    },
  }),
};
