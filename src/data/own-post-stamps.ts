// What wpcal's own writes left in the posts' post_modified_gmt, so that a check of the posts
// modified (MySQL without the change log: outside-epochs.ts) does not take them for another
// connection's saves. The check reads every post modified in the last seconds, its clock slack
// included, so while wpcal writes without a pause each of its own posts came back in several
// checks in a row: at 100 creates a second some 1,000 posts a check, each told as changed again
// (its keys read again, its representations dropped, every search looked up anew).
//
// A post showing the stamp wpcal's latest own write of it committed (insertPost and updatePost
// say what they set: transaction.ts, stampedPost) was told with that write (its listeners dropped
// and read again what they keep of it, after the commit): another connection's later save shows
// as another stamp, unless it lands in the same second as wpcal's write with the same clock (then
// it shows at the next sweep, OUTSIDE_FULL_CHECK_MS).
import { LRUCache } from 'lru-cache';

/** Stamps kept: the latest own writes' (at 100 writes a second, the last eight minutes'). */
const KEPT_STAMPS = 50_000;
/** Past this, a post's own stamp is forgotten: no check reads that far back (CLOCK_SLACK_MS and a sweep's period are far shorter). */
const KEPT_MS = 10 * 60_000;

export class OwnPostStamps {
  readonly #stamps = new LRUCache<number, string>({ max: KEPT_STAMPS, ttl: KEPT_MS });

  /** Keeps the stamps a committed write left on the posts it told its listeners of (`told`; null: everything). */
  keep(stamps: ReadonlyMap<number, string>, told: ReadonlySet<number> | null): void {
    for (const [post, stamp] of stamps) if (!told || told.has(post)) this.#stamps.set(post, stamp);
  }

  /** Whether the post shows the stamp wpcal's latest own write of it left (see the module). */
  isOwn(post: number, modifiedGmt: string): boolean {
    return this.#stamps.get(post) === modifiedGmt;
  }
}
