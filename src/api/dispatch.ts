// The WordPress REST server's request cycle (conventions.md §1): authentication, route match,
// arguments, permission, handler, then Allow, _fields, _envelope. Transport-independent.
import { authenticate, credentialsDigest, parseBasic } from '../auth/authenticate.ts';
import type { CurrentUser } from '../auth/capabilities.ts';
import { processArgs } from './args.ts';
import type { AppServices, RestRequest } from './context.ts';
import { RestError, forbidden, noRoute } from '../domain/errors.ts';
import { ImageStaging } from '../domain/media.ts';
import { filterFields, parseFieldsParam } from './fields.ts';
import { NO_CACHE_HEADERS, baseHeaders, corsHeaders } from './headers.ts';
import type { IncomingRest, OutgoingRest } from './exchange.ts';
import type { Endpoint, Method, RawBody, Route } from './registry.ts';
import { cacheKey, isKeepable } from './response-cache.ts';
import { getUserMeta } from '../data/users.ts';
import { userLocale, wantsUserLocale } from '../i18n/locale.ts';
import type { Translator } from '../i18n/translator.ts';
import { __ } from '../i18n/phrase.ts';

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function effectiveMethod(incoming: IncomingRest): { method: string; byHeader: boolean } {
  const fromQuery = incoming.query._method;
  if (typeof fromQuery === 'string' && fromQuery) return { method: fromQuery.toUpperCase(), byHeader: false };
  const fromHeader = incoming.headers['x-http-method-override'];
  if (typeof fromHeader === 'string' && fromHeader) return { method: fromHeader.toUpperCase(), byHeader: true };
  return { method: incoming.httpMethod.toUpperCase(), byHeader: false };
}

function suppliedParams(incoming: IncomingRest, captures: Record<string, string>): Map<string, unknown> {
  const supplied = new Map<string, unknown>();
  const add = (source: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(source)) if (!supplied.has(key)) supplied.set(key, value);
  };
  if (incoming.body) add(incoming.body);
  add(incoming.query);
  add(captures);
  return supplied;
}

async function allowedMethods(route: Route<RestRequest>, request: RestRequest): Promise<string> {
  const allowed: string[] = [];
  for (const endpoint of route.endpoints) {
    if (await permits(endpoint, request) === true) allowed.push(...endpoint.methods);
  }
  return allowed.join(', ');
}

