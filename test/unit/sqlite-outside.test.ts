// SqliteOutside on a log kept in memory: what a look tells, when it takes everything as changed,
// and when it prunes. test/db/sqlite-versions.test.ts shows it on real files and triggers.
import { expect } from 'chai';
import type { ChangeRow } from '../../src/data/change-log.ts';
import { KEPT_ROWS, MOST_ROWS_TOLD, PRUNED_AT_ONCE, SqliteOutside } from '../../src/data/sqlite-outside.ts';

/** A file seen from outside: its log, both data versions, and what the handle told and pruned. */
function fakeFile() {
  const file = {
    rows: [] as ChangeRow[],
    next: 1,
    outside: 1,
    otherConnections: 1,
    schema: 1,
    told: [] as Array<{ posts: number[]; terms: number[] }>,
    pruned: [] as number[],
    failTell: false,
    failReads: 0,
    /** Runs as the next read of the latest row begins (a commit landing just then). */
    beforeLatest: null as (() => void) | null,
    /** Holds each tell until the test lets it go. */
    holdTells: false,
    heldTells: [] as Array<() => void>,
    add(rows: Array<Omit<ChangeRow, 'seq'>>) {
      for (const row of rows) file.rows.push({ ...row, seq: file.next++ });
    },
    /** Another connection commits these rows. */
    commit(...rows: Array<Omit<ChangeRow, 'seq'>>) {
      file.add(rows);
      file.outside++;
      file.otherConnections++;
    },
    /** wpcal's own writing connection commits these rows: the writing connection's version stays. */
    ownCommit(...rows: Array<Omit<ChangeRow, 'seq'>>) {
      file.add(rows);
      file.otherConnections++;
    },
  };
  const reading = () => {
    if (file.failReads > 0) {
      file.failReads--;
      throw new Error('SQLITE_BUSY: database is locked');
    }
  };
  const outside = new SqliteOutside({
    versions: () => ({ outside: file.outside, otherConnections: file.otherConnections }),
    log: {
      since: (seq, limit) => {
        reading();
        return file.rows.filter((row) => row.seq > seq).slice(0, limit);
      },
      latest: () => {
        const commit = file.beforeLatest;
        file.beforeLatest = null;
        commit?.();
        return file.next - 1;
      },
      oldest: () => file.rows[0]?.seq ?? null,
      schemaVersion: () => file.schema,
    },
    tell: async (touched) => {
      if (file.holdTells) await new Promise<void>((resolve) => file.heldTells.push(resolve));
      if (file.failTell) throw new Error('the database went away');
      file.told.push({ posts: [...touched.posts], terms: [...touched.terms] });
    },
    prune: (upTo) => file.pruned.push(upTo),
  });
  return { file, outside };
}

const post = (id: number): Omit<ChangeRow, 'seq'> => ({ table_name: 'postmeta', post_id: id, term_taxonomy_id: null });

