// The request and operations log: pino, one JSON line per event on stdout.
import { pino, type Logger } from 'pino';

/** Lines are written once this many bytes wait… */
const BATCH_BYTES = 4096;
/** …or this often, whichever comes first. */
const FLUSH_MS = 100;

/**
 * Lines are written asynchronously and in batches: a busy server makes one system call per batch
 * of requests instead of one per request (the write was 5 % of the server's CPU under the write
 * benchmark), and a quiet one still writes each line within FLUSH_MS. pino flushes what is left
 * at exit.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  const flushing = setInterval(() => {
    try {
      destination.flush();
    } catch {
      // The stream failed (stdout closed): the log must not stop the server.
      clearInterval(flushing);
    }
  }, FLUSH_MS).unref();
  return pino({ level }, destination);
}
