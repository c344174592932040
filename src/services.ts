import type { Db } from './data/connect.ts';
import { loadRoleTable } from './auth/authenticate.ts';
import type { RoleTable } from './auth/roles.ts';
import { VerifiedPasswords } from './auth/verified-passwords.ts';
import type { AppServices } from './api/context.ts';
import { ListedEventsCache } from './domain/events/list-query.ts';
import { EventRepresentationCache, KeptBuilds } from './domain/events/representation-cache.ts';
import { MAX_KEPT_LINKED_POSTS, type KeptLinkedPosts } from './domain/events/read-model.ts';
import { PerVersionAnswers } from './domain/per-version-answers.ts';
import { ResponseCache } from './api/response-cache.ts';
import { buildRegistry } from './api/routes.ts';
import { SiteSettingsCache } from './site/settings.ts';
import type { MediaLibrary } from './domain/media.ts';
import { Languages, type UnreadableCatalog } from './i18n/languages.ts';
import { collectGarbage } from './memory.ts';

export interface ServiceOptions {
  fallbackHome: () => string;
  siteUrl?: string;
  now?: () => Date;
  /** The uploads folder images are written to and served from; none: images only by existing attachment. */
  media?: MediaLibrary;
  /** `serve --locale`, over the WPLANG option. */
  locale?: string;
  /** `serve --languages`: the site's catalog folders, looked up before wpcal's own. */
  languages?: readonly string[];
  /** Told of a catalog file of the site's that cannot be read (it is left out). */
  onUnreadableCatalog?: UnreadableCatalog;
}

const ROLE_TTL_MS = 5000;
/**
 * From how many occurrence rows a read of the events' list keys is followed by a full garbage
 * collection (collectGarbage), once its pages are in and once it is done: at 1,000,000 what it
 * left behind held some 200 MB of resident memory, and what joined its pages (45 MB) was still
 * held while the rows were put in order (the peak 294–348 MB, 277–280 with the first collection);
 * at this size a few MB, not worth the pause.
 */
const COLLECT_AFTER_ROWS = 100_000;
/** Distinct filter values whose lookups are kept (the latest asked). */
const FILTER_LOOKUPS = 256;
/** Distinct credentials whose sign-ins are kept (the latest used). */
const SIGN_INS = 1024;

export function buildServices(db: Db, options: ServiceOptions): AppServices {
  let roles: RoleTable | null = null;
  const rolesByVersion = new PerVersionAnswers(1);
  let rolesLoadedAt = 0;
  const listedEvents = new ListedEventsCache(db);
  const collectAfterLargeRead = (rows: number) => {
    if (rows >= COLLECT_AFTER_ROWS) collectGarbage();
  };
  // Once the pages are in (what joined them goes before the rows are put in order), and once done.
  listedEvents.index.onPagesRead(collectAfterLargeRead);
  listedEvents.index.onRead(collectAfterLargeRead);
  const sweptOnce = (before: string, after: string) => db.sweptOnce(before, after);
  const eventRepresentations = new EventRepresentationCache(sweptOnce);
  const userEventRepresentations = new EventRepresentationCache(sweptOnce);
  const linkedPosts: KeptLinkedPosts = new KeptBuilds({ max: MAX_KEPT_LINKED_POSTS });
  let termsTold = 0;
  // What is kept of the events follows wpcal's own writes before each returns.
  db.onCommitted(async (touched) => {
    if (touched === 'everything' || touched.terms.size > 0) termsTold++;
    eventRepresentations.ownWrite(touched);
    userEventRepresentations.ownWrite(touched);
    linkedPosts.ownWrite(touched);
    listedEvents.searches.ownWrite(touched);
    await listedEvents.index.ownWrite(touched);
  });
  return {
    db,
    site: new SiteSettingsCache(db.kysely, options.fallbackHome, options.siteUrl),
    registry: buildRegistry(),
    media: options.media ?? null,
    async roles(dataVersion) {
      if (dataVersion) return rolesByVersion.get('roles', dataVersion, () => loadRoleTable(db.kysely, db.prefix));
      if (!roles || Date.now() - rolesLoadedAt > ROLE_TTL_MS) {
        roles = await loadRoleTable(db.kysely, db.prefix);
        rolesLoadedAt = Date.now();
      }
      return roles;
    },
    languages: new Languages(options.languages, undefined, options.onUnreadableCatalog),
    localeOverride: options.locale ?? null,
    now: options.now ?? (() => new Date()),
    verifiedPasswords: new VerifiedPasswords(),
    reusedAnswers: new ResponseCache(),
    listedEvents,
    eventRepresentations,
    userEventRepresentations,
    linkedPosts,
    filterLookups: new PerVersionAnswers(FILTER_LOOKUPS),
    termsTold: () => termsTold,
    signedIn: new PerVersionAnswers(SIGN_INS),
  };
}
