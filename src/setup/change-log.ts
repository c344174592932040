// `wpcal migrate --change-log` / `--no-change-log`: the change log on MySQL/MariaDB
// (data/mysql-change-log.ts), made or dropped on request, as it writes triggers into a database
// that may be WordPress's own. A SQLite file always has its own (data/sqlite-change-log.ts).
import type { Db } from '../data/connect.ts';
import { oldestOpenTransactionReader } from '../data/innodb-changes.ts';
import { createChangeLog, dropChangeLog, triggerDefiners } from '../data/mysql-change-log.ts';

/** What was done, as one line for the user. */
export async function setChangeLog(db: Db, wanted: boolean): Promise<string> {
  if (db.dialect === 'sqlite') return 'change log: a SQLite file always has one';
  if (!wanted) return await dropChangeLog(db.kysely, db.prefix) ? 'change log: dropped with its triggers' : 'change log: there was none';
  const made = await createChangeLog(db.kysely, db.prefix);
  const definers = (await triggerDefiners(db.kysely, db.prefix)).join(', ');
  // A trigger runs as its definer: dropping that account would fail every write to the table.
  const line = `${made.length ? `change log: made with ${made.length} triggers` : 'change log: already there'}, run as ${definers} (drop the log before that account)`;
  // Without it, rows that commit late cannot be told from rows never to commit (mysql-change-log.ts).
  if ((await oldestOpenTransactionReader(db.kysely)()).oldestWriting === undefined) {
    return `${line}; the database user lacks the PROCESS privilege, without which wpcal cannot use it`;
  }
  return line;
}
