// What an import did, per record: created, updated, skipped or failed (with the reason).
import { RestError } from '../domain/errors.ts';
import type { RecordProblem } from './records.ts';

export class Tally {
  created = 0;
  updated = 0;
  skipped = 0;
  failed = 0;
  readonly problems: RecordProblem[] = [];

  fail(where: string, reason: string): void {
    this.failed++;
    this.problems.push({ where, reason });
  }

  add(other: Tally): void {
    this.created += other.created;
    this.updated += other.updated;
    this.skipped += other.skipped;
    this.failed += other.failed;
    this.problems.push(...other.problems);
  }

  summary(): string {
    return `created ${this.created}, updated ${this.updated}, skipped ${this.skipped}, failed ${this.failed}`;
  }
}

/** The reason an error gives, for a problem line. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A record the import cannot take; the rest of the file goes on. */
export class RecordError extends Error {}

/** Errors that fail one record (bad data), as opposed to those that fail the whole file. */
export function isRecordError(error: unknown): error is Error {
  return error instanceof RecordError || error instanceof RestError;
}
