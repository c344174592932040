// What this handle's own statements add to MariaDB's transaction counter (`Innodb_max_trx_id`,
// innodb-changes.ts), so that a move of the counter they explain to the unit is known to be
// theirs alone. InnoDB draws a number from it when a transaction first writes or locks a row (even
// when the statement then finds no row to change), and another as it ends when it changed a row:
// a transaction adds 0, 1 or 2. The client can be sure of two cases only: 0 when no statement that
// may write or lock was sent, 2 when one changed a row. A transaction that wrote or locked without
// changing a row, whose statement failed, or that was rolled back after a write, adds an amount
// not known here; so does any other statement (DDL).

/** The handle's statements so far: units they surely added, how many added an unknown amount, and what is under way. */
export interface Footprint {
  units: number;
  uncertain: number;
  /** Transactions open and statements outside one that may write, sent and not answered. */
  open: number;
  /** Moves whenever one of the above does. */
  moves: number;
}

export class InnodbFootprints {
  #units = 0;
  #uncertain = 0;
  #open = 0;
  #moves = 0;

  snapshot(): Footprint {
    return { units: this.#units, uncertain: this.#uncertain, open: this.#open, moves: this.#moves };
  }

  opened(): void {
    this.#open++;
    this.#moves++;
  }

  /** A transaction (or a statement outside one) ended, having added `added` (null: unknown). */
  closed(added: number | null): void {
    this.#open--;
    this.#moves++;
    if (added === null) this.#uncertain++;
    else this.#units += added;
  }
}

type Kind = 'neutral' | 'writes' | 'unknown';

const LOCKING_READ = /\bfor\s+update\b|\block\s+in\s+share\s+mode\b|\bfor\s+share\b/i;
// START TRANSACTION draws no number: a transaction draws one as it first writes or locks.
const NEUTRAL = new Set(['show', 'set', 'begin', 'start', 'commit', 'rollback', 'savepoint', 'release']);
const WRITES = new Set(['insert', 'update', 'delete', 'replace']);
/** Statements that would begin or end transactions the pool does not see (COMMIT AND CHAIN, SET autocommit). */
const HIDDEN_TRANSACTIONS = /\bchain\b|\bautocommit\b/i;

/** A statement's first word, past leading comments (the queued and together marks), lower case. */
const keywordOf = (sql: string): string => /^\s*(?:\/\*.*?\*\/\s*)*(\w+)/s.exec(sql)?.[1]?.toLowerCase() ?? '';

/** What a statement may do to the counter, from its text (values are placeholders, never in the text). */
export function statementKind(sql: string): Kind {
  const keyword = keywordOf(sql);
  if (keyword === 'select') return LOCKING_READ.test(sql) ? 'writes' : 'neutral';
  if (NEUTRAL.has(keyword)) return HIDDEN_TRANSACTIONS.test(sql) ? 'unknown' : 'neutral';
  // An upsert that changes nothing still counts a row as affected: its answer cannot tell.
  if (WRITES.has(keyword) && !/\bon\s+duplicate\s+key\b/i.test(sql)) return 'writes';
  return 'unknown';
}

interface Answer {
  affectedRows?: number;
  changedRows?: number;
}

/** Whether the answer to a statement that writes says it changed a row. */
function changedARow(sql: string, answer: unknown): boolean {
  const { affectedRows = 0, changedRows } = (answer ?? {}) as Answer;
  // mysql2 counts the rows an UPDATE found as affected (CLIENT_FOUND_ROWS), and the changed apart.
  if (keywordOf(sql) === 'update') return (changedRows ?? 0) > 0;
  return affectedRows > 0;
}

/** One transaction's statements (or one statement outside a transaction), as their answers come. */
export class TransactionFootprint {
  #mayWrite = false;
  #changed = false;
  #unknown = false;

  answered(sql: string, answer: unknown): void {
    const kind = statementKind(sql);
    if (kind === 'unknown') this.#unknown = true;
    if (kind !== 'writes') return;
    this.#mayWrite = true;
    if (changedARow(sql, answer)) this.#changed = true;
  }

  /** A packet of these statements failed: what they did is not known, unless none may write or lock and none did before. */
  failed(statements: readonly string[]): void {
    if (this.#mayWrite || statements.some((sql) => statementKind(sql) !== 'neutral')) this.#unknown = true;
  }

  /** Left open or ended unseen: what it drew is not known. */
  abandoned(): void {
    this.#unknown = true;
  }

  /** Rolled back (whole or to a savepoint): what it drew after a write is not known. */
  rolledBack(): void {
    if (this.#mayWrite) this.#unknown = true;
  }

  /** What it added to the counter, when that is certain. */
  get added(): number | null {
    if (this.#unknown) return null;
    if (this.#changed) return 2;
    return this.#mayWrite ? null : 0;
  }
}
