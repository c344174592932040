// Every post's meta rows of the keys lists filter by, read in pages of their own (listKeyMetaPage)
// before the list keys' pages, then handed to each page's rows by post (ListKeyRow.meta). Values repeat (a calendar has far fewer venues than events): each distinct
// text is kept once.
import type { Reader } from '../../data/executor.ts';
import { listKeyMetaPage, type ListKeyMeta, type ListedMeta } from '../../data/event-list.ts';
import { grown } from './grown-array.ts';


export class ListKeyMetaRows {
  #size = 0;
  #posts = new Float64Array(0);
  /** The key of each row: its index in ListKeyMeta's byValue, then byPresence. */
  #keys = new Uint8Array(0);
  readonly #values: string[] = [];
  /** Rows by post ID, once all are read. */
  #byPost = new Uint32Array(0);

  private constructor(private readonly meta: ListKeyMeta) {}

  /** Reads every row of the keys, `pageRows` at a time, running `between` after each page. */
  static async read(db: Reader, meta: ListKeyMeta, pageRows: number, between: () => Promise<void>): Promise<ListKeyMetaRows> {
    const rows = new ListKeyMetaRows(meta);
    const texts = new Map<string, string>();
    const keys = [...meta.byValue, ...meta.byPresence];
    for (let after = 0; ;) {
      const page = await listKeyMetaPage(db, keys, after, pageRows);
      for (const row of page) {
        const text = row.meta_value ?? '';
        rows.#add(row.post_id, row.key, texts.get(text) ?? texts.set(text, text).get(text)!);
      }
      if (page.length < pageRows) break;
      after = page[page.length - 1]!.meta_id;
      await between();
    }
    rows.#byPost = Uint32Array.from({ length: rows.#size }, (_, row) => row).sort((a, b) => rows.#posts[a]! - rows.#posts[b]! || a - b);
    return rows;
  }

  #add(postId: number, key: number, value: string): void {
    const row = this.#size++;
    this.#posts = grown(this.#posts, this.#size);
    this.#keys = grown(this.#keys, this.#size);
    this.#posts[row] = postId;
    this.#keys[row] = key;
    this.#values[row] = value;
  }

  /** The post's meta of the keys, as listKeysOfPosts reads it. */
  of(postId: number): ListedMeta {
    const listed: ListedMeta = { values: this.meta.byValue.map(() => []), present: this.meta.byPresence.map(() => false) };
    const order = this.#byPost;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#posts[order[middle]!]! < postId) low = middle + 1;
      else high = middle;
    }
    const values = this.meta.byValue.length;
    for (let at = low; at < order.length && this.#posts[order[at]!] === postId; at++) {
      const row = order[at]!;
      const key = this.#keys[row]!;
      if (key < values) listed.values[key]!.push(this.#values[row]!);
      else listed.present[key - values] = true;
    }
    return listed;
  }
}
