// Query snapshots (src/data/queries/): runs the cases of query-catalogue.ts against executors that
// compile for SQLite or MySQL and record every statement instead of running it, and renders what
// they recorded as one file per data module and dialect. `npm run queries` writes the files
// (write-queries.ts); test/unit/query-snapshots.test.ts renders them again and compares.
import fs from 'node:fs';
import path from 'node:path';
import {
  DummyDriver, Kysely, MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler, SqliteAdapter,
  SqliteIntrospector, SqliteQueryCompiler, type CompiledQuery, type DatabaseConnection, type QueryResult,
} from 'kysely';
import { format } from 'sql-formatter';
import type { Db } from '../../src/data/connect.ts';
import { COMMAND_DEADLINES } from '../../src/data/deadlines.ts';
import type { DialectName, Reader, Writer } from '../../src/data/executor.ts';
import { withTablePrefix } from '../../src/data/table-prefix.ts';
import type { Database } from '../../src/data/tables.ts';
import { WriteTransactions } from '../../src/data/transaction.ts';

export const QUERIES_DIR = path.resolve(import.meta.dirname, '../../src/data/queries');
export const DIALECTS: readonly DialectName[] = ['sqlite', 'mysql'];
/** The table prefix the snapshots are compiled with (WordPress's default). */
export const PREFIX = 'wp_';

/** What the recording driver answers one statement; a missing answer is an empty result, as DummyDriver's. */
export interface Answer {
  rows?: ReadonlyArray<Record<string, unknown>>;
  /** Rows the statement changed (UPDATE/DELETE/INSERT results); 0 when not given. */
  affected?: number;
  /** The AUTO_INCREMENT / rowid an INSERT handed out; none when not given. */
  insertId?: number;
}

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  /** Not a statement: where a transaction begins or ends. */
  boundary?: boolean;
}

/** The statements one case issued, and the canned answers they get, in issue order. */
class Recording {
  readonly statements: Statement[] = [];
  #answered = 0;

  constructor(private readonly answers: ReadonlyArray<Answer | undefined>) {}

  boundary(kind: 'begin' | 'commit' | 'rollback'): void {
    this.statements.push({ sql: `${kind.toUpperCase()} (transaction)`, parameters: [], boundary: true });
  }

  record(query: CompiledQuery): QueryResult<unknown> {
    const answer = this.answers[this.#answered++] ?? {};
    this.statements.push({ sql: query.sql, parameters: [...query.parameters] });
    return {
      rows: [...(answer.rows ?? [])],
      numAffectedRows: BigInt(answer.affected ?? 0),
      ...(answer.insertId === undefined ? {} : { insertId: BigInt(answer.insertId) }),
    };
  }
}

/** DummyDriver (no database) whose connections record each statement, and where transactions begin and end. */
class RecordingDriver extends DummyDriver {
  constructor(private readonly recording: Recording) {
    super();
  }

  override async beginTransaction(): Promise<void> {
    this.recording.boundary('begin');
  }

  override async commitTransaction(): Promise<void> {
    this.recording.boundary('commit');
  }

