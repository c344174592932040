// MysqlChangeLog on a log kept in memory: rows that show late are told once they show, the floor
// rises only as far as the open transactions allow, and everything is taken as changed when the
// log cannot say. test/db/mysql-change-log.test.ts shows it on a real server.
import { expect } from 'chai';
import type { ChangeRow } from '../../src/data/change-log.ts';
import { STALE, type OldestOpen } from '../../src/data/innodb-changes.ts';
import { KEPT_SECONDS, LOOK_GAP_SECONDS, MOST_ROWS_TOLD, MysqlChangeLog, TRIGGER_CHECK_MS, type LogBound, type LogRead } from '../../src/data/mysql-change-log.ts';

/** A server second, 10:00:00 plus `second` (under a day). */
const at = (second: number): string => new Date(Date.UTC(2026, 10, 28, 10, 0, second)).toISOString().slice(0, 19).replace('T', ' ');

/** The log as the server shows it: rows numbered as inserted, visible once committed. */
class FakeLog {
  second = 0;
  next = 1;
  /** Rows inserted, with whether their transaction committed. */
  readonly rows: Array<ChangeRow & { visible: boolean }> = [];
  triggers: string | null = '33 made';
  oldestLogged: string | null = null;
  reads: number[] = [];
  triggerCounts = 0;
  pruned = 0;
  prunedUpTo: number[] = [];
  /** The handle's own clock, ms. */
  ms = 0;

  insert(postId: number, visible = true): ChangeRow & { visible: boolean } {
    const row = { seq: this.next++, table_name: 'posts', post_id: postId, term_taxonomy_id: null, visible };
    this.rows.push(row);
    return row;
  }

  read = async (after: number, limit: number, countTriggers: boolean): Promise<LogRead> => {
    this.reads.push(after);
    if (countTriggers) this.triggerCounts++;
    const visible = this.rows.filter((row) => row.visible);
    return {
      now: at(this.second),
      highest: Math.max(0, ...visible.map((row) => row.seq)),
      triggers: countTriggers ? this.triggers : undefined,
      oldestLogged: this.oldestLogged,
      rows: visible.filter((row) => row.seq > after).slice(0, limit).map(({ visible: _visible, ...row }) => row),
    };
  };

  /** The clock and the open transactions as a look read them (none open unless given). */
  bound(...oldestWriting: [OldestOpen?]): LogBound {
    return { now: at(this.second), oldestWriting: oldestWriting.length ? oldestWriting[0] : null };
  }

  async open(...oldestWriting: [OldestOpen?]): Promise<MysqlChangeLog> {
    return new MysqlChangeLog(this.read, await this.read(Number.MAX_SAFE_INTEGER, 0, true), this.bound(...oldestWriting), (upTo) => {
      this.pruned++;
      this.prunedUpTo.push(upTo);
    }, () => this.ms);
  }
}

const postsOf = (touched: Awaited<ReturnType<MysqlChangeLog['changes']>>) => (touched === 'everything' ? touched : [...touched.posts].sort());

