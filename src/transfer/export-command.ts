// `wpcal export --format json|ics|wxr [filters]`: streams the calendar to stdout in that format.
import type { Db } from '../db/connect.ts';
import { transferContext } from './context.ts';
import { categoriesWithAncestors, checkExportFilters, readExportEvents, type ExportFilters } from './export-reader.ts';
import { eventWriter, type ExportFormat } from './formats.ts';
import { writeJsonExport } from './json/write.ts';

export async function exportEvents(db: Db, format: ExportFormat, filters: ExportFilters, out: NodeJS.WritableStream): Promise<void> {
  const context = await transferContext(db);
  await checkExportFilters(db.kysely, context.site, filters, context.now);
  const events = readExportEvents(db.kysely, context.site, filters, { now: context.now });
  if (format === 'json') {
    await writeJsonExport(events, out, { categories: (ids) => categoriesWithAncestors(db.kysely, ids) });
    return;
  }
  const write = await eventWriter(format);
  await write(events, out, context.site);
}
