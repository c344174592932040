// The three TEC post types and what differs between them.

export interface PostTypeDefinition {
  /** wp_posts.post_type */
  type: 'tribe_events' | 'tribe_venue' | 'tribe_organizer';
  /** Capability plural: edit_{plural}, publish_{plural}, … */
  plural: 'tribe_events' | 'tribe_venues' | 'tribe_organizers';
  /** REST collection under the namespace: /events, /venues, /organizers */
  restBase: 'events' | 'venues' | 'organizers';
  /** Default permalink base of single pages: /event/{slug}/ */
  permalinkBase: string;
  /** Whether the type supports revisions (TEC registers them for events only). */
  revisions: boolean;
}

export const EVENT_TYPE: PostTypeDefinition = {
  type: 'tribe_events', plural: 'tribe_events', restBase: 'events', permalinkBase: 'event', revisions: true,
};

export const VENUE_TYPE: PostTypeDefinition = {
  type: 'tribe_venue', plural: 'tribe_venues', restBase: 'venues', permalinkBase: 'venue', revisions: false,
};

export const ORGANIZER_TYPE: PostTypeDefinition = {
  type: 'tribe_organizer', plural: 'tribe_organizers', restBase: 'organizers', permalinkBase: 'organizer', revisions: false,
};

/** Statuses WordPress registers (core + TEC's Event Aggregator ones): events.md §3.2. */
export const REGISTERED_STATUSES = [
  'publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit',
  'request-pending', 'request-confirmed', 'request-failed', 'request-completed',
  'tribe-ea-success', 'tribe-ea-failed', 'tribe-ea-schedule', 'tribe-ea-pending', 'tribe-ea-draft', 'tribe-ignored',
] as const;

/** Statuses a privileged list shows by default: all but those excluded from search. */
export const LISTED_BY_DEFAULT = REGISTERED_STATUSES.filter((s) => s !== 'trash' && s !== 'auto-draft');

/** The origin the plugin marks the posts it creates with (`_EventOrigin`, `_VenueOrigin`, `_OrganizerOrigin`). */
export const TEC_ORIGIN = 'events-calendar';
