// The request and operations log: pino, one JSON line per event on stdout.
import { pino, type Logger } from 'pino';

/**
 * Lines are written asynchronously: a line logged while an earlier write is still under way joins
 * the next write, so a busy server makes one system call per batch of requests instead of one per
 * request, and a quiet one still writes each line at once. pino flushes what is left at exit.
 */
export function createLogger(level: string): Logger {
  return pino({ level }, pino.destination({ dest: 1, sync: false }));
}
