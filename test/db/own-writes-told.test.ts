// A handle tells its listeners of each of its own writes once, as it commits: what it reads of
// other connections' writes (on MySQL without the change log, a check of the posts modified in
// the last seconds, clock slack included) does not tell its own posts again while it keeps writing,
// and still tells another connection's save of one of them.
import { expect } from 'chai';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { insertPost, updatePost } from '../../src/data/posts.ts';
import { namesWhatItTouches, touches } from '../../src/data/transaction.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { formatDbDatetime } from '../../src/time/wall.ts';
import { databaseKinds, type TestDatabase } from '../support/databases.ts';

/** How long the handle writes: several of its (short) checks of the posts modified. */
const WRITING_MS = 2500;
const CHECK_MS = 200;
/** The sweep's period in the test that waits for sweeps. */
const SWEEP_MS = 800;

for (const kind of databaseKinds()) {
  describe(`own writes and what other connections wrote [${kind.name}]`, function () {
    this.timeout(60_000);
    let database: TestDatabase;
    let handle: Db;
    let other: Db;

    before(async () => {
      database = await kind.create();
      const setup = await openDatabase(database.url, 'wp_');
      await prepareDatabase(setup);
      await setup.close();
      handle = await openDatabase(database.url, 'wp_', { outsideCheckMs: CHECK_MS, outsideFullCheckMs: 600_000 });
      other = await openDatabase(database.url, 'wp_');
    });
    after(async () => {
      await other?.close();
      await handle?.close();
      await database?.drop();
    });

    /** A post written as wpcal writes one (made, or saved again when `id` is given): stamped with the clock, naming what it touched. */
    const writePost = (title: string, id?: number) => handle.write(async (trx) => {
      namesWhatItTouches(trx);
      const now = formatDbDatetime(Date.now());
      const written = id ?? await insertPost(trx, { post_type: 'tribe_events', post_title: title, post_date: now, post_date_gmt: now, post_modified: now, post_modified_gmt: now });
      if (id !== undefined) await updatePost(trx, id, { post_title: title, post_modified: now, post_modified_gmt: now });
      touches(trx, { posts: [written] });
      return written;
    });

    it('tells its own posts once, however long it writes, and another connection\'s save of one of them', async () => {
      const toldOutside: number[][] = [];
      let writing = false;
      handle.onCommitted(async (touched) => {
        if (!writing) toldOutside.push(touched === 'everything' ? [-1] : [...touched.posts]);
      });
      /** Own writes, each followed by a read of the outside version (which makes the checks), for `ms`. */
      let writes = 0;
      const writeFor = async (ms: number, own: number[]) => {
        const end = Date.now() + ms;
        while (Date.now() < end) {
          writing = true;
          // Every third write saves an earlier one again.
          const again = ++writes % 3 === 0 ? own[own.length - 1] : undefined;
          const id = await writePost(`Own ${own.length}`, again);
          if (again === undefined) own.push(id);
          writing = false;
          await handle.outsideVersion('posts');
        }
      };
      const own: number[] = [];
      await writeFor(WRITING_MS, own);
      expect(own.length, 'writes made').to.be.greaterThan(20);
      const toldAgain = toldOutside.flat().filter((id) => own.includes(id));
      expect(toldAgain, `own posts told again (${toldOutside.length} tells)`).to.deep.equal([]);

      // Another connection saves one of them, stamped with a clock of its own (a second ahead).
      const saved = own[0]!;
      const stamp = formatDbDatetime(Date.now() + 1000);
      const postsBefore = await handle.outsideVersion('posts');
      await other.write((trx) => trx.updateTable('posts').set({ post_title: 'Saved elsewhere', post_modified: stamp, post_modified_gmt: stamp }).where('ID', '=', saved).execute());
      const seen = () => toldOutside.some((posts) => posts.includes(saved) || posts.includes(-1));
      let postsNow = postsBefore;
      for (let round = 0; round < 20 && !seen() && postsNow === postsBefore; round++) {
        await writeFor(CHECK_MS, own);
        postsNow = await handle.outsideVersion('posts');
      }
      expect(seen() || postsNow !== postsBefore, 'the other connection\'s save is told, or moves the post tables\' version').to.equal(true);
    });

    it('sweeps nothing while it alone writes, and still shows another connection\'s write of meta alone', async () => {
      const sweeping = await openDatabase(database.url, 'wp_', { outsideCheckMs: CHECK_MS, outsideFullCheckMs: SWEEP_MS });
      const told: number[] = [];
      sweeping.onCommitted(async (touched) => {
        told.push(...touched === 'everything' ? [-1] : touched.posts);
      });
      try {
        const write = (title: string) => sweeping.write(async (trx) => {
          namesWhatItTouches(trx);
          const now = formatDbDatetime(Date.now());
          const id = await insertPost(trx, { post_type: 'tribe_events', post_title: title, post_date: now, post_date_gmt: now, post_modified: now, post_modified_gmt: now });
          touches(trx, { posts: [id] });
          return id;
        });
        const first = await write('First');
        const version = await sweeping.outsideVersion('posts');
        const end = Date.now() + 3 * SWEEP_MS;
        for (let n = 0; Date.now() < end; n++) {
          await write(`Own ${n}`);
          expect(await sweeping.outsideVersion('posts'), `after ${n + 1} own writes`).to.equal(version);
        }
        // Meta alone: no post_modified_gmt moves, so no check of the posts modified finds it.
        told.length = 0;
        await other.write((trx) => trx.insertInto('postmeta').values({ post_id: first, meta_key: '_elsewhere', meta_value: '1' }).execute());
        const shown = Date.now() + 3 * SWEEP_MS;
        let now = version;
        while (Date.now() < shown && now === version && !told.includes(first) && !told.includes(-1)) {
          await write('While the other writes');
          now = await sweeping.outsideVersion('posts');
        }
        expect(now !== version || told.includes(first) || told.includes(-1), 'the other connection\'s write shows').to.equal(true);
      } finally {
        await sweeping.close();
      }
    });

    // MySQL without the change log: its checks of the posts modified are the net under a write that
    // forgot to name a post, once another connection's commit leaves the counter's moves unexplained.
    if (kind.name === 'mysql') {
      it('tells a post an own write stamped without naming it', async () => {
        const told: number[] = [];
        handle.onCommitted(async (touched) => {
          if (touched !== 'everything') told.push(...touched.posts);
        });
        const post = await writePost('Named');
        await handle.write(async (trx) => {
          namesWhatItTouches(trx);
          const now = formatDbDatetime(Date.now() + 2000);
          await updatePost(trx, post, { post_title: 'Not named', post_modified: now, post_modified_gmt: now });
        });
        told.length = 0;
        for (let round = 0; round < 40 && !told.includes(post); round++) {
          await Promise.all([writePost(`Round ${round}`), other.write((trx) => trx.updateTable('options').set({ option_value: String(round) }).where('option_name', '=', 'blogdescription').execute())]);
          await handle.outsideVersion('posts');
          await new Promise((resolve) => setTimeout(resolve, CHECK_MS / 4));
        }
        expect(told, 'told by a check').to.include(post);
      });
    }
  });
}
