// How MySQL/MariaDB handles tell changes: an InnoDB commit counter, read once for every request
// waiting at the time, trusted only once seen twice (a first sighting read again at once), and never
// over tables of another engine.
import { expect } from 'chai';
import { Kysely, MysqlDialect, sql, type KyselyPlugin } from 'kysely';
import { createPool } from 'mysql2';
import { createConnection } from 'mysql2/promise';
import { openDatabase, type Db, type OutsideScope } from '../../src/data/connect.ts';
import {
  CHECK_SHARE, COUNTER_READ_WINDOW_MS, INNODB_TRX_COPY_MS, OutsideCommits, SETTLING_READS, STALE, SettledVersions, TABLES_RECHECK_MS, TableChanges, commitCounterReader,
  oldestOpenTransactionReader, sweptOnce, type ChangedTables, type OldestOpen, type OpenTransactions, type OwnWrites, type TableTimes,
} from '../../src/data/innodb-changes.ts';
import type { Footprint } from '../../src/data/innodb-footprints.ts';
import { queueWrite } from '../../src/data/queued-writes.ts';
import type { Database } from '../../src/data/tables.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { databaseKinds, mysqlOptions } from '../support/databases.ts';

/** A counter the test moves by hand; each read waits until the test lets it finish. */
class FakeCounter {
  position = '100';
  reads = 0;
  failNext = false;
  readonly #finish: Array<() => void> = [];

  read = (): Promise<string | null> => {
    this.reads++;
    const failing = this.failNext;
    this.failNext = false;
    return new Promise((resolve, reject) => {
      this.#finish.push(() => (failing ? reject(new Error('gone')) : resolve(this.position)));
    });
  };

  /** Lets the oldest running read answer with the current position. */
  async finishRead(): Promise<void> {
    this.#finish.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('SettledVersions', () => {
  /** Milliseconds of a clock the test moves by hand. */
  let now = 0;
  const clock = () => now;

  it('answers a value only once a later read found it unchanged, reading a first sighting again at once', async () => {
    const log = new FakeCounter();
    const versions = new SettledVersions(log.read, 0, clock);
    const first = versions.current();
    await log.finishRead();
    expect(log.reads, 'a first sighting is read again before anyone is answered').to.equal(2);
    await log.finishRead();
    expect(await first).to.equal('100');
    log.position = '250';
    now += 1;
    const moved = versions.current();
    await log.finishRead();
    expect(log.reads, 'a new value is a first sighting again').to.equal(4);
    await log.finishRead();
    expect(await moved).to.equal('250');
    now += 1;
    const unchanged = versions.current();
    await log.finishRead();
    expect(await unchanged).to.equal('250');
    expect(log.reads, 'a value seen before is answered at once').to.equal(5);
  });

  it(`answers null when the counter moved at each of ${SETTLING_READS} reads`, async () => {
    const log = new FakeCounter();
    const versions = new SettledVersions(log.read, 0, clock);
    const moving = versions.current();
    for (let read = 1; read <= SETTLING_READS; read++) {
      log.position = String(100 + read);
      await log.finishRead();
    }
    expect(await moving).to.equal(null);
    expect(log.reads).to.equal(SETTLING_READS);
    now += 1;
    const settled = versions.current();
    await log.finishRead();
    expect(await settled, 'the last value, seen again').to.equal(String(100 + SETTLING_READS));
  });

  it('makes callers that arrive during a read wait for the next one, which they share', async () => {
    const log = new FakeCounter();
    const versions = new SettledVersions(log.read, 0, clock);
    const early = versions.current();
    now += 1;
    const late = [versions.current(), versions.current(), versions.current()];
    expect(log.reads, 'one read at a time').to.equal(1);
    await log.finishRead();
    log.position = '300';
    await log.finishRead();
    await log.finishRead();
    expect(await early).to.equal('300');
    expect(log.reads, 'the waiting callers start one more read').to.equal(4);
    await log.finishRead();
    expect(await Promise.all(late)).to.deep.equal(['300', '300', '300']);
    expect(log.reads).to.equal(4);
  });

  it('answers callers from a read that started within the window, and reads again after it', async () => {
    const log = new FakeCounter();
    const versions = new SettledVersions(log.read, 5, clock);
    now += 10;
    const settling = versions.current();
    await log.finishRead();
    await log.finishRead();
    expect(await settling).to.equal('100');
    log.position = '400';
    now += 5;
    expect(await versions.current(), 'a commit inside the window may be missed').to.equal('100');
    expect(log.reads).to.equal(2);
    now += 1;
    const after = versions.current();
    expect(log.reads, 'a caller past the window waits for a new read').to.equal(3);
    now += 3;
    const during = versions.current();
    expect(log.reads, 'a running read within the window is shared').to.equal(3);
    await log.finishRead();
    await log.finishRead();
    expect(await after).to.equal('400');
    expect(await during).to.equal('400');
  });

  it('answers null when a read fails, and recovers', async () => {
    const log = new FakeCounter();
    const versions = new SettledVersions(log.read, 0, clock);
    log.failNext = true;
    const failed = versions.current();
    await log.finishRead();
    expect(await failed).to.equal(null);
    expect(log.reads, 'a failed read is not repeated').to.equal(1);
    now += 1;
    const next = versions.current();
    await log.finishRead();
    await log.finishRead();
    expect(await next).to.equal('100');
  });
});

