// The posts a list's search matches (its words, and whether it passes over password-protected
// posts), looked up once per outside version and kept, so that the events' list keys answer its
// windows and pages from memory. wpcal's own writes mark the posts they touched, which the next
// use tests again (one statement, by ID); another connection's write (a new outside version) has
// the search looked up anew. A search matching more than MOST_MATCHES posts is left to SQL.
import { LRUCache } from 'lru-cache';
import type { Db } from '../../data/connect.ts';
import { postsMatchingSearch } from '../../data/event-list.ts';
import type { SearchWord } from '../../data/search.ts';
import type { Touched } from '../../data/transaction.ts';

/** Searches kept (the latest used), each up to MOST_MATCHES IDs: 32 × 100,000 × 8 bytes at most. */
const MAX_SEARCHES = 32;
const MOST_MATCHES = 100_000;
/** How long a search found to match too many posts is left to SQL before it is looked up again. */
const CROWDED_MS = 10 * 60_000;

interface KeptSearch {
  outside: string;
  /** The posts matching, in ID order, with the tests of touched posts taken so far; null: too many. */
  matched: Promise<Float64Array | null>;
  /** Posts own writes touched since the last test was taken. */
  touched: Set<number>;
}

export class SearchMatches {
  readonly #kept = new LRUCache<string, KeptSearch>({ max: MAX_SEARCHES });
  readonly #crowded = new LRUCache<string, true>({ max: MAX_SEARCHES, ttl: CROWDED_MS });

  /** `mostMatches`: MOST_MATCHES, unless a test asks for fewer. */
  constructor(private readonly db: Db, private readonly postType: string, private readonly mostMatches = MOST_MATCHES) {}

  /** The posts of the post type the search matches, in ID order; null when SQL must answer the search. */
  async posts(outside: string | null, words: readonly SearchWord[], passwordless: boolean): Promise<Float64Array | null> {
    if (outside === null) return null;
    const question = JSON.stringify([words, passwordless]);
    if (this.#crowded.has(question)) return null;
    let kept = this.#kept.get(question);
    if (!kept || kept.outside !== outside) {
      const looked = this.#lookUp(words, passwordless).then((ids) => (ids ? Float64Array.from(ids) : null));
      kept = { outside, matched: looked, touched: new Set() };
      this.#kept.set(question, kept);
    }
    if (kept.touched.size) {
      // After the lookup or test under way, so that tests apply in the order they were taken.
      const among = [...kept.touched];
      kept.touched.clear();
      kept.matched = kept.matched.then((matched) => matched && this.#testAgain(matched, among, words, passwordless));
    }
    const current = kept;
    try {
      const matched = await current.matched;
      if (!matched) this.#crowded.set(question, true);
      if (!matched && this.#kept.get(question) === current) this.#kept.delete(question);
      return matched;
    } catch (error) {
      if (this.#kept.get(question) === current) this.#kept.delete(question);
      throw error;
    }
  }

  /** Marks the posts a committed write of wpcal's own touched, or forgets every search. */
  ownWrite(touched: Touched): void {
    if (touched === 'everything') {
      this.#kept.clear();
      return;
    }
    if (!touched.posts.size) return;
    for (const kept of this.#kept.values()) for (const post of touched.posts) kept.touched.add(post);
  }

  #lookUp(words: readonly SearchWord[], passwordless: boolean, among?: readonly number[]): Promise<number[] | null> {
    return postsMatchingSearch(this.db.kysely, this.postType, words, passwordless, this.mostMatches, among);
  }

  async #testAgain(matched: Float64Array, among: readonly number[], words: readonly SearchWord[], passwordless: boolean): Promise<Float64Array | null> {
    const found = await this.#lookUp(words, passwordless, among);
    if (!found) return null;
    const tested = new Set(among);
    const ids = [...matched.filter((id) => !tested.has(id)), ...found].sort((a, b) => a - b);
    return ids.length > this.mostMatches ? null : Float64Array.from(ids);
  }
}
