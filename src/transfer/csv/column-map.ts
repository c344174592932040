// `wpcal import --map 'HEADER=field,…'`: the column mapping the plugin's import screen asks
// for, given on the command line. A field is named by the plugin's column key (`event_name`,
// `venue_city`…); a header is compared without case and surrounding spaces.
import { ALL_KEYS } from './columns.ts';

/** A `--map` the import cannot follow: a usage error, found before anything is written. */
export class CsvMapError extends Error {}

export interface MappedHeader {
  header: string;
  key: string;
}

export const sameHeader = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The entries of every `--map` value (each a comma-separated list of `HEADER=field`). */
export function parseColumnMap(values: readonly string[]): MappedHeader[] {
  const entries: MappedHeader[] = [];
  for (const text of values.flatMap((value) => value.split(','))) {
    const at = text.lastIndexOf('=');
    const header = text.slice(0, at).trim();
    const key = text.slice(at + 1).trim();
    if (at < 0 || header === '' || key === '') throw new CsvMapError(`--map: "${text.trim()}" is not HEADER=field`);
    if (!ALL_KEYS.includes(key)) {
      throw new CsvMapError(`--map: unknown field "${key}" (fields are the plugin's column keys: ${ALL_KEYS.join(', ')})`);
    }
    if (entries.some((entry) => sameHeader(entry.header, header))) throw new CsvMapError(`--map: "${header}" is mapped twice`);
    entries.push({ header, key });
  }
  return entries;
}

/** The entries whose header is in none of these header rows. */
export function unknownHeaders(map: readonly MappedHeader[], headerRows: ReadonlyArray<readonly string[]>): MappedHeader[] {
  return map.filter(({ header }) => !headerRows.some((row) => row.some((name) => sameHeader(name, header))));
}
