// The child processes tests and benchmarks start, stopped when this process exits without
// stopping them: a benchmark interrupted (run.ts turns SIGINT and SIGTERM into an exit) left its
// `wpcal serve` processes running, holding their ports and databases.
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Tracks `child` until it exits; returns it. */
export function stoppedOnExit<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}
