// GET answers reused while nothing they depend on can have changed: the same request (route,
// query, Origin, credentials, whether it asks for the user's language), the same database data version, the same site settings object and
// the same clock second (lists' default windows and URLs follow the clock). Who the credentials
// name, and what that user may do, is read from the database, so under the same data version the
// same Authorization header authenticates as the same user with the same capabilities; a revoked
// password or a changed role is a write, and a write changes the version; so is a user's locale.
// The site's language is a site setting (WPLANG) or fixed at start (`serve --locale`). One per AppServices
// (`reusedAnswers`, made by buildServices), used by dispatch.
import { credentialsDigest, parseBasic } from '../auth/authenticate.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { IncomingRest, OutgoingRest } from './exchange.ts';
import { phpJsonPieces, piecesLength } from '../php/json-encode.ts';
import { wantsUserLocale } from '../i18n/locale.ts';

const MAX_ENTRIES = 256;
const MAX_BYTES = 32 * 1024 * 1024;
/**
 * How long after a build without a version began another request for the same answer may still
 * take it: another connection's commit made that much before the request may be missing from it,
 * as from an answer kept under a version read that long before (innodb-changes.ts's COUNTER_READ_WINDOW_MS).
 */
export const SHARE_UNVERSIONED_MS = 5;

/** A build of an answer without a version: the own commits told and the outside version as it began, and when (ms). */
interface UnversionedBuild {
  mark: string;
  startedAt: number;
  /** The answer encoded when it may be shared (isKeepable); null when not: each request then builds its own. */
  answer: Promise<OutgoingRest | null>;
}

interface Entry {
  version: string;
  out: OutgoingRest;
  bytes: number;
}

/** The cache key of a request whose answer may be reused, or null. */
export function cacheKey(incoming: IncomingRest): string | null {
  const { headers } = incoming;
  if (incoming.httpMethod !== 'GET' || incoming.actingUser || incoming.body || incoming.bodyError) return null;
  if (headers['x-http-method-override'] !== undefined || '_method' in incoming.query) return null;
  // A digest: the credentials themselves are not kept. A header that is not Basic credentials
  // authenticates nobody: such a request shares the anonymous answer.
  const basic = parseBasic(headers.authorization);
  const credentials = basic === null ? '' : credentialsDigest(basic);
  const language = wantsUserLocale(incoming.query, headers) ? 'user' : 'site';
  return `${incoming.route}\n${JSON.stringify(incoming.query)}\n${headers.origin ?? ''}\n${credentials}\n${language}`;
}

/** Whether an answer may be kept or shared: a 200 with a JSON body (not an error, not a streamed one). */
export function isKeepable(out: OutgoingRest): boolean {
  return out.status === 200 && out.body !== undefined;
}

/** The answer with its JSON encoded, for every reader it goes to. */
function encoded(out: OutgoingRest): OutgoingRest {
  return { ...out, json: phpJsonPieces(out.body, out.pretty) };
}

export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #building = new Map<string, Promise<OutgoingRest>>();
  readonly #unversioned = new Map<string, UnversionedBuild>();
  #bytes = 0;
  /** A number per site settings object seen, so a version names the settings it was built under. */
  readonly #settingsIds = new WeakMap<SiteSettings, number>();
  #lastSettingsId = 0;

  /**
   * The version an answer is kept under: the database's data version, the site settings object
   * and the clock second. An answer is reused only under the same version.
   */
  version(data: string, site: SiteSettings, now: Date): string {
    let settingsId = this.#settingsIds.get(site);
    if (settingsId === undefined) this.#settingsIds.set(site, settingsId = ++this.#lastSettingsId);
    return `${data}/${settingsId}/${Math.floor(now.getTime() / 1000)}`;
  }

  /**
   * Requests for an answer that is being built wait for it instead of building it again (at each
   * new second every busy connection would otherwise run the same list count at once).
   */
  buildOnce(key: string, version: string, build: () => Promise<OutgoingRest>): Promise<OutgoingRest> {
    const id = `${key}\n${version}`;
    let answer = this.#building.get(id);
    if (!answer) {
      answer = build().finally(() => this.#building.delete(id));
      this.#building.set(id, answer);
    }
    return answer;
  }

  get(key: string, version: string): OutgoingRest | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.version === version ? entry.out : undefined;
  }

  /**
   * An answer for requests without a version (an own commit being told, a commit counter that
   * kept moving), encoded once and shared by the requests for it that come, while it is built or
   * after, within SHARE_UNVERSIONED_MS of its build's start under the same `mark` (Db.ownCommitsTold
   * and the outside version): the build began after every own write whose response a client could
   * have had when the later request came. Without sharing, each of a busy list's readers built the whole
   * answer (under ten writes a second on MariaDB, 3–11% of the requests). Only a 200 with a JSON
   * body is shared: an error stays its builder's, and a streamed body (the iCalendar feed) can be
   * sent once.
   */
  shareUnversioned(key: string, mark: string, now: number, build: () => Promise<OutgoingRest>): Promise<OutgoingRest> {
    const shared = this.#unversioned.get(key);
    if (shared && shared.mark === mark && now - shared.startedAt <= SHARE_UNVERSIONED_MS) return shared.answer.then((out) => out ?? build());
    const own = build();
    const entry: UnversionedBuild = { mark, startedAt: now, answer: own.then((out) => (isKeepable(out) ? encoded(out) : null), () => null) };
    this.#unversioned.set(key, entry);
    // Taken until its time is up, then let go (the next request for it builds anew).
    const forget = () => {
      if (this.#unversioned.get(key) === entry) this.#unversioned.delete(key);
    };
    entry.answer.then(() => setTimeout(forget, SHARE_UNVERSIONED_MS).unref());
    return entry.answer.then((out) => out ?? own);
  }

  /** Keeps an answer, its JSON encoded once for every later reader. */
  set(key: string, version: string, out: OutgoingRest): OutgoingRest {
    const kept = encoded(out);
    const json = kept.json!;
    // Counted as the whole, though the encodings of its events are the representations'.
    const bytes = piecesLength(json);
    this.#drop(key);
    this.#entries.set(key, { version, out: kept, bytes });
    this.#bytes += bytes;
    for (const [oldest] of this.#entries) {
      if (this.#entries.size <= MAX_ENTRIES && this.#bytes <= MAX_BYTES) break;
      this.#drop(oldest);
    }
    return kept;
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(key);
  }
}
