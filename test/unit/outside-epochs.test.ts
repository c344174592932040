// The outside epochs of a MySQL handle from what it reads of the server, with every read a fake
// the test moves: another connection's commits to other tables leave the post tables' epoch, and
// the stamps of wpcal's own writes are taken for its own only when that is safe.
import { expect } from 'chai';
import { TABLES_RECHECK_MS, type OwnWrites } from '../../src/data/innodb-changes.ts';
import type { Touched } from '../../src/data/change-log.ts';
import type { LogBound } from '../../src/data/mysql-change-log.ts';
import { OutsideEpochs, type Epochs } from '../../src/data/outside-epochs.ts';

/** A server second, `2026-11-27 10:0M:SS` for `second` seconds after 10:00:00. */
const at = (second: number): string => `2026-11-27 10:0${Math.floor(second / 60)}:${String(second % 60).padStart(2, '0')}`;

/** The server as the handle reads it, moved by hand. */
class FakeServer {
  counter = 100;
  /** Each table's UPDATE_TIME, as a second after 10:00:00 (null: none). */
  times: Record<string, number | null> = { posts: 1, postmeta: 1, options: 1 };
  /** Whether a transaction is open (one begun a second ago); null: the server will not tell. */
  openTransactions: boolean | null = false;
  own: OwnWrites = { running: 0, activity: 0 };
  /** Runs as the tables are read (a commit landing meanwhile). */
  duringTableRead: () => void = () => undefined;
  clockMs = 10_000;
  told: number[][] = [];
  checkFails = false;
  tableReads = 0;
  postsModifiedReads = 0;
  /** What the change log answers at its next reads (nothing touched once none is left); undefined: the database has none. */
  logged: Touched[] | undefined;
  logBounds: Array<LogBound | null> = [];

  epochs(): OutsideEpochs {
    return new OutsideEpochs({
      counter: async () => String(this.counter),
      tables: async () => {
        this.tableReads++;
        const tables = new Map(Object.entries(this.times).map(([name, second]) => [name, second === null ? null : at(second)]));
        const now = at(Math.floor(this.clockMs / 1000));
        this.duringTableRead();
        const oldestOpen = this.openTransactions === null ? undefined : this.openTransactions ? at(Math.floor(this.clockMs / 1000) - 1) : null;
        return { tables, now, oldestOpen };
      },
      ownWrites: () => this.own,
      postsModifiedSince: async () => {
        this.postsModifiedReads++;
        if (this.checkFails) throw new Error('gone');
        return [7];
      },
      tell: async ({ posts }) => {
        this.told.push([...posts]);
      },
      changeLog: this.logged && {
        changes: async (bound) => {
          this.logBounds.push(bound);
          return this.logged!.shift() ?? { posts: new Set(), terms: new Set(), otherTables: false };
        },
      },
    }, 2000, 60_000, () => this.clockMs);
  }

  /** Another connection commits to `table` (first written this second). */
  commitElsewhere(table: string): void {
    this.counter++;
    this.times[table] = Math.floor(this.clockMs / 1000);
  }

  /** wpcal writes `table` (the handle's own activity moves as the write begins and ends). */
  commitOwn(table: string): void {
    this.own = { running: 0, activity: this.own.activity + 2 };
    this.counter += 2;
    this.times[table] = Math.floor(this.clockMs / 1000);
  }

  pass(ms: number): void {
    this.clockMs += ms;
  }
}

/** An own write moves the counter (the move may be another connection's too), and the check it asks for falls due. */
async function ownWriteUntilCheckDue(server: FakeServer, epochs: OutsideEpochs): Promise<void> {
  server.own = { running: 1, activity: server.own.activity + 1 };
  server.counter++;
  await read(epochs);
  server.own = { running: 0, activity: server.own.activity + 1 };
  server.pass(2000);
}

async function read(epochs: OutsideEpochs): Promise<Epochs> {
  const now = await epochs.read();
  if (!now) throw new Error('no epochs');
  return now;
}

