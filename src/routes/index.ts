// Every route wpcal serves, in WordPress's registration order.
import type { RestRequest } from '../rest/context.ts';
import { RouteRegistry } from '../rest/registry.ts';
import { TEC_NAMESPACE, registerNamespaceIndex, registerRootIndex } from './indexes.ts';

export function buildRegistry(): RouteRegistry<RestRequest> {
  const registry = new RouteRegistry<RestRequest>();
  registerRootIndex(registry);
  registerNamespaceIndex(registry, TEC_NAMESPACE);
  return registry;
}
