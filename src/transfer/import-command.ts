// `wpcal import FILE… [--dry-run]`: each file is read, parsed into an ImportBatch and applied in
// one transaction of its own, so a file either lands completely (minus the bad records it
// reports) or not at all. A dry run does all of it and rolls every transaction back.
import fs from 'node:fs/promises';
import type { Db } from '../db/connect.ts';
import { progressBar } from '../cli/progress.ts';
import { applyBatch, batchSize } from './apply.ts';
import { transferContext, type TransferContext } from './context.ts';
import { ImportFileError, MATCH_BY, detectFormat, parseFile } from './formats.ts';
import type { ImportBatch } from './records.ts';
import { Tally, reasonOf } from './tally.ts';

export interface ImportOptions {
  dryRun: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Thrown inside the transaction of a dry run to roll it back. */
class DryRunRollback extends Error {
  constructor(readonly tally: Tally) {
    super('dry run');
  }
}

async function readText(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    throw new ImportFileError(`${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? reasonOf(error)})`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileError(`${file}: not UTF-8 text (save the file as UTF-8 and import it again)`);
  }
}

/** The message of a failure of the whole file, naming the file once. */
function fileFailure(file: string, error: unknown, prefix = ''): ImportFileError {
  const reason = reasonOf(error);
  return new ImportFileError(reason.startsWith(`${file}:`) ? reason.replace(`${file}:`, `${file}:${prefix}`) : `${file}:${prefix} ${reason}`);
}

async function importOne(context: TransferContext, file: string, options: ImportOptions, done: (n: number, total: number) => void): Promise<Tally> {
  const text = await readText(file);
  const format = detectFormat(file, text);
  let batch: ImportBatch;
  try {
    batch = await parseFile(format, text, file, context);
  } catch (error) {
    throw fileFailure(file, error);
  }
  const apply = () => context.db.kysely.transaction().execute(async (trx) => {
    const tally = await applyBatch(trx, context, batch, { source: format, matchBy: MATCH_BY[format], file, onProgress: done });
    if (options.dryRun) throw new DryRunRollback(tally);
    return tally;
  });
  try {
    return await apply();
  } catch (error) {
    if (error instanceof DryRunRollback) return error.tally;
    throw fileFailure(file, error, ` nothing of its ${batchSize(batch)} records imported:`);
  }
}

/** Imports the files; prints problems on stderr and the summary on stdout. Returns the exit code. */
export async function importFiles(db: Db, files: readonly string[], options: ImportOptions): Promise<number> {
  const context = await transferContext(db);
  const total = new Tally();
  const progress = progressBar('importing');
  let failedFiles = 0;
  for (const file of files) {
    try {
      const tally = await importOne(context, file, options, progress.update);
      progress.stop();
      for (const problem of tally.problems) options.err(`${problem.where}: ${problem.reason}`);
      total.add(tally);
    } catch (error) {
      progress.stop();
      if (!(error instanceof ImportFileError)) throw error;
      failedFiles++;
      total.failed++;
      options.err(reasonOf(error));
    }
  }
  options.out(total.summary());
  if (options.dryRun) options.err('dry run: nothing was written');
  return failedFiles > 0 || total.failed > 0 ? 1 : 0;
}
