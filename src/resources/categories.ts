// Event categories (`tribe_events_cat`): the shared term routes over the category definition.
import type { RestRequest } from '../rest/context.ts';
import type { RouteRegistry } from '../rest/registry.ts';
import { CATEGORIES } from './terms/definition.ts';
import { registerTermRoutes } from './terms/routes.ts';

export { CATEGORIES };

export function registerCategoryRoutes(registry: RouteRegistry<RestRequest>): void {
  registerTermRoutes(registry, CATEGORIES);
}
