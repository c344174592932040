// Koa glue: turns HTTP requests into IncomingRest, runs the dispatcher, writes PHP-style JSON.
import Koa from 'koa';
import Router from '@koa/router';
import { HttpMethodEnum, koaBody } from 'koa-body';
import qs from 'qs';
import type { Logger } from 'pino';
import type { AppServices } from '../rest/context.ts';
import { dispatch, type IncomingRest, type OutgoingRest } from '../rest/dispatch.ts';
import { RestError } from '../rest/errors.ts';
import { phpJsonEncode } from '../rest/json.ts';
import { icalFeedRoute } from './ical-feed.ts';
import { jsonBody, jsonType, preparedAnswer } from './prepared-answer.ts';

const QUERY_OPTIONS: qs.IParseOptions = { duplicates: 'last', depth: 5, arrayLimit: 1000, parameterLimit: 2000 };
const BODY_METHODS = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];

/** The REST route a request addresses, or null when it is not a REST request. */
export function restRouteOf(path: string, query: Record<string, unknown>): string | null {
  let route: string | null = null;
  if (path === '/wp-json' || path.startsWith('/wp-json/')) route = path.slice('/wp-json'.length);
  else if ((path === '/' || path === '/index.php') && typeof query.rest_route === 'string') route = query.rest_route;
  if (route === null) return null;
  route = route.replace(/\/+$/, '');
  return route === '' ? '/' : route;
}

function invalidJson(message: string): RestError {
  return RestError.withStatus('rest_invalid_json', 'Invalid JSON body passed.', 400, {
    json_error_code: 4,
    json_error_message: message,
  });
}

function readBody(ctx: Koa.Context): { body: Record<string, unknown> | null; error: RestError | null } {
  const parseError = ctx.state.bodyError as Error | undefined;
  if (parseError) return { body: null, error: invalidJson('Syntax error') };
  const body: unknown = ctx.request.body;
  if (body === undefined || body === null) return { body: null, error: null };
  if (typeof body !== 'object' || Array.isArray(body)) {
    // PHP would decode `true` or `[1]` and then crash on it; wpcal refuses them up front.
    return ctx.is('json') && !(Array.isArray(body) && body.length === 0)
      ? { body: null, error: invalidJson('The JSON body must be an object.') }
      : { body: null, error: null };
  }
  return { body: body as Record<string, unknown>, error: null };
}

function writeResponse(ctx: Koa.Context, out: OutgoingRest): void {
  ctx.status = out.status;
  const kept = preparedAnswer(out);
  if (kept) {
    // A reused answer: written as prepared once for it (ctx.status above keeps Koa's status line).
    ctx.respond = false;
    ctx.res.writeHead(ctx.status, kept.headers);
    ctx.res.end(kept.body);
    return;
  }
  for (const [name, value] of Object.entries(out.headers)) ctx.set(name, value);
  if (out.raw) {
    ctx.body = out.raw.open();
    ctx.set('Content-Type', out.raw.contentType);
    return;
  }
  const type = jsonType(out);
  ctx.set('Content-Type', type);
  if (out.body === undefined) {
    ctx.body = null;
    if (ctx.method === 'HEAD' || out.status === 204) ctx.remove('Content-Length');
    ctx.set('Content-Type', type);
    return;
  }
  ctx.body = jsonBody(out, phpJsonEncode(out.body, out.pretty));
  ctx.type = type;
}

export interface AppOptions {
  services: AppServices;
  logger: Logger;
}

export function createApp({ services, logger }: AppOptions): Koa {
  const app = new Koa({ proxy: false });
  const router = new Router();

  app.use(async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        const ms = performance.now() - started;
        logger.info({ method: ctx.method, path: ctx.url, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
      }
    }
  });

  const parseBody = koaBody({
    json: true,
    urlencoded: true,
    multipart: true,
    jsonStrict: false,
    parsedMethods: BODY_METHODS,
    queryString: QUERY_OPTIONS,
    onError: (error, ctx) => {
      ctx.state.bodyError = error;
    },
  });
  // koa-body looks at the content type of every request before it checks the method.
  const bodyMethods = new Set<string>(BODY_METHODS);
  app.use((ctx, next) => (bodyMethods.has(ctx.method) ? parseBody(ctx, next) : next()));

  router.all(/.*/, async (ctx) => {
    const query = qs.parse(ctx.querystring, QUERY_OPTIONS) as Record<string, unknown>;
    let path: string;
    try {
      path = decodeURIComponent(ctx.path);
    } catch {
      path = ctx.path;
    }
    const route = restRouteOf(path, query) ?? icalFeedRoute(path, query);
    if (route === null) {
      ctx.status = 404;
      ctx.type = 'application/json; charset=UTF-8';
      ctx.body = phpJsonEncode({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
      return;
    }
    const { body, error } = readBody(ctx);
    const incoming: IncomingRest = {
      httpMethod: ctx.method,
      route,
      query,
      body,
      bodyError: error,
      headers: ctx.headers,
      clientIp: ctx.ip,
    };
    try {
      writeResponse(ctx, await dispatch(incoming, services));
    } catch (failure) {
      logger.error({ err: failure, path: ctx.path }, 'unhandled error');
      writeResponse(ctx, {
        status: 500,
        headers: {},
        body: { code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: 500 } },
        pretty: false,
      });
    }
  });

  app.use(router.routes());
  return app;
}
