// What readers build from rows and share across requests — event representations (present.ts:
// every anonymous reader's, or one user's) and the venues and organizers events link, as read —
// kept per site settings object (the latest few) while no other connection wrote (the database's
// outside version) and dropped one by one by wpcal's own writes: each entry names the posts and
// terms it was built from (for an event, the event, its venues, organizers, images, terms), and a
// write that touched any of them drops it. Made by buildServices, which tells each of every own
// write; nothing is kept or reused under a null outside version. Event representations kept before
// a sweep alone (Db.sweptOnce) still answer while each is built again (keptBeforeSweep).
import { OUTSIDE_FULL_CHECK_MS } from '../../data/innodb-changes.ts';
import type { Touched } from '../../data/transaction.ts';
import type { SiteSettings } from '../../site/settings.ts';
import type { EncodedJson } from '../../php/json-encode.ts';

/**
 * At most this many event representations (of about 5 KB each: the encoding alone is kept), and at
 * most MAX_REUSED_EVENT_BYTES of them, whatever the site settings objects they were built for: a
 * calendar's long tail (a month view paged day by day over two years of a 100,000-event calendar
 * asks for about 7,000 events) is answered from memory, and events with long descriptions take
 * fewer places rather than more memory.
 */
const MAX_REUSED_EVENTS = 10_000;
const MAX_REUSED_EVENT_BYTES = 48 * 1024 * 1024;
const MAX_SITES = 4;
/** Past this many posts and terms written, builds under way when they were written are not kept (and the list starts again). */
const MAX_WRITTEN = 50_000;

/** What an entry was built from: post IDs and term_taxonomy IDs. */
export interface RepresentationSources {
  posts: readonly number[];
  terms: readonly number[];
}

interface Kept<T> {
  built: T;
  sources: RepresentationSources;
  /** Where it is kept, under which key, and the index of sources that names it. */
  home: Map<string, Kept<T>>;
  key: string;
  index: BySource<T>;
}

/** Entries per site settings object, by key. */
type Sites<T> = Map<SiteSettings, Map<string, Kept<T>>>;

/** How many entries are kept at most, and how large they may be together (`sizeOf` tells an entry's size). */
export interface KeptLimits<T> {
  max: number;
  maxSize?: number;
  sizeOf?: (built: T) => number;
}

/** The entries of the version before a sweep, the index of their sources, and until when they may answer (clock ms). */
interface SetAside<T> {
  sites: Sites<T>;
  bySource: BySource<T>;
  until: number;
}

/** Tells whether the outside version `after` differs from `before` by one sweep alone (Db.sweptOnce). */
export type SweptOnce = (before: string, after: string) => boolean;

/**
 * The entries kept, by the posts and terms they were built from: a write drops the entries of
 * what it touched without a walk over all of them (at 100 writes a second, walking 10,000 kept
 * representations took a third of the server's time).
 */
class BySource<T> {
  // Most sources (an event's own post) name one entry: that entry alone, a Set from the second
  // on. A Set for each took some 150 bytes apiece, 4 MB at 1,000,000 events after a long tail.
  readonly #posts = new Map<number, Kept<T> | Set<Kept<T>>>();
  readonly #terms = new Map<number, Kept<T> | Set<Kept<T>>>();