  override async rollbackTransaction(): Promise<void> {
    this.recording.boundary('rollback');
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const recording = this.recording;
    return {
      executeQuery: async <R>(query: CompiledQuery) => recording.record(query) as QueryResult<R>,
      // No data-layer function streams; a stream would yield nothing, as DummyDriver's does.
      async* streamQuery() {},
    };
  }
}

/** A Kysely handle as connect.ts builds it (same dialect parts, same table prefix) over the recording driver. */
function recordingKysely(dialect: DialectName, recording: Recording): Kysely<Database> {
  const mysql = dialect === 'mysql';
  return new Kysely<Database>({
    dialect: withTablePrefix({
      createAdapter: () => (mysql ? new MysqlAdapter() : new SqliteAdapter()),
      createDriver: () => new RecordingDriver(recording),
      createIntrospector: (db) => (mysql ? new MysqlIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (mysql ? new MysqlQueryCompiler() : new SqliteQueryCompiler()),
    }, PREFIX),
    // connect.ts adds its write counter too, which only counts statements.
  });
}

/** What a case runs its function with. */
export interface CaseContext {
  dialect: DialectName;
  /** A Reader: the recording Kysely handle itself. */
  reader: Reader;
  /** Runs `work` in a write transaction opened as Db.write opens it (WriteTransactions), so dialectOf works. */
  write<T>(work: (trx: Writer) => Promise<T>): Promise<T>;
  /** A Db over the recording handle, for the functions that take one (schema.ts, table-discovery.ts). */
  db: Db;
  /** Records a statement that a function returns instead of running it (selectionPageQuery). */
  record(query: CompiledQuery): void;
}

export interface QueryCase {
  /** What the sample arguments or canned answers make the function do; omitted for a function's only case. */
  case?: string;
  /** The dialects the function runs on; both when omitted. */
  dialects?: readonly DialectName[];
  /** Canned answers of the case's statements, in issue order (later statements depending on earlier results). */
  answers?: ReadonlyArray<Answer | undefined>;
  /** The function is expected to throw (after its statements); the error is caught and checked. */
  throws?: RegExp;
  run(context: CaseContext): Promise<unknown>;
}

/**
 * The catalogue entry of one src/data module: a case list per SQL-issuing export, and every other
 * exported function or class with the reason it has no snapshot. Keys are the module's exports.
 */
export interface ModuleEntry<M = Record<string, unknown>> {
  /** The file's name without `.ts` (`posts` for src/data/posts.ts). */
  module: string;
  /** The module's namespace object (`import * as posts from …`): the test checks it is that file's. */
  namespace: M;
  cases: { [K in keyof M]?: readonly QueryCase[] };
  /** Exports that issue no SQL of their own, each with why. */
  noSql: { [K in keyof M]?: string };
  /** Exports that do issue SQL but are not snapshotted, each with why (the gaps). */
  uncatalogued: { [K in keyof M]?: string };
}

/** Types an entry's keys by the module's exports: a catalogued name that the module lacks is a type error. */
export function moduleEntry<M>(module: string, namespace: M, entry: Omit<ModuleEntry<M>, 'module' | 'namespace'>): ModuleEntry {
  return { module, namespace, ...entry } as unknown as ModuleEntry;
}

export interface RecordedCase {
  fn: string;
  case?: string;
  statements: Statement[];
}

/** Runs one case on one dialect with a fresh recording handle; returns its statements in issue order. */
export async function runCase(dialect: DialectName, fn: string, queryCase: QueryCase): Promise<RecordedCase> {
  const recording = new Recording(queryCase.answers ?? []);
  const kysely = recordingKysely(dialect, recording);
  const transactions = new WriteTransactions({ dialect, kysely, budgetMs: () => 0, numbering: () => ({ consecutive: true, step: 1 }) });
  const db: Db = {
    kysely,
    dialect,
    prefix: PREFIX,
    label: `recording:${dialect}`,
    dataVersion: async () => null,
    outsideVersion: async () => null,
    sweptOnce: () => false,
    ownCommitsTold: () => transactions.commits().settled,
    onCommitted: (listener) => transactions.onCommitted(listener),
    write: (work) => transactions.run(work),
    deadlines: COMMAND_DEADLINES,
    changeLog: 'none',
    footprint: () => null,
    close: () => kysely.destroy(),
  };
  const context: CaseContext = {
    dialect,
    reader: kysely,
    write: (work) => transactions.run(work),
    db,
    record: (query) => void recording.record(query),
  };
  const title = `${fn}${queryCase.case ? ` (${queryCase.case})` : ''} [${dialect}]`;
  let thrown: unknown;
  try {
    await queryCase.run(context);
  } catch (error) {
    thrown = error;
  }
  if (queryCase.throws) {
    if (!(thrown instanceof Error) || !queryCase.throws.test(thrown.message)) {
      throw new Error(`query catalogue: ${title} should throw ${queryCase.throws}, got ${String(thrown)}`);
    }
  } else if (thrown !== undefined) {
    throw new Error(`query catalogue: ${title} threw: ${(thrown as Error).message ?? String(thrown)}`, { cause: thrown });
  }
  if (!recording.statements.some((statement) => !statement.boundary)) throw new Error(`query catalogue: ${title} issued no statement`);
  await kysely.destroy();
  return { fn, case: queryCase.case, statements: recording.statements };
}

/**
 * savepoint.ts names savepoints from a counter shared by the whole process (`wpcal_part_1`, `_2`…),
 * so the number depends on what ran before: it is written as `N`.
 */
function normalized(text: string): string {
  return text.replace(/\bwpcal_part_\d+\b/g, 'wpcal_part_N');
}

/**
 * One statement as the files show it: Kysely's one-line SQL laid out by sql-formatter (whitespace
 * only; keywords keep their case); DDL (the schema files' statements) as written there.
 */
export function formatStatement(dialect: DialectName, text: string): string {
  const statement = normalized(text).trim();
  if (/^(create|alter|drop)\s/i.test(statement)) return statement;
  let laidOut: string;
  try {
    laidOut = format(statement, { language: dialect === 'mysql' ? 'mysql' : 'sqlite' });
  } catch {
    return statement;
  }
  // sql-formatter breaks a final `for update` in two; kept on a line of its own.
  return laidOut.replace(/\s+for\n\s*update$/i, '\nfor update');
}

const DIALECT_NAMES: Record<DialectName, string> = { sqlite: 'SQLite', mysql: 'MySQL/MariaDB' };

/** The blocks of one file: its header, then one block per statement. */
export function renderBlocks(module: string, dialect: DialectName, cases: readonly RecordedCase[]): string[] {
  const header = [
    `-- The SQL statements of src/data/${module}.ts, compiled for ${DIALECT_NAMES[dialect]} with table prefix "${PREFIX}".`,
    '-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.',
    '-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.',
  ].join('\n');
  const blocks = [header];
  for (const recorded of cases) {
    const name = `${recorded.fn}${recorded.case ? ` (${recorded.case})` : ''}`;
    const count = recorded.statements.filter((statement) => !statement.boundary).length;
    let i = 0;
    for (const statement of recorded.statements) {
      if (statement.boundary) {
        blocks.push(`-- ${name}: ${statement.sql}`);
        continue;
      }
      const title = count > 1 ? `${name}, statement ${++i} of ${count}` : name;
      const parameters = statement.parameters.length ? `\n-- parameters: ${normalized(JSON.stringify(statement.parameters))}` : '';
      blocks.push(`-- ${title}\n${formatStatement(dialect, statement.sql)};${parameters}`);
    }
  }
  return blocks;
}

export const fileName = (module: string, dialect: DialectName): string => `${module}.${dialect}.sql`;

/** Every snapshot file's name → its text, in catalogue order. */
export async function renderSnapshots(catalogue: readonly ModuleEntry[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of [...catalogue].sort((a, b) => a.module.localeCompare(b.module))) {
    for (const dialect of DIALECTS) {
      const recorded: RecordedCase[] = [];
      for (const [fn, cases] of Object.entries(entry.cases) as Array<[string, readonly QueryCase[]]>) {
        for (const queryCase of cases) {
          if (queryCase.dialects && !queryCase.dialects.includes(dialect)) continue;
          recorded.push(await runCase(dialect, fn, queryCase));
        }
      }
      if (recorded.length) files.set(fileName(entry.module, dialect), `${renderBlocks(entry.module, dialect, recorded).join('\n\n')}\n`);
    }
  }
  return files;
}

/** The snapshot files in `dir` (name → text). */
export function readSnapshots(dir = QUERIES_DIR): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(dir)) return files;
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.sql')).sort()) {
    files.set(name, fs.readFileSync(path.join(dir, name), 'utf8'));
  }
  return files;
}

