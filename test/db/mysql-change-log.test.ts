// The change log on MySQL/MariaDB (mysql-change-log.ts), on a real server: another connection's
// writes to the post tables told post by post (in the order they commit, not as they were
// numbered), its own not told back, and everything taken as changed when the log cannot say.
// SQLite's log is shown by test/db/sqlite-versions.test.ts.
import { expect } from 'chai';
import { sql } from 'kysely';
import { createConnection, type Connection } from 'mysql2/promise';
import { openDatabase, type Db, type OutsideScope } from '../../src/data/connect.ts';
import { COUNTER_READ_WINDOW_MS } from '../../src/data/innodb-changes.ts';
import { KEPT_SECONDS, MOST_ROWS_TOLD, TRIGGER_CHECK_MS, createChangeLog, dropChangeLog, hasChangeLog } from '../../src/data/mysql-change-log.ts';
import { namesWhatItTouches, touches } from '../../src/data/transaction.ts';
import { setChangeLog } from '../../src/setup/change-log.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { databaseKinds, mysqlOptions, type TestDatabase } from '../support/databases.ts';
import { newEventPost } from '../support/new-post.ts';

type Told = { posts: number[]; terms: number[] } | 'everything';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const kind of databaseKinds().filter((k) => k.name === 'mysql')) {
  describe('the change log [mysql]', () => {
    let database: TestDatabase;
    let db: Db;
    /** Another wpcal process's handle, and another program's connection (WordPress, a console). */
    let other: Db;
    let console: Connection;
    let posts: number[];

    before(async () => {
      database = await kind.create();
      const setup = await openDatabase(database.url, 'wp_');
      await prepareDatabase(setup);
      posts = [];
      for (const title of ['One', 'Two', 'Three']) posts.push(Number((await setup.kysely.insertInto('posts').values(newEventPost(title)).executeTakeFirstOrThrow()).insertId));
      expect(await createChangeLog(setup.kysely, 'wp_'), 'every trigger made').to.have.length(33);
      expect(await createChangeLog(setup.kysely, 'wp_'), 'made once').to.deep.equal([]);
      await setup.close();
      db = await openDatabase(database.url, 'wp_');
      other = await openDatabase(database.url, 'wp_');
      console = await createConnection(mysqlOptions(database.url));
    });
    after(async () => {
      await console?.end();
      await other?.close();
      await db?.close();
      await database?.drop();
    });

    /** The outside version once settled, past the counter read window. */
    async function settled(of: OutsideScope = 'all'): Promise<string> {
      for (let attempt = 0; attempt < 50; attempt++) {
        await pause(COUNTER_READ_WINDOW_MS + 1);
        const version = await db.outsideVersion(of);
        if (version !== null) return version;
      }
      throw new Error('the outside version never settled');
    }

    /** What `db`'s listeners are told of other connections' writes while `during` runs, and the post tables' outside version before and after. */
    async function toldDuring(during: () => Promise<unknown>): Promise<{ told: Told[]; postsMoved: boolean }> {
      const before = await settled('posts');
      const told: Told[] = [];
      let listening = true;
      db.onCommitted(async (touched) => {
        if (listening) told.push(touched === 'everything' ? touched : { posts: [...touched.posts].sort(), terms: [...touched.terms].sort() });
      });
      try {
        await during();
        const after = await settled('posts');
        return { told, postsMoved: after !== before };
      } finally {
        listening = false;
      }
    }

    it('is read by a handle whose user may read the open transactions, and not by one without the PROCESS privilege (migrate says so)', async () => {
      expect(db.changeLog).to.equal('read');
      const name = mysqlOptions(database.url).database;
      const user = `wpcal_log_${process.pid}`;
      await console.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'np'`);
      try {
        await console.query(`GRANT ALL ON \`${name}\`.* TO '${user}'@'%'`);
        const url = new URL(database.url);
        [url.username, url.password] = [user, 'np'];
        const unprivileged = await openDatabase(url.toString(), 'wp_');
        try {
          expect(unprivileged.changeLog).to.equal('needs the PROCESS privilege');
          expect(await setChangeLog(unprivileged, true)).to.match(/^change log: already there, run as \S+ \(drop the log before that account\); the database user lacks the PROCESS privilege, without which wpcal cannot use it$/);
        } finally {
          await unprivileged.close();
        }
      } finally {
        await console.query(`DROP USER '${user}'@'%'`);
      }
    });

    it('lets writers in REPEATABLE READ (WordPress\'s) past one another while the log has no rows', async () => {
      const [[{ rows }]] = await console.query('SELECT COUNT(*) AS `rows` FROM wp_wpcal_changes') as unknown as [[{ rows: number }]];
      expect(Number(rows), 'nothing logged yet').to.equal(0);
      const [first, second] = [await createConnection(mysqlOptions(database.url)), await createConnection(mysqlOptions(database.url))];
      try {
        await second.query('SET SESSION innodb_lock_wait_timeout = 2');
        await first.query('BEGIN');
        await first.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, 'open', '1')", [posts[0]]);
        await second.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, 'beside', '1')", [posts[1]]);
        await second.query('UPDATE wp_posts SET post_excerpt = ? WHERE ID = ?', ['beside', posts[1]]);
        await first.query('COMMIT');
      } finally {
        await Promise.all([first.end(), second.end()]);
      }
    });

    it('lets the triggers of a connection log again after a background write that failed', async () => {
      await settled('posts');
      await other.write(async (trx) => {
        await trx.updateTable('posts').set({ post_excerpt: 'quiet' }).where('ID', '=', posts[2]!).execute();
        throw new Error('the import failed');
      }, { background: true }).catch(() => undefined);
      // The pool hands out the connection it took back last: the one the failed write quieted.
      const { told } = await toldDuring(() => other.write((trx) => trx.updateTable('posts').set({ post_title: 'Logged' }).where('ID', '=', posts[2]!).execute()));
      expect(told.filter((touched) => touched === 'everything' || touched.posts.includes(posts[2]!))).to.deep.equal([{ posts: [posts[2]], terms: [] }]);
    });

    it('tells another program\'s title change and meta insert post by post, leaving the post tables\' version', async () => {
      const { told, postsMoved } = await toldDuring(async () => {
        await console.query('UPDATE wp_posts SET post_title = ? WHERE ID = ?', ['One (moved)', posts[0]]);
        await console.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, '_EventCost', '5')", [posts[1]]);
      });
      expect(postsMoved, 'nothing taken as everything').to.equal(false);
      expect(told.flatMap((t) => (t === 'everything' ? [-1] : t.posts)).sort()).to.deep.equal([posts[0], posts[1]].sort());
    });

    it('does not tell its own writes back, and another wpcal process\'s writes are told', async () => {
      const own = await toldDuring(() => db.write(async (trx) => {
        namesWhatItTouches(trx);
        touches(trx, { posts: [posts[2]!] });
        await trx.updateTable('posts').set({ post_title: 'Own' }).where('ID', '=', posts[2]!).execute();
      }));
      expect(own, 'the own write\'s own tell, once').to.deep.equal({ told: [{ posts: [posts[2]], terms: [] }], postsMoved: false });
      const theirs = await toldDuring(() => other.write((trx) => trx.updateTable('posts').set({ post_title: 'Theirs' }).where('ID', '=', posts[2]!).execute()));
      expect(theirs).to.deep.equal({ told: [{ posts: [posts[2]], terms: [] }], postsMoved: false });
    });

    it('tells a term renamed outside by its term_taxonomy ID', async () => {
      await console.query("INSERT INTO wp_terms (name, slug, term_group) VALUES ('Jazz', 'jazz', 0)");
      const [[term]] = await console.query("SELECT term_id FROM wp_terms WHERE slug = 'jazz'") as unknown as [[{ term_id: number }]];
      await console.query("INSERT INTO wp_term_taxonomy (term_id, taxonomy, description, parent, count) VALUES (?, 'tribe_events_cat', '', 0, 0)", [term.term_id]);
      const [[taxonomy]] = await console.query('SELECT term_taxonomy_id FROM wp_term_taxonomy WHERE term_id = ?', [term.term_id]) as unknown as [[{ term_taxonomy_id: number }]];
      await settled('posts');
      const { told } = await toldDuring(() => console.query("UPDATE wp_terms SET name = 'Jazz & Blues' WHERE term_id = ?", [term.term_id]));
      expect(told).to.deep.equal([{ posts: [], terms: [taxonomy.term_taxonomy_id] }]);
    });

    it('tells a write that commits after one numbered above it, at the look after its commit', async () => {
      const early = await createConnection(mysqlOptions(database.url));
      try {
        await early.query('BEGIN');
        await early.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, 'early', '1')", [posts[0]]);
        const first = await toldDuring(() => console.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (?, 'late', '1')", [posts[1]]));
        expect(first.told, 'the later number, committed first').to.deep.equal([{ posts: [posts[1]], terms: [] }]);
        // A look in a later second (its clock is whole seconds), while the early transaction is still open.
        await pause(1100);
        await toldDuring(() => console.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('later_look', '1', 'no')"));
        const second = await toldDuring(() => early.query('COMMIT'));
        expect(second.told, 'the earlier number, committed last').to.deep.equal([{ posts: [posts[0]], terms: [] }]);
        expect(second.postsMoved).to.equal(false);
      } finally {
        await early.end();
      }
    });

    it(`lets the floor rise past a transaction open that has changed no row (a dump's snapshot, an idle console): ${MOST_ROWS_TOLD} rows and more over looks seconds apart are told post by post`, async () => {
      const reading = await createConnection(mysqlOptions(database.url));
      /** Rows of another program, as many as half the most a look tells, each a meta row of one of the posts. */
      const metaRows = (key: string) => console.query(`INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES ${Array.from({ length: MOST_ROWS_TOLD / 2 + 1 }, () => '(?, ?, 1)').join(', ')}`,
        Array.from({ length: MOST_ROWS_TOLD / 2 + 1 }, (_, i) => [posts[i % posts.length], key]).flat());
      try {
        await reading.query('START TRANSACTION WITH CONSISTENT SNAPSHOT');
        await reading.query('SELECT COUNT(*) FROM wp_posts');
        const first = await toldDuring(() => metaRows('first_half'));
        expect(first.postsMoved, 'the first half').to.equal(false);
        // A look in a later second (its clock is whole seconds), with the reading transaction still open.
        await pause(1100);
        await toldDuring(() => console.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('look_past_the_reader', '1', 'no')"));
        const second = await toldDuring(() => metaRows('second_half'));
        expect(second.postsMoved, 'the second half read alone, the first below the floor').to.equal(false);
        expect(second.told.flatMap((t) => (t === 'everything' ? [-1] : t.posts)).sort()).to.deep.equal([...posts].sort());
      } finally {
        await reading.end();
      }
    });

    it('takes another handle\'s background write for everything, as one row', async () => {
      const { rows: [before] } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_wpcal_changes`.execute(db.kysely);
      const { postsMoved } = await toldDuring(() => other.write(async (trx) => {
        for (const post of posts) await trx.updateTable('posts').set({ post_excerpt: 'quiet' }).where('ID', '=', post).execute();
      }, { background: true }));
      expect(postsMoved, 'everything').to.equal(true);
      const { rows: [after] } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wp_wpcal_changes`.execute(db.kysely);
      expect(Number(after!.n) - Number(before!.n), 'one row for the transaction').to.equal(1);
    });

    it(`takes everything as changed while a trigger is missing, and once more when it is made again (counted once in ${TRIGGER_CHECK_MS} ms)`, async () => {
      await console.query('DROP TRIGGER wp_wpcal_changes_postmeta_update');
      // The triggers are counted once in TRIGGER_CHECK_MS at most.
      await pause(TRIGGER_CHECK_MS);
      const missing = await toldDuring(() => console.query("UPDATE wp_postmeta SET meta_value = '6' WHERE meta_key = '_EventCost'"));
      expect(missing.postsMoved, 'a trigger missing').to.equal(true);
      expect(await createChangeLog(db.kysely, 'wp_')).to.deep.equal(['wp_wpcal_changes_postmeta_update']);
      await pause(TRIGGER_CHECK_MS);
      const remade = await toldDuring(() => console.query('UPDATE wp_posts SET post_title = ? WHERE ID = ?', ['One again', posts[0]]));
      expect(remade.postsMoved, 'made again since the last look').to.equal(true);
      const whole = await toldDuring(() => console.query('UPDATE wp_posts SET post_title = ? WHERE ID = ?', ['One once more', posts[0]]));
      expect(whole).to.deep.equal({ told: [{ posts: [posts[0]], terms: [] }], postsMoved: false });
    });

    it(`prunes rows older than ${KEPT_SECONDS} s as it reads the log, up to the rows it knows final`, async () => {
      await console.query('UPDATE wp_wpcal_changes SET logged_at = NOW() - INTERVAL ? SECOND', [KEPT_SECONDS + 120]);
      const [[{ highest }]] = await console.query('SELECT MAX(seq) AS highest FROM wp_wpcal_changes') as unknown as [[{ highest: number }]];
      // Two looks seconds apart, no transaction open: the first look's rows are final at the second.
      await toldDuring(() => console.query('UPDATE wp_posts SET post_title = ? WHERE ID = ?', ['Pruned', posts[1]]));
      await pause(1100);
      await toldDuring(() => console.query('UPDATE wp_posts SET post_title = ? WHERE ID = ?', ['Pruned again', posts[1]]));
      for (let attempt = 0; attempt < 50; attempt++) {
        const [[left]] = await console.query('SELECT COUNT(*) AS n FROM wp_wpcal_changes WHERE seq <= ?', [highest]) as unknown as [[{ n: number }]];
        if (Number(left.n) === 0) return;
        await pause(20);
      }
      throw new Error('the old rows were never pruned');
    });

    it('is not read, and the handle opens all the same, when the log is not as wpcal made it', async () => {
      await console.query('ALTER TABLE wp_wpcal_changes DROP COLUMN term_id');
      try {
        const altered = await openDatabase(database.url, 'wp_');
        expect(altered.changeLog).to.equal('unreadable');
        await altered.close();
      } finally {
        await console.query('ALTER TABLE wp_wpcal_changes ADD COLUMN term_id BIGINT UNSIGNED NULL AFTER term_taxonomy_id');
      }
    });

    it('is dropped whole, after which another connection\'s write to the post tables is everything again', async () => {
      const closing = await openDatabase(database.url, 'wp_');
      expect(await dropChangeLog(closing.kysely, 'wp_')).to.equal(true);
      expect(await hasChangeLog(closing.kysely, 'wp_')).to.equal(false);
      await closing.close();
      const reopened = await openDatabase(database.url, 'wp_');
      try {
        expect(reopened.changeLog).to.equal('none');
        const before = await reopened.outsideVersion('posts');
        await console.query('UPDATE wp_posts SET post_title = ? WHERE ID = ?', ['No log', posts[1]]);
        let after = before;
        for (let attempt = 0; attempt < 50 && after === before; attempt++) {
          await pause(COUNTER_READ_WINDOW_MS + 1);
          after = await reopened.outsideVersion('posts') ?? before;
        }
        expect(after).to.not.equal(before);
      } finally {
        await reopened.close();
      }
    });
  });
}
