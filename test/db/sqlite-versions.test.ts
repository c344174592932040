// How a SQLite handle tells changes: `PRAGMA data_version` of the reading connection (the data
// version: every commit but the reader's own) and of the writing one (the outside version: other
// connections' commits only), both read once for the requests that arrive in one turn of the event loop.
import { expect } from 'chai';
import { sql } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import type { Db } from '../../src/data/connect.ts';
import { databaseKinds, preparedDatabaseForBlock } from '../support/databases.ts';

/** Counts the `PRAGMA data_version` reads of every better-sqlite3 connection while `during` runs. */
async function pragmaReads(during: () => Promise<unknown>): Promise<number> {
  const probe = new SqliteDatabase(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { get: (...args: unknown[]) => unknown };
  probe.close();
  const get = statement.get;
  let reads = 0;
  statement.get = function countedGet(this: { source: string }, ...args: unknown[]) {
    if (this.source === 'PRAGMA data_version') reads++;
    return get.apply(this, args);
  };
  try {
    await during();
  } finally {
    statement.get = get;
  }
  return reads;
}

for (const kind of databaseKinds().filter((k) => k.name === 'sqlite')) {
  describe('SQLite data and outside versions', () => {
    let db: Db;
    let other: Db;
    preparedDatabaseForBlock(kind, (handles) => ({ db, other } = handles));

    const versions = async () => {
      const [data, outside, postsOutside] = await Promise.all([db.dataVersion(), db.outsideVersion(), db.outsideVersion('posts')]);
      return { data, outside, postsOutside };
    };

    it('reads each connection\'s pragma once for the requests of one turn', async () => {
      let answers: Array<Awaited<ReturnType<typeof versions>>> = [];
      const reads = await pragmaReads(async () => {
        answers = await Promise.all([versions(), versions(), versions(), versions()]);
      });
      expect(reads, 'the reading and the writing connection, once each').to.equal(2);
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size, 'one answer for all').to.equal(1);
    });

    it('moves the data version for its own writes and all three for another connection\'s, to any table', async () => {
      const start = await versions();
      await db.write((trx) => trx.insertInto('options').values({ option_name: 'wpcal_own', option_value: '1', autoload: 'no' }).execute());
      const afterOwn = await versions();
      expect(afterOwn.data, 'own write').to.not.equal(start.data);
      expect([afterOwn.outside, afterOwn.postsOutside], 'own write').to.deep.equal([start.outside, start.postsOutside]);
      await other.write((trx) => trx.insertInto('options').values({ option_name: 'wpcal_other', option_value: '1', autoload: 'no' }).execute());
      const afterOther = await versions();
      expect(afterOther.data, 'another connection').to.not.equal(afterOwn.data);
      expect(afterOther.outside, 'another connection').to.not.equal(afterOwn.outside);
      expect(afterOther.postsOutside, 'another connection, options: the file tells no table').to.not.equal(afterOwn.postsOutside);
    });

    it('reads the file through a page cache of 16 MB on each connection, never a memory map (whose pages stay resident)', async () => {
      const settings = async (read: (query: ReturnType<typeof sql>) => Promise<{ rows: unknown[] }>) => ({
        mmap: (await read(sql`PRAGMA mmap_size`)).rows[0],
        cache: (await read(sql`PRAGMA cache_size`)).rows[0],
      });
      const expected = { mmap: { mmap_size: 0 }, cache: { cache_size: -16384 } };
      expect(await settings((query) => query.execute(db.kysely)), 'the reading connection').to.deep.equal(expected);
      expect(await db.write((trx) => settings((query) => query.execute(trx))), 'the writing connection').to.deep.equal(expected);
    });
  });
}
