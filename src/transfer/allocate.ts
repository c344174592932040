// Post IDs, `tec_events` IDs and unique slugs for rows inserted in bulk, where wp_insert_post's
// one-row-at-a-time "insert, then make the slug unique against the table" would cost queries per post.
import type { Writer } from '../data/executor.ts';
import { highestEventRowId, highestPostId } from '../data/bulk-insert.ts';
import { existingPostIds, hasPostOfType, postNamesAndTypes } from '../data/post-queries.ts';
import { firstFreeSlug, postNamesStartingWith } from '../data/posts.ts';

/**
 * Hands out post IDs above the table's highest, or a wanted ID when it is free. refresh() reads
 * the highest ID again: at the start, and whenever posts were inserted by other means meanwhile
 * (venues and organizers the events name, created for them).
 */
export class PostIdAllocator {
  private next = 1;
  private readonly used = new Set<number>();

  /** Reads the highest post ID (on MySQL locking it, so concurrent writers wait for the import instead of taking the IDs above it). */
  async refresh(trx: Writer): Promise<void> {
    this.next = Math.max(this.next, await highestPostId(trx) + 1);
  }

  /** Which of these wanted IDs are free (no post has them, none handed out yet). */
  async free(trx: Writer, wanted: readonly number[]): Promise<Set<number>> {
    const candidates = [...new Set(wanted)].filter((id) => Number.isSafeInteger(id) && id > 0 && !this.used.has(id));
    if (!candidates.length) return new Set();
    const takenIds = new Set(await existingPostIds(trx, candidates));
    return new Set(candidates.filter((id) => !takenIds.has(id)));
  }

  /** `wanted` when it is in `free` (as returned by free()), else the next unused ID. */
  take(wanted: number | undefined, free: ReadonlySet<number>): number {
    if (wanted !== undefined && free.has(wanted) && !this.used.has(wanted)) {
      this.used.add(wanted);
      return wanted;
    }
    while (this.used.has(this.next)) this.next++;
    this.used.add(this.next);
    return this.next++;
  }
}

/**
 * Hands out `tec_events` IDs above the table's highest, read (and on MySQL locked) once: the
 * import's own rows are the only ones added meanwhile. With the IDs known up front, a chunk's
 * `tec_occurrences` rows are written without reading its `tec_events` IDs back.
 */
export class EventRowIds {
  private next = 1;

  async start(trx: Writer): Promise<void> {
    this.next = await highestEventRowId(trx) + 1;
  }

  readonly take = (): number => this.next++;
}

/**
 * wp_unique_post_slug over a batch: `slug`, else `slug-2`, `slug-3`… among the type's stored
 * posts and the slugs already handed out. Stored names are read per chunk of wanted slugs, and
 * the `slug%` names only for a slug that turns out to be taken; neither when the table held no
 * post of the type as the import began (an import into an empty calendar).
 */
export class SlugAllocator {
  private readonly taken = new Set<string>();
  private readonly widened = new Set<string>();
  private noneStored = false;

  constructor(private readonly postType: string) {}

  /** Looks whether the table holds any post of the type (one query), before any slug is handed out. */
  async start(trx: Writer): Promise<void> {
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
      // LIKE wildcards inside the slug only widen the candidates; the Set compares exactly.
      for (const name of await postNamesStartingWith(trx, this.postType, slug)) this.taken.add(name.toLowerCase());
    }
    const unique = firstFreeSlug(slug, this.taken);
    this.taken.add(unique.toLowerCase());
    return unique;
  }
}
