// The posts a list's search matches (its words, and whether it passes over password-protected
// posts), kept so that the events' list keys answer its windows and pages from memory. A search
// asked a second time under an outside version is looked up in the background (the whole post
// type, in SQL): a search asked once costs what it did, the asks after the second wait for the
// lookup (LOOKUP_WAIT_MS at most, then SQL answers them). wpcal's own writes mark the posts they
// touched, which the next use tests again (one statement, by ID) before it answers, or the write
// that leaves TEST_AFTER_TOUCHED of them untested, with no request waiting. A search
// matching more than MOST_MATCHES posts is left to SQL. After a sweep alone (Db.sweptOnce), a
// search kept under the version before answers while it is looked up again (as the list keys do).
import { LRUCache } from 'lru-cache';
import type { Db } from '../../data/connect.ts';
import { OUTSIDE_FULL_CHECK_MS } from '../../data/innodb-changes.ts';
import { postsMatchingSearch } from '../../data/event-list.ts';
import type { SearchWord } from '../../data/search.ts';
import type { Touched } from '../../data/transaction.ts';
import { settlesWithin } from './settles-within.ts';

/** Searches kept (the latest used), each up to MOST_MATCHES IDs: 32 × 100,000 × 8 bytes at most. */
const MAX_SEARCHES = 32;
const MOST_MATCHES = 100_000;
/** Searches remembered as asked once (of the latest outside versions). */
const MAX_ASKED = 256;
/** Past this many posts touched since a search was last tested, it is looked up anew instead. */
const MOST_TOUCHED = 1_000;
/**
 * Past this many posts touched since a search was last tested, own writes test them without
 * waiting for a request: a search left unasked while wpcal writes stays ready rather than worn
 * (looked up anew: a second under a hundred writes a second on MariaDB at 100,000 events, with
 * requests waiting up to LOOKUP_WAIT_MS for it, then answered by SQL).
 */
const TEST_AFTER_TOUCHED = 250;
/** How long a search found to match too many posts is left to SQL before it is looked up again. */
const CROWDED_MS = 10 * 60_000;
/**
 * How long a request waits for a lookup under way before SQL answers it: each SQL answer reads the
 * window's posts with LIKE, and under load (8 clients asking one search of the upcoming events of
 * a 100,000-event calendar on MariaDB) they piled up until none was answered in 5 s.
 */
const LOOKUP_WAIT_MS = 2000;

interface KeptSearch {
  /** The posts matching, in ID order, with the tests of touched posts taken so far; null: too many. */
  matched: Promise<Float64Array | null>;
  /** Whether `matched` has settled once (before, SQL answers). */
  ready: boolean;
  /** Posts own writes touched since the last test was taken. */
  touched: Set<number>;
  /**
   * Whether a test waits for the one under way: it takes the posts touched as it begins, so the
   * requests that come meanwhile join it (one test each, under a hundred writes a second, made a
   * queue longer than the tests could run).
   */
  queued: boolean;
  /** The outside version it was looked up under, and when it first answered for a version one sweep later. */
  outside: string;
  sweptSince: number | null;
  /** The search (`question`: its key's part, of words and passwordless). */
  question: string;
  words: readonly SearchWord[];
  passwordless: boolean;
}

/** Where a search is kept: its outside version and question. */
const searchKey = (outside: string, question: string): string => `${outside}\n${question}`;

export class SearchMatches {
  /** By outside version and search. */
  readonly #kept = new LRUCache<string, KeptSearch>({ max: MAX_SEARCHES });
  readonly #asked = new LRUCache<string, true>({ max: MAX_ASKED });
  readonly #crowded = new LRUCache<string, true>({ max: MAX_SEARCHES, ttl: CROWDED_MS });
  /** By search, the key of the one last looked up (of whichever outside version). */
  readonly #latest = new LRUCache<string, string>({ max: MAX_SEARCHES });

  /**
   * `mostMatches`, `lookupWaitMs`: MOST_MATCHES and LOOKUP_WAIT_MS; `sweptMs`: how long a search
   * answers past a sweep (OUTSIDE_FULL_CHECK_MS); unless a test asks for less.
   */
  constructor(
    private readonly db: Db, private readonly postType: string, private readonly mostMatches = MOST_MATCHES,
    private readonly lookupWaitMs = LOOKUP_WAIT_MS, private readonly sweptMs = OUTSIDE_FULL_CHECK_MS,
  ) {}

