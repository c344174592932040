// The strings an import has seen, to tell a record that repeats an earlier one of the same file,
// kept as 64-bit fingerprints in a typed array: 16 bytes or less per string however long it is,
// where a Set of the strings would hold them all (a million events' keys and titles). Two
// different strings share a fingerprint with a chance of about n²/2⁶⁵ (3·10⁻⁸ for a million).

/** Two independent 32-bit hashes of the string (cyrb53's mixing, both words kept); never both 0. */
function fingerprint(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, (h2 >>> 0) || 1];
}

export class SeenKeys {
  /** Open addressing, linear probing: slot i is words 2i and 2i+1; an empty slot is 0, 0. */
  private slots = new Uint32Array(2 * 1024);
  private count = 0;

  /** Adds the string; false when it was seen before. */
  add(text: string): boolean {
    const [h1, h2] = fingerprint(text);
    if (!this.insert(h1, h2)) return false;
    this.count++;
    if (this.count * 2 > this.slots.length / 2) this.grow();
    return true;
  }

  private insert(h1: number, h2: number): boolean {
    const mask = this.slots.length / 2 - 1;
    for (let slot = h1 & mask; ; slot = (slot + 1) & mask) {
      const a = this.slots[2 * slot];
      const b = this.slots[2 * slot + 1];
      if (a === 0 && b === 0) {
        this.slots[2 * slot] = h1;
        this.slots[2 * slot + 1] = h2;
        return true;
      }
      if (a === h1 && b === h2) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) if (old[i] !== 0 || old[i + 1] !== 0) this.insert(old[i], old[i + 1]);
  }
}