async function permits(endpoint: Endpoint<RestRequest>, request: RestRequest): Promise<boolean | RestError> {
  if (!endpoint.permission) return true;
  try {
    return await endpoint.permission(request);
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
}

/** What a reusable answer depends on besides the request, or null when it cannot be told. */
async function cacheVersion(services: AppServices, dataVersion: Promise<string | null>): Promise<string | null> {
  const data = await dataVersion;
  if (data === null) return null;
  return services.reusedAnswers.version(data, await services.site.get(), services.now());
}

/** The site's language, or on JSON requests with `_locale=user` the signed-in user's (determine_locale()). */
async function requestTranslator(incoming: IncomingRest, services: AppServices, siteTranslator: Translator, user: CurrentUser | null): Promise<Translator> {
  if (!user || !wantsUserLocale(incoming.query, incoming.headers)) return siteTranslator;
  const meta = await getUserMeta(services.db.kysely, user.id, 'locale');
  return services.languages.translator(userLocale(meta, siteTranslator.locale));
}

/** How long a read's sign-in is reused at most: WordPress records an application password's use once a day. */
const SIGN_IN_REUSE_MS = 60_000;

/**
 * The user a request's credentials name (null: anonymous). Under one data version the same
 * credentials name the same user with the same capabilities: users, their meta (passwords, roles)
 * and the role table change only by writes, which move the version. So requests that read the
 * version (GET and HEAD) sign in once per version and minute, with the role table of that
 * version; the others sign in every time.
 */
function signIn(incoming: IncomingRest, services: AppServices, dataVersion: string | null): Promise<CurrentUser | null> {
  const header = incoming.headers.authorization;
  const run = () => authenticate(header, {
    db: services.db.kysely,
    write: services.db.write,
    prefix: services.db.prefix,
    roles: () => services.roles(dataVersion),
    verified: services.verifiedPasswords,
    clientIp: incoming.clientIp,
  });
  const credentials = parseBasic(header);
  if (credentials === null || dataVersion === null) return run();
  const minute = Math.floor(services.now().getTime() / SIGN_IN_REUSE_MS);
  return services.signedIn.get(credentialsDigest(credentials), `${dataVersion}/${minute}`, run);
}

export async function dispatch(incoming: IncomingRest, services: AppServices): Promise<OutgoingRest> {
  const reads = incoming.httpMethod === 'GET' || incoming.httpMethod === 'HEAD';
  const dataVersion = reads ? services.db.dataVersion() : Promise.resolve(null);
  const none = Promise.resolve(null);
  const outside = reads ? services.db.outsideVersion() : none;
  const versions: RequestVersions = { data: dataVersion, postsOutside: reads ? services.db.outsideVersion('posts') : none };
  const key = cacheKey(incoming);
  if (key === null) return answerUncached(incoming, services, versions);
  const version = await cacheVersion(services, dataVersion);
  const cache = services.reusedAnswers;
  if (version === null) {
    // Read after the version: a commit told meanwhile then keeps this request from older builds.
    const now = services.now().getTime();
    const mark = `${services.db.ownCommitsTold()}.${await outside}/${Math.floor(now / 1000)}`;
    return cache.shareUnversioned(key, mark, now, () => answerUncached(incoming, services, versions));
  }
  const cached = cache.get(key, version);
  if (cached) return cached;
  return cache.buildOnce(key, version, async () => {
    const out = await answerUncached(incoming, services, versions);
    return isKeepable(out) ? cache.set(key, version, out) : out;
  });
}

/** The versions a request reads as it begins (RestRequest's). */
interface RequestVersions {
  data: Promise<string | null>;
  postsOutside: Promise<string | null>;
}

async function answerUncached(incoming: IncomingRest, services: AppServices, versions: RequestVersions): Promise<OutgoingRest> {
  const site = await services.site.get();
  const siteTranslator = services.languages.translator(services.localeOverride ?? site.locale);
  const pretty = '_pretty' in incoming.query;
  const headers = baseHeaders(site);
  const origin = incoming.headers.origin;
  const fields = parseFieldsParam(incoming.query._fields);
  const envelope = '_envelope' in incoming.query;
  /** Builds the response: _fields, _envelope, then the generic headers around the route's own. */
  const finish = (status: number, body: unknown, routeHeaders: Record<string, string> = {}, user: CurrentUser | null = null, raw?: RawBody): OutgoingRest => {
    let shaped = status < 400 && !raw ? filterFields(body, fields) : body;
    let sentStatus = status;
    let sentRouteHeaders = routeHeaders;
    if (envelope && !raw) {
      shaped = { body: shaped, status, headers: Object.keys(routeHeaders).length ? routeHeaders : [] };
      sentStatus = 200;
      sentRouteHeaders = {};
    }
    const all = { ...headers, ...sentRouteHeaders };
    if (user) Object.assign(all, NO_CACHE_HEADERS);
    if (typeof origin === 'string') Object.assign(all, corsHeaders(origin));
    else if (!user && (incoming.httpMethod === 'GET' || incoming.httpMethod === 'HEAD')) all.Vary = 'Origin';
    const noBody = incoming.httpMethod === 'HEAD' || sentStatus === 204;
    if (raw) return { status: sentStatus, headers: all, pretty, raw: noBody ? { ...raw, open: () => '' } : raw };
    return { status: sentStatus, headers: all, body: noBody ? undefined : shaped, pretty };
  };

  const jsonp = incoming.query._jsonp;
  if (jsonp !== undefined && (typeof jsonp !== 'string' || !/^[\w.]+$/.test(jsonp))) {
    const body = { code: 'rest_callback_invalid', message: siteTranslator.phrase(__('Invalid JSONP callback function.')) };
    return { ...finish(400, body), status: 400, body, jsonp: '' };
  }
  const withJsonp = (out: OutgoingRest): OutgoingRest => (typeof jsonp === 'string' ? { ...out, jsonp } : out);

  let user: CurrentUser | null = incoming.actingUser ?? null;
  try {
    if (!incoming.actingUser) user = await signIn(incoming, services, await versions.data);
  } catch (error) {
    if (error instanceof RestError) return withJsonp(finish(error.status, error.toJSON(siteTranslator)));
    throw error;
  }
  const translator = await requestTranslator(incoming, services, siteTranslator, user);

  const { method, byHeader } = effectiveMethod(incoming);
  const now = services.now();
  const request: RestRequest = {
    method: (METHODS.includes(method) ? method : 'GET') as Method,
    route: incoming.route,
    params: new Map(),
    supplied: new Set(),
    query: incoming.query,
    headers: incoming.headers,
    user,
    site,
    translator,
    services,
    now,
    dataVersion: versions.data,
    postsOutsideVersion: versions.postsOutside,
    images: new ImageStaging(services.media, site, now),
    upload: incoming.upload ?? null,
  };

  if (method === 'OPTIONS') {
    const found = services.registry.findRoute(incoming.route);
    if (!found) return withJsonp(finish(200, [], {}, user));
    request.params = suppliedParams(incoming, found.captures);
    const allow = await allowedMethods(found.route, request);
    return withJsonp(finish(200, services.registry.describe(found.route, request, site.apiRoot, translator), { Allow: allow }, user));
  }

  const match = services.registry.match(incoming.route, method === 'HEAD' ? 'GET' : method);
  if (!match) {
    const error = noRoute();
    return withJsonp(finish(error.status, error.toJSON(translator), {}, user));
  }

  const supplied = suppliedParams(incoming, match.captures);
  request.params = supplied;
  request.supplied = new Set(supplied.keys());

  const answer = async (status: number, body: unknown, handlerHeaders: Record<string, string>, raw?: RawBody): Promise<OutgoingRest> => {
    const routeHeaders = { ...handlerHeaders, Allow: await allowedMethods(match.route, request) };
    if (byHeader && status >= 400 && status < 500) Object.assign(routeHeaders, NO_CACHE_HEADERS);
    const out = finish(status, body, routeHeaders, user, raw);
    return raw ? out : withJsonp(out);
  };

  try {
    if (incoming.bodyError) throw incoming.bodyError;
    request.params = await processArgs(match.endpoint.args, supplied, request);
    const permitted = await permits(match.endpoint, request);
    if (permitted instanceof RestError) throw permitted;
    if (!permitted) throw forbidden(user !== null);
    const result = await match.endpoint.handler(request);
    return await answer(result.status, result.body, result.headers, result.raw);
  } catch (error) {
    if (error instanceof RestError) return answer(error.status, error.toJSON(translator), {});
    throw error;
  } finally {
    await request.images.settle();
  }
}
