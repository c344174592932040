// Venues and organizers as events embed them (events.md §4.5), for a page of loaded events at once.
import type { RestRequest } from '../context.ts';
import type { StoredEvent } from '../../domain/events/read-model.ts';
import type { ImageObjectOf } from '../../domain/images.ts';
import { ORGANIZER_DEFINITION } from '../../domain/organizers.ts';
import { VENUE_DEFINITION } from '../../domain/venues.ts';
import type { ContentMedia } from '../../text/render.ts';
import { embeddedPresenter, type Representation } from './presenter.ts';

/** One venue → its object; none (or no longer a venue) → `[]`; several (PRO data) → an array. */
export type EmbeddedVenue = Representation | Representation[];

export interface EmbeddedLinks {
  venue: EmbeddedVenue;
  organizer: Representation[];
}

/** The `venue` and `organizer` of each event, in order; `media` holds what the linked posts' descriptions embed. */
export function presentEmbeddedLinks(
  req: RestRequest,
  events: readonly StoredEvent[],
  media: ContentMedia,
  imageOf: ImageObjectOf,
  withJsonLd: boolean,
): EmbeddedLinks[] {
  const venue = embeddedPresenter(VENUE_DEFINITION, req, media, imageOf, withJsonLd);
  const organizer = embeddedPresenter(ORGANIZER_DEFINITION, req, media, imageOf, withJsonLd);
  return events.map((event) => {
    const venues = event.venues.map(venue);
    return { venue: venues.length === 1 ? venues[0]! : venues, organizer: event.organizers.map(organizer) };
  });
}
