// Event tags (WordPress's `post_tag`): the shared term routes over the tag definition.
import type { RestRequest } from '../rest/context.ts';
import type { RouteRegistry } from '../rest/registry.ts';
import { TAGS } from './terms/definition.ts';
import { registerTermRoutes } from './terms/routes.ts';

export { TAGS };

export function registerTagRoutes(registry: RouteRegistry<RestRequest>): void {
  registerTermRoutes(registry, TAGS);
}
