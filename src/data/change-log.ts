// What both databases' change logs share: the log table `{prefix}wpcal_changes`, filled by triggers
// on every table wpcal reads with a row per post or term_taxonomy ID a change touched, so that a
// reader can tell another connection's writes post by post. The SQLite file always has it
// (sqlite-change-log.ts); a MySQL database has it once asked for (mysql-change-log.ts).
import { POST_TABLES, TABLE_NAMES, type TableName } from './tables.ts';

/** The log's name under a prefix (not a WordPress table: no TableName). */
export const changeLogTable = (prefix: string): string => `${prefix}wpcal_changes`;

/** What a row of the log names: a table, and the post or term_taxonomy ID the change touched, if any. */
export interface ChangeRow {
  seq: number;
  table_name: string;
  post_id: number | null;
  term_taxonomy_id: number | null;
}

/** The table_name of the row a quiet transaction leaves: it may have changed anything. */
export const EVERYTHING = '*';

type Row = 'NEW' | 'OLD';

/** How a dialect writes the parts of a trigger's SELECT. */
export interface TriggerSql {
  quote(identifier: string): string;
  /** What a SELECT with a WHERE and no table needs (MySQL: FROM DUAL). */
  noTable: string;
  /** Columns each row of the log gets besides the three named, as SELECT expressions (MySQL: the writer). */
  extra: string;
}

/** The post and term_taxonomy ID one row of `table` names, as a SELECT of (table_name, post_id, term_taxonomy_id, ...extra). */
function namedBy(dialect: TriggerSql, prefix: string, table: TableName, row: Row): string {
  const column = (name: string) => `${row}.${dialect.quote(name)}`;
  const select = (postId: string, termTaxonomyId: string) => `SELECT '${table}', ${postId}, ${termTaxonomyId}${dialect.extra}`;
  switch (table) {
    case 'posts': return select(column('ID'), 'NULL');
    case 'postmeta': case 'tec_events': case 'tec_occurrences': return select(column('post_id'), 'NULL');
    case 'term_relationships': return select(column('object_id'), column('term_taxonomy_id'));
    case 'term_taxonomy': return select('NULL', column('term_taxonomy_id'));
    case 'terms': case 'termmeta': {
      // Readers keep terms by term_taxonomy_id; a term without one is told as a change of another table.
      const taxonomies = `FROM ${dialect.quote(`${prefix}term_taxonomy`)} WHERE ${dialect.quote('term_id')} = ${column('term_id')}`;
      return `${select('NULL', dialect.quote('term_taxonomy_id'))} ${taxonomies} UNION ALL ${select('NULL', 'NULL')}${dialect.noTable} WHERE NOT EXISTS (SELECT 1 ${taxonomies})`;
    }
    case 'users': case 'usermeta': case 'options': return select('NULL', 'NULL');
  }
}

const OPERATIONS = { insert: ['NEW'], update: ['OLD', 'NEW'], delete: ['OLD'] } satisfies Record<string, Row[]>;

/** One trigger of the log: its name, the table and operation it fires on, and the SELECT of the rows it logs. */
export interface LogTrigger {
  name: string;
  table: string;
  operation: string;
  rows: string;
}

export function logTriggers(dialect: TriggerSql, prefix: string): LogTrigger[] {
  const log = changeLogTable(prefix);
  return TABLE_NAMES.flatMap((table) => Object.entries(OPERATIONS).map(([operation, rows]) => ({
    name: `${log}_${table}_${operation}`,
    table: `${prefix}${table}`,
    operation: operation.toUpperCase(),
    rows: rows.map((row) => namedBy(dialect, prefix, table, row)).join(' UNION '),
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
