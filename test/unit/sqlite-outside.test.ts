// SqliteOutside on a log kept in memory: what a look tells, when it takes everything as changed,
// and when it prunes. test/db/sqlite-versions.test.ts shows it on real files and triggers.
import { expect } from 'chai';
import type { ChangeRow } from '../../src/data/sqlite-change-log.ts';
import { KEPT_ROWS, MOST_ROWS_TOLD, SqliteOutside } from '../../src/data/sqlite-outside.ts';

/** A file seen from outside: its log, both data versions, and what the handle told and pruned. */
function fakeFile() {
  const file = {
    rows: [] as ChangeRow[],
    next: 1,
    outside: 1,
    otherConnections: 1,
    told: [] as Array<{ posts: number[]; terms: number[] }>,
    pruned: [] as number[],
    failTell: false,
    /** Another connection commits these rows. */
    commit(...rows: Array<Omit<ChangeRow, 'seq'>>) {
      for (const row of rows) file.rows.push({ ...row, seq: file.next++ });
      file.outside++;
      file.otherConnections++;
    },
  };
  const outside = new SqliteOutside({
    versions: () => ({ outside: file.outside, otherConnections: file.otherConnections }),
    log: {
      since: (seq, limit) => file.rows.filter((row) => row.seq > seq).slice(0, limit),
      latest: () => file.next - 1,
      oldest: () => file.rows[0]?.seq ?? null,
    },
    tell: async (touched) => {
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

  it('prunes the log once it holds twice KEPT_ROWS, keeping KEPT_ROWS', async () => {
    const { file, outside } = fakeFile();
    await outside.read();
    file.commit(...Array.from({ length: 2 * KEPT_ROWS - 1 }, () => ({ table_name: 'options', post_id: null, term_taxonomy_id: null })));
    await outside.read();
    expect(file.pruned).to.deep.equal([]);
    file.commit({ table_name: 'options', post_id: null, term_taxonomy_id: null });
    await outside.read();
    expect(file.pruned).to.deep.equal([KEPT_ROWS]);
  });
});
