// How the plugin reads the yes/no values it stores in meta: one reading for the JSON, the exports
// and the feed, so they never disagree about an event.
import { firstMeta, type PostMeta } from '../../data/posts.ts';
import { isTribeTruthy } from '../values.ts';

/** PHP truthiness of a stored string. */
function phpTruthy(value: string): boolean {
  return value !== '' && value !== '0';
}

/** PHP 8 `$value == 1` for a stored string. */
function looselyOne(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '' && Number(value) === 1;
}

/** A map flag: on unless stored and falsy (`$read($key) ?? true`). */
function mapFlag(value: string | undefined, truthy: (value: string) => boolean): boolean {
  return value === undefined ? true : truthy(value);
}

export interface EventFlags {
  allDay: boolean;
  featured: boolean;
  hideFromListings: boolean;
  showMap: boolean;
  showMapLink: boolean;
}

export function eventFlags(meta: PostMeta): EventFlags {
  return {
    allDay: isTribeTruthy(firstMeta(meta, '_EventAllDay')),
    featured: looselyOne(firstMeta(meta, '_tribe_featured')),
    hideFromListings: firstMeta(meta, '_EventHideFromUpcoming') === 'yes',
    showMap: mapFlag(firstMeta(meta, '_EventShowMap'), phpTruthy),
    showMapLink: mapFlag(firstMeta(meta, '_EventShowMapLink'), phpTruthy),
  };
}

/** A venue's map flags (tribe_is_truthy, unlike the event's). */
export function venueMapFlags(meta: PostMeta): { showMap: boolean; showMapLink: boolean } {
  return {
    showMap: mapFlag(firstMeta(meta, '_VenueShowMap'), isTribeTruthy),
    showMapLink: mapFlag(firstMeta(meta, '_VenueShowMapLink'), isTribeTruthy),
  };
}
