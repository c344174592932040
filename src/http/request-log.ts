// The request log: one line per request, with the values of secret query parameters (an event's
// `password`, nonces, tokens, keys) replaced by `***`.
import type Koa from 'koa';
import type { Logger } from 'pino';

const SECRET_PARAMETER = /pass|pwd|nonce|token|secret|key/i;
const REDACTED = '***';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL as sent, each secret parameter's value (`password=…`, `password[]=…`) redacted. */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pairs = url.slice(mark + 1).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    if (equals < 0) return pair;
    const name = pair.slice(0, equals);
    return SECRET_PARAMETER.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}

export function requestLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        const ms = performance.now() - started;
        logger.info({ method: ctx.method, path: redactedUrl(ctx.url), status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
      }
    }
  };
}