describe('OutsideCommits', () => {
  let now = 0;
  const clock = () => now;
  const idle = { running: 0, activity: 0 };
  /** A counter read that began with `startedWith` and ended with `endedWith`, judged. */
  const judge = (commits: OutsideCommits, counter: string | null, startedWith: OwnWrites, endedWith: OwnWrites) => commits.judge(commits.begin(startedWith), counter, endedWith);

  it('takes a move with none of its own writes under way for another connection\'s, which moves the epoch once found to be of this database', () => {
    const commits = new OutsideCommits(2000, 60_000, clock);
    const first = judge(commits, '100', idle, idle).epoch;
    expect(judge(commits, '100', idle, idle), 'no move').to.deep.equal({ epoch: first });
    expect(judge(commits, '101', idle, idle), 'another connection').to.deep.equal({ epoch: first, foreignMove: true });
    commits.changed();
    expect(commits.epoch, 'of this database').to.not.equal(first);
    expect(judge(commits, null, idle, idle).epoch, 'no counter').to.equal(null);
  });

  it('takes a move during its own writes for its own, reads the posts modified meanwhile after OUTSIDE_CHECK_MS, and everything after OUTSIDE_FULL_CHECK_MS', () => {
    now = 10_000;
    const commits = new OutsideCommits(2000, 60_000, clock);
    const epoch = judge(commits, '100', idle, idle).epoch;
    const writing = { running: 1, activity: 1 };
    expect(judge(commits, '105', writing, { running: 0, activity: 2 })).to.deep.equal({ epoch }, 'a write of its own began and ended');
    now += 1999;
    expect(judge(commits, '107', { running: 0, activity: 2 }, { running: 1, activity: 3 })).to.deep.equal({ epoch }, 'before the check');
    now += 1;
    const done = { running: 0, activity: 4 };
    expect(judge(commits, '107', done, done)).to.deep.equal({ epoch, checkSince: 10_000 }, 'the posts modified since the first such move');
    now += 10;
    expect(judge(commits, '107', done, done)).to.deep.equal({ epoch }, 'checked once');
    now = 70_000;
    const swept = judge(commits, '107', done, done).epoch!;
    expect(swept, 'a full check').to.not.equal(epoch);
    expect(sweptOnce(epoch!, swept), 'told apart as a sweep').to.equal(true);
    // Another minute of its own writes: a second sweep.
    expect(judge(commits, '108', { running: 1, activity: 5 }, { running: 0, activity: 6 })).to.deep.equal({ epoch: swept });
    now = 140_000;
    const second = judge(commits, '108', done, done);
    expect(second.checkSince, 'the check due since the move goes with the sweep').to.equal(70_000);
    const twice = second.epoch!;
    expect([sweptOnce(swept, twice), sweptOnce(epoch!, twice)], 'one sweep, then two').to.deep.equal([true, false]);
    commits.changed();
    expect(sweptOnce(twice, commits.epoch), 'a change seen is no sweep').to.equal(false);
  });

  it('moves the post tables\' epoch only for changes that may have touched them, and keeps the checks its own writes asked for through the others', () => {
    now = 10_000;
    const commits = new OutsideCommits(2000, 60_000, clock);
    judge(commits, '100', idle, idle);
    const [epoch, posts] = [commits.epoch, commits.postsEpoch];
    commits.changed(false);
    expect([commits.epoch === epoch, commits.postsEpoch], 'another table').to.deep.equal([false, posts]);
    commits.changed();
    expect(commits.postsEpoch, 'the post tables').to.not.equal(posts);
    const moved = commits.postsEpoch;
    expect(judge(commits, '105', { running: 1, activity: 1 }, { running: 0, activity: 2 }).checkSince, 'a move its own write may explain').to.equal(undefined);
    commits.changed(false);
    now += 2000;
    const done = { running: 0, activity: 2 };
    expect(judge(commits, '105', done, done).checkSince, 'still checked').to.equal(10_000);
    now = 70_000;
    judge(commits, '105', done, done);
    expect(sweptOnce(moved, commits.postsEpoch), 'and swept').to.equal(true);
  });

  it('tells how long the reads judged found the counter still', () => {
    now = 10_000;
    const commits = new OutsideCommits(2000, 60_000, clock);
    judge(commits, '100', idle, idle);
    now += 1000;
    expect(commits.quietFor(1000), 'since the first read').to.equal(true);
    judge(commits, '101', { running: 1, activity: 1 }, { running: 0, activity: 2 });
    now += 999;
    judge(commits, '101', idle, idle);
    expect([commits.quietFor(999), commits.quietFor(1000)], 'since the move').to.deep.equal([true, false]);
  });

  it('spaces its checks of the posts modified so they take at most CHECK_SHARE of the time', () => {
    now = 100_000;
    const commits = new OutsideCommits(2000, 60_000, clock);
    const epoch = judge(commits, '100', idle, idle).epoch;
    const writing = { running: 1, activity: 1 };
    const done = { running: 0, activity: 2 };
    commits.checked(1500);
    expect(judge(commits, '105', writing, done)).to.deep.equal({ epoch }, 'a move its own write may explain');
    now += 1500 / CHECK_SHARE - 1;
    expect(judge(commits, '105', done, done)).to.deep.equal({ epoch }, 'not yet: the last check took 1.5 s');
    now += 1;
    expect(judge(commits, '105', done, done)).to.deep.equal({ epoch, checkSince: 100_000 }, 'checked');
    commits.checked(100);
    expect(judge(commits, '106', writing, { running: 0, activity: 3 })).to.deep.equal({ epoch }, 'another move');
    now += 2000;
    expect(judge(commits, '106', done, done)).to.deep.equal({ epoch, checkSince: now - 2000 }, 'a quick check: OUTSIDE_CHECK_MS again');
  });

  it('dates a move during its own writes by the read before it, so a move seen late is checked at once', () => {
    now = 10_000;
    const commits = new OutsideCommits(2000, 60_000, clock);
    const epoch = judge(commits, '100', idle, idle).epoch;
    // Written for 2.5 s with no read between: the counter may have moved at any time since 10_000.
    now += 2500;
    expect(judge(commits, '130', { running: 0, activity: 9 }, { running: 0, activity: 9 })).to.deep.equal({ epoch, checkSince: 10_000 });
  });

  it('takes moves its own statements explain to the unit, between reads made while none was under way, for its own: no check, no sweep', () => {
    now = 10_000;
    const commits = new OutsideCommits(2000, 60_000, clock);
    /** A read judged with its own writes and statements' footprint as it began and ended. */
    const counted = (counter: string, started: [OwnWrites, Footprint], ended: [OwnWrites, Footprint]) =>
      commits.judge(commits.begin(started[0], started[1]), counter, ended[0], ended[1]);
    const still = (activity: number, units: number, uncertain = 0): [OwnWrites, Footprint] =>
      [{ running: 0, activity }, { units, uncertain, open: 0, moves: units + uncertain }];
    const epoch = counted('100', still(0, 0), still(0, 0)).epoch;
    // A write under way as the counter is read: its move cannot be told yet.
    const writing: [OwnWrites, Footprint] = [{ running: 1, activity: 1 }, { units: 0, uncertain: 0, open: 1, moves: 1 }];
    expect(counted('101', writing, writing), 'a move during a write').to.deep.equal({ epoch });
    expect(counted('102', still(2, 2), still(2, 2)), 'told by the next quiet read').to.deep.equal({ epoch });
    now += 2000;
    expect(counted('104', still(4, 4), still(4, 4)), 'no check of the posts modified').to.deep.equal({ epoch });
    now = 80_000;
    expect(counted('104', still(4, 4), still(4, 4)), 'no sweep').to.deep.equal({ epoch });

    // A unit more than its statements added: another transaction committed meanwhile.
    expect(counted('107', still(6, 6), still(6, 6))).to.deep.equal({ epoch });
    now += 2000;
    expect(counted('107', still(6, 6), still(6, 6)), 'checked').to.deep.equal({ epoch, checkSince: 80_000 });
    // Explained from a quiet read on, which does not clear what was unexplained before it.
    expect(counted('109', still(8, 8), still(8, 8)), 'explained').to.deep.equal({ epoch });
    now = 142_000;
    const swept = counted('109', still(8, 8), still(8, 8)).epoch!;
    expect(sweptOnce(epoch!, swept), 'the sweep the unexplained move asked for').to.equal(true);

    // A statement of unknown footprint, or one that began or ended during the read: not told.
    expect(counted('111', still(10, 10, 1), still(10, 10, 1))).to.deep.equal({ epoch: swept });
    now += 2000;
    expect(counted('111', still(10, 10, 1), still(10, 10, 1)).checkSince, 'an uncertain statement').to.equal(142_000);
    counted('113', still(12, 12, 1), still(14, 14, 1));
    now += 2000;
    expect(counted('113', still(14, 14, 1), still(14, 14, 1)).checkSince, 'a statement that ended during the read').to.equal(144_000);
    // No footprint (MySQL's log sequence number): as before.
    commits.judge(commits.begin({ running: 0, activity: 20 }), '115', { running: 0, activity: 21 });
    now += 2000;
    expect(commits.judge(commits.begin({ running: 0, activity: 21 }), '115', { running: 0, activity: 21 }).checkSince).to.equal(146_000);
  });

  it('ignores a read that began before the last one judged', () => {
    const commits = new OutsideCommits(2000, 60_000, clock);
    const epoch = judge(commits, '100', idle, idle).epoch;
    const older = commits.begin(idle);
    const newer = commits.begin(idle);
    expect(commits.judge(newer, '101', idle), 'another connection').to.deep.equal({ epoch, foreignMove: true });
    commits.changed();
    const moved = commits.epoch;
    expect(commits.judge(older, '100', idle), 'the older read, ended last').to.deep.equal({ epoch: moved });
    expect(judge(commits, '101', idle, idle), 'the counter as the newer read saw it').to.deep.equal({ epoch: moved });
  });
});

