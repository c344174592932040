// Venues and organizers as events embed them (events.md §4.5), for a page of events at once.
import type { RestRequest } from '../context.ts';
import { ORGANIZER_DEFINITION } from '../../domain/organizers.ts';
import { VENUE_DEFINITION } from '../../domain/venues.ts';
import { presentLinked, type Representation } from './presenter.ts';

/** One venue → its object; none (or no longer a venue) → `[]`; several (PRO data) → an array. */
export type EmbeddedVenue = Representation | Representation[];

export interface EmbeddedLinks {
  venues: Map<number, EmbeddedVenue>;
  /** Event ID → its `organizer` array. */
  organizers: Map<number, Representation[]>;
}

/**
 * `venueLinks` / `organizerLinks`: event ID → its `_EventVenueID` / `_EventOrganizerID` values (as
 * numbers, meta order). Venues and organizers are read together.
 */
export async function presentEmbeddedLinks(
  req: RestRequest,
  venueLinks: ReadonlyMap<number, readonly number[]>,
  organizerLinks: ReadonlyMap<number, readonly number[]>,
  withJsonLd: boolean,
): Promise<EmbeddedLinks> {
  const [venues, organizers] = await presentLinked(req, [
    { definition: VENUE_DEFINITION, linksByEvent: venueLinks },
    { definition: ORGANIZER_DEFINITION, linksByEvent: organizerLinks },
  ], withJsonLd);
  const embeddedVenues = new Map<number, EmbeddedVenue>();
  for (const [eventId, items] of venues!) embeddedVenues.set(eventId, items.length === 1 ? items[0]! : items);
  return { venues: embeddedVenues, organizers: organizers! };
}
