// Every route wpcal serves, in WordPress's registration order.
import type { RestRequest } from '../rest/context.ts';
import { RouteRegistry } from '../rest/registry.ts';
import { registerDocRoute } from './doc.ts';
import { registerIcalRoutes } from './ical.ts';
import { registerEventRoutes } from '../resources/events/routes.ts';
import { registerCategoryRoutes } from '../resources/categories.ts';
import { registerTagRoutes } from '../resources/tags.ts';
import { registerVenueRoutes } from '../resources/venues.ts';
import { registerOrganizerRoutes } from '../resources/organizers.ts';
import { TEC_NAMESPACE, registerNamespaceIndex, registerRootIndex } from './indexes.ts';

export function buildRegistry(): RouteRegistry<RestRequest> {
  const registry = new RouteRegistry<RestRequest>();
  registerRootIndex(registry);
  registerNamespaceIndex(registry, TEC_NAMESPACE);
  registerDocRoute(registry);
  registerEventRoutes(registry);
  registerVenueRoutes(registry);
  registerOrganizerRoutes(registry);
  registerCategoryRoutes(registry);
  registerTagRoutes(registry);
  registerIcalRoutes(registry);
  return registry;
}
