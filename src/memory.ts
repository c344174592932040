// What the process does about V8's heap: how far it may grow, and a full garbage collection on
// demand, for the moments the process knows it has just dropped a great deal: V8 collects its
// old generation when that grows, and a server answering requests afterwards allocates almost
// only short-lived objects, so what a large one-off job left behind (the pages of rows the
// events' list keys were built from, the arrays they outgrew) stayed in its resident memory for
// as long as it ran.
import v8 from 'node:v8';
import vm from 'node:vm';

const HEAP_GROWING_PERCENT = 25;

let collect: (() => void) | undefined;

/** The `gc` of a process started with --expose-gc; else one made for this module alone. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  // `gc` is handed only to contexts made while the flag is on; this one is made for it alone.
  v8.setFlagsFromString('--expose-gc');
  const made = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  return made;
}

/** Collects now (tens of milliseconds with a large heap). */
export function collectGarbage(): void {
  collect ??= collector();
  collect();
}

/**
 * Lets V8's old generation grow to a quarter again what a full collection leaves, no more: for the
 * process that serves (`wpcal serve`), which allocates steadily for as long as it runs. Left to
 * itself, V8 lets such a heap grow to up to four times what is live: after a long tail at 100,000
 * events (some 75 MB live) the process held 346–425 MB of RSS, against 278–300 with half again
 * and 218 with a quarter (MariaDB, against 236–239 with half again; alternating runs, the same
 * long-tail throughput: 1,937 req/s on average either way). The flag is read at each collection,
 * so setting it once the process runs is enough.
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