describe('TableChanges', () => {
  let now = 0;
  const clock = () => now;
  /** UPDATE_TIME answers the test sets; a null `times` makes the read fail. */
  let times: TableTimes | null = null;
  const tables = () => new TableChanges(async () => {
    if (!times) throw new Error('gone');
    return times;
  }, clock);

  /** Table times at the server clock `now`. */
  const at = (now: string, tables: Record<string, string | null>, oldestOpen?: OldestOpen): TableTimes => ({ tables: new Map(Object.entries(tables)), now, oldestOpen });
  const names = (changed: ChangedTables) => (changed === 'all' ? changed : [...changed].sort());

  it('finds the tables whose time moved or falls in the second of the last look, and looks once more a second after a look for a move', async () => {
    const changes = tables();
    times = at('2026-11-26 10:00:05', { posts: '2026-11-26 10:00:00', options: '2026-11-26 09:00:00' });
    expect(names(await changes.changed('move')), 'the first look').to.equal('all');
    times = at('2026-11-26 10:00:07', { posts: '2026-11-26 10:00:00', options: '2026-11-26 09:00:00' });
    expect(names(await changes.changed('move')), 'nothing newer').to.deep.equal([]);
    expect(changes.recheckDue).to.equal(false);
    now += TABLES_RECHECK_MS;
    expect(changes.recheckDue, 'a commit stamps its tables an instant after the counter moved').to.equal(true);
    times = at('2026-11-26 10:00:08', { posts: '2026-11-26 10:00:07', options: '2026-11-26 09:00:00' });
    expect(names(await changes.changed('recheck')), 'a commit in the second of the last look').to.deep.equal(['posts']);
    now += TABLES_RECHECK_MS;
    expect(changes.recheckDue, 'one look more, not a series').to.equal(false);
    times = at('2026-11-26 10:00:09', { posts: '2026-11-26 10:00:07', options: '2026-11-26 10:00:09' });
    expect(names(await changes.changed('move')), 'another table only').to.deep.equal(['options']);
    now += TABLES_RECHECK_MS;
    times = at('2026-11-26 10:00:10', { posts: '2026-11-26 10:00:07', options: '2026-11-26 10:00:09' });
    expect(names(await changes.changed('recheck')), 'a time in the second of the look before').to.deep.equal(['options']);
    times = at('2026-11-26 10:00:13', { posts: '2026-11-26 10:00:12', options: '2026-11-26 10:00:09' });
    expect(names(await changes.changed('move')), 'a later time').to.deep.equal(['posts']);
  });

  it('takes a table whose time is not older than the start of a transaction open at the last look for changed: its commit stamps that second', async () => {
    const changes = tables();
    times = at('2026-11-26 10:00:05', { posts: '2026-11-26 10:00:00', postmeta: '2026-11-26 10:00:02' });
    await changes.changed('move');
    // A transaction began at :02 (when postmeta was last stamped), and is open as the tables are looked at.
    times = at('2026-11-26 10:00:09', { posts: '2026-11-26 10:00:00', postmeta: '2026-11-26 10:00:02' }, '2026-11-26 10:00:02');
    expect(names(await changes.changed('move')), 'open, not committed yet').to.deep.equal([]);
    times = at('2026-11-26 10:00:12', { posts: '2026-11-26 10:00:00', postmeta: '2026-11-26 10:00:02' }, null);
    expect(names(await changes.changed('move')), 'committed since: the same stamp').to.deep.equal(['postmeta']);
    times = at('2026-11-26 10:00:14', { posts: '2026-11-26 10:00:00', postmeta: '2026-11-26 10:00:02' }, null);
    expect(names(await changes.changed('move')), 'none open').to.deep.equal([]);
  });

  it('keeps the bound of the look before when the open transactions it is told may be an old copy', async () => {
    const changes = tables();
    times = at('2026-11-26 10:00:05', { posts: '2026-11-26 10:00:00' });
    await changes.changed('move');
    // Another connection commits at :07, and another begins writing in that second.
    times = at('2026-11-26 10:00:07', { posts: '2026-11-26 10:00:07' }, null);
    expect(names(await changes.changed('move'))).to.deep.equal(['posts']);
    times = at('2026-11-26 10:00:08', { posts: '2026-11-26 10:00:07' }, STALE);
    expect(names(await changes.changed('move')), 'stamped in the second of the last look').to.deep.equal(['posts']);
    times = at('2026-11-26 10:00:09', { posts: '2026-11-26 10:00:07' }, null);
    expect(names(await changes.changed('move')), 'committed since: the same stamp').to.deep.equal(['posts']);
    times = at('2026-11-26 10:00:10', { posts: '2026-11-26 10:00:07' }, null);
    expect(names(await changes.changed('move')), 'none open since').to.deep.equal([]);
    now += TABLES_RECHECK_MS;
    await changes.changed('recheck');
    times = at('2026-11-26 10:00:11', { posts: '2026-11-26 10:00:07' }, STALE);
    expect(await changes.rebase(async () => true), 'nothing known open from an old copy').to.equal('not now');
  });

  it('takes a table created or dropped for a change, and one unchanged since the server started for none', async () => {
    const changes = tables();
    times = at('2026-11-26 10:00:05', { posts: null, options: null });
    expect(names(await changes.changed('move'))).to.equal('all');
    times = at('2026-11-26 10:00:06', { posts: null, options: null });
    expect(names(await changes.changed('move')), 'no time since the server started').to.deep.equal([]);
    times = at('2026-11-26 10:00:07', { posts: null, options: null, postmeta: null });
    expect(names(await changes.changed('move')), 'created').to.deep.equal(['postmeta']);
    times = at('2026-11-26 10:00:08', { posts: null, postmeta: null });
    expect(names(await changes.changed('move')), 'dropped').to.deep.equal(['options']);
  });

  it('rebases on the tables\' times only when nothing committed while they were read and no look once more is to come', async () => {
    const changes = tables();
    times = at('2026-11-26 10:00:05', { posts: '2026-11-26 10:00:00', options: '2026-11-26 09:00:00' });
    await changes.changed('move');
    now += TABLES_RECHECK_MS;
    await changes.changed('recheck');
    // Its own writes stamp the posts.
    times = at('2026-11-26 10:00:09', { posts: '2026-11-26 10:00:07', options: '2026-11-26 09:00:00' }, null);
    expect(await changes.rebase(async () => false), 'a commit while they were read').to.equal('not now');
    times = at('2026-11-26 10:00:09', { posts: '2026-11-26 10:00:07', options: '2026-11-26 09:00:00' }, '2026-11-26 10:00:08');
    expect(await changes.rebase(async () => true), 'a transaction open').to.equal('not now');
    times = at('2026-11-26 10:00:09', { posts: '2026-11-26 10:00:07', options: '2026-11-26 09:00:00' });
    expect(await changes.rebase(async () => true), 'open transactions untold').to.equal('unknown');
    expect(names(await changes.changed('move')), 'the stamps still count').to.deep.equal(['posts']);
    expect(await changes.rebase(async () => true), 'a look once more is to come').to.equal('not now');
    now += TABLES_RECHECK_MS;
    await changes.changed('recheck');
    times = at('2026-11-26 10:00:12', { posts: '2026-11-26 10:00:11', options: '2026-11-26 09:00:00' }, null);
    expect(await changes.rebase(async () => true)).to.equal('based');
    times = at('2026-11-26 10:00:14', { posts: '2026-11-26 10:00:11', options: '2026-11-26 10:00:14' });
    expect(names(await changes.changed('move')), 'another connection\'s option after them').to.deep.equal(['options']);
  });

  it('takes a failed look, and the look after it, for a change of every table', async () => {
    const changes = tables();
    times = at('2026-11-26 10:00:05', { posts: null });
    await changes.changed('move');
    times = null;
    expect(names(await changes.changed('move')), 'a failed look').to.equal('all');
    times = at('2026-11-26 10:00:09', { posts: null });
    expect(names(await changes.changed('move')), 'the look after').to.equal('all');
  });
});

