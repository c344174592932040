// Results an import computes from values its records repeat (the same dates, costs, zones in
// thousands of rows), kept by value so each is computed once: at most a bounded number of them,
// so that a file of values that never repeat holds no more than that.

/** Distinct values kept at most; past that, the memory starts over. */
const KEPT = 10_000;

export class Recent<T> {
  private kept = new Map<string, T>();

  /** The result for `key`, computed once (again after the memory starts over). */
  get(key: string, compute: () => T): T {
    let value = this.kept.get(key);
    if (value === undefined && !this.kept.has(key)) {
      value = compute();
      if (this.kept.size === KEPT) this.kept = new Map();
      this.kept.set(key, value);
    }
    return value as T;
  }
}
