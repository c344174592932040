// `rest_url`, `next_rest_url` and `previous_rest_url` of the venue / organizer lists (§4.6):
// `{api}/tribe/events/v1/{venues|organizers}/` plus page, per_page, event, has_events, status.
import type { RestRequest } from '../context.ts';
import { tecRestUrl } from '../../domain/urls.ts';
import { phpUrlencode } from '../../text/php.ts';
import type { LinkedPostDefinition } from '../../domain/linked-posts/definition.ts';

export interface ListUrls {
  at(page: number): string;
  /** `page` moved to the end. */
  next(page: number): string;
  /** `page` moved to the end, left out for page 1. */
  previous(page: number): string;
}


function scalar(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function listUrl(definition: LinkedPostDefinition, req: RestRequest, state: { page: number; perPage: number; statuses: string[] }): ListUrls {
  const base = tecRestUrl(req.site, `${definition.postType.restBase}/`);
  const rest: [string, string][] = [['per_page', String(state.perPage)]];
  const event = req.params.get('event');
  if (event !== undefined && event !== null) rest.push(['event', scalar(event)]);
  if (req.supplied.has('has_events')) rest.push(['has_events', scalar(req.params.get('has_events'))]);
  rest.push(['status', state.statuses.join(',')]);
  const build = (pairs: [string, string][]): string => {
    // Plain permalinks: `index.php?rest_route=/…` gets its value encoded once more parameters join it.
    const plain = /\?rest_route=(.*)$/.exec(base);
    const all: [string, string][] = plain ? [['rest_route', decodeURIComponent(plain[1]!)], ...pairs] : pairs;
    const prefix = plain ? base.slice(0, plain.index) : base;
    if (!all.length) return base;
    return `${prefix}?${all.map(([k, v]) => `${k}=${phpUrlencode(v)}`).join('&')}`;
  };
  return {
    at: (page) => build([['page', String(page)], ...rest]),
    next: (page) => build([...rest, ['page', String(page)]]),
    previous: (page) => build(page === 1 ? rest : [...rest, ['page', String(page)]]),
  };
}
