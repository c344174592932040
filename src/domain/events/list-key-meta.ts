// Every post's meta rows of the keys lists filter by, read in walks and pages of their own
// (listKeyMetaWalks, listKeyMetaPage) before the list keys' pages, each row kept as the link
// member the keys hold it by, then handed to each page's rows by post.
import type { DialectName, Reader } from '../../data/executor.ts';
import { listKeyMetaPage, listKeyMetaWalks, type ListKeyMeta } from '../../data/event-list.ts';
import { grown } from './grown-array.ts';

/**
 * The member a meta row is held by: `key` its key's index in ListKeyMeta's byValue, then
 * byPresence; null for a value the keys cannot hold.
 */
export type MetaMember = (key: number, value: string | null) => number | null;

export class ListKeyMetaRows {
  #size = 0;
  #posts = new Float64Array(0);
  #members = new Int32Array(0);
  /** Rows by post ID, once all are read. */
  #byPost = new Uint32Array(0);

  /** Reads every row of the keys, `pageRows` at a time, running `between` after each page. */
  static async read(db: Reader, dialect: DialectName, meta: ListKeyMeta, member: MetaMember, pageRows: number, between: () => Promise<void>): Promise<ListKeyMetaRows> {
    const rows = new ListKeyMetaRows();
    const keys = [...meta.byValue, ...meta.byPresence];
    for (const walk of listKeyMetaWalks(dialect, keys)) {
      for (let after = 0; ;) {
        const page = await listKeyMetaPage(db, walk, after, pageRows);
        for (const row of page) {
          const held = member(keys.indexOf(walk[row.key]!), row.meta_value);
          if (held !== null) rows.#add(row.post_id, held);
        }
        if (page.length < pageRows) break;
        after = page[page.length - 1]!.meta_id;
        await between();
      }
    }
    rows.#byPost = Uint32Array.from({ length: rows.#size }, (_, row) => row).sort((a, b) => rows.#posts[a]! - rows.#posts[b]! || a - b);
    return rows;
  }

  #add(postId: number, member: number): void {
    const row = this.#size++;
    this.#posts = grown(this.#posts, this.#size);
    this.#members = grown(this.#members, this.#size);
    this.#posts[row] = postId;
    this.#members[row] = member;
  }

  /** The meta rows held. */
  get size(): number {
    return this.#size;
  }

  /** The members of the post's meta rows. */
  of(postId: number): number[] {
    const order = this.#byPost;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#posts[order[middle]!]! < postId) low = middle + 1;
      else high = middle;
    }
    const members: number[] = [];
    for (let at = low; at < order.length && this.#posts[order[at]!] === postId; at++) members.push(this.#members[order[at]!]!);
    return members;
  }
}
