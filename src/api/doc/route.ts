// `GET /wp-json/tribe/events/v1/doc`: the OpenAPI 3.0.0 document (conventions.md §3). Paths follow
// the registry's route order and every parameter and request body is read from the registered
// arguments; only the prose (doc-schemas.ts, doc-operations.ts) is written by hand.
import type { ArgSpec, ArgSpecs } from '../args.ts';
import type { RestRequest } from '../context.ts';
import { respond, type RouteRegistry } from '../registry.ts';
import type { SiteSettings } from '../../site/settings.ts';
import { tecRestUrl } from '../../domain/urls.ts';
import { DOC_INFO, DOC_SCHEMAS, schemaRef } from './schemas.ts';
import { DOC_OPERATIONS, type EndpointRef, type OperationDoc, type Responses } from './operations.ts';
import { TEC_NAMESPACE } from '../../domain/urls.ts';
import { ENGLISH, type Translator } from '../../i18n/translator.ts';

type Registry = RouteRegistry<RestRequest>;
type Json = Record<string, unknown>;

const NAMESPACE_PREFIX = `/${TEC_NAMESPACE}`;

export function registerDocRoute(registry: Registry): void {
  registry.add(TEC_NAMESPACE, '/doc', [{
    methods: ['GET'],
    args: {},
    handler: async (request) => respond(buildDocument(registry, request.site, request.translator)),
  }]);
}

/** The whole document, for the site as it is configured now, its prose in the request's language. */
export function buildDocument(registry: Registry, site: SiteSettings, translator: Translator = ENGLISH): Json {
  return {
    openapi: '3.0.0',
    info: { ...translated(DOC_INFO, translator), title: translator.text(DOC_INFO.title) },
    components: { schemas: translated(DOC_SCHEMAS, translator) },
    servers: [{ url: serverUrl(site) }],
    paths: translated(documentPaths(registry), translator),
  };
}

/** Every `description` of the document translated; names, types and structure untouched. */
function translated<T>(value: T, translator: Translator): T {
  if (Array.isArray(value)) return value.map((item) => translated(item, translator)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [
    key,
    key === 'description' && typeof item === 'string' ? translator.text(item) : translated(item, translator),
  ])) as T;
}

/**
 * The TEC REST base as clients reach it: scheme, host, port and path of the site URL. (The plugin
 * writes `http://` and the host without its port, which points clients elsewhere.)
 */
function serverUrl(site: SiteSettings): string {
  return tecRestUrl(site, '');
}

function documentPaths(registry: Registry): Json {
  const paths: Json = {};
  for (const route of registry.routes) {
    if (route.namespace !== TEC_NAMESPACE) continue;
    const routePath = route.pattern.slice(NAMESPACE_PREFIX.length);
    const pathDoc = DOC_OPERATIONS[routePath];
    if (!pathDoc) continue;
    const item: Json = {};
    for (const [method, operation] of Object.entries(pathDoc)) {
      item[method] = documentOperation(registry, routePath, method, operation);
    }
    paths[documentationPath(routePath)] = item;
  }
  return paths;
}

/** `/events/(?P<id>\d+)` → `/events/{id}`. */
function documentationPath(routePath: string): string {
  return routePath.replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}');
}

function documentOperation(registry: Registry, routePath: string, method: string, operation: OperationDoc): Json {
  const out: Json = {};
  if (operation.parameters) {
    const defaultIn = method === 'post' ? 'body' : 'query';
    const inPath = new Set([...documentationPath(routePath).matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
    out.parameters = Object.entries(endpointArgs(registry, routePath, operation.parameters))
      .map(([name, spec]) => parameter(name, spec, defaultIn, inPath));
  }
  if (operation.requestBody) {
    const properties = Object.fromEntries(Object.entries(endpointArgs(registry, routePath, operation.requestBody))
      .map(([name, spec]) => [name, bodyProperty(spec)]));
    out.requestBody = { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } } };
  }
  out.responses = documentResponses(operation.responses);
  return out;
}

function endpointArgs(registry: Registry, routePath: string, ref: EndpointRef): ArgSpecs<RestRequest> {
  const pattern = `${NAMESPACE_PREFIX}${ref.route ?? routePath}`;
  const route = registry.routes.find((candidate) => candidate.pattern === pattern);
  const endpoint = route?.endpoints.find((candidate) => candidate.methods.includes(ref.method));
  if (!endpoint) throw new Error(`/doc documents ${ref.method} ${pattern}, which is not registered`);
  return endpoint.args;
}

const NO_DESCRIPTION = 'No description provided';

/** The documented type; TEC documents untyped arguments as strings. */
function swaggerType(spec: ArgSpec<RestRequest>): string {
  const type = spec.swaggerType ?? spec.type ?? 'string';
  return typeof type === 'string' ? type : type[0]!;
}

/**
 * An operation parameter. Only a name of the path template is `in: path`, and always required, as
 * OpenAPI has it (the plugin also declares `password` in the path of `/events/{id}`, which makes
 * its document invalid): other path-declared arguments are documented as query parameters.
 */
function parameter(name: string, spec: ArgSpec<RestRequest>, defaultIn: string, inPath: ReadonlySet<string>): Json {
  const schema: Json = { type: swaggerType(spec) };
  if (spec.items) schema.items = spec.items;
  const declared = spec.in ?? defaultIn;
  const location = declared === 'path' && !inPath.has(name) ? 'query' : declared;
  const out: Json = {
    in: location,
    schema,
    description: spec.description ?? NO_DESCRIPTION,
    required: location === 'path' ? true : spec.required ?? false,
    name,
  };
  // A CSV collection: the plugin's `explode: false` does not survive into the document.
  if (spec.csv) out.style = 'form';
  return out;
}

function bodyProperty(spec: ArgSpec<RestRequest>): Json {
  const out: Json = { description: spec.description ?? NO_DESCRIPTION, type: swaggerType(spec) };
  if (spec.items) out.items = spec.items;
  return out;
}

/**
 * A list answer as it is sent: `{ "<list>": [...], rest_url, total, total_pages }` (the plugin
 * documents a bare array).
 */
function listEnvelope(list: string, items: Json): Json {
  return {
    type: 'object',
    properties: {
      [list]: { title: list, type: 'array', items },
      rest_url: { type: 'string', description: 'This page of the list' },
      total: { type: 'integer', description: 'Items matching the request' },
      total_pages: { type: 'integer', description: 'Pages of items matching the request' },
    },
  };
}

function documentResponses(responses: Responses): Json {
  const out: Json = {};
  for (const [status, { description, returns }] of Object.entries(responses)) {
    if (!returns) {
      out[status] = { description };
      continue;
    }
    const ref = schemaRef(returns.schema);
    const schema = returns.list ? listEnvelope(returns.list, ref) : ref;
    out[status] = { description, content: { 'application/json': { schema } } };
  }
  return out;
}
