// The file formats `wpcal import` reads and `wpcal export` writes, and which module does each.
// The iCalendar and WXR modules are loaded on first use, so a format whose module is missing
// is reported as not available instead of breaking the others.
import fs from 'node:fs';
import path from 'node:path';
import type { SiteSettings } from '../site/settings.ts';
import type { MappedHeader } from './csv/column-map.ts';
import { readTecCsv } from './csv/parse.ts';
import { readJsonFixture } from './json/parse.ts';
import { ImportFileError, fileBytes, readText, type ByteSource } from './read-file.ts';
import type { ExportDeclarations, ExportEvent, ImportBatch } from './records.ts';
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

/** A module of another format, loaded only when it exists. */
async function optionalModule(relative: string, format: string): Promise<Record<string, unknown>> {
  const url = new URL(relative, import.meta.url);
  if (!fs.existsSync(url)) throw new ImportFileError(`the ${format} format is not available yet`);
  return import(url.href) as Promise<Record<string, unknown>>;
}

function exported<T>(module: Record<string, unknown>, name: string, format: string): T {
  if (typeof module[name] !== 'function') throw new ImportFileError(`the ${format} format is not available yet`);
  return module[name] as T;
}

type ParseIcs = (text: string, file: string, options: { now: Date; siteTimezone: string }) => ImportBatch;
type ReadWxr = (bytes: ByteSource, file: string) => Promise<ImportSource>;
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
      const parseIcs = exported<ParseIcs>(await optionalModule('./ical/parse.ts', 'iCalendar'), 'parseIcs', 'iCalendar');
      return batchSource(parseIcs(await readText(file), file, { now: context.now, siteTimezone: context.site.timezone }));
    }
    case 'wxr': {
      const readWxr = exported<ReadWxr>(await optionalModule('./wxr/parse.ts', 'WXR'), 'readWxr', 'WXR');
      return readWxr(fileBytes(file), file);
    }
  }
}

/** The writer of the iCalendar or WXR format (JSON is written by json/write.ts). */
export async function eventWriter(format: 'ics' | 'wxr'): Promise<EventWriter> {
  return format === 'ics'
    ? exported<EventWriter>(await optionalModule('./ical/write.ts', 'iCalendar'), 'writeIcs', 'iCalendar')
    : exported<EventWriter>(await optionalModule('./wxr/write.ts', 'WXR'), 'writeWxr', 'WXR');
}
