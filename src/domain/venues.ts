// Venues (`tribe_venue`): the linked-post definition (venues-organizers.md).
import type { LinkedPostDefinition } from './linked-posts/definition.ts';
import { venueJsonLd } from './linked-posts/json-ld.ts';
import { VENUE_TYPE } from './post-types.ts';
import { __ } from '../i18n/phrase.ts';

export const VENUE_DEFINITION: LinkedPostDefinition = {
  postType: VENUE_TYPE,
  singular: 'venue',
  pluralLabel: 'Venues',
  linkMetaKey: '_EventVenueID',
  originMetaKey: '_VenueOrigin',
  descriptionMetaKey: '_VenueDescription',
  fields: [
    { name: 'address', metaKey: '_VenueAddress', description: 'The venue address', check: 'string_or_empty', searchable: true },
    { name: 'city', metaKey: '_VenueCity', description: 'The venue city', check: 'string_or_empty', searchable: true },
    { name: 'country', metaKey: '_VenueCountry', description: 'The venue country', check: 'string_or_empty', searchable: false },
    { name: 'province', metaKey: '_VenueProvince', description: 'The venue province', check: 'string_or_empty', searchable: true },
    { name: 'state', metaKey: '_VenueState', description: 'The venue state', check: 'string_or_empty', searchable: true },
    { name: 'zip', metaKey: '_VenueZip', description: 'The venue ZIP code', check: 'string_or_empty', searchable: true },
    { name: 'phone', metaKey: '_VenuePhone', description: 'The venue phone number', check: 'string_or_empty', searchable: true },
    { name: 'website', metaKey: '_VenueURL', description: 'The venue website URL', check: 'url_or_empty', searchable: false },
    { name: 'stateprovince', metaKey: '_VenueStateProvince', description: 'The venue state and province', check: 'string_or_empty', searchable: true },
  ],
  writeArgOrder: ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince', 'website'],
  venueRules: true,
  nullDefaultOnPostArgs: false,
  jsonLd: venueJsonLd,
  messages: {
    archiveNotFound: __('The requested venue archive page does not exist'),
    notAccessible: __('The requested venue is not accessible'),
    inTrash: __('The venue is already trashed'),
    notCreated: __('The venue could not be created from the provided data'),
  },
};
