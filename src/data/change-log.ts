// What both databases' change logs share: the log table `{prefix}wpcal_changes`, filled by triggers
// on every table wpcal reads with a row per post or term_taxonomy ID a change touched, so that a
// reader can tell another connection's writes post by post. The SQLite file always has it
// (sqlite-change-log.ts); a MySQL database has it once asked for (mysql-change-log.ts).
import { POST_TABLES, TABLE_NAMES, type TableName } from './tables.ts';

/** The log's name without the prefix (not a WordPress table: no TableName). */
export const CHANGE_LOG = 'wpcal_changes';

/** The log's name under a prefix. */
export const changeLogTable = (prefix: string): string => `${prefix}${CHANGE_LOG}`;

/** What a row of the log names: a table, and the post or term_taxonomy ID the change touched, if any. */
export interface ChangeRow {
  seq: number;
  table_name: string;
  post_id: number | null;
  term_taxonomy_id: number | null;
}

/** The table_name of the row a quiet transaction leaves: it may have changed anything. */
export const EVERYTHING = '*';

/** The trigger's row a logged row is read from. */
export type Row = 'NEW' | 'OLD';

/** What one row of a table names, as expressions of the trigger's row (null: nothing). */
export interface Named {
  postId: string | null;
  termTaxonomyId: string | null;
  /** A term's ID: readers keep terms by term_taxonomy_id, which each dialect finds its own way. */
  termId: string | null;
}

/** What a row of `table` names, its columns written by `column`. */
function namedBy(table: TableName, column: (name: string) => string): Named {
  const named = (postId: string | null, termTaxonomyId: string | null, termId: string | null = null): Named => ({ postId, termTaxonomyId, termId });
  switch (table) {
    case 'posts': return named(column('ID'), null);
    case 'postmeta': case 'tec_events': case 'tec_occurrences': return named(column('post_id'), null);
    case 'term_relationships': return named(column('object_id'), column('term_taxonomy_id'));
    case 'term_taxonomy': return named(null, column('term_taxonomy_id'));
    case 'terms': case 'termmeta': return named(null, null, column('term_id'));
    case 'users': case 'usermeta': case 'options': return named(null, null);
  }
}

const OPERATIONS = { insert: ['NEW'], update: ['OLD', 'NEW'], delete: ['OLD'] } satisfies Record<string, Row[]>;

/** One trigger of the log: its name, the table (unprefixed and prefixed) and operation it fires on, and what each of its rows names. */
export interface LogTrigger {
  name: string;
  table: TableName;
  prefixedTable: string;
  operation: string;
  named: Named[];
}

/** The log's triggers, their columns quoted by `quote`. */
export function logTriggers(prefix: string, quote: (identifier: string) => string): LogTrigger[] {
  const log = changeLogTable(prefix);
  return TABLE_NAMES.flatMap((table) => Object.entries(OPERATIONS).map(([operation, rows]) => ({
    name: `${log}_${table}_${operation}`,
    table,
    prefixedTable: `${prefix}${table}`,
    operation: operation.toUpperCase(),
    named: rows.map((row) => namedBy(table, (name) => `${row}.${quote(name)}`)),
  })));
}

/** What rows of the log say: the posts and terms to tell, and whether another table changed; or everything. */
export type Touched = { posts: Set<number>; terms: Set<number>; otherTables: boolean } | 'everything';

export function touchedBy(rows: readonly ChangeRow[]): Touched {
  const found = { posts: new Set<number>(), terms: new Set<number>(), otherTables: false };
  for (const row of rows) {
    if (row.table_name === EVERYTHING) return 'everything';
    if (row.post_id !== null) found.posts.add(Number(row.post_id));
    if (row.term_taxonomy_id !== null) found.terms.add(Number(row.term_taxonomy_id));
    if (!POST_TABLES.has(row.table_name) || (row.post_id === null && row.term_taxonomy_id === null)) found.otherTables = true;
  }
  return found;
}
