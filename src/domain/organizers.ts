// Organizers (`tribe_organizer`): the linked-post definition (venues-organizers.md).
import type { LinkedPostDefinition } from './linked-posts/definition.ts';
import { organizerJsonLd } from './linked-posts/json-ld.ts';
import { ORGANIZER_TYPE } from './post-types.ts';
import { __ } from '../i18n/phrase.ts';

export const ORGANIZER_DEFINITION: LinkedPostDefinition = {
  postType: ORGANIZER_TYPE,
  singular: 'organizer',
  pluralLabel: 'Organizers',
  linkMetaKey: '_EventOrganizerID',
  originMetaKey: '_OrganizerOrigin',
  descriptionMetaKey: '_OrganizerDescription',
  fields: [
    { name: 'phone', metaKey: '_OrganizerPhone', description: 'The organizer phone number', check: 'string_or_empty', searchable: true },
    { name: 'website', metaKey: '_OrganizerWebsite', description: 'The organizer website', check: 'url_or_empty', searchable: true },
    { name: 'email', metaKey: '_OrganizerEmail', description: 'The organizer e-mail address', check: 'string_or_empty', searchable: true },
  ],
  writeArgOrder: ['phone', 'website', 'email'],
  venueRules: false,
  nullDefaultOnPostArgs: true,
  jsonLd: organizerJsonLd,
  messages: {
    archiveNotFound: __('The requested organizer archive page does not exist'),
    notAccessible: __('The requested organizer is not accessible'),
    inTrash: __('The organizer is already trashed'),
    notCreated: __('The organizer could not be created from the provided data'),
  },
};
