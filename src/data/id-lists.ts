// Lists of row IDs of any length in SQL. SQLite refuses a statement with more than 32 766 bound
// values, and a request (`include=…`, an array in a JSON body) or the data itself (every venue
// that has events) can bring more, so IDs — integers, nothing to escape — are written into the
// statement as literals instead of being bound.
import { sql, type RawBuilder } from 'kysely';

/** No row has a negative ID: an IN list of it alone matches nothing, NOT IN excludes nothing. */
const NO_ROW = -1;


/** The distinct IDs, each a safe positive integer or NO_ROW (a larger number is no row's ID). */
function writtenIds(ids: Iterable<number>): number[] {
  const written = new Set<number>();
  for (const id of ids) written.add(Number.isSafeInteger(id) && id > 0 ? id : NO_ROW);
  if (written.size === 0) written.add(NO_ROW);
  return [...written];
}

/** `(1, 2, 3)`, the right side of `column IN …` / `NOT IN …` for an integer ID column. */
export function literalIds(ids: Iterable<number>): RawBuilder<number> {
  return sql<number>`(${sql.raw(writtenIds(ids).join(', '))})`;
}

/** `('1', '2', '3')`, the same for a text column holding IDs (`meta_value`): compared as text. */
export function literalIdTexts(ids: Iterable<number>): RawBuilder<string> {
  return sql<string>`(${sql.raw(writtenIds(ids).map((id) => `'${id}'`).join(', '))})`;
}

