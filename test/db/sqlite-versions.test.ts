// How a SQLite handle tells changes: `PRAGMA data_version` of the reading connection (the data
// version: every commit but the reader's own) and of the writing one (the outside version: other
// connections' commits only), both read once for the requests that arrive in one turn of the event loop.
import { expect } from 'chai';
import { sql } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import type { Db } from '../../src/data/connect.ts';
import { ensureChangeLog } from '../../src/data/sqlite-change-log.ts';
import { KEPT_ROWS, PRUNED_AT_ONCE } from '../../src/data/sqlite-outside.ts';
import { databaseKinds, preparedDatabaseForBlock } from '../support/databases.ts';
import { newEventPost } from '../support/new-post.ts';

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

/** The SQLite file a handle reads. */
const filePath = (db: Db): string => db.label.replace(/^sqlite:/, '');

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

    /** What `db`'s listeners are told of other connections' writes while `during` runs (own writes' touches left out). */
    async function toldDuring(during: () => Promise<unknown>): Promise<Array<{ posts: number[]; terms: number[] } | 'everything'>> {
      const told: Array<{ posts: number[]; terms: number[] } | 'everything'> = [];
      let listening = true;
      db.onCommitted(async (touched) => {
        if (listening) told.push(touched === 'everything' ? touched : { posts: [...touched.posts].sort(), terms: [...touched.terms].sort() });
      });
      try {
        await during();
        await versions();
      } finally {
        listening = false;
      }
      return told;
    }

    const firstPost = async () => Number((await db.kysely.insertInto('posts').values(newEventPost('Outside')).executeTakeFirstOrThrow()).insertId);

    it('moves the data version for its own writes, and for another connection\'s option only the data and the whole prefix\'s outside version', async () => {
      const start = await versions();
      await db.write((trx) => trx.insertInto('options').values({ option_name: 'wpcal_own', option_value: '1', autoload: 'no' }).execute());
      const afterOwn = await versions();
      expect(afterOwn.data, 'own write').to.not.equal(start.data);
      expect([afterOwn.outside, afterOwn.postsOutside], 'own write').to.deep.equal([start.outside, start.postsOutside]);
      const told = await toldDuring(() => other.write((trx) => trx.insertInto('options').values({ option_name: 'wpcal_other', option_value: '1', autoload: 'no' }).execute()));
      const afterOther = await versions();
      expect(afterOther.data, 'another connection').to.not.equal(afterOwn.data);
      expect(afterOther.outside, 'another connection').to.not.equal(afterOwn.outside);
      expect(afterOther.postsOutside, 'another connection, an option: the change log says no post table was written').to.equal(afterOwn.postsOutside);
      expect(told).to.deep.equal([]);
    });

    it('tells the posts and terms another connection changed, through wpcal or not, and keeps both outside versions', async () => {
      const [post, second] = [await firstPost(), await firstPost()];
      const taxonomy = await db.write(async (trx) => {
        const term = await trx.insertInto('terms').values({ name: 'Music', slug: 'music', term_group: 0 }).executeTakeFirstOrThrow();
        const added = await trx.insertInto('term_taxonomy').values({ term_id: Number(term.insertId), taxonomy: 'tribe_events_cat', description: '', parent: 0, count: 0 }).executeTakeFirstOrThrow();
        return Number(added.insertId);
      });
      const start = await versions();
      const told = await toldDuring(async () => {
        await other.write((trx) => trx.updateTable('posts').set({ post_title: 'Renamed outside' }).where('ID', '=', post).execute());
        await versions();
        await other.write((trx) => trx.insertInto('term_relationships').values({ object_id: post, term_taxonomy_id: taxonomy, term_order: 0 }).execute());
        await versions();
        // Not through wpcal at all (the triggers are the file's), a look after each statement.
        const shell = new SqliteDatabase(filePath(db));
        try {
          for (const [statement, ...values] of [
            ['INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, ?, ?)', post, '_shell', '1'],
            ['UPDATE wp_postmeta SET meta_value = ? WHERE meta_key = ?', 'x', '_shell'],
            ['UPDATE wp_postmeta SET post_id = ? WHERE meta_key = ?', second, '_shell'],
            ['DELETE FROM wp_postmeta WHERE meta_key = ?', '_shell'],
            ['UPDATE wp_terms SET name = name || ? WHERE term_id = (SELECT term_id FROM wp_term_taxonomy WHERE term_taxonomy_id = ?)', '!', taxonomy],
          ] as const) {
            expect(shell.prepare(statement).run(...values).changes, statement).to.equal(1);
            await versions();
          }
        } finally {
          shell.close();
        }
      });
      expect(told).to.deep.equal([
        { posts: [post], terms: [] }, { posts: [post], terms: [taxonomy] },
        { posts: [post], terms: [] }, { posts: [post], terms: [] }, { posts: [post, second].sort(), terms: [] }, { posts: [second], terms: [] },
        { posts: [], terms: [taxonomy] },
      ]);
      const after = await versions();
      expect(after.data).to.not.equal(start.data);
      expect([after.outside, after.postsOutside]).to.deep.equal([start.outside, start.postsOutside]);
    });

    it('does not tell its own writes again once another connection writes', async () => {
      const [mine, theirs] = [await firstPost(), await firstPost()];
      await versions();
      const told = await toldDuring(async () => {
        await db.write((trx) => trx.updateTable('posts').set({ post_title: 'Own' }).where('ID', '=', mine).execute());
        await versions();
        await other.write((trx) => trx.updateTable('posts').set({ post_title: 'Theirs' }).where('ID', '=', theirs).execute());
      });
      expect(told.filter((touched) => touched !== 'everything')).to.deep.equal([{ posts: [theirs], terms: [] }]);
    });

    it('takes everything as changed after another connection\'s background write, which leaves one row of the log for all it wrote', async () => {
      const log = async () => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_wpcal_changes`.execute(db.kysely)).rows[0]!.n);
      const start = await versions();
      const rowsBefore = await log();
      const told = await toldDuring(() => other.write(async (trx) => {
        for (let i = 0; i < 20; i++) await trx.insertInto('posts').values(newEventPost(`Imported ${i}`)).execute();
      }, { background: true }));
      expect(await log() - rowsBefore, 'one row').to.equal(1);
      expect(told).to.deep.equal([]);
      const after = await versions();
      expect(after.outside).to.not.equal(start.outside);
      expect(after.postsOutside).to.not.equal(start.postsOutside);
    });

    it('takes everything as changed when rows it had not read were pruned, or a trigger is or was missing', async () => {
      const post = await firstPost();
      let start = await versions();
      await other.write(async (trx) => {
        await trx.updateTable('posts').set({ post_title: 'Pruned before read' }).where('ID', '=', post).execute();
        await sql`DELETE FROM wp_wpcal_changes`.execute(trx);
      });
      let after = await versions();
      expect(after.postsOutside, 'pruned').to.not.equal(start.postsOutside);

      start = after;
      await sql`DROP TRIGGER wp_wpcal_changes_postmeta_insert`.execute(other.kysely);
      try {
        await other.write((trx) => trx.insertInto('postmeta').values({ post_id: post, meta_key: '_unlogged', meta_value: '1' }).execute());
        after = await versions();
        expect(after.postsOutside, 'a trigger missing').to.not.equal(start.postsOutside);
      } finally {
        await ensureChangeLog(other.kysely, other.prefix);
      }
      // Dropped, written past and made again between two looks: only the schema tells.
      start = await versions();
      await sql`DROP TRIGGER wp_wpcal_changes_postmeta_insert`.execute(other.kysely);
      await other.write((trx) => trx.insertInto('postmeta').values({ post_id: post, meta_key: '_unlogged', meta_value: '2' }).execute());
      await ensureChangeLog(other.kysely, other.prefix);
      after = await versions();
      expect(after.postsOutside, 'a trigger missing between two looks').to.not.equal(start.postsOutside);
      start = after;
      const told = await toldDuring(() => other.write((trx) => trx.insertInto('postmeta').values({ post_id: post, meta_key: '_logged', meta_value: '1' }).execute()));
      expect(told, 'the trigger made again').to.deep.equal([{ posts: [post], terms: [] }]);
      expect((await versions()).postsOutside).to.equal(start.postsOutside);
    });

    it('takes everything as changed while a quiet mark another program committed silences the triggers, until a command removes it', async () => {
      const post = await firstPost();
      await sql`INSERT INTO wp_wpcal_changes (seq, table_name) VALUES (0, '*')`.execute(other.kysely);
      let start = await versions();
      await other.write((trx) => trx.updateTable('posts').set({ post_title: 'Silenced' }).where('ID', '=', post).execute());
      const after = await versions();
      expect(after.postsOutside, 'no row, yet everything').to.not.equal(start.postsOutside);
      await ensureChangeLog(other.kysely, other.prefix);
      start = await versions();
      const told = await toldDuring(() => other.write((trx) => trx.updateTable('posts').set({ post_title: 'Heard' }).where('ID', '=', post).execute()));
      expect(told, 'the mark removed').to.deep.equal([{ posts: [post], terms: [] }]);
      expect((await versions()).postsOutside).to.equal(start.postsOutside);
    });

    it('prunes the log to its last KEPT_ROWS rows in the background, telling nothing of it', async function () {
      this.timeout(30_000);
      const rows = async () => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_wpcal_changes`.execute(db.kysely)).rows[0]!.n);
      await versions();
      await other.write((trx) => sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${KEPT_ROWS + PRUNED_AT_ONCE})
        INSERT INTO wp_wpcal_changes (table_name) SELECT 'options' FROM n`.execute(trx));
      const told = await toldDuring(async () => {
        await versions();
        for (let waited = 0; waited < 100 && await rows() > KEPT_ROWS; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(await rows()).to.equal(KEPT_ROWS);
      expect(told, 'the prune, an own write, names nothing (not everything)').to.deep.equal([{ posts: [], terms: [] }]);
    });

    it('reads the file through a page cache of 4 MB on each connection, never a memory map (whose pages stay resident)', async () => {
      const settings = async (read: (query: ReturnType<typeof sql>) => Promise<{ rows: unknown[] }>) => ({
        mmap: (await read(sql`PRAGMA mmap_size`)).rows[0],
        cache: (await read(sql`PRAGMA cache_size`)).rows[0],
      });
      const expected = { mmap: { mmap_size: 0 }, cache: { cache_size: -4096 } };
      expect(await settings((query) => query.execute(db.kysely)), 'the reading connection').to.deep.equal(expected);
      expect(await db.write((trx) => settings((query) => query.execute(trx))), 'the writing connection').to.deep.equal(expected);
    });
  });
}
