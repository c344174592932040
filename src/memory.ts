// A full garbage collection on demand, for the moments the process knows it has just dropped a
// great deal: V8 collects its old generation when that grows, and a server answering requests
// afterwards allocates almost only short-lived objects, so what a large one-off job left behind
// (the pages of rows the events' list keys were built from, the arrays they outgrew) stayed in
// its resident memory for as long as it ran.
import v8 from 'node:v8';
import vm from 'node:vm';

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
