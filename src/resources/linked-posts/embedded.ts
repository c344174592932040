// Venues and organizers as events embed them (events.md §4.5), for a page of events at once.
import type { RestRequest } from '../../rest/context.ts';
import { ORGANIZER_DEFINITION } from '../organizers.ts';
import { VENUE_DEFINITION } from '../venues.ts';
import { presentLinked, type Representation } from './presenter.ts';

/** One venue → its object; none (or no longer a venue) → `[]`; several (PRO data) → an array. */
export type EmbeddedVenue = Representation | Representation[];

/** `linksByEvent`: event ID → its `_EventVenueID` values (as numbers, meta order). */
export async function presentEmbeddedVenue(
  req: RestRequest,
  linksByEvent: ReadonlyMap<number, readonly number[]>,
  withJsonLd: boolean,
): Promise<Map<number, EmbeddedVenue>> {
  const linked = await presentLinked(VENUE_DEFINITION, req, linksByEvent, withJsonLd);
  const out = new Map<number, EmbeddedVenue>();
  for (const [eventId, items] of linked) out.set(eventId, items.length === 1 ? items[0]! : items);
  return out;
}

/** `linksByEvent`: event ID → its `_EventOrganizerID` values; result: the `organizer` arrays. */
export async function presentEmbeddedOrganizers(
  req: RestRequest,
  linksByEvent: ReadonlyMap<number, readonly number[]>,
  withJsonLd: boolean,
): Promise<Map<number, Representation[]>> {
  return presentLinked(ORGANIZER_DEFINITION, req, linksByEvent, withJsonLd);
}
