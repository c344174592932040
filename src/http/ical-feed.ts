// The plugin's front-end iCalendar feed, `/events/?ical=1` and `/?post_type=tribe_events&ical=1`:
// answered by the REST feed route (src/api/ical.ts) with the request's query as its arguments.
import { ICAL_FEED_PATH, WPCAL_NAMESPACE } from '../api/ical.ts';

// The events archive (TEC's default `events` slug) and its list view.
const ARCHIVE_PATH = /^\/events(?:\/list)?\/?$/;

/** The REST route that answers a front-end `ical` request, or null when `path` is not one. */
export function icalFeedRoute(path: string, query: Record<string, unknown>): string | null {
  if (query.ical === undefined) return null;
  const home = path === '/' || path === '/index.php';
  if (ARCHIVE_PATH.test(path) || (home && query.post_type === 'tribe_events')) return `/${WPCAL_NAMESPACE}${ICAL_FEED_PATH}`;
  return null;
}
