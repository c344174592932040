// Organizers (`tribe_organizer`): the linked-post definition and its routes (venues-organizers.md).
import type { RestRequest } from '../rest/context.ts';
import type { RouteRegistry } from '../rest/registry.ts';
import type { LinkedPostDefinition } from './linked-posts/definition.ts';
import { organizerJsonLd } from './linked-posts/json-ld.ts';
import { registerLinkedPostRoutes } from './linked-posts/routes.ts';
import { ORGANIZER_TYPE } from './post-types.ts';

export const ORGANIZER_DEFINITION: LinkedPostDefinition = {
  postType: ORGANIZER_TYPE,
  singular: 'organizer',
  pluralLabel: 'Organizers',
  linkMetaKey: '_EventOrganizerID',
  fields: [
    { name: 'phone', metaKey: '_OrganizerPhone', description: 'The organizer phone number', check: 'string_or_empty', searchable: true },
    { name: 'website', metaKey: '_OrganizerWebsite', description: 'The organizer website', check: 'url_or_empty', searchable: true },
    { name: 'email', metaKey: '_OrganizerEmail', description: 'The organizer e-mail address', check: 'string_or_empty', searchable: true },
  ],
  writeArgOrder: ['phone', 'website', 'email'],
  venueRules: false,
  nullDefaultOnPostArgs: true,
  jsonLd: organizerJsonLd,
};

export function registerOrganizerRoutes(registry: RouteRegistry<RestRequest>): void {
  registerLinkedPostRoutes(registry, ORGANIZER_DEFINITION);
}
