// Bulk writes of imports: multi-row INSERTs whose SQL is built once per shape (with the keys
// the database gave the rows, where it numbers them), and ID lists cut into chunks.
// Every statement is issued before the functions return, so a transaction runs them in the order
// they were issued, before any statement issued later.
import { CompiledQuery } from 'kysely';
import type { Writer } from './executor.ts';
import { queueCompiled } from './queued-writes.ts';
import type { TableName } from './tables.ts';
import { dialectOf, numberingOf } from './transaction.ts';

/** Rows per chunk of an import's bulk writes, and IDs per `IN` list. */
export const BULK_ROWS = 1000;

export function chunked<T>(items: readonly T[], size = BULK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Placeholders per statement of insertRows, within SQLite's limit of 32766. */
const MAX_PARAMETERS = 30_000;
/**
 * Characters of text values per statement of insertRows: even at 3 bytes each in UTF-8, the
 * statement stays under MySQL 5.7's default max_allowed_packet (4 MB). A longer row goes alone.
 */
const MAX_STATEMENT_CHARS = 1_000_000;

/** `INSERT INTO table (columns) VALUES `, by the SQL of the one-row statement it comes from. */
const insertHeads = new Map<string, string>();

function insertSql(trx: Writer, table: TableName, columns: readonly string[], rows: number): string {
  const placeholders = Object.fromEntries(columns.map((column) => [column, null]));
  // One row, compiled by the executor's own plugins (table prefix): cheap, where compiling
  // thousands of rows through the query builder costs more than running them.
  const oneRow = trx.insertInto(table).values(placeholders as never).compile().sql;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  let head = insertHeads.get(oneRow);
  if (head === undefined) {
    if (!oneRow.endsWith(tuple)) throw new Error(`unexpected INSERT form: ${oneRow}`);
    insertHeads.set(oneRow, head = oneRow.slice(0, -tuple.length));
  }
  return head + `${tuple}, `.repeat(rows - 1) + tuple;
}

/** Where the statement starting at value `from` ends: as many whole rows as both limits allow. */
function statementEnd(values: readonly unknown[], from: number, width: number): number {
  const last = Math.min(values.length, from + Math.floor(MAX_PARAMETERS / width) * width);
  let chars = 0;
  let end = from;
  while (end < last) {
    let rowChars = 0;
    for (let i = end; i < end + width; i++) {
      const value = values[i];
      if (typeof value === 'string') rowChars += value.length;
    }
    if (end > from && chars + rowChars > MAX_STATEMENT_CHARS) break;
    chars += rowChars;
    end += width;
  }
  return end;
}

/**
 * Resolves once every one of these promises (statements issued on a transaction) has settled,
 * failing with the first failure. A transaction must not be rolled back while statements it
 * issued still wait for the connection: they would run after the rollback, outside it.
 */
export async function allSettled(promises: ReadonlyArray<Promise<unknown>>): Promise<void> {
  const failure = (await Promise.allSettled(promises)).find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Inserts rows given as one flat list of values, row after row in `columns` order, with
 * multi-row INSERTs whose SQL is built once per shape (building it per statement through the
 * query builder costs more than running it). Every statement is issued before this returns, so
 * a transaction runs them in this order, before any statement issued later; each is queued
 * (queued-writes.ts), as nothing reads its result.
 */
export function insertRows(trx: Writer, table: TableName, columns: readonly string[], values: unknown[]): Promise<void> {
  const statements: Array<Promise<unknown>> = [];
  for (let from = 0; from < values.length;) {
    const end = statementEnd(values, from, columns.length);
    const part = from === 0 && end === values.length ? values : values.slice(from, end);
    statements.push(queueCompiled(trx, CompiledQuery.raw(insertSql(trx, table, columns, part.length / columns.length), part)));
    from = end;
  }
  return allSettled(statements);
}

/**
 * Inserts rows whose key the database numbers (the key column left out), like insertRows, and
 * resolves to their keys in row order. Where the database numbers a multi-row INSERT
 * consecutively (numberingOf), one statement's keys follow from the one it reports (MySQL: the
 * first; SQLite: the last); elsewhere each row goes in a statement of its own.
 */
export async function insertNumberedRows(trx: Writer, table: TableName, columns: readonly string[], values: unknown[]): Promise<number[]> {
  const { consecutive, step } = numberingOf(trx);
  const reportsLast = dialectOf(trx) === 'sqlite';
  const width = columns.length;
  const statements: Array<Promise<number[]>> = [];
  for (let from = 0; from < values.length;) {
    const end = consecutive ? statementEnd(values, from, width) : from + width;
    const part = from === 0 && end === values.length ? values : values.slice(from, end);
    const rows = part.length / width;
    statements.push(trx.executeQuery(CompiledQuery.raw(insertSql(trx, table, columns, rows), part)).then(({ insertId }) => {
      const reported = Number(insertId);
      const first = reportsLast ? reported - (rows - 1) * step : reported;
      return Array.from({ length: rows }, (_, i) => first + i * step);
    }));
    from = end;
  }
  await allSettled(statements);
  return (await Promise.all(statements)).flat();
}
