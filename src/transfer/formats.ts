// The file formats `wpcal import` reads and `wpcal export` writes, and which module does each.
// The iCalendar and WXR modules are loaded on first use: the server never needs them.
import path from 'node:path';
import type { SiteSettings } from '../site/settings.ts';
import type { MappedHeader } from './csv/column-map.ts';
import { readTecCsv } from './csv/parse.ts';
import { readJsonFixture } from './json/parse.ts';
import { ImportFileError, fileBytes, readText } from './read-file.ts';
import type { ExportDeclarations, ExportEvent } from './records.ts';
import { batchSource, type ImportSource } from './source.ts';

export { ImportFileError };

export type Format = 'json' | 'csv' | 'ics' | 'wxr';

export const EXPORT_FORMATS = ['json', 'ics', 'wxr'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const EXTENSIONS: Record<string, Format> = { '.json': 'json', '.csv': 'csv', '.xml': 'wxr', '.wxr': 'wxr', '.ics': 'ics', '.ical': 'ics' };

/** By extension, else by the first characters of the content (`start`). */
export function detectFormat(file: string, start: string): Format {
  const byExtension = EXTENSIONS[path.extname(file).toLowerCase()];
  if (byExtension) return byExtension;
  const content = start.replace(/^\uFEFF/, '').trimStart();
  if (content.startsWith('{')) return 'json';
  if (/^BEGIN:VCALENDAR/i.test(content)) return 'ics';
  if (content.startsWith('<')) return 'wxr';
  return 'csv';
}

/** How a format's records are matched on re-import (TEC CSV: by title, as the plugin does). */
export const MATCH_BY: Record<Format, 'key' | 'title'> = { json: 'key', csv: 'title', ics: 'key', wxr: 'key' };

/** `declarations`: what formats that declare more than the events (WXR) declare. */
export type EventWriter = (events: AsyncIterable<ExportEvent>, out: NodeJS.WritableStream, site: SiteSettings, declarations?: ExportDeclarations) => Promise<void>;

/**
 * Checks the file whole (throwing when it cannot be imported at all) and gives its records as a
 * source that reads them again as they are written. `columnMap`: `--map`, for CSV files.
 */
export async function openSource(
  format: Format, file: string, context: { now: Date; site: SiteSettings }, columnMap: readonly MappedHeader[],
): Promise<ImportSource> {
  switch (format) {
    case 'json': return readJsonFixture(fileBytes(file), file);
    case 'csv': return readTecCsv(fileBytes(file), file, { now: context.now, siteTimezone: context.site.timezone, columnMap });
    case 'ics': {
      const { parseIcs } = await import('./ical/parse.ts');
      return batchSource(parseIcs(await readText(file), file, { now: context.now, siteTimezone: context.site.timezone }));
    }
    case 'wxr': {
      const { readWxr } = await import('./wxr/parse.ts');
      return readWxr(fileBytes(file), file);
    }
  }
}

/** The writer of the iCalendar or WXR format (JSON is written by json/write.ts). */
export async function eventWriter(format: 'ics' | 'wxr'): Promise<EventWriter> {
  return format === 'ics' ? (await import('./ical/write.ts')).writeIcs : (await import('./wxr/write.ts')).writeWxr;
}
