// The three events routes, endpoints in the plugin's registration order (sample 01).
import type { RestRequest } from '../context.ts';
import type { RouteRegistry } from '../registry.ts';
import { TEC_NAMESPACE } from '../../domain/urls.ts';
import { listEventsEndpoint } from './list.ts';
import { readEventBySlugEndpoint, readEventEndpoint } from './read.ts';
import { createEventEndpoint, deleteEventEndpoint, updateEventEndpoint } from './write-endpoints.ts';

export function registerEventRoutes(registry: RouteRegistry<RestRequest>): void {
  registry.add(TEC_NAMESPACE, '/events', [listEventsEndpoint, createEventEndpoint]);
  registry.add(TEC_NAMESPACE, '/events/(?P<id>\\d+)', [readEventEndpoint, deleteEventEndpoint(false), updateEventEndpoint(false)]);
  registry.add(TEC_NAMESPACE, '/events/by-slug/(?P<slug>[^/]+)', [readEventBySlugEndpoint, deleteEventEndpoint(true), updateEventEndpoint(true)]);
}