describe('SqliteOutside', () => {
  it('tells the posts of the rows since its last look, once for callers that share the look', async () => {
    const { file, outside } = fakeFile();
    const before = await outside.read();
    file.commit(post(7), post(8), post(7));
    const [first, second] = await Promise.all([outside.read(), outside.read()]);
    expect(first).to.deep.equal(second);
    expect(file.told).to.deep.equal([{ posts: [7, 8], terms: [] }]);
    expect([first.all, first.posts]).to.deep.equal([before.all, before.posts]);
    expect(first.otherConnections, 'a look that told moves the data version').to.not.equal(before.otherConnections);
  });

  it('takes everything as changed past MOST_ROWS_TOLD rows, or when a tell fails', async () => {
    const { file, outside } = fakeFile();
    let before = await outside.read();
    file.commit(...Array.from({ length: MOST_ROWS_TOLD + 1 }, (_, i) => post(i + 1)));
    let after = await outside.read();
    expect(file.told).to.deep.equal([]);
    expect(after.posts).to.not.equal(before.posts);

    before = after;
    file.failTell = true;
    file.commit(post(3));
    after = await outside.read();
    expect(after.posts).to.not.equal(before.posts);
    file.failTell = false;
    file.commit(post(4));
    await outside.read();
    expect(file.told, 'the rows of the failed tell are not told again').to.deep.equal([{ posts: [4], terms: [] }]);
  });

  it('takes everything as changed when the log was made anew, and follows the new one', async () => {
    const { file, outside } = fakeFile();
    file.commit(post(1), post(2), post(3));
    const before = await outside.read();
    file.rows = [];
    file.next = 1;
    file.commit(post(5));
    const after = await outside.read();
    expect(after.posts).to.not.equal(before.posts);
    file.commit(post(6));
    await outside.read();
    expect(file.told, 'the first log\'s rows, then the new one\'s after the first').to.deep.equal([{ posts: [1, 2, 3], terms: [] }, { posts: [6], terms: [] }]);
  });

  it('takes everything as changed when the schema changed since its last look (a trigger dropped and made again)', async () => {
    const { file, outside } = fakeFile();
    const before = await outside.read();
    // A row the dropped trigger did not write: only the schema tells.
    file.schema++;
    file.outside++;
    file.otherConnections++;
    const after = await outside.read();
    expect(after.posts).to.not.equal(before.posts);
    file.commit(post(9));
    expect((await outside.read()).posts, 'the schema seen').to.equal(after.posts);
    expect(file.told).to.deep.equal([{ posts: [9], terms: [] }]);
  });

  it('reads the rows again at the next look when a read of the log fails, even past its own commits', async () => {
    const { file, outside } = fakeFile();
    const before = await outside.read();
    file.commit(post(7));
    file.failReads = 1;
    const failed = await outside.read();
    expect(failed.posts, 'everything meanwhile').to.not.equal(before.posts);
    file.ownCommit(post(8));
    await outside.read();
    expect(file.told).to.deep.equal([{ posts: [7, 8], terms: [] }]);
  });

  it('passes over its own rows only when no other connection committed before it read the latest', async () => {
    const { file, outside } = fakeFile();
    await outside.read();
    file.ownCommit(post(1));
    file.beforeLatest = () => file.commit(post(2));
    await outside.read();
    await outside.read();
    expect(file.told.flatMap((told) => told.posts)).to.include(2);
  });

  it('moves the data version for a tell although the reading connection\'s version did not move', async () => {
    const { file, outside } = fakeFile();
    const before = await outside.read();
    // Committed between the two pragma reads of a look: the reading connection's read came first.
    file.add([post(4)]);
    file.outside++;
    const after = await outside.read();
    expect(file.told).to.deep.equal([{ posts: [4], terms: [] }]);
    expect(after.otherConnections).to.not.equal(before.otherConnections);
  });

  it('gives a caller that comes while a look tells the next look, which sees the commits before the call', async () => {
    const { file, outside } = fakeFile();
    await outside.read();
    file.holdTells = true;
    file.commit(post(1));
    const first = outside.read();
    await new Promise((resolve) => setImmediate(resolve));
    file.commit(post(2));
    const second = outside.read();
    for (let turns = 0; turns < 20; turns++) {
      file.heldTells.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [early, late] = await Promise.all([first, second]);
    expect(file.told).to.deep.equal([{ posts: [1], terms: [] }, { posts: [2], terms: [] }]);
    expect(late.otherConnections, 'the later caller\'s version holds the second commit').to.not.equal(early.otherConnections);
  });

  it('prunes the log once it holds PRUNED_AT_ONCE rows past KEPT_ROWS, keeping KEPT_ROWS', async () => {
    const { file, outside } = fakeFile();
    await outside.read();
    file.commit(...Array.from({ length: KEPT_ROWS + PRUNED_AT_ONCE - 1 }, () => ({ table_name: 'options', post_id: null, term_taxonomy_id: null })));
    await outside.read();
    expect(file.pruned).to.deep.equal([]);
    file.commit({ table_name: 'options', post_id: null, term_taxonomy_id: null });
    await outside.read();
    expect(file.pruned).to.deep.equal([PRUNED_AT_ONCE]);
  });
});
