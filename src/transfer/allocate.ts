// Post IDs, `tec_events` IDs and unique slugs for rows inserted in bulk, where wp_insert_post's
// one-row-at-a-time "insert, then make the slug unique against the table" would cost queries per post.
import type { SelectQueryBuilder } from 'kysely';
import type { DialectName } from '../data/connect.ts';
import type { Database } from '../data/tables.ts';
import type { Writer } from '../data/executor.ts';
import { firstFreeSlug } from '../data/posts.ts';

/** A query of the highest ID of a table's key column, as `highest` (null when the table is empty). */
type HighestIdQuery = SelectQueryBuilder<Database, 'posts' | 'tec_events', { highest: unknown }>;

/**
 * Runs a query of a table's highest ID; on MySQL it locks the highest row (FOR UPDATE) so
 * concurrent writers wait for the import instead of taking the IDs above it.
 */
async function highestId(dialect: DialectName, query: HighestIdQuery): Promise<number> {
  const row = await (dialect === 'mysql' ? query.forUpdate() : query).executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/**
 * Hands out post IDs above the table's highest, or a wanted ID when it is free. refresh() reads
 * the highest ID again: at the start, and whenever posts were inserted by other means meanwhile
 * (venues and organizers the events name, created for them).
 */
export class PostIdAllocator {
  private next = 1;
  private readonly used = new Set<number>();

  constructor(private readonly dialect: DialectName) {}

  async refresh(trx: Writer): Promise<void> {
    const highest = await highestId(this.dialect, trx.selectFrom('posts').select((eb) => eb.fn.max('ID').as('highest')));
    this.next = Math.max(this.next, highest + 1);
  }

  /** Which of these wanted IDs are free (no post has them, none handed out yet). */
  async free(trx: Writer, wanted: readonly number[]): Promise<Set<number>> {
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
 * Hands out `tec_events` IDs above the table's highest, read (and on MySQL locked) once: the
 * import's own rows are the only ones added meanwhile. With the IDs known up front, a chunk's
 * `tec_occurrences` rows are written without reading its `tec_events` IDs back.
 */
export class EventRowIds {
  private next = 1;

  constructor(private readonly dialect: DialectName) {}

  async start(trx: Writer): Promise<void> {
    this.next = await highestId(this.dialect, trx.selectFrom('tec_events').select((eb) => eb.fn.max('event_id').as('highest'))) + 1;
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
    const stored = await trx.selectFrom('posts').select('ID').where('post_type', '=', this.postType).limit(1).executeTakeFirst();
    this.noneStored = stored === undefined;
  }

  /** Reads which of these slugs the table already holds (one query). */
  async prepare(trx: Writer, slugs: readonly string[]): Promise<void> {
    const wanted = [...new Set(slugs.filter((slug) => slug !== ''))];
    if (this.noneStored || !wanted.length) return;
    // By name only, so the post_name index is used; the type is checked here.
    const rows = await trx.selectFrom('posts').select(['post_name', 'post_type']).where('post_name', 'in', wanted).execute();
    for (const row of rows) if (row.post_type === this.postType) this.taken.add(row.post_name.toLowerCase());
  }

  async take(trx: Writer, slug: string): Promise<string> {
    const lower = slug.toLowerCase();
    if (!this.noneStored && this.taken.has(lower) && !this.widened.has(lower)) {
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
