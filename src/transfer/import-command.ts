// `wpcal import FILE… [--dry-run]`: each file is checked whole, then its records are read again
// and applied as they are read, in units of writes (apply.ts), each committed on its own so the API's writers take turns with a
// long import. A file that fails midway keeps the units committed before the failure; importing
// it again finishes it (records match what the first run wrote). A dry run applies the files in
// one transaction, each in a savepoint (undone when the file fails), and rolls it back at the
// end: later files see what earlier ones would have written (the venues an events file names),
// so it counts what the real run counts.
import type { Db } from '../data/connect.ts';
import { withSavepoint } from '../data/savepoint.ts';
import { isLockConflict } from '../data/transaction.ts';
import { progressBar, type Progress } from '../cli/progress.ts';
import { applySource } from './apply.ts';
import { transferContext, type TransferContext } from './context.ts';
import { MATCH_BY, detectFormat, openSource, type Format } from './formats.ts';
import type { MappedHeader } from './csv/column-map.ts';
import { ImportFileError, startOf } from './read-file.ts';
import type { ImportSource } from './source.ts';
import type { WriteUnit } from './staged.ts';
import { Tally, reasonOf } from './tally.ts';
import type { MediaLibrary } from '../domain/media.ts';

export interface ImportOptions {
  dryRun: boolean;
  /** The base of the URLs written (GUIDs), instead of the home option. */
  siteUrl?: string;
  /** Where images given by URL are downloaded to; null: they are not (`--no-images`). A dry run downloads nothing. */
  images: MediaLibrary | null;
  /** `--map` for the CSV files (checked beforehand: see csv/map-check.ts). */
  columnMap: readonly MappedHeader[];
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What became of one file: what it wrote, and why it stopped if it did. */
interface FileOutcome {
  tally: Tally;
  failure?: ImportFileError;
}

/** Thrown inside the transaction of a dry run to roll it back. */
class DryRunRollback extends Error {
  constructor(readonly outcomes: FileOutcome[]) {
    super('dry run');
  }
}

/** The message of a failure of the whole file, naming the file once. */
function fileFailure(file: string, error: unknown, prefix = ''): ImportFileError {
  const reason = reasonOf(error);
  return new ImportFileError(reason.startsWith(`${file}:`) ? reason.replace(`${file}:`, `${file}:${prefix}`) : `${file}:${prefix} ${reason}`);
}

/** How the files are read and written: where images go, and `--map`. */
interface Reading {
  images: MediaLibrary | null;
  columnMap: readonly MappedHeader[];
}

/** The file's format and records, once the file is checked whole (nothing is written before). */
async function open(context: TransferContext, file: string, columnMap: readonly MappedHeader[]): Promise<{ format: Format; source: ImportSource }> {
  try {
    const format = detectFormat(file, await startOf(file));
    return { format, source: await openSource(format, file, context, columnMap) };
  } catch (error) {
    throw fileFailure(file, error);
  }
}

/**
 * How a file's writes run: in transactions of their own (`kept`: what committed stays when the
 * file fails), or in a savepoint of the dry run's transaction.
 */
interface Scope {
  run(apply: (unit: WriteUnit) => Promise<void>): Promise<void>;
  kept: boolean;
}

/**
 * Checks, reads and applies one file. A failure of the whole file becomes its outcome, except a
 * lost lock race of a dry run's shared transaction, which goes up so that transaction runs again.
 */
async function importFile(context: TransferContext, file: string, scope: Scope, progress: Progress, reading: Reading): Promise<FileOutcome> {
  let opened: { format: Format; source: ImportSource };
  try {
    opened = await open(context, file, reading.columnMap);
  } catch (error) {
    if (error instanceof ImportFileError) return { tally: new Tally(), failure: error };
    throw error;
  }
  const { format, source } = opened;
  const tally = new Tally();
  try {
    await scope.run((unit) => applySource(unit, context, source, {
      source: format, matchBy: MATCH_BY[format], file, images: reading.images, onProgress: progress.update, reserveIds: scope.kept,
    }, tally));
    return { tally };
  } catch (error) {
    if (isLockConflict(error)) throw error;
    const total = source.size;
    const written = scope.kept ? tally.created + tally.updated : 0;
    if (written === 0) return { tally: new Tally(), failure: fileFailure(file, error, ` nothing of its ${total} records imported:`) };
    const stopped = ` stopped after ${written} of its ${total} records (import it again to finish: what was imported is matched, not duplicated):`;
    return { tally, failure: fileFailure(file, error, stopped) };
  } finally {
    progress.stop();
  }
}

/** Each file in a transaction of its own, reported as soon as it is done. */
async function importEach(
  context: TransferContext, files: readonly string[], progress: Progress, reading: Reading, report: (outcome: FileOutcome) => void,
): Promise<void> {
  const scope: Scope = { run: (apply) => apply((work) => context.db.write(work, { background: true })), kept: true };
  for (const file of files) report(await importFile(context, file, scope, progress, reading));
}

/** Reported once the transaction is rolled back: a lost lock race runs it (and every file) again. */
async function importDry(context: TransferContext, files: readonly string[], progress: Progress, columnMap: readonly MappedHeader[]): Promise<FileOutcome[]> {
  try {
    return await context.db.write(async (trx): Promise<never> => {
      const outcomes: FileOutcome[] = [];
      const scope: Scope = { run: (apply) => withSavepoint(trx, () => apply((work) => work(trx))), kept: false };
      // Downloads would hold the transaction (on SQLite the database's write lock) meanwhile.
      for (const file of files) outcomes.push(await importFile(context, file, scope, progress, { images: null, columnMap }));
      throw new DryRunRollback(outcomes);
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.outcomes;
    throw error;
  }
}

/** Imports the files; prints problems on stderr and the summary on stdout. Returns the exit code. */
export async function importFiles(db: Db, files: readonly string[], options: ImportOptions): Promise<number> {
  const context = await transferContext(db, { siteUrl: options.siteUrl });
  const progress = progressBar('importing');
  const total = new Tally();
  let failedFiles = 0;
  const report = ({ tally, failure }: FileOutcome): void => {
    for (const problem of tally.problems) options.err(`${problem.where}: ${problem.reason}`);
    total.add(tally);
    if (failure) {
      failedFiles++;
      total.failed++;
      options.err(reasonOf(failure));
    }
  };
  if (options.dryRun) (await importDry(context, files, progress, options.columnMap)).forEach(report);
  else await importEach(context, files, progress, options, report);
  options.out(total.summary());
  if (options.dryRun) options.err('dry run: nothing was written');
  return failedFiles > 0 || total.failed > 0 ? 1 : 0;
}