describe('OutsideEpochs', () => {
  let server: FakeServer;
  let epochs: OutsideEpochs;
  beforeEach(async () => {
    server = new FakeServer();
    epochs = server.epochs();
    await epochs.start();
    await read(epochs);
    server.pass(5000);
  });

  it('moves the whole epoch for another connection\'s commit to another table, and both for one to a post table', async () => {
    const before = await read(epochs);
    server.commitElsewhere('options');
    const afterOption = await read(epochs);
    expect([afterOption.all === before.all, afterOption.posts]).to.deep.equal([false, before.posts]);
    server.pass(5000);
    await read(epochs);
    server.commitElsewhere('postmeta');
    const afterMeta = await read(epochs);
    expect([afterMeta.all === afterOption.all, afterMeta.posts === before.posts]).to.deep.equal([false, false]);
  });

  /** wpcal writes postmeta, the counter stays still for TABLES_RECHECK_MS with reads, then another connection saves an option. */
  async function optionAfterOwnWrite(): Promise<{ before: Epochs; after: Epochs }> {
    server.commitOwn('postmeta');
    const before = await read(epochs);
    server.pass(TABLES_RECHECK_MS);
    await read(epochs);
    server.pass(5000);
    server.commitElsewhere('options');
    return { before, after: await read(epochs) };
  }

  /** Later, wpcal writes postmeta and the counter stays still for TABLES_RECHECK_MS; the table reads so far. */
  async function ownWriteThenStill(): Promise<number> {
    server.pass(5000);
    await read(epochs);
    server.commitOwn('postmeta');
    await read(epochs);
    server.pass(TABLES_RECHECK_MS);
    return server.tableReads;
  }

  it('takes the tables its own writes stamped for its own once the counter was still, looking once', async () => {
    const { before, after } = await optionAfterOwnWrite();
    expect(after.posts, 'an option after an own write').to.equal(before.posts);
    // After the look once more that the option asked for.
    const reads = await ownWriteThenStill();
    for (let n = 0; n < 3; n++) await read(epochs);
    expect(server.tableReads - reads, 'one base for the write').to.equal(1);
  });

  it('takes them for another connection\'s while a transaction is open, asking again TABLES_RECHECK_MS later, and for good once the server will not tell', async () => {
    server.openTransactions = true;
    const held = await optionAfterOwnWrite();
    expect(held.after.posts, 'a transaction open').to.not.equal(held.before.posts);
    const looked = await ownWriteThenStill();
    for (let n = 0; n < 3; n++) await read(epochs);
    expect(server.tableReads - looked, 'looked once').to.equal(1);
    server.openTransactions = false;
    server.pass(TABLES_RECHECK_MS);
    await read(epochs);
    for (let n = 0; n < 3; n++) await read(epochs);
    expect(server.tableReads - looked, 'closed: a base, and no more').to.equal(2);
    server.openTransactions = null;
    server.pass(5000);
    const untold = await optionAfterOwnWrite();
    expect(untold.after.posts, 'no PROCESS privilege').to.not.equal(untold.before.posts);
    server.pass(5000);
    await read(epochs);
    const asks = server.tableReads;
    server.commitOwn('postmeta');
    for (let n = 0; n < 3; n++) {
      server.pass(TABLES_RECHECK_MS);
      await read(epochs);
    }
    expect(server.tableReads, 'never looked again for a base').to.equal(asks);
  });

  it('takes them for another connection\'s when something committed while the tables were read, or the counter was still for less than TABLES_RECHECK_MS', async () => {
    server.duringTableRead = () => {
      server.duringTableRead = () => undefined;
      server.counter++;
    };
    const raced = await optionAfterOwnWrite();
    expect(raced.after.posts, 'a commit during the look').to.not.equal(raced.before.posts);
    server.pass(5000);
    server.commitOwn('postmeta');
    const before = await read(epochs);
    server.pass(TABLES_RECHECK_MS - 1);
    await read(epochs);
    server.pass(1);
    server.commitElsewhere('options');
    expect((await read(epochs)).posts, 'not still long enough').to.not.equal(before.posts);
  });

  it('reads the posts modified while its own writes ran, tells them, and counts the check; a check that fails moves both epochs', async () => {
    const before = await read(epochs);
    await ownWriteUntilCheckDue(server, epochs);
    const checked = await read(epochs);
    expect([server.told, epochs.checksTold, checked]).to.deep.equal([[[7]], 1, before]);
    server.own = { running: 1, activity: 3 };
    server.counter++;
    await read(epochs);
    server.own = { running: 0, activity: 4 };
    server.pass(2000);
    server.checkFails = true;
    expect(await epochs.read(), 'no epochs from a failed check').to.equal(null);
    server.checkFails = false;
    const after = await read(epochs);
    expect([after.all === before.all, after.posts === before.posts]).to.deep.equal([false, false]);
  });
});

describe('OutsideEpochs with a change log', () => {
  let server: FakeServer;
  let epochs: OutsideEpochs;
  beforeEach(async () => {
    server = new FakeServer();
    server.logged = [];
    server.times.wpcal_changes = 1;
    epochs = server.epochs();
    await epochs.start();
    await read(epochs);
    server.pass(5000);
  });

  const touched = (...posts: number[]): Touched => ({ posts: new Set(posts), terms: new Set(), otherTables: false });

  it('tells another connection\'s commit to the post tables from the log, with the bound its look read, leaving both epochs', async () => {
    const before = await read(epochs);
    server.logged!.push(touched(5));
    server.commitElsewhere('postmeta');
    server.times.wpcal_changes = server.times.postmeta!;
    const after = await read(epochs);
    expect([server.told, epochs.checksTold, after]).to.deep.equal([[[5]], 1, before]);
    expect(server.logBounds.at(-1)?.now, 'the look\'s own read').to.equal(at(15));
    server.commitElsewhere('options');
    const afterOption = await read(epochs);
    expect([afterOption.all === before.all, afterOption.posts]).to.deep.equal([false, before.posts]);
  });

  it('moves both epochs when the log says everything', async () => {
    const before = await read(epochs);
    server.logged!.push('everything');
    server.commitElsewhere('posts');
    const after = await read(epochs);
    expect([after.all === before.all, after.posts === before.posts]).to.deep.equal([false, false]);
  });

  it('reads the log, not the posts modified, for the commits its own writes may hide, and sweeps only the whole epoch', async () => {
    const before = await read(epochs);
    await ownWriteUntilCheckDue(server, epochs);
    server.logged!.push(touched(8));
    const checked = await read(epochs);
    expect([server.told, server.postsModifiedReads, checked]).to.deep.equal([[[8]], 0, before]);
    for (let second = 0; second < 61; second++) {
      server.own = { running: 1, activity: server.own.activity + 1 };
      server.counter++;
      server.pass(1000);
      await read(epochs);
    }
    const swept = await read(epochs);
    expect([swept.all === before.all, swept.posts]).to.deep.equal([false, before.posts]);
  });
});
