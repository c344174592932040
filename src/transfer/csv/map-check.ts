// `--map` checked against the header rows of the CSV files before anything is written: each
// mapped header must be in one of them, and a file's mapped columns must be of one kind of file.
// What else is wrong with a file (unreadable, no name column) is reported when it is imported.
import { detectFormat } from '../formats.ts';
import { ImportFileError, fileBytes, startText, type ByteSource } from '../read-file.ts';
import { CsvMapError, unknownHeaders, type MappedHeader } from './column-map.ts';
import { CsvFileError, resolveLayout } from './layout.ts';
import { readHeaderRow } from './parse.ts';

/**
 * The header row of a CSV file; undefined for another format or a file that cannot be read. The
 * file is read once: its format is told by the first chunk, which the header row is read from.
 */
async function csvHeaders(file: string): Promise<string[] | undefined> {
  const chunks = fileBytes(file)()[Symbol.asyncIterator]();
  try {
    const first = await chunks.next();
    const head = first.done ? undefined : first.value;
    if (detectFormat(file, startText(head)) !== 'csv') return undefined;
    const fromStart: ByteSource = async function* () {
      if (head === undefined) return;
      yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    };
    return await readHeaderRow(fromStart, file);
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof CsvFileError) return undefined;
    throw error;
  } finally {
    await chunks.return?.();
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
