// `--map` checked against the header rows of the CSV files before anything is written: each
// mapped header must be in one of them, and a file's mapped columns must be of one kind of file.
// What else is wrong with a file (unreadable, no name column) is reported when it is imported.
import { detectFormat } from '../formats.ts';
import { ImportFileError, fileBytes, startOf } from '../read-file.ts';
import { CsvMapError, unknownHeaders, type MappedHeader } from './column-map.ts';
import { CsvFileError, resolveLayout } from './layout.ts';
import { readHeaderRow } from './parse.ts';

/** The header row of a CSV file; undefined for another format or a file that cannot be read. */
async function csvHeaders(file: string): Promise<string[] | undefined> {
  try {
    return detectFormat(file, await startOf(file)) === 'csv' ? await readHeaderRow(fileBytes(file), file) : undefined;
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof CsvFileError) return undefined;
    throw error;
  }
}

export async function checkColumnMap(files: readonly string[], map: readonly MappedHeader[]): Promise<void> {
  if (!map.length) return;
  const headerRows: string[][] = [];
  for (const file of files) {
    const headers = await csvHeaders(file);
    if (headers === undefined) continue;
    headerRows.push(headers);
    try {
      resolveLayout(headers, map, file);
    } catch (error) {
      if (!(error instanceof CsvFileError)) throw error;
    }
  }
  const unknown = unknownHeaders(map, headerRows);
  if (unknown.length) throw new CsvMapError(`--map: no CSV file has a column ${unknown.map(({ header }) => `"${header}"`).join(' or ')}`);
}