/** A file's blocks: each starts with a `-- ` comment line after a blank line. */
const blocksOf = (text: string): string[] => text.replace(/\n$/, '').split(/\n\n(?=-- )/);

/**
 * How the files in `dir` differ from the generated ones: one line per file missing, stale or
 * different, naming the first differing statement. Empty when they match.
 */
export function snapshotDifferences(generated: ReadonlyMap<string, string>, onDisk: ReadonlyMap<string, string>, dir = QUERIES_DIR): string[] {
  const shown = (name: string) => path.relative(process.cwd(), path.join(dir, name));
  const problems: string[] = [];
  for (const [name, text] of generated) {
    const written = onDisk.get(name);
    if (written === undefined) {
      problems.push(`${shown(name)} is missing`);
      continue;
    }
    if (written === text) continue;
    const want = blocksOf(text);
    const have = blocksOf(written);
    const at = want.findIndex((block, i) => block !== have[i]);
    const index = at === -1 ? want.length : at;
    const codeBlock = want[index] ?? '(nothing: the file has more statements than the code issues)';
    const fileBlock = have[index] ?? '(nothing: the code issues more statements than the file has)';
    problems.push(`${shown(name)} differs from the code at statement ${index} (${codeBlock.split('\n')[0]!.replace(/^-- /, '')}):\n`
      + `--- in the file:\n${fileBlock}\n+++ the code issues:\n${codeBlock}`);
  }
  for (const name of onDisk.keys()) {
    if (!generated.has(name)) problems.push(`${shown(name)} is stale: the catalogue no longer makes it`);
  }
  return problems;
}
