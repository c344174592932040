// insertNumberedRows: rows the database numbers, inserted in bulk, come back with the IDs they
// really got, in row order: with multi-row statements where the database numbers them
// consecutively, one row per statement where it may not (InnoDB's interleaved lock mode, forced
// here), across statements, and above IDs of deleted rows (never reused).
import { expect } from 'chai';
import type { Db } from '../../src/data/connect.ts';
import { insertNumberedRows } from '../../src/data/bulk-insert.ts';
import { WriteTransactions } from '../../src/data/transaction.ts';
import { eachTestOpensSchema, forEachDatabase } from '../support/databases.ts';

/** More rows than one statement holds (30 000 placeholders, 3 per row). */
const ROWS = 12_000;

forEachDatabase('insertNumberedRows', (kind) => {
  const opened = eachTestOpensSchema(kind);
  let db: Db;
  beforeEach(async () => {
    db = opened();
    // The table's counter is above its highest row: a deleted term's ID must not come back.
    await db.write((trx) => trx.insertInto('terms').values({ name: 'Gone', slug: 'gone', term_group: 0 }).execute());
    await db.write((trx) => trx.deleteFrom('terms').where('slug', '=', 'gone').execute());
  });

  async function insertAndReadBack(write: Db['write'], rows: number): Promise<void> {
    const values = Array.from({ length: rows }, (_, i) => [`Term ${i}`, `term-${i}`, 0]).flat();
    const ids = await write((trx) => insertNumberedRows(trx, 'terms', ['name', 'slug', 'term_group'], values));
    const stored = await db.kysely.selectFrom('terms').select(['term_id', 'slug']).where('slug', 'like', 'term-%').execute();
    const idOf = new Map(stored.map((row) => [row.slug, Number(row.term_id)]));
    expect(ids).to.have.length(rows);
    expect(ids.filter((id, i) => idOf.get(`term-${i}`) !== id), 'IDs that are not the row\'s').to.deep.equal([]);
    expect(Math.min(...ids), 'above the deleted term').to.be.greaterThan(1);
  }

  it('gives the IDs of multi-row statements where the database numbers them consecutively', async function () {
    this.timeout(30_000);
    await insertAndReadBack((work) => db.write(work), ROWS);
  });

  it('gives the IDs of one-row statements where it may not', async function () {
    this.timeout(60_000);
    const interleaved = new WriteTransactions({
      dialect: db.dialect, kysely: db.kysely, budgetMs: () => 1000, numbering: () => ({ consecutive: false, step: 1 }),
    });
    await insertAndReadBack((work) => interleaved.run(work), 300);
  });
});
