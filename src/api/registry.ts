// The single source of truth for every route: pattern, methods, argument schema, permission
// check and handler. Dispatch, the indexes, OPTIONS answers and /doc are all derived from it.
import { type ArgSpecs, describeArg } from './args.ts';
import type { RestError } from '../domain/errors.ts';
import type { Translator } from '../i18n/translator.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-JSON body: `open` is called only when the body is actually sent (not for HEAD). */
export interface RawBody {
  contentType: string;
  open: () => string | NodeJS.ReadableStream;
}

export interface RestResult {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** Sent instead of `body`, as is: no JSON encoding, `_fields`, `_envelope` or JSONP. */
  raw?: RawBody;
}

export function respond(body: unknown, status = 200, headers: Record<string, string> = {}): RestResult {
  return { status, body, headers };
}

export function respondRaw(raw: RawBody, headers: Record<string, string> = {}, status = 200): RestResult {
  return { status, body: null, headers, raw };
}

export type PermissionOutcome = boolean | RestError;

export interface Endpoint<C> {
  methods: Method[];
  args: ArgSpecs<C>;
  /** permission_callback; absent means public. */
  permission?: (context: C) => PermissionOutcome | Promise<PermissionOutcome>;
  handler: (context: C) => Promise<RestResult>;
  /** The body may be a file (raw, or a multipart `file` part): the HTTP layer reads it as bytes. */
  takesUpload?: boolean;
}

export interface Route<C> {
  namespace: string;
  /** Full pattern as WordPress shows it, e.g. `/tribe/events/v1/events/(?P<id>\d+)`. */
  pattern: string;
  endpoints: Endpoint<C>[];
  regex: RegExp;
}

export interface RouteMatch<C> {
  route: Route<C>;
  endpoint: Endpoint<C>;
  captures: Record<string, string>;
}

function compilePattern(pattern: string): RegExp {
  // PHP's named groups (?P<name>…) are JavaScript's (?<name>…); WordPress matches case-insensitively.
  return new RegExp(`^${pattern.replace(/\(\?P</g, '(?<')}$`, 'i');
}

export class RouteRegistry<C> {
  readonly #routes: Route<C>[] = [];

  add(namespace: string, path: string, endpoints: Endpoint<C>[]): void {
    const pattern = namespace ? `/${namespace}${path === '/' ? '' : path}` : path;
    this.#routes.push({ namespace, pattern, endpoints, regex: compilePattern(pattern) });
  }

  get routes(): readonly Route<C>[] {
    return this.#routes;
  }

  namespaces(): string[] {
    return [...new Set(this.#routes.map((r) => r.namespace).filter(Boolean))];
  }

  /** The first route whose pattern matches (for OPTIONS and the Allow header). */
  findRoute(path: string): { route: Route<C>; captures: Record<string, string> } | null {
    for (const route of this.#routes) {
      const m = route.regex.exec(path);
      if (m) return { route, captures: { ...m.groups } };
    }
    return null;
  }

  /** The first route matching the path that has a handler for the method (HEAD uses GET). */
  match(path: string, method: string): RouteMatch<C> | null {
    const wanted = method === 'HEAD' ? 'GET' : method;
    for (const route of this.#routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      const endpoint = route.endpoints.find((e) => (e.methods as string[]).includes(wanted));
      if (endpoint) return { route, endpoint, captures: { ...m.groups } };
    }
    return null;
  }

  /** The route description shared by the indexes and OPTIONS (conventions.md §2.1). */
  describe(route: Route<C>, context: unknown, apiRoot: string, translator: Translator): Record<string, unknown> {
    const description: Record<string, unknown> = {
      namespace: route.namespace,
      methods: route.endpoints.flatMap((e) => e.methods),
      endpoints: route.endpoints.map((e) => {
        const args = Object.entries(e.args);
        return {
          methods: e.methods,
          args: args.length ? Object.fromEntries(args.map(([name, spec]) => [name, describeArg(spec as never, context, translator)])) : [],
        };
      }),
    };
    if (!route.pattern.includes('(')) {
      description._links = { self: [{ href: `${apiRoot}${route.pattern}` }] };
    }
    return description;
  }

  describeAll(namespace: string | null, context: unknown, apiRoot: string, translator: Translator): Record<string, unknown> {
    const routes: Record<string, unknown> = {};
    for (const route of this.#routes) {
      if (namespace !== null && route.namespace !== namespace) continue;
      routes[route.pattern] = this.describe(route, context, apiRoot, translator);
    }
    return routes;
  }
}