describe('MysqlChangeLog', () => {
  it('tells each row once, including one that shows after rows numbered above it, and raises its floor only past looks before the oldest open transaction', async () => {
    const log = new FakeLog();
    const reader = await log.open();
    const early = log.insert(1, false);
    log.insert(2);
    log.second = 1;
    expect(postsOf(await reader.changes(log.bound(at(0)))), 'the committed row').to.deep.equal([2]);
    log.second = 2;
    expect(postsOf(await reader.changes(log.bound(at(0)))), 'nothing new').to.deep.equal([]);
    expect(log.reads.at(-1), 'the floor held below the open transaction').to.equal(0);
    early.visible = true;
    log.second = 3;
    expect(postsOf(await reader.changes(log.bound(null))), 'the early row, once committed').to.deep.equal([1]);
    log.second = 4;
    await reader.changes(log.bound(null));
    expect(log.reads.at(-1), 'past every look of an earlier second').to.equal(2);
  });

  it('does not take a look made in the second the oldest open transaction began for one before it (whole seconds)', async () => {
    const log = new FakeLog();
    const reader = await log.open();
    log.second = 1;
    const early = log.insert(1, false);
    log.insert(2);
    expect(postsOf(await reader.changes(log.bound(at(1)))), 'the committed row').to.deep.equal([2]);
    log.second = 2;
    await reader.changes(log.bound(at(1)));
    early.visible = true;
    log.second = 3;
    expect(postsOf(await reader.changes(log.bound(null))), 'the row of the transaction begun in that second').to.deep.equal([1]);
  });

  it('keeps its floor when the open transactions are unknown or the copy of them may be old', async () => {
    const log = new FakeLog();
    const reader = await log.open();
    log.insert(1);
    for (const oldestWriting of [STALE, undefined] as OldestOpen[]) {
      log.second++;
      await reader.changes(log.bound(oldestWriting));
    }
    log.second++;
    await reader.changes(null);
    expect(log.reads.slice(1)).to.deep.equal([0, 0, 0]);
  });

  it('takes everything once more where the first read may have passed over rows of a transaction then open', async () => {
    const log = new FakeLog();
    const hidden = log.insert(1, false);
    log.insert(2);
    const reader = await log.open(STALE);
    hidden.visible = true;
    log.second = 1;
    expect(postsOf(await reader.changes(log.bound(null))), 'passed over').to.deep.equal('everything');
    log.second = 2;
    expect(postsOf(await reader.changes(log.bound(null)))).to.deep.equal([]);
  });

  it(`takes more than ${MOST_ROWS_TOLD} rows for everything, and everything again once rows it did not read can no longer show`, async () => {
    const log = new FakeLog();
    const reader = await log.open();
    for (let i = 0; i <= MOST_ROWS_TOLD; i++) log.insert(i);
    log.second = 1;
    expect(await reader.changes(log.bound(at(1)))).to.equal('everything');
    log.insert(9);
    log.second = 2;
    expect(postsOf(await reader.changes(log.bound(at(1)))), 'rows after them, one by one').to.deep.equal([9]);
    log.second = 3;
    expect(await reader.changes(log.bound(null)), 'the floor passed them').to.equal('everything');
    log.second = 4;
    expect(postsOf(await reader.changes(log.bound(null)))).to.deep.equal([]);
  });

  it(`takes everything as changed when a trigger is missing or was made again (counted once in ${TRIGGER_CHECK_MS} ms), and when the last look is older than the rows kept`, async () => {
    const log = new FakeLog();
    const reader = await log.open();
    log.insert(1);
    log.triggers = null;
    log.ms = TRIGGER_CHECK_MS - 1;
    expect(postsOf(await reader.changes(log.bound())), 'not counted yet').to.deep.equal([1]);
    log.insert(2);
    log.ms = TRIGGER_CHECK_MS;
    expect(await reader.changes(log.bound()), 'missing').to.equal('everything');
    log.insert(3);
    expect(await reader.changes(log.bound()), 'missing, not counted again').to.equal('everything');
    expect(log.triggerCounts, 'as the log opened, and once since').to.equal(2);
    log.insert(4);
    log.triggers = '33 made again';
    log.ms = 2 * TRIGGER_CHECK_MS;
    expect(await reader.changes(log.bound()), 'made again').to.equal('everything');
    log.insert(3);
    expect(postsOf(await reader.changes(log.bound()))).to.deep.equal([3]);
    log.insert(4);
    log.second += LOOK_GAP_SECONDS + 1;
    expect(await reader.changes(log.bound()), 'a gap').to.equal('everything');
  });

  it(`prunes, up to its floor, when the oldest row is older than ${KEPT_SECONDS} s`, async () => {
    const log = new FakeLog();
    const reader = await log.open();
    log.oldestLogged = at(0);
    log.second = KEPT_SECONDS;
    await reader.changes(log.bound());
    expect(log.pruned).to.equal(0);
    log.insert(1);
    log.second = KEPT_SECONDS + 61;
    await reader.changes(log.bound());
    expect(log.pruned).to.equal(1);
    expect(log.prunedUpTo, 'no further than the rows known final').to.deep.equal([0]);
  });
});
