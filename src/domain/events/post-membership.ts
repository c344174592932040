// Whether a post is among those a search matched (SearchMatches: their IDs in ascending order). A
// list's walk asks it of every row of its window (some 90,000 for the upcoming events of a
// 100,000-event calendar), so the IDs are turned once into a bitmap by post ID, where they are
// small enough; past that, each answer is a binary search of the IDs.

/** Post IDs up to which a bitmap is made: at most 1 MB of bits. */
const MAX_BITMAP_ID = 8 * 1024 * 1024;

const tests = new WeakMap<Float64Array, (postId: number) => boolean>();

/** The membership test of these IDs (ascending), made once per array. */
export function membershipOf(sorted: Float64Array): (postId: number) => boolean {
  let test = tests.get(sorted);
  if (!test) tests.set(sorted, test = testOf(sorted));
  return test;
}

function testOf(sorted: Float64Array): (postId: number) => boolean {
  const highest = sorted.length ? sorted[sorted.length - 1]! : 0;
  if (highest > MAX_BITMAP_ID || (sorted[0] ?? 0) < 0 || !sorted.every(Number.isSafeInteger)) return (postId) => holdsSorted(sorted, postId);
  const bits = new Uint32Array((highest >>> 5) + 1);
  for (const id of sorted) bits[id >>> 5]! |= 1 << (id & 31);
  return (postId) => postId >= 0 && postId <= highest && (bits[postId >>> 5]! & (1 << (postId & 31))) !== 0;
}

/** Whether `sorted` (ascending) holds `value`. */
function holdsSorted(sorted: Float64Array, value: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low] === value;
}