  /**
   * The posts of the post type the search matches, in ID order, once they were looked up under
   * this outside version; null while SQL must answer the search.
   */
  async posts(outside: string | null, words: readonly SearchWord[], passwordless: boolean): Promise<Float64Array | null> {
    if (outside === null) return null;
    const question = JSON.stringify([words, passwordless]);
    if (this.#crowded.has(question)) return null;
    const key = searchKey(outside, question);
    const kept = this.#kept.get(key);
    const swept = kept?.ready ? undefined : this.#sweptOnce(question, outside);
    if (!kept) {
      if (swept || this.#asked.has(key)) this.#lookUpInBackground(key, question, words, passwordless, outside);
      else this.#asked.set(key, true);
      return swept ? this.#answer(swept) : null;
    }
    if (swept) return this.#answer(swept);
    if (!kept.ready && !await settlesWithin(kept.matched, this.lookupWaitMs)) return null;
    return this.#answer(kept);
  }

  /**
   * The search as kept one sweep before `outside` (still kept, so own writes still mark it),
   * ready, and not past a sweep's period of answering for it.
   */
  #sweptOnce(question: string, outside: string): KeptSearch | undefined {
    const latest = this.#latest.get(question);
    const before = latest === undefined ? undefined : this.#kept.peek(latest);
    if (!before?.ready || before.outside === outside || !this.db.sweptOnce(before.outside, outside)) return undefined;
    before.sweptSince ??= Date.now();
    return Date.now() - before.sweptSince <= this.sweptMs ? before : undefined;
  }

  /** The posts `kept` matches, once the posts own writes touched since are tested again. */
  async #answer(kept: KeptSearch): Promise<Float64Array | null> {
    this.#testTouched(kept);
    try {
      const matched = await kept.matched;
      if (!matched) this.#tooMany(kept);
      return matched;
    } catch {
      // Answered by SQL; the search is looked up anew when asked again.
      this.#forget(kept);
      return null;
    }
  }

  /** Tests again the posts own writes touched since the last test, after the test under way (so that they apply in the order they were taken). */
  #testTouched(kept: KeptSearch): void {
    if (!kept.touched.size || kept.queued) return;
    kept.queued = true;
    kept.matched = kept.matched.then((matched) => {
      kept.queued = false;
      const among = [...kept.touched];
      kept.touched.clear();
      return matched && this.#testAgain(matched, among, kept.words, kept.passwordless);
    });
  }

  #forget(kept: KeptSearch): void {
    const key = searchKey(kept.outside, kept.question);
    if (this.#kept.get(key) === kept) this.#kept.delete(key);
  }

  /** Marks the posts a committed write of wpcal's own touched, or forgets every search. */
  ownWrite(touched: Touched): void {
    if (touched === 'everything') {
      this.#kept.clear();
      return;
    }
    if (!touched.posts.size) return;
    const worn: string[] = [];
    for (const [key, kept] of this.#kept.entries()) {
      for (const post of touched.posts) kept.touched.add(post);
      if (kept.touched.size > MOST_TOUCHED) worn.push(key);
      else if (kept.ready && kept.touched.size >= TEST_AFTER_TOUCHED) this.#testInBackground(kept);
    }
    // Not while the cache is walked.
    for (const key of worn) this.#kept.delete(key);
  }

  /** Tests the posts touched (as #answer would) with no request waiting: a failure or too many matches ends the search as there. */
  #testInBackground(kept: KeptSearch): void {
    if (kept.queued) return;
    this.#testTouched(kept);
    kept.matched.then((matched) => {
      if (!matched) this.#tooMany(kept);
    }, () => this.#forget(kept));
  }

  #lookUpInBackground(key: string, question: string, words: readonly SearchWord[], passwordless: boolean, outside: string): void {
    const matched = this.#lookUp(words, passwordless).then((ids) => (ids ? Float64Array.from(ids) : null));
    const kept: KeptSearch = { matched, ready: false, touched: new Set(), queued: false, outside, sweptSince: null, question, words, passwordless };
    this.#kept.set(key, kept);
    kept.matched.then((matched) => {
      kept.ready = true;
      if (matched) this.#latest.set(question, key);
      else this.#tooMany(kept);
    }, () => this.#forget(kept));
  }

  #tooMany(kept: KeptSearch): void {
    this.#crowded.set(kept.question, true);
    this.#forget(kept);
  }

  #lookUp(words: readonly SearchWord[], passwordless: boolean, among?: readonly number[]): Promise<number[] | null> {
    return postsMatchingSearch(this.db.kysely, this.postType, words, passwordless, this.mostMatches, among);
  }

  /** The matches with the posts of `among` tested again: those found replace those kept. */
  async #testAgain(matched: Float64Array, among: readonly number[], words: readonly SearchWord[], passwordless: boolean): Promise<Float64Array | null> {
    const found = await this.#lookUp(words, passwordless, among);
    if (!found) return null;
    const tested = new Set(among);
    const wasMatched = new Set<number>();
    for (const id of matched) if (tested.has(id)) wasMatched.add(id);
    // The same posts matching: the same array, so what lists keep of it (day counts, its bitmap) stays.
    if (found.length === wasMatched.size && found.every((id) => wasMatched.has(id))) return matched;
    const kept = matched.filter((id) => !tested.has(id));
    if (kept.length + found.length > this.mostMatches) return null;
    // Both in ID order: merged, not sorted again.
    const merged = new Float64Array(kept.length + found.length);
    let k = 0;
    let f = 0;
    for (let at = 0; at < merged.length; at++) merged[at] = f >= found.length || (k < kept.length && kept[k]! < found[f]!) ? kept[k++]! : found[f++]!;
    return merged;
  }
}
