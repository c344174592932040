// Post IDs and unique slugs for posts inserted in bulk, where wp_insert_post's one-row-at-a-time
// "insert, then make the slug unique against the table" would cost queries per post.
import type { DialectName } from '../db/connect.ts';
import type { Executor } from '../store/options.ts';
import { firstFreeSlug } from '../store/posts.ts';

/**
 * Hands out post IDs above the table's highest, or a wanted ID when it is free. refresh() reads
 * the highest ID again before each chunk (posts inserted meanwhile, such as venues created for
 * the chunk's events, are above it); on MySQL it locks the highest row (FOR UPDATE) so
 * concurrent writers wait for the import instead of taking the same IDs.
 */
export class PostIdAllocator {
  private next = 1;
  private readonly used = new Set<number>();

  constructor(private readonly dialect: DialectName) {}

  async refresh(trx: Executor): Promise<void> {
    let query = trx.selectFrom('posts').select((eb) => eb.fn.max('ID').as('max'));
    if (this.dialect === 'mysql') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    this.next = Math.max(this.next, Number(row?.max ?? 0) + 1);
  }

  /** Which of these wanted IDs are free (no post has them, none handed out yet). */
  async free(trx: Executor, wanted: readonly number[]): Promise<Set<number>> {
    const candidates = [...new Set(wanted)].filter((id) => Number.isSafeInteger(id) && id > 0 && !this.used.has(id));
    if (!candidates.length) return new Set();
    const taken = await trx.selectFrom('posts').select('ID').where('ID', 'in', candidates).execute();
    const takenIds = new Set(taken.map((row) => Number(row.ID)));
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
 * wp_unique_post_slug over a batch: `slug`, else `slug-2`, `slug-3`… among the type's stored
 * posts and the slugs already handed out. Stored names are read per chunk of wanted slugs, and
 * the `slug%` names only for a slug that turns out to be taken.
 */
export class SlugAllocator {
  private readonly taken = new Set<string>();
  private readonly widened = new Set<string>();

  constructor(private readonly postType: string) {}

  /** Reads which of these slugs the table already holds (one query). */
  async prepare(trx: Executor, slugs: readonly string[]): Promise<void> {
    const wanted = [...new Set(slugs.filter((slug) => slug !== ''))];
    if (!wanted.length) return;
    // By name only, so the post_name index is used; the type is checked here.
    const rows = await trx.selectFrom('posts').select(['post_name', 'post_type']).where('post_name', 'in', wanted).execute();
    for (const row of rows) if (row.post_type === this.postType) this.taken.add(row.post_name.toLowerCase());
  }

  async take(trx: Executor, slug: string): Promise<string> {
    const lower = slug.toLowerCase();
    if (this.taken.has(lower) && !this.widened.has(lower)) {
      this.widened.add(lower);
      // LIKE wildcards inside the slug only widen the candidates; the Set compares exactly.
      const rows = await trx.selectFrom('posts').select('post_name')
        .where('post_type', '=', this.postType).where('post_name', 'like', `${slug}%`).execute();
      for (const row of rows) this.taken.add(row.post_name.toLowerCase());
    }
    const unique = firstFreeSlug(slug, this.taken);
    this.taken.add(unique.toLowerCase());
    return unique;
  }
}
