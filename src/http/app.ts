// Koa glue: turns HTTP requests into IncomingRest, runs the dispatcher, writes PHP-style JSON.
import Koa from 'koa';
import Router from '@koa/router';
import qs from 'qs';
import type { Logger } from 'pino';
import type { AppServices } from '../api/context.ts';
import { dispatch } from '../api/dispatch.ts';
import type { IncomingRest, OutgoingRest, UploadedFile } from '../api/exchange.ts';
import { phpJsonEncode, phpJsonPieces, piecesBytes } from '../php/json-encode.ts';
import { databaseUnavailable } from '../data/failures.ts';
import { icalFeedRoute } from './ical-feed.ts';
import { answerFrontEnd } from '../web/front-end.ts';
import { jsonBody, jsonType, preparedAnswer } from './prepared-answer.ts';
import { bodyParser, readBody, uploadBodyParser } from './request-body.ts';
import { requestLog } from './request-log.ts';
import { serveUploads } from './uploads.ts';

const QUERY_OPTIONS: qs.IParseOptions = { duplicates: 'last', depth: 5, arrayLimit: 1000, parameterLimit: 2000 };

/** The REST route a request addresses, or null when it is not a REST request. */
export function restRouteOf(path: string, query: Record<string, unknown>): string | null {
  let route: string | null = null;
  if (path === '/wp-json' || path.startsWith('/wp-json/')) route = path.slice('/wp-json'.length);
  else if ((path === '/' || path === '/index.php') && typeof query.rest_route === 'string') route = query.rest_route;
  if (route === null) return null;
  route = route.replace(/\/+$/, '');
  return route === '' ? '/' : route;
}

function writeResponse(ctx: Koa.Context, out: OutgoingRest): void {
  ctx.status = out.status;
  const kept = preparedAnswer(out);
  if (kept) {
    // A reused answer: written as prepared once for it (ctx.status above keeps Koa's status line).
    ctx.respond = false;
    const { res } = ctx;
    res.writeHead(ctx.status, kept.headers);
    // Corked, the pieces leave in one system call; end() uncorks.
    res.cork();
    for (const piece of kept.body) res.write(piece, 'latin1');
    res.end();
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
  ctx.body = piecesBytes(jsonBody(out, phpJsonPieces(out.body, out.pretty)));
  ctx.type = type;
}

/** 503 with Retry-After when the database is busy or gone (nothing was written), else a logged 500. */
function failureAnswer(failure: unknown, logger: Logger, path: string): OutgoingRest {
  const unavailable = databaseUnavailable(failure);
  if (unavailable) {
    logger.warn({ err: failure, path }, unavailable.code);
    return {
      status: 503,
      headers: { 'Retry-After': String(unavailable.retryAfter) },
      body: { code: unavailable.code, message: unavailable.message, data: { status: 503 } },
      pretty: false,
    };
  }
  logger.error({ err: failure, path }, 'unhandled error');
  return {
    status: 500,
    headers: {},
    body: { code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: 500 } },
    pretty: false,
  };
}

export interface AppOptions {
  services: AppServices;
  logger: Logger;
  /** The uploads folder served at /wp-content/uploads/ (none: not served). */
  uploads?: string;
  /** The largest file an upload route reads (default 20 MB). */
  uploadLimit?: number;
}

function decodedPath(ctx: Koa.Context): string {
  try {
    return decodeURIComponent(ctx.path);
  } catch {
    return ctx.path;
  }
}

export function createApp({ services, logger, uploads, uploadLimit = 20 * 1024 * 1024 }: AppOptions): Koa {
  const app = new Koa({ proxy: false });
  const router = new Router();

  app.use(requestLog(logger));
  if (uploads !== undefined) app.use(serveUploads(uploads));
  const fields = bodyParser(QUERY_OPTIONS);
  const files = uploadBodyParser(QUERY_OPTIONS, uploadLimit);
  app.use((ctx, next) => {
    const route = ctx.method === 'POST' ? restRouteOf(decodedPath(ctx), qs.parse(ctx.querystring, QUERY_OPTIONS) as Record<string, unknown>) : null;
    const takesUpload = route !== null && services.registry.match(route, 'POST')?.endpoint.takesUpload === true;
    return (takesUpload ? files : fields)(ctx, next);
  });

  router.all(/.*/, async (ctx) => {
    const query = qs.parse(ctx.querystring, QUERY_OPTIONS) as Record<string, unknown>;
    const path = decodedPath(ctx);
    const route = restRouteOf(path, query) ?? icalFeedRoute(path, query);
    if (route === null && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      try {
        const page = await answerFrontEnd(services, path, query);
        ctx.status = page.status;
        ctx.set(page.headers);
        ctx.body = page.body;
      } catch (failure) {
        writeResponse(ctx, failureAnswer(failure, logger, ctx.path));
      }
      return;
    }
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
      upload: ctx.state.upload as UploadedFile | null | undefined,
      headers: ctx.headers,
      clientIp: ctx.ip,
    };
    try {
      writeResponse(ctx, await dispatch(incoming, services));
    } catch (failure) {
      writeResponse(ctx, failureAnswer(failure, logger, ctx.path));
    }
  });

  app.use(router.routes());
  return app;
}
