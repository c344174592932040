// Every route wpcal serves, in WordPress's registration order.
import type { RestRequest } from './context.ts';
import { RouteRegistry } from './registry.ts';
import { registerDocRoute } from './doc/route.ts';
import { WPCAL_NAMESPACE, registerIcalRoutes } from './ical.ts';
import { registerEventRoutes } from './events/routes.ts';
import { registerLinkedPostRoutes } from './linked-posts/routes.ts';
import { registerTermRoutes } from './terms/routes.ts';
import { CATEGORIES, TAGS } from '../domain/terms/definition.ts';
import { VENUE_DEFINITION } from '../domain/venues.ts';
import { ORGANIZER_DEFINITION } from '../domain/organizers.ts';
import { registerNamespaceIndex, registerRootIndex } from './indexes.ts';
import { registerMediaRoutes } from './media/routes.ts';
import { TEC_NAMESPACE } from '../domain/urls.ts';

export function buildRegistry(): RouteRegistry<RestRequest> {
  const registry = new RouteRegistry<RestRequest>();
  registerRootIndex(registry);
  registerNamespaceIndex(registry, TEC_NAMESPACE);
  registerDocRoute(registry);
  registerEventRoutes(registry);
  registerLinkedPostRoutes(registry, VENUE_DEFINITION);
  registerLinkedPostRoutes(registry, ORGANIZER_DEFINITION);
  registerTermRoutes(registry, CATEGORIES);
  registerTermRoutes(registry, TAGS);
  registerNamespaceIndex(registry, WPCAL_NAMESPACE);
  registerIcalRoutes(registry);
  registerMediaRoutes(registry);
  return registry;
}
