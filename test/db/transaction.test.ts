// The write path (src/data/transaction.ts): every write runs whole or not at all, lost lock races
// are run again, the database's own contention is waited out, and after-commit tasks run only
// for committed work.
import { expect } from 'chai';
import type { Db } from '../../src/data/connect.ts';
import type { AfterCommitRunner, Writer } from '../../src/data/executor.ts';
import { getOption, queueSetOption, setOption } from '../../src/data/options.ts';
import { getPost, insertPost, lockPostForSave, updatePost } from '../../src/data/posts.ts';
import { DatabaseBusyError, afterCommitEach, beforeCommit } from '../../src/data/transaction.ts';
import { databaseKinds, preparedDatabaseForBlock } from '../support/databases.ts';

/** The error each engine raises when a writer loses a lock race. */
function lostRace(kind: 'sqlite' | 'mysql'): Error {
  return kind === 'mysql'
    ? Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213, code: 'ER_LOCK_DEADLOCK' })
    : Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
}

const DATES = { post_date: '2026-01-01 00:00:00', post_date_gmt: '2026-01-01 00:00:00', post_modified: '2026-01-01 00:00:00', post_modified_gmt: '2026-01-01 00:00:00' };

for (const kind of databaseKinds()) {
  describe(`writeTransaction [${kind.name}]`, function () {
    this.timeout(30_000);
    let db: Db;
    let other: Db;
    preparedDatabaseForBlock(kind, (handles) => ({ db, other } = handles));

    it('runs the whole work again after a lost lock race; the lost attempt leaves nothing', async () => {
      let attempts = 0;
      const result = await db.write(async (trx) => {
        attempts++;
        await setOption(trx, `attempt_${attempts}`, 'written');
        if (attempts === 1) throw lostRace(kind.name);
        return 'done';
      });
      expect(result).to.equal('done');
      expect(attempts).to.equal(2);
      expect(await getOption(db.kysely, 'attempt_1'), 'rolled back').to.equal(undefined);
      expect(await getOption(db.kysely, 'attempt_2')).to.equal('written');
    });

    it('gives up with DatabaseBusyError once its time is spent, having written nothing', async () => {
      const saved = db.deadlines;
      db.deadlines = { ...saved, writeMs: 60 };
      let attempts = 0;
      try {
        await db.write(async (trx) => {
          attempts++;
          await setOption(trx, 'never_kept', String(attempts));
          throw lostRace(kind.name);
        });
        expect.fail('should have given up');
      } catch (error) {
        expect(error).to.be.instanceOf(DatabaseBusyError);
      } finally {
        db.deadlines = saved;
      }
      expect(attempts, 'retried before giving up').to.be.greaterThan(1);
      expect(await getOption(db.kysely, 'never_kept')).to.equal(undefined);
    });

    it('passes any other error on at once, rolled back', async () => {
      let attempts = 0;
      const failure = new Error('a bad value');
      const outcome = await db.write(async (trx) => {
        attempts++;
        await setOption(trx, 'bad_value', 'x');
        throw failure;
      }).catch((error: unknown) => error);
      expect(outcome).to.equal(failure);
      expect(attempts).to.equal(1);
      expect(await getOption(db.kysely, 'bad_value')).to.equal(undefined);
    });

    it('runs before-commit tasks after the work, in its transaction, the last per key, and commits them with it', async () => {
      const seen: string[] = [];
      await db.write(async (trx) => {
        await setOption(trx, 'existing_marker', 'old');
        beforeCommit(trx, 'marker', async () => {
          seen.push('first marker');
        });
        beforeCommit(trx, 'marker', async (own) => {
          seen.push(`second marker sees ${await getOption(own, 'main_work')}`);
          await queueSetOption(own, 'marker', 'second');
          await queueSetOption(own, 'existing_marker', 'new');
        });
        await setOption(trx, 'main_work', 'done');
        expect(seen, 'nothing runs before the work is done').to.deep.equal([]);
      });
      expect(seen).to.deep.equal(['second marker sees done']);
      expect(await getOption(db.kysely, 'marker'), 'a missing option is created').to.equal('second');
      expect(await getOption(db.kysely, 'existing_marker'), 'an existing one is updated').to.equal('new');
    });

    it('runs no before-commit task of work that fails, and rolls the work back with a task that fails', async () => {
      let ran = false;
      await db.write(async (trx) => {
        beforeCommit(trx, 'never', async () => { ran = true; });
        throw new Error('the work failed');
      }).catch(() => undefined);
      expect(ran).to.equal(false);
      const failed = await db.write(async (trx) => {
        await setOption(trx, 'work_of_failed_task', 'x');
        beforeCommit(trx, 'failing', async (own) => {
          await queueSetOption(own, 'queued_by_failed_task', 'x');
          await own.insertInto('options').values({ option_name: 'work_of_failed_task', option_value: 'duplicate', autoload: 'no' }).execute();
        });
      }).then(() => undefined, (error: unknown) => error);
      expect(failed).to.be.instanceOf(Error);
      expect(await getOption(db.kysely, 'work_of_failed_task')).to.equal(undefined);
      expect(await getOption(db.kysely, 'queued_by_failed_task')).to.equal(undefined);
    });

    it('hands every committed writer\'s item to an afterCommitEach run, in fewer runs than writers, and none of a rolled-back one', async () => {
      const runs: number[][] = [];
      const run = async (own: AfterCommitRunner, items: number[]) => {
        runs.push(items);
        const stored = Number(await getOption(own, 'gathered_sum') ?? '0');
        await setOption(own, 'gathered_sum', String(items.reduce((sum, item) => sum + item, stored)));
      };
      const writes = Array.from({ length: 8 }, (_, i) => db.write(async (trx) => {
        await setOption(trx, `gathered_${i}`, 'x');
        afterCommitEach(trx, 'gathered', i + 1, run);
      }).then(() => {
        // By the time a write is answered, a run has taken its item.
        expect(runs.flat(), `write ${i} answered before its item ran`).to.include(i + 1);
      }));
      writes.push(db.write(async (trx) => {
        afterCommitEach(trx, 'gathered', 100, run);
        throw new Error('rolled back');
      }).catch(() => undefined));
      await Promise.all(writes);
      expect(runs.flat().sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(runs.filter((items) => items.length).length, `runs: ${JSON.stringify(runs)}`).to.be.lessThan(8);
      expect(await getOption(db.kysely, 'gathered_sum')).to.equal('36');
    });

    it('names no data version while a commit is told to its listeners, and a new one once they were', async () => {
      /** A version once one can be told (on MySQL the commit counter settles a moment after a write). */
      const settledVersion = async (): Promise<string> => {
        for (const started = Date.now(); Date.now() - started < 5000; await new Promise((resolve) => setTimeout(resolve, 20))) {
          const version = await db.dataVersion();
          if (version !== null) return version;
        }
        throw new Error('no data version within 5 s');
      };
      const before = await settledVersion();
      let holding = true;
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      let listening!: () => void;
      const told = new Promise<void>((resolve) => { listening = resolve; });
      db.onCommitted(async () => {
        if (!holding) return;
        holding = false;
        listening();
        await held;
      });
      let duringWork: string | null = null;
      const write = db.write(async (trx) => {
        await setOption(trx, 'version_marker', 'written');
        duringWork = await db.dataVersion();
      });
      await told;
      expect(await db.dataVersion(), 'while the listeners are told').to.equal(null);
      release();
      await write;
      const after = await settledVersion();
      expect(after, 'once told').to.not.be.oneOf([before, duringWork]);
    });

    it('waits for another connection writing the same post, then builds on what it committed', async () => {
      const id = await db.write((trx) => insertPost(trx, { post_type: 'tribe_events', post_title: '0', ...DATES }));
      const increment = async (trx: Writer, pause: Promise<void>) => {
        const post = (await lockPostForSave(trx, id, [], false))?.post;
        await pause;
        await updatePost(trx, id, { post_title: String(Number(post!.post_title) + 1) });
      };
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holds = new Promise<void>((resolve) => (locked = resolve));
      const first = other.write(async (trx) => {
        await increment(trx, (locked(), held));
      });
      await holds;
      const second = db.write((trx) => increment(trx, Promise.resolve()));
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await Promise.all([first, second]);
      expect((await getPost(db.kysely, id))!.post_title, 'neither increment lost').to.equal('2');
    });

    it('turns a real deadlock between two connections into one more attempt', async () => {
      await db.write(async (trx) => {
        await setOption(trx, 'lock_a', '0');
        await setOption(trx, 'lock_b', '0');
      });
      let bothHoldOne!: () => void;
      const gate = new Promise<void>((resolve) => (bothHoldOne = resolve));
      let holders = 0;
      const attempts = { ab: 0, ba: 0 };
      const crossing = (handle: Db, order: ['lock_a', 'lock_b'] | ['lock_b', 'lock_a'], name: 'ab' | 'ba') => handle.write(async (trx) => {
        attempts[name]++;
        await setOption(trx, order[0], name);
        if (attempts[name] === 1 && ++holders === 2) bothHoldOne();
        // Only the first attempts meet; a retry runs alone. SQLite never gets here twice at once.
        if (attempts[name] === 1) await Promise.race([gate, new Promise((resolve) => setTimeout(resolve, 200))]);
        await setOption(trx, order[1], name);
      });
      await Promise.all([crossing(db, ['lock_a', 'lock_b'], 'ab'), crossing(other, ['lock_b', 'lock_a'], 'ba')]);
      const a = await getOption(db.kysely, 'lock_a');
      const b = await getOption(db.kysely, 'lock_b');
      expect(a, 'one writer wrote both rows last').to.equal(b);
      if (kind.name === 'mysql') expect(attempts.ab + attempts.ba, 'the deadlock victim ran again').to.equal(3);
    });
  });
}
