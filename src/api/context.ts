import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../data/connect.ts';
import type { CurrentUser } from '../auth/capabilities.ts';
import type { RoleTable } from '../auth/roles.ts';
import type { VerifiedPasswords } from '../auth/verified-passwords.ts';
import type { SiteSettings, SiteSettingsCache } from '../site/settings.ts';
import type { ListedEventsCache, ReadVersions } from '../domain/events/list-query.ts';
import type { EventRepresentationCache } from '../domain/events/representation-cache.ts';
import type { KeptLinkedPosts } from '../domain/events/read-model.ts';
import type { PerVersionAnswers } from '../domain/per-version-answers.ts';
import type { Omitted } from '../domain/write-context.ts';
import type { ImageStaging, MediaLibrary } from '../domain/media.ts';
import type { Writer } from '../data/executor.ts';
import type { Method, RouteRegistry } from './registry.ts';
import type { ResponseCache } from './response-cache.ts';
import type { UploadedFile } from './exchange.ts';
import type { Languages } from '../i18n/languages.ts';
import type { Translator } from '../i18n/translator.ts';

/** Long-lived services every request can reach. */
export interface AppServices {
  db: Db;
  site: SiteSettingsCache;
  /** The role table: as of this data version when one is given, else read again every few seconds. */
  roles(dataVersion?: string | null): Promise<RoleTable>;
  registry: RouteRegistry<RestRequest>;
  /** The uploads folder (downloads, uploads, sub-sizes); null: images only by existing attachment. */
  media: MediaLibrary | null;
  /** The catalogs of every language. */
  languages: Languages;
  /** `serve --locale`: the site's locale whatever its WPLANG option says; null: WPLANG's. */
  localeOverride: string | null;
  /** Clock, replaceable in tests. */
  now(): Date;
  // What is reused across requests, one of each per services object (made by buildServices):
  /** Application-password checks already passed (auth/verified-passwords.ts). */
  verifiedPasswords: VerifiedPasswords;
  /** Whole GET answers (dispatch), kept per data version, site settings, clock second and credentials. */
  reusedAnswers: ResponseCache;
  /** The pages and counts of GET /events and the iCal feed, and the repeated-occurrences check, per data version. */
  listedEvents: ListedEventsCache;
  /** Event representations for anonymous readers, kept while their rows are unchanged. */
  eventRepresentations: EventRepresentationCache;
  /** Event representations for signed-in users, per user and the capabilities they hold, kept apart. */
  userEventRepresentations: EventRepresentationCache;
  /** The venues and organizers events link, as read, kept while their rows are unchanged (shared by every reader). */
  linkedPosts: KeptLinkedPosts;
  /** Who the credentials of a read name, per data version and minute (dispatch). */
  signedIn: PerVersionAnswers;
  /** What list filters name (terms, venues, organizers), looked up once per data version (perDataVersion) or terms version (perTermsVersion). */
  filterLookups: PerVersionAnswers;
  /** Moves with every write told to touch terms or everything, own or another connection's (perTermsVersion). */
  termsTold(): number;
}

/** One REST request as handlers, validators and permission checks see it. */
export interface RestRequest {
  method: Method;
  /** The route after `/wp-json` (or `rest_route`), without a trailing slash. */
  route: string;
  /** Final parameter values (after defaults, validation and sanitizing). */
  params: Map<string, unknown>;
  /** Names the client actually sent, in any source. */
  supplied: ReadonlySet<string>;
  /** The parsed query string (some TEC rules look only at it). */
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  user: CurrentUser | null;
  site: SiteSettings;
  /** The request's language: the site's, or the user's on JSON requests with `_locale=user`. */
  translator: Translator;
  services: AppServices;
  now: Date;
  /**
   * The database's data version, read as the request began (before any of its reads); null for
   * writes and where changes cannot be told. What is reused across requests is tagged with it.
   */
  dataVersion: Promise<string | null>;
  /** The database's outside version of the post tables (Db.outsideVersion('posts')), read as the request began; null for writes. */
  postsOutsideVersion: Promise<string | null>;
  /** The images this request downloads or uploads; their unused files are removed as it ends. */
  images: ImageStaging;
  /** The uploaded file, on routes that take one (null when the body carried none). */
  upload: UploadedFile | null;
}

/** The versions the request began with, for what lists keep across requests. */
export async function readVersions(request: RestRequest): Promise<ReadVersions> {
  const [data, postsOutside] = await Promise.all([request.dataVersion, request.postsOutsideVersion]);
  return { data, postsOutside };
}

/** A lookup of what a read request names, answered once for every request of its data version (writes look up afresh). */
export async function perDataVersion<T>(request: RestRequest, key: string, lookup: () => Promise<T>): Promise<T> {
  return request.services.filterLookups.get(key, await request.dataVersion, lookup);
}

/**
 * A lookup of the terms a read request names (which exist, and their descendants), answered once
 * while no write touched terms: no event write creates or moves a term, so the writes that change
 * the answer are term writes (which tell everything) and other connections' (the posts' outside
 * version, or the terms their rows name). Kept by the data version, such a lookup was made again
 * at nearly every list under many writes a second, each a new data version or none.
 */
export async function perTermsVersion<T>(request: RestRequest, key: string, lookup: () => Promise<T>): Promise<T> {
  const outside = await request.postsOutsideVersion;
  return request.services.filterLookups.get(key, outside === null ? null : `terms ${outside} ${request.services.termsTold()}`, lookup);
}

export function param<T = unknown>(request: RestRequest, name: string): T | undefined {
  return request.params.get(name) as T | undefined;
}

/** What an update does with the fields it is not sent: PATCH keeps them, POST and PUT reset them as the plugin's updates do. */
export function omittedFields(request: RestRequest): Omitted {
  return request.method === 'PATCH' ? 'keep' : 'reset';
}

/** Runs a write of the request; once it commits, the images its rows use are kept. */
export async function writeRequest<T>(request: RestRequest, work: (trx: Writer) => Promise<T>): Promise<T> {
  const result = await request.services.db.write(work);
  request.images.committed();
  return result;
}
