// `wpcal export --format json|ics|wxr [filters]`: streams the calendar to stdout in that format.
// A reader that stops early (`wpcal export | head`) closes the pipe: the export then ends quietly.
import type { Db } from '../db/connect.ts';
import { transferContext } from './context.ts';
import {
  categoriesWithAncestors, checkExportFilters, readExportEvents, readExportOrganizers, readExportTerms, readExportVenues, type ExportFilters,
} from './export-reader.ts';
import { eventWriter, type ExportFormat } from './formats.ts';
import { writeJsonExport } from './json/write.ts';

const isBrokenPipe = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';

async function writeExport(db: Db, format: ExportFormat, filters: ExportFilters, out: NodeJS.WritableStream): Promise<void> {
  const context = await transferContext(db);
  await checkExportFilters(db.kysely, context.site, filters, context.now);
  const events = readExportEvents(db.kysely, context.site, filters, { now: context.now });
  if (format === 'json') {
    await writeJsonExport(events, out, {
      categories: (ids) => categoriesWithAncestors(db.kysely, ids),
      venues: (ids) => readExportVenues(db.kysely, ids),
      organizers: (ids) => readExportOrganizers(db.kysely, ids),
    });
    return;
  }
  const terms = format === 'wxr' ? await readExportTerms(db.kysely, context.site, filters, context.now) : undefined;
  const write = await eventWriter(format);
  await write(events, out, context.site, terms);
}

export async function exportEvents(db: Db, format: ExportFormat, filters: ExportFilters, out: NodeJS.WritableStream): Promise<void> {
  // Stays attached: an error of the last write is emitted after the writer stopped listening.
  let late: Error | undefined;
  out.on('error', (error: Error) => {
    if (!isBrokenPipe(error)) late ??= error;
  });
  try {
    await writeExport(db, format, filters, out);
    await new Promise(setImmediate);
  } catch (error) {
    if (!isBrokenPipe(error)) throw error;
  }
  if (late) throw late;
}
