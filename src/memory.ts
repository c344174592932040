// A full garbage collection on demand, for the moments the process knows it has just dropped a
// great deal: V8 collects its old generation when that grows, and a server answering requests
// afterwards allocates almost only short-lived objects, so what a large one-off job left behind
// (the pages of rows the events' list keys were built from, the arrays they outgrew) stayed in
// its resident memory for as long as it ran.
import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | undefined;

/** Collects now (tens of milliseconds with a large heap). */
export function collectGarbage(): void {
  if (!collect) {
    // `gc` is handed only to contexts made while the flag is on; this one is made for it alone.
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
  }
  collect();
}
