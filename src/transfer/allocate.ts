// The wanted IDs and unique slugs of posts inserted in bulk, where wp_insert_post's one-row-at-a-
// time "insert, then make the slug unique against the table" would cost queries per post. New
// posts are numbered by the database, as every other new post (see insertPostRowsBulk).
import type { Writer } from '../data/executor.ts';
import { existingPostIds, hasPostOfType, numberPostsAbove, postNamesAndTypes } from '../data/post-queries.ts';
import { firstFreeSlug, postNamesStartingWith } from '../data/posts.ts';

/** Which of these wanted IDs no post has: a record keeps its ID (a WXR post ID) only then. */
export async function freeWantedIds(trx: Writer, wanted: ReadonlyArray<number | undefined>): Promise<Set<number>> {
  const candidates = [...new Set(wanted)].filter((id): id is number => id !== undefined && Number.isSafeInteger(id) && id > 0);
  if (!candidates.length) return new Set();
  const taken = new Set(await existingPostIds(trx, candidates));
  return new Set(candidates.filter((id) => !taken.has(id)));
}

/**
 * Keeps the wanted IDs of a file free until their records are written: new posts are numbered by
 * the database above the highest of them (the import's own, and the API's meanwhile). When that
 * one is taken, the numbering is above it already.
 */
export async function reserveWantedIds(trx: Writer, highest: number): Promise<void> {
  if ((await freeWantedIds(trx, [highest])).size) await numberPostsAbove(trx, highest);
}

/**
 * wp_unique_post_slug over a unit of writes: `slug`, else `slug-2`, `slug-3`… among the type's
 * stored posts (those of the committed units included) and the slugs the unit handed out. Stored
 * names are read per chunk of wanted slugs, and the `slug%` names only for a slug that turns out
 * to be taken; neither while the table holds no post of the type (the first unit of an import
 * into an empty calendar). Nothing is kept from one unit to the next: the table has it.
 */
export class SlugAllocator {
  /** Lower-cased: the stored names read in this unit, and the slugs it handed out. */
  private taken = new Set<string>();
  /** Slugs whose `slug%` names were read in this unit. */
  private widened = new Set<string>();
  private noneStored = false;

  constructor(private readonly postType: string) {}

  /** Looks whether the table holds any post of the type (one query): at the start of each unit, before its slugs are handed out. */
  async start(trx: Writer): Promise<void> {
    this.taken = new Set();
    this.widened = new Set();
    this.noneStored = !await hasPostOfType(trx, this.postType);
  }

  /** Reads which of these slugs the table already holds (one query). */
  async prepare(trx: Writer, slugs: readonly string[]): Promise<void> {
    const wanted = [...new Set(slugs.filter((slug) => slug !== ''))];
    if (this.noneStored || !wanted.length) return;
    // By name only, so the post_name index is used; the type is checked here.
    for (const row of await postNamesAndTypes(trx, wanted)) if (row.post_type === this.postType) this.taken.add(row.post_name.toLowerCase());
  }

  async take(trx: Writer, slug: string): Promise<string> {
    const lower = slug.toLowerCase();
    if (!this.noneStored && this.taken.has(lower) && !this.widened.has(lower)) {
      this.widened.add(lower);
      // LIKE wildcards inside the slug only widen the candidates; the set compares exactly.
      for (const name of await postNamesStartingWith(trx, this.postType, slug)) this.taken.add(name.toLowerCase());
    }
    const unique = firstFreeSlug(slug, this.taken);
    this.taken.add(unique.toLowerCase());
    return unique;
  }
}
