import { expect } from 'chai';
import v8 from 'node:v8';
import Database from 'better-sqlite3';
import { preparingOnce } from '../../src/data/sqlite-statements.ts';

describe('preparingOnce (SQLite statements)', () => {
  let database: Database.Database;
  let prepared: string[];

  beforeEach(() => {
    database = new Database(':memory:');
    database.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES (\'a\'), (\'b\'), (\'c\')');
    prepared = [];
    const prepare = database.prepare.bind(database);
    database.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof database.prepare;
  });
  afterEach(() => database.close());

  it('prepares each SQL text once and runs it with new parameters each time', () => {
    const db = preparingOnce(database);
    const select = 'SELECT v FROM t WHERE id = ?';
    expect(db.prepare(select).all([1])).to.deep.equal([{ v: 'a' }]);
    expect(db.prepare(select).all([2])).to.deep.equal([{ v: 'b' }]);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    expect(insert.reader).to.equal(false);
    expect(Number(insert.run(['d']).lastInsertRowid)).to.equal(4);
    expect(db.prepare('INSERT INTO t (v) VALUES (?)').run(['e']).changes).to.equal(1);
    expect(prepared).to.deep.equal([select, 'INSERT INTO t (v) VALUES (?)']);
  });

  it('gives the rows better-sqlite3 gives: columns in order, a later one of the same name winning, every kind of value', () => {
    const db = preparingOnce(database);
    database.exec('CREATE TABLE kinds (i INTEGER, r REAL, t TEXT, b BLOB, n TEXT)');
    database.prepare('INSERT INTO kinds VALUES (?, ?, ?, ?, ?)').run(9007199254740991, 1.5, 'é', Buffer.from([0, 255]), null);
    const queries = [
      'SELECT * FROM kinds',
      'SELECT t.v, k.t AS v, k.* FROM t, kinds AS k WHERE t.id = 2',
      'SELECT COUNT(*), MAX(id) AS "odd name" FROM t',
      'SELECT v AS "__proto__", id FROM t ORDER BY id',
      'SELECT v AS "__proto__", id AS "__proto__", v AS "x" FROM t ORDER BY id',
      `SELECT v AS "it's ""quoted"" \\ \${x} \n\u2028", id AS "0", id AS "constructor", id AS "toString" FROM t`,
      'SELECT id FROM t WHERE id > 99',
    ];
    for (const query of queries) {
      const own = database.prepare(query).all();
      const rows = db.prepare(query).all([]);
      expect(rows, query).to.deep.equal(own);
      expect(rows.map((row) => Object.keys(row as object)), query).to.deep.equal(own.map((row) => Object.keys(row as object)));
      // Asked again, from the statement kept.
      expect(db.prepare(query).all([]), query).to.deep.equal(own);
    }
  });

  it('makes rows of one shape, not dictionaries, however many columns (a post row has 23)', () => {
    v8.setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: unknown) => boolean;
    v8.setFlagsFromString('--no-allow-natives-syntax');
    const columns = Array.from({ length: 30 }, (_, i) => `c${i}`);
    database.exec(`CREATE TABLE wide (${columns.join(', ')}); INSERT INTO wide VALUES (${columns.map((_, i) => i).join(', ')})`);
    const db = preparingOnce(database);
    const rows = [...db.prepare('SELECT * FROM wide').all([]), ...db.prepare('SELECT * FROM wide').all([])];
    expect(rows.map((row) => (row as Record<string, number>).c29)).to.deep.equal([29, 29]);
    expect(rows.map(hasFastProperties)).to.deep.equal([true, true]);
  });

  it('prepares a long text (a long literal ID list) each time instead of keeping it', () => {
    const db = preparingOnce(database);
    const ids = Array.from({ length: 2000 }, (_, i) => i + 3);
    const long = `SELECT v FROM t WHERE id IN (${ids.join(', ')}) ORDER BY id`;
    expect(db.prepare(long).all([])).to.deep.equal([{ v: 'c' }]);
    expect(db.prepare(long).all([])).to.deep.equal([{ v: 'c' }]);
    expect(prepared).to.deep.equal([long, long]);
  });

  it('runs a statement while the same SQL is being streamed', () => {
    const db = preparingOnce(database);
    const sql = 'SELECT id FROM t WHERE id >= ? ORDER BY id';
    const streamed: unknown[] = [];
    for (const row of db.prepare(sql).iterate([1])) {
      streamed.push(row);
      expect(db.prepare(sql).all([3])).to.deep.equal([{ id: 3 }]);
    }
    expect(streamed).to.deep.equal([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