/** Waits until a counter read made now no longer answers for new requests. */
function windowPassed(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, COUNTER_READ_WINDOW_MS + 1));
}

/**
 * The version once settled: the first sighting of a counter value is never trusted, and another
 * test process writing to the same server meanwhile makes it start over.
 */
async function settledVersion(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await windowPassed();
    const version = await db.dataVersion();
    if (version !== null) return version;
  }
  throw new Error('the commit counter never settled');
}

for (const kind of databaseKinds().filter((k) => k.name === 'mysql')) {
  describe('InnoDB commit counter [mysql]', () => {
    it('gives a data version that reading it does not change, and that a write does', async () => {
      const database = await kind.create();
      const db = await openDatabase(database.url, 'wp_');
      try {
        await prepareDatabase(db);
        const version = await settledVersion(db);
        expect(version).to.match(/^\d+(\.\d+)+$/);
        await windowPassed();
        expect(await db.dataVersion(), 'nothing written meanwhile (a quiet server)').to.equal(version);
        await db.kysely.insertInto('options').values({ option_name: 'wpcal_probe', option_value: '1', autoload: 'no' }).execute();
        expect(await settledVersion(db)).to.not.equal(version);
      } finally {
        await db.close();
        await database.drop();
      }
    });

    it('changes when a transaction that was open at the last read commits, and not for reads', async () => {
      const database = await kind.create();
      const db = await openDatabase(database.url, 'wp_');
      const other = await createConnection({ ...mysqlOptions(database.url) });
      try {
        await prepareDatabase(db);
        await other.query('BEGIN');
        await other.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('wpcal_open', '1', 'no')");
        const open = await settledVersion(db);
        await other.query('SELECT COUNT(*) FROM wp_posts');
        await db.kysely.selectFrom('posts').select('ID').execute();
        await windowPassed();
        expect(await db.dataVersion(), 'reads alone leave it').to.equal(open);
        await other.query('COMMIT');
        expect(await settledVersion(db)).to.not.equal(open);
      } finally {
        await other.end();
        await db.close();
        await database.drop();
      }
    });

    it('keeps the outside and data versions when another database commits, and moves them when another connection commits to its own (the post tables\' version only for those)', async () => {
      const [database, elsewhere] = [await kind.create(), await kind.create()];
      const db = await openDatabase(database.url, 'wp_');
      const [there, here] = [await createConnection(mysqlOptions(elsewhere.url)), await createConnection(mysqlOptions(database.url))];
      /** The outside version once settled, past the counter read window. */
      const settledOutside = async (of: OutsideScope = 'all') => {
        for (let attempt = 0; attempt < 50; attempt++) {
          await windowPassed();
          const version = await db.outsideVersion(of);
          if (version !== null) return version;
        }
        throw new Error('the outside version never settled');
      };
      try {
        await prepareDatabase(db);
        await there.query('CREATE TABLE elsewhere (x INT) ENGINE = InnoDB');
        await settledOutside();
        // Tables changed within the second of the last look count as changed (whole seconds).
        await new Promise((resolve) => setTimeout(resolve, TABLES_RECHECK_MS));
        await there.query('INSERT INTO elsewhere VALUES (1)');
        const before = await settledOutside();
        const postsBefore = await settledOutside('posts');
        const dataBefore = await settledVersion(db);
        await there.query('INSERT INTO elsewhere VALUES (2)');
        expect(await settledOutside(), 'another database').to.equal(before);
        expect(await settledVersion(db), 'another database: the data version').to.equal(dataBefore);
        await new Promise((resolve) => setTimeout(resolve, TABLES_RECHECK_MS));
        expect(await settledOutside(), 'looked at once more').to.equal(before);
        await here.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('written_outside', '1', 'no')");
        expect(await settledOutside(), 'this database').to.not.equal(before);
        expect(await settledVersion(db), 'this database: the data version').to.not.equal(dataBefore);
        expect(await settledOutside('posts'), 'options: not a post table').to.equal(postsBefore);
        await new Promise((resolve) => setTimeout(resolve, TABLES_RECHECK_MS));
        expect(await settledOutside('posts'), 'options, looked at once more').to.equal(postsBefore);
        await here.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, 'written_outside', '1')");
        expect(await settledOutside('posts'), 'a post table').to.not.equal(postsBefore);
      } finally {
        await Promise.all([there.end(), here.end()]);
        await db.close();
        await Promise.all([database.drop(), elsewhere.drop()]);
      }
    });

    it('takes the tables its own writes stamped for its own once the counter was still, so another connection\'s option after them leaves the post tables\' version; not while another connection holds writes', async () => {
      const database = await kind.create();
      const db = await openDatabase(database.url, 'wp_');
      const other = await createConnection(mysqlOptions(database.url));
      /** Both outside versions, read every 25 ms for `ms` (so the handle sees the counter still), then once settled. */
      const versionsAfter = async (ms: number) => {
        for (const end = Date.now() + ms; Date.now() < end;) {
          await db.outsideVersion();
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        for (let attempt = 0; attempt < 50; attempt++) {
          await windowPassed();
          const [all, posts] = await Promise.all([db.outsideVersion(), db.outsideVersion('posts')]);
          if (all !== null && posts !== null) return { all, posts };
        }
        throw new Error('the outside version never settled');
      };
      try {
        await prepareDatabase(db);
        await versionsAfter(0);
        await db.write((trx) => trx.insertInto('postmeta').values({ post_id: 1, meta_key: 'written_by_wpcal', meta_value: '1' }).execute());
        const before = await versionsAfter(2 * TABLES_RECHECK_MS);
        await other.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('_transient_doing_cron', '1', 'no')");
        const after = await versionsAfter(TABLES_RECHECK_MS + 2 * COUNTER_READ_WINDOW_MS);
        expect(after.all, 'the option is seen').to.not.equal(before.all);
        expect(after.posts, 'the post tables\' version').to.equal(before.posts);
        // Another connection begins writing in the second of an own write, and commits once the
        // counter was still: its stamp is that second, which a base taken meanwhile would hold.
        await other.query('BEGIN');
        await other.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, 'written_outside', '1')");
        await db.write((trx) => trx.insertInto('postmeta').values({ post_id: 1, meta_key: 'written_by_wpcal', meta_value: '2' }).execute());
        const open = await versionsAfter(2 * TABLES_RECHECK_MS);
        await other.query('COMMIT');
        const committed = await versionsAfter(TABLES_RECHECK_MS + 2 * COUNTER_READ_WINDOW_MS);
        expect(committed.posts, 'a write left open through the stillness').to.not.equal(open.posts);
      } finally {
        await other.end();
        await db.close();
        await database.drop();
      }
    });

    it('tells the oldest open transaction only from a copy of them taken during its read, and reads at most once in INNODB_TRX_COPY_MS', async () => {
      const database = await kind.create();
      const db = await openDatabase(database.url, 'wp_');
      const [writer, monitor] = [await createConnection(mysqlOptions(database.url)), await createConnection(mysqlOptions(database.url))];
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      /** Reads INNODB_TRX as a monitoring tool would: each read within 0.1 s of the last keeps the server's copy. */
      const monitorRead = () => monitor.query('SELECT COUNT(*) FROM information_schema.INNODB_TRX');
      try {
        await prepareDatabase(db);
        const read = oldestOpenTransactionReader(db.kysely);
        const oldestOpen = async () => (await read()).oldestOpen;
        await pause(2 * INNODB_TRX_COPY_MS + 1);
        expect(await oldestOpen(), 'none open').to.equal(null);
        await writer.query('BEGIN');
        await writer.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('wpcal_open', '1', 'no')");
        // Asked every 20 ms, as looks come when other databases commit.
        const told: OldestOpen[] = [];
        for (let asked = 0; asked < 40; asked++) {
          told.push(await oldestOpen());
          await pause(20);
        }
        expect(told[0], 'asked again at once').to.equal(STALE);
        await pause(2 * INNODB_TRX_COPY_MS + 1);
        const [[{ started }]] = await writer.query('SELECT CAST(trx_started AS CHAR) AS started FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = CONNECTION_ID()') as any;
        expect(told.filter((oldest) => oldest !== STALE), 'copies taken for its reads').to.include(started).and.to.not.include(null);
        await writer.query('COMMIT');
        await pause(2 * INNODB_TRX_COPY_MS + 1);
        await monitorRead();
        await writer.query('BEGIN');
        await writer.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('wpcal_open_again', '1', 'no')");
        await monitorRead();
        expect(await oldestOpen(), 'the copy another client\'s read kept').to.equal(STALE);
        await writer.query('ROLLBACK');
      } finally {
        await Promise.all([writer.end(), monitor.end()]);
        await db.close();
        await database.drop();
      }
    });

    it('tells the oldest transaction that has changed or locked a row apart from the oldest open (a snapshot that only reads)', async () => {
      const database = await kind.create();
      const db = await openDatabase(database.url, 'wp_');
      const reading = await createConnection(mysqlOptions(database.url));
      /** A read from a copy taken for it (asked again past INNODB_TRX_COPY_MS until one is). */
      const fresh = async (read: () => Promise<OpenTransactions>): Promise<OpenTransactions> => {
        for (let attempt = 0; attempt < 20; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 2 * INNODB_TRX_COPY_MS + 1));
          const told = await read();
          if (told.oldestOpen !== STALE) return told;
        }
        throw new Error('no copy was taken for a read');
      };
      try {
        await prepareDatabase(db);
        const read = oldestOpenTransactionReader(db.kysely);
        await reading.query('START TRANSACTION WITH CONSISTENT SNAPSHOT');
        await reading.query('SELECT COUNT(*) FROM wp_options');
        // The server's copy of its transactions may be older than this one: read once it is not.
        let started: string | undefined;
        for (let attempt = 0; attempt < 20 && started === undefined; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 2 * INNODB_TRX_COPY_MS + 1));
          const [rows] = await reading.query('SELECT CAST(trx_started AS CHAR) AS started FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = CONNECTION_ID()') as unknown as [Array<{ started: string }>];
          started = rows[0]?.started;
        }
        expect(started, 'the reading transaction, listed').to.be.a('string');
        expect(await fresh(read), 'reading only').to.deep.equal({ oldestOpen: started, oldestWriting: null });
        // An UPDATE that changes nothing fires the change log's triggers all the same: it locks the row.
        await reading.query("UPDATE wp_options SET option_value = option_value WHERE option_name = 'siteurl'");
        expect(await fresh(read), 'once it has locked a row').to.deep.equal({ oldestOpen: started, oldestWriting: started });
        await reading.query('ROLLBACK');
        await reading.query('START TRANSACTION WITH CONSISTENT SNAPSHOT');
        await reading.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('wpcal_written', '1', 'no')");
        // The only transaction open now.
        const written = await fresh(read);
        expect(written.oldestOpen, 'the second transaction').to.be.a('string');
        expect(written.oldestWriting, 'once it has written').to.equal(written.oldestOpen);
      } finally {
        await reading.end();
        await db.close();
        await database.drop();
      }
    });

    it('tells a user without the PROCESS privilege apart from a read of the open transactions that fails', async () => {
      const database = await kind.create();
      const { database: name, ...server } = mysqlOptions(database.url);
      const admin = await createConnection(server);
      const user = `wpcal_np_${process.pid}`;
      await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'np'`);
      await admin.query(`GRANT ALL ON \`${name}\`.* TO '${user}'@'%'`);
      const url = new URL(database.url);
      [url.username, url.password] = [user, 'np'];
      const unprivileged = await openDatabase(url.toString(), 'wp_');
      const db = await openDatabase(database.url, 'wp_');
      try {
        expect(await oldestOpenTransactionReader(unprivileged.kysely)(), 'the server will not tell').to.deep.equal({ oldestOpen: undefined, oldestWriting: undefined });
        const read = oldestOpenTransactionReader(db.kysely);
        await db.close();
        expect(await read(), 'a failed read').to.deep.equal({ oldestOpen: STALE, oldestWriting: STALE });
      } finally {
        await unprivileged.close();
        await admin.query(`DROP USER '${user}'@'%'`);
        await admin.end();
        await database.drop();
      }
    });

    it('leaves no transaction open on its connection when the read of the open transactions fails', async () => {
      const database = await kind.create();
      // One connection, so the statement after the failed read runs where it ran; the read and its
      // COMMIT fail after its START TRANSACTION, as killed queries would.
      const failing: KyselyPlugin = {
        transformQuery: (args) => {
          if (/wpcal-open-transactions|"COMMIT"/.test(JSON.stringify(args.node))) throw new Error('the query was killed');
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const single = new Kysely<Database>({ dialect: new MysqlDialect({ pool: createPool({ ...mysqlOptions(database.url), connectionLimit: 1 }) }), plugins: [failing] });
      try {
        expect(await oldestOpenTransactionReader(single)(), 'a failed read').to.deep.equal({ oldestOpen: STALE, oldestWriting: STALE });
        const { rows } = await sql<{ open: number | string }>`SELECT @@in_transaction AS open`.execute(single);
        expect(Number(rows[0]!.open), 'the connection back in the pool').to.equal(0);
      } finally {
        await single.destroy();
        await database.drop();
      }
    });

    it('tells when the oldest open transaction began in the session\'s time zone, which NOW() and the tables\' times use (INNODB_TRX gives the system\'s)', async () => {
      const database = await kind.create();
      const { database: _name, ...server } = mysqlOptions(database.url);
      const admin = await createConnection(server);
      const [[{ zone }]] = await admin.query('SELECT @@global.time_zone AS zone') as unknown as [[{ zone: string }]];
      // Five hours from the system's zone, whatever it is: new sessions take the global zone.
      const [[{ minutes }]] = await admin.query("SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', 'SYSTEM')) + 300 AS minutes") as unknown as [[{ minutes: number | string }]];
      const offset = Number(minutes);
      const shifted = `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
      await admin.query('SET GLOBAL time_zone = ?', [shifted]);
      const db = await openDatabase(database.url, 'wp_');
      const open = await createConnection(mysqlOptions(database.url));
      try {
        await prepareDatabase(db);
        await open.query('BEGIN');
        await open.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('wpcal_open', '1', 'no')");
        // A copy of the transactions taken before the read (the handle's own look as it opened) is no answer.
        const read = oldestOpenTransactionReader(db.kysely);
        let { oldestOpen: oldest, oldestWriting } = await read();
        for (let attempt = 0; oldest === STALE && attempt < 10; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 2 * INNODB_TRX_COPY_MS + 50));
          ({ oldestOpen: oldest, oldestWriting } = await read());
        }
        expect(oldestWriting, 'the same transaction, which has written').to.equal(oldest);
        const { rows: [clock] } = await sql<{ now: string; zone: string }>`SELECT CAST(NOW() AS CHAR) AS now, @@session.time_zone AS zone`.execute(db.kysely);
        expect(clock!.zone, 'the handle\'s sessions').to.equal(shifted);
        expect(typeof oldest, 'a time').to.equal('string');
        const apart = (Date.parse(`${clock!.now.replace(' ', 'T')}Z`) - Date.parse(`${String(oldest).replace(' ', 'T')}Z`)) / 1000;
        expect(apart, `${String(oldest)} against NOW() ${clock!.now}`).to.be.within(0, 60);
      } finally {
        await open.end();
        await db.close();
        await admin.query('SET GLOBAL time_zone = ?', [zone]);
        await admin.end();
        await database.drop();
      }
    });

    it('sees the commit of a transaction begun in the second of another commit, although a look while it was open read an old copy of the open transactions', async () => {
      const [database, elsewhere] = [await kind.create(), await kind.create()];
      const db = await openDatabase(database.url, 'wp_');
      const [there, writer, monitor] = [await createConnection(mysqlOptions(elsewhere.url)), await createConnection(mysqlOptions(database.url)), await createConnection(mysqlOptions(database.url))];
      const settledPosts = async () => {
        for (let attempt = 0; attempt < 50; attempt++) {
          await windowPassed();
          const version = await db.outsideVersion('posts');
          if (version !== null) return version;
        }
        throw new Error('the outside version never settled');
      };
      // A monitoring tool reads INNODB_TRX every 20 ms: the server keeps answering from its copy.
      let monitoring = true;
      const monitored = (async () => {
        while (monitoring) {
          await monitor.query('SELECT COUNT(*) FROM information_schema.INNODB_TRX');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      try {
        await prepareDatabase(db);
        await there.query('CREATE TABLE elsewhere (x INT) ENGINE = InnoDB');
        await settledPosts();
        // Well inside a second: the server's coarse clock may lag its start by a few milliseconds.
        const intoNextSecond = () => new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
        await intoNextSecond();
        await writer.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, 'written_outside', '1')");
        await settledPosts();
        // Begun in the same second: its commit will stamp postmeta with the time it has now.
        await writer.query('BEGIN');
        await writer.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, 'written_outside', '2')");
        await intoNextSecond();
        await there.query('INSERT INTO elsewhere VALUES (1)');
        const open = await settledPosts();
        await writer.query('COMMIT');
        expect(await settledPosts()).to.not.equal(open);
      } finally {
        monitoring = false;
        await monitored;
        await Promise.all([there.end(), writer.end(), monitor.end()]);
        await db.close();
        await Promise.all([database.drop(), elsewhere.drop()]);
      }
    });

    it('counts what its statements added to the transaction counter: surely, or as unknown', async () => {
      const database = await kind.create();
      const db = await openDatabase(database.url, 'wp_');
      try {
        await prepareDatabase(db);
        if (db.footprint() === null) {
          // MySQL's counter is a log sequence number: nothing to count.
          const { rows } = await sql`SHOW GLOBAL STATUS LIKE 'Innodb_max_trx_id'`.execute(db.kysely);
          expect(rows).to.have.length(0);
          return;
        }
        const option = (name: string) => ({ option_name: name, option_value: '1', autoload: 'no' as const });
        const counter = async () => Number((await sql<{ Value: string }>`SHOW GLOBAL STATUS LIKE 'Innodb_max_trx_id'`.execute(db.kysely.withoutPlugins())).rows[0]!.Value);
        const counted = async (action: () => Promise<unknown>) => {
          const [footprint, moved] = [db.footprint()!, await counter()];
          await action().catch(() => undefined);
          const [after, movedAfter] = [db.footprint()!, await counter()];
          expect(after.open, 'nothing left open').to.equal(0);
          return { units: after.units - footprint.units, unknown: after.uncertain - footprint.uncertain, moved: movedAfter - moved };
        };
        expect({
          reads: await counted(() => db.write((trx) => trx.selectFrom('options').selectAll().execute())),
          insert: await counted(() => db.write((trx) => trx.insertInto('options').values(option('a')).execute())),
          queued: await counted(() => db.write(async (trx) => {
            await queueWrite(trx, trx.insertInto('options').values(option('b')));
            await queueWrite(trx, trx.updateTable('options').set({ option_value: '2' }).where('option_name', '=', 'a'));
          })),
          'outside a transaction': await counted(() => db.kysely.insertInto('options').values(option('c')).execute()),
          'read outside a transaction': await counted(() => db.kysely.selectFrom('options').selectAll().execute()),
          'a snapshot begun and ended by statements': await counted(() => db.kysely.connection().execute(async (connection) => {
            await sql`START TRANSACTION WITH CONSISTENT SNAPSHOT`.execute(connection);
            await connection.selectFrom('options').selectAll().execute();
            await sql`COMMIT`.execute(connection);
          })),
          'a transaction begun by BEGIN in capitals': await counted(() => db.kysely.connection().execute(async (connection) => {
            await sql`BEGIN`.execute(connection);
            await connection.insertInto('options').values(option('g')).execute();
            await connection.insertInto('options').values(option('h')).execute();
            await sql`COMMIT`.execute(connection);
          })),
          'a transaction begun by a statement, written and rolled back': await counted(() => db.kysely.connection().execute(async (connection) => {
            await sql`START TRANSACTION`.execute(connection);
            await connection.insertInto('options').values(option('e')).execute();
            await connection.insertInto('options').values(option('f')).execute();
            await sql`ROLLBACK`.execute(connection);
          })),
          unchanged: await counted(() => db.write((trx) => trx.updateTable('options').set({ option_value: '2' }).where('option_name', '=', 'a').execute())),
          failed: await counted(() => db.write((trx) => trx.insertInto('options').values(option('a')).execute())),
          'queued, then failed': await counted(() => db.write(async (trx) => {
            await queueWrite(trx, trx.insertInto('options').values(option('d')));
            await trx.insertInto('options').values(option('a')).execute();
          })),
        }).to.deep.equal({
          reads: { units: 0, unknown: 0, moved: 0 },
          insert: { units: 2, unknown: 0, moved: 2 },
          queued: { units: 2, unknown: 0, moved: 2 },
          'outside a transaction': { units: 2, unknown: 0, moved: 2 },
          'read outside a transaction': { units: 0, unknown: 0, moved: 0 },
          'a snapshot begun and ended by statements': { units: 0, unknown: 0, moved: 0 },
          'a transaction begun by BEGIN in capitals': { units: 2, unknown: 0, moved: 2 },
          // Two inserts in one transaction draw two numbers, not four: they are not counted as two of their own.
          'a transaction begun by a statement, written and rolled back': { units: 0, unknown: 1, moved: 2 },
          unchanged: { units: 0, unknown: 1, moved: 1 },
          // The row was inserted, then undone: a number drawn for each.
          failed: { units: 0, unknown: 1, moved: 2 },
          'queued, then failed': { units: 0, unknown: 1, moved: 2 },
        });
      } finally {
        await db.close();
        await database.drop();
      }
    });

    it('closes a connection handed back with its transaction open, so the next statement on the pool is not taken into it', async () => {
      const database = await kind.create();
      const db = await openDatabase(database.url, 'wp_');
      const other = await createConnection(mysqlOptions(database.url));
      try {
        await prepareDatabase(db);
        const before = db.footprint();
        await db.kysely.connection().execute(async (connection) => {
          await sql`START TRANSACTION`.execute(connection);
          await connection.insertInto('options').values({ option_name: 'left_open', option_value: '1', autoload: 'no' }).execute();
        });
        // Each statement outside a transaction takes a connection of the pool; try several.
        for (let n = 0; n < 5; n++) await db.kysely.insertInto('options').values({ option_name: `after_${n}`, option_value: '1', autoload: 'no' }).execute();
        const [rows] = await other.query(`SELECT option_name FROM wp_options WHERE option_name = 'left_open' OR option_name LIKE 'after\\_%' ORDER BY option_name`);
        expect((rows as { option_name: string }[]).map((row) => row.option_name), 'committed, seen by another connection').to.deep.equal(['after_0', 'after_1', 'after_2', 'after_3', 'after_4']);
        if (before) expect(db.footprint()!.uncertain - before.uncertain, 'the transaction left open').to.equal(1);
      } finally {
        await other.end();
        await db.close();
        await database.drop();
      }
    });

    it('gives no version once a table of the prefix is made MyISAM while it runs, seen by a look or by a sweep', async () => {
      for (const whileWriting of [false, true]) {
        const database = await kind.create();
        const setup = await openDatabase(database.url, 'wp_');
        await prepareDatabase(setup);
        await setup.close();
        const db = await openDatabase(database.url, 'wp_', { outsideCheckMs: 200, outsideFullCheckMs: 800 });
        const other = await createConnection(mysqlOptions(database.url));
        try {
          expect(await db.outsideVersion(), 'InnoDB at first').to.not.equal(null);
          let writes = 0;
          const write = () => db.write((trx) => trx.insertInto('options').values({ option_name: `own_${writes++}`, option_value: '1', autoload: 'no' }).execute());
          // While it writes, the ALTER's moves cannot be told from its own: the sweep finds it.
          const altered = other.query('ALTER TABLE wp_options ENGINE = MyISAM');
          if (whileWriting) await Promise.all([altered, (async () => { for (let n = 0; n < 5; n++) await write(); })()]);
          else await altered;
          let version: string | null = '';
          const end = Date.now() + 5000;
          while (version !== null && Date.now() < end) {
            if (whileWriting) await write();
            await new Promise((resolve) => setTimeout(resolve, 20));
            version = await db.outsideVersion();
          }
          expect(version, whileWriting ? 'after the sweep' : 'after the look').to.equal(null);
          expect(await db.outsideVersion(), 'for good').to.equal(null);
        } finally {
          await other.end();
          await db.close();
          await database.drop();
        }
      }
    });

    it('is read from the server for InnoDB tables, and not trusted once a table of the prefix is MyISAM', async () => {
      const database = await kind.create();
      const db = await openDatabase(database.url, 'wp_');
      try {
        await prepareDatabase(db);
        const counter = await commitCounterReader(db.kysely, 'wp_');
        expect(await counter!.read()).to.match(/^\d+$/);
        // MariaDB's counter is its highest transaction ID; MySQL's a log sequence number.
        const { rows } = await sql<{ Value: string }>`SHOW GLOBAL STATUS LIKE 'Innodb_max_trx_id'`.execute(db.kysely);
        expect(counter!.countsTransactions).to.equal(rows.length > 0);
        await sql`ALTER TABLE wp_termmeta ENGINE = MyISAM`.execute(db.kysely);
        expect(await commitCounterReader(db.kysely, 'wp_')).to.equal(null);
        expect(await commitCounterReader(db.kysely, 'other_'), 'only the tables of the prefix count').to.not.equal(null);
      } finally {
        await db.close();
        await database.drop();
      }
    });
  });
}
