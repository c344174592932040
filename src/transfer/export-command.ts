// `wpcal export --format json|ics|wxr [filters]`: streams the calendar to stdout in that format.
// Without filters the JSON and WXR exports are backups: they hold every venue, organizer,
// category and tag, used by an event or not; a filtered export holds those its events use.
// A reader that stops early (`wpcal export | head`) closes the pipe: the export then ends quietly.
import type { Db } from '../data/connect.ts';
import type { Reader } from '../data/executor.ts';
import { transferContext } from './context.ts';
import {
  checkExportFilters, readEveryOrganizer, readEveryTerm, readExportAuthors, readEveryVenue, readExportCategories, readExportEvents, readExportOrganizers,
  readExportTerms, readExportVenues, selectsEverything, type ExportFilters,
} from './export-reader.ts';
import { eventWriter, type ExportFormat } from './formats.ts';
import { writeJsonExport, type JsonExportLookups } from './json/write.ts';
import type { ExportTerms } from './records.ts';
import type { SiteSettings } from '../site/settings.ts';

const isBrokenPipe = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';

/** What the events use. */
function usedByEvents(db: Reader, site: SiteSettings): JsonExportLookups {
  return {
    categories: (used) => readExportCategories(db, used),
    tags: async (used) => used,
    venues: (used) => readExportVenues(db, site, used),
    organizers: (used) => readExportOrganizers(db, site, used),
  };
}

/** Everything, used or not. */
function everything(db: Reader, site: SiteSettings): JsonExportLookups {
  let terms: Promise<ExportTerms> | undefined;
  const everyTerm = () => terms ??= readEveryTerm(db);
  return {
    categories: async () => (await everyTerm()).categories,
    tags: async () => (await everyTerm()).tags,
    venues: () => readEveryVenue(db, site),
    organizers: () => readEveryOrganizer(db, site),
  };
}

async function writeExport(db: Db, format: ExportFormat, filters: ExportFilters, out: NodeJS.WritableStream, siteUrl: string | undefined): Promise<void> {
  const context = await transferContext(db, { siteUrl });
  await checkExportFilters(db.kysely, context.site, filters, context.now);
  const events = readExportEvents(db.kysely, context.site, filters, { now: context.now });
  const backup = selectsEverything(filters);
  if (format === 'json') {
    await writeJsonExport(events, out, backup ? everything(db.kysely, context.site) : usedByEvents(db.kysely, context.site));
    return;
  }
  const write = await eventWriter(format);
  if (format === 'ics') {
    await write(events, out, context.site);
    return;
  }
  const terms = await readExportTerms(db.kysely, context.site, filters, context.now);
  const linked = backup ? { venues: readEveryVenue(db.kysely, context.site), organizers: readEveryOrganizer(db.kysely, context.site) } : {};
  await write(events, out, context.site, { ...terms, ...linked, authors: await readExportAuthors(db.kysely), declareAuthors: backup });
}

/** `siteUrl`: the base of the URLs written (UIDs, GUIDs, links), instead of the home option. */
export async function exportEvents(db: Db, format: ExportFormat, filters: ExportFilters, out: NodeJS.WritableStream, siteUrl?: string): Promise<void> {
  // Stays attached: an error of the last write is emitted after the writer stopped listening.
  let late: Error | undefined;
  out.on('error', (error: Error) => {
    if (!isBrokenPipe(error)) late ??= error;
  });
  try {
    await writeExport(db, format, filters, out, siteUrl);
    await new Promise(setImmediate);
  } catch (error) {
    if (!isBrokenPipe(error)) throw error;
  }
  if (late) throw late;
}