  add(kept: Kept<T>): void {
    const add = (map: Map<number, Kept<T> | Set<Kept<T>>>, id: number) => {
      const named = map.get(id);
      if (named === undefined) map.set(id, kept);
      else if (named instanceof Set) named.add(kept);
      else if (named !== kept) map.set(id, new Set([named, kept]));
    };
    for (const id of kept.sources.posts) add(this.#posts, id);
    for (const id of kept.sources.terms) add(this.#terms, id);
  }

  remove(kept: Kept<T>): void {
    const remove = (map: Map<number, Kept<T> | Set<Kept<T>>>, id: number) => {
      const named = map.get(id);
      if (named === kept || (named instanceof Set && named.delete(kept) && !named.size)) map.delete(id);
    };
    for (const id of kept.sources.posts) remove(this.#posts, id);
    for (const id of kept.sources.terms) remove(this.#terms, id);
  }

  /** The entries built from any of these posts or terms. */
  of(touched: { posts: ReadonlySet<number>; terms: ReadonlySet<number> }): Set<Kept<T>> {
    const found = new Set<Kept<T>>();
    const addNamed = (named: Kept<T> | Set<Kept<T>> | undefined) => {
      if (named instanceof Set) for (const kept of named) found.add(kept);
      else if (named) found.add(named);
    };
    for (const id of touched.posts) addNamed(this.#posts.get(id));
    for (const id of touched.terms) addNamed(this.#terms.get(id));
    return found;
  }
}

/** When a build began: it may keep what it built only if nothing it read was written since. */
export interface BuildStart {
  outside: string;
  generation: number;
}

/**
 * Whether `outside` is older than `kept`: both are counters joined by dots (Db.outsideVersion: the
 * handle's stray statements, then SQLite's data_version or MySQL's epoch), compared part by part
 * (as one decimal number, "0.10" came before "0.9").
 */
function isOlder(outside: string, kept: string | null): boolean {
  if (kept === null || outside === kept) return false;
  const [asked, current] = [outside.split('.').map(Number), kept.split('.').map(Number)];
  if (asked.length !== current.length || [...asked, ...current].some((part) => !Number.isInteger(part))) return false;
  const differing = asked.findIndex((part, i) => part !== current[i]);
  return differing >= 0 && asked[differing]! < current[differing]!;
}

export class KeptBuilds<T> {
  /** The entries of the latest few site settings objects (settings come and go as the options change). */
  #sites: Sites<T> = new Map();
  /** Every entry of #sites, the oldest first, and their size together. */
  #order = new Set<Kept<T>>();
  #size = 0;
  #bySource = new BySource<T>();
  #outside: string | null = null;
  /** The entries of the version before the last sweep, while they may still answer. */
  #swept: SetAside<T> | null = null;
  /** Own writes told so far; when each post (`p<ID>`) and term (`t<ID>`) was last written, and everything. */
  #generation = 0;
  readonly #writtenAt = new Map<string, number>();
  #everythingAt = 0;
  /** Representations being built, by site and key, with when their build began. */
  #building = new Map<SiteSettings, Map<string, { start: BuildStart; built: Promise<T | undefined> }>>();

  /**
   * `limits`: how many entries (and how large together) are kept, whatever their site settings
   * objects, the oldest dropped first. `sweeps`: how to tell a sweep, and for how long after one
   * the entries of before may answer (none without).
   */
  constructor(
    private readonly limits: KeptLimits<T>,
    private readonly sweeps?: { sweptOnce: SweptOnce; keepMs?: number; clock?: () => number },
  ) {}

  /**
   * Entries of another outside version are gone (another connection may have changed anything);
   * past a sweep alone, they are set aside for keptBeforeSweep.
   */
  #moveTo(outside: string): void {
    if (outside === this.#outside) return;
    const swept = this.sweeps && this.#outside !== null && this.sweeps.sweptOnce(this.#outside, outside);
    const [sites, bySource] = [this.#sites, this.#bySource];
    this.#clear(outside);
    if (swept) this.#swept = { sites, bySource, until: this.#now() + (this.sweeps!.keepMs ?? OUTSIDE_FULL_CHECK_MS) };
  }

  #entries(site: SiteSettings, outside: string): Map<string, Kept<T>> {
    this.#moveTo(outside);
    let entries = this.#sites.get(site);
    if (!entries) {
      this.#sites.set(site, entries = new Map());
      if (this.#sites.size > MAX_SITES) {
        const oldest = this.#sites.keys().next().value!;
        for (const kept of [...this.#sites.get(oldest)!.values()]) this.#drop(kept);
        this.#sites.delete(oldest);
      }
    }
    return entries;
  }

  /** Drops everything; builds begun before cannot keep what they built (what they read is unknown now). */
  #clear(outside: string | null): void {
    this.#sites = new Map();
    this.#order = new Set();
    this.#size = 0;
    this.#bySource = new BySource();
    this.#swept = null;
    this.#writtenAt.clear();
    this.#everythingAt = ++this.#generation;
    this.#outside = outside;
  }

  /**
   * Call before reading what an entry is built from. A newer version drops the entries of before
   * first (as get does), so that what is built under it may be kept.
   */
  begin(outside: string): BuildStart {
    if (!isOlder(outside, this.#outside)) this.#moveTo(outside);
    return { outside, generation: this.#generation };
  }

  /** What is kept under `key` (for an event, the reader, the language, the presentation mode and post ID: costs read `Free` in the reader's language). */
  get(site: SiteSettings, key: string, outside: string): T | undefined {
    // A request begun under an older version (a slow one) neither reads nor drops the newer entries.
    if (isOlder(outside, this.#outside)) return undefined;
    const entries = this.#entries(site, outside);
    this.#liveSwept();
    return entries.get(key)?.built;
  }

  /**
   * What was kept under `key` before the sweep that brought `outside` (call after get), to answer
   * with while it is built again: for OUTSIDE_FULL_CHECK_MS at most from the first begin or get
   * under `outside`, and never past a change seen, the next sweep, or an own write of what it was
   * built from.
   */
  keptBeforeSweep(site: SiteSettings, key: string, outside: string): T | undefined {
    return outside === this.#outside ? this.#liveSwept()?.sites.get(site)?.get(key)?.built : undefined;
  }

  /** The entries set aside at the last sweep while they may answer; past their period they go (each get looks). */
  #liveSwept(): SetAside<T> | null {
    if (this.#swept && this.#now() > this.#swept.until) this.#swept = null;
    return this.#swept;
  }

  #now(): number {
    return (this.sweeps?.clock ?? Date.now)();
  }

  /**
   * What another request is building under `key`, when that build began under this
   * outside version with no own write since (so it reads what this request would read); else undefined.
   */
  building(site: SiteSettings, key: string, outside: string): Promise<T | undefined> | undefined {
    const build = this.#building.get(site)?.get(key);
    return build && build.start.outside === outside && build.start.generation === this.#generation ? build.built : undefined;
  }

  /** Tells later requests that `built` will be kept under `key` (undefined: nothing, as for no such event), until it settles. */
  startBuilding(site: SiteSettings, key: string, start: BuildStart, built: Promise<T | undefined>): void {
    let builds = this.#building.get(site);
    if (!builds) this.#building.set(site, builds = new Map());
    const entry = { start, built };
    builds.set(key, entry);
    const done = () => {
      if (builds.get(key) !== entry) return;
      builds.delete(key);
      if (!builds.size) this.#building.delete(site);
    };
    built.then(done, done);
  }

  /** Keeps what was built, unless something it was built from was written since `start`; the oldest go first. */
  set(site: SiteSettings, key: string, start: BuildStart, built: T, sources: RepresentationSources): void {
    if (start.outside !== this.#outside || this.#everythingAt > start.generation) return;
    const written = (name: string) => (this.#writtenAt.get(name) ?? 0) > start.generation;
    if (sources.posts.some((id) => written(`p${id}`)) || sources.terms.some((id) => written(`t${id}`))) return;
    const entries = this.#entries(site, start.outside);
    for (const replaced of [entries.get(key), this.#swept?.sites.get(site)?.get(key)]) if (replaced) this.#drop(replaced);
    const kept = { built, sources, home: entries, key, index: this.#bySource };
    entries.set(key, kept);
    this.#bySource.add(kept);
    this.#order.add(kept);
    this.#size += this.#sizeOf(built);
    const { max, maxSize = Infinity } = this.limits;
    while (this.#order.size > max || this.#size > maxSize) this.#drop(this.#order.values().next().value!);
  }

  #sizeOf(built: T): number {
    return this.limits.sizeOf?.(built) ?? 0;
  }

  #drop(kept: Kept<T>): void {
    kept.home.delete(kept.key);
    kept.index.remove(kept);
    // Entries set aside at a sweep are counted no more.
    if (this.#order.delete(kept)) this.#size -= this.#sizeOf(kept.built);
  }

  /** Drops what a committed write of wpcal's own touched. */
  ownWrite(touched: Touched): void {
    const generation = ++this.#generation;
    if (touched === 'everything') {
      this.#clear(this.#outside);
      return;
    }
    if (this.#writtenAt.size > MAX_WRITTEN) {
      this.#writtenAt.clear();
      this.#everythingAt = generation;
    }
    for (const id of touched.posts) this.#writtenAt.set(`p${id}`, generation);
    for (const id of touched.terms) this.#writtenAt.set(`t${id}`, generation);
    for (const index of [this.#bySource, this.#swept?.bySource]) for (const kept of index?.of(touched) ?? []) this.#drop(kept);
  }
}

/** Event representations, as encoded for their readers. */
export class EventRepresentationCache extends KeptBuilds<EncodedJson> {
  /** Whether a build of what keptBeforeSweep answered with is under way, and when the next may begin (performance.now(); present.ts). */
  behind = { running: false, nextAt: 0 };

  constructor(sweptOnce?: SweptOnce) {
    super({ max: MAX_REUSED_EVENTS, maxSize: MAX_REUSED_EVENT_BYTES, sizeOf: (encoded) => encoded.bytes.length }, sweptOnce && { sweptOnce });
  }
}
