// readTogether: reads whose SELECTs do not depend on each other travel as one packet on MySQL (one
// after the other on SQLite), each read getting its own rows, also behind writes still queued in a
// transaction; a read ahead travels with the next of them.
import { expect } from 'chai';
import type { Writer } from '../../src/data/executor.ts';
import { getOption } from '../../src/data/options.ts';
import { addMeta, insertPost, metaRead, postsRead } from '../../src/data/posts.ts';
import { queueWrite } from '../../src/data/queued-writes.ts';
import { readAhead, readAlone, readTogether, type Read } from '../../src/data/together.ts';
import { eachTestOpensSchema, forEachDatabase } from '../support/databases.ts';

const NOW = '2026-11-26 10:00:00';

async function addPost(trx: Writer, title: string): Promise<number> {
  return insertPost(trx, {
    post_author: 1, post_date: NOW, post_date_gmt: NOW, post_modified: NOW, post_modified_gmt: NOW,
    post_title: title, post_name: title.toLowerCase(), post_type: 'tribe_venue', post_status: 'publish',
  });
}

/** A read of one option's value by name. */
const optionRead = (trx: Writer, name: string): Read<string | undefined> => ({
  queries: [trx.selectFrom('options').select('option_value').where('option_name', '=', name)],
  value: ([rows = []]) => (rows as Array<{ option_value: string }>)[0]?.option_value,
});

forEachDatabase('reads sent together', (kind) => {
  const opened = eachTestOpensSchema(kind);

  it('give each read the rows of its own statements, in order', async () => {
    const [first, second] = await opened().write(async (trx) => {
      const ids = [await addPost(trx, 'First'), await addPost(trx, 'Second')];
      await addMeta(trx, ids[0]!, '_VenueCity', 'Rome');
      await addMeta(trx, ids[1]!, '_VenueCity', 'Oslo');
      await addMeta(trx, ids[1]!, '_VenueCity', 'Bergen');
      return ids;
    });
    const db = opened().kysely;
    const [posts, metas, none] = await readTogether(db, postsRead(db, [second!, first!, 999]), metaRead(db, [first!, second!]), postsRead(db, []));
    expect(posts.map((post) => post.post_title)).to.deep.equal(['Second', 'First']);
    expect(metas.get(first!)?.get('_VenueCity')).to.deep.equal(['Rome']);
    expect(metas.get(second!)?.get('_VenueCity')).to.deep.equal(['Oslo', 'Bergen']);
    expect(none).to.deep.equal([]);
    expect((await readAlone(db, postsRead(db, [first!])))[0]?.post_title).to.equal('First');
  });

  it('see the writes queued ahead of them in a transaction, and take none of their answers', async () => {
    await opened().write(async (trx) => {
      await queueWrite(trx, trx.insertInto('options').values({ option_name: 'queued-a', option_value: 'A', autoload: 'no' }));
      await queueWrite(trx, trx.insertInto('options').values({ option_name: 'queued-b', option_value: 'B', autoload: 'no' }));
      const values = await readTogether(trx, optionRead(trx, 'queued-b'), optionRead(trx, 'missing'), optionRead(trx, 'queued-a'));
      expect(values).to.deep.equal(['B', undefined, 'A']);
    });
    expect(await getOption(opened().kysely, 'queued-a')).to.equal('A');
  });

  it('fail whole when one of them fails, and the transaction with them', async () => {
    const failed = await opened().write(async (trx) => {
      await queueWrite(trx, trx.insertInto('options').values({ option_name: 'kept?', option_value: '1', autoload: 'no' }));
      const broken: Read<unknown> = { queries: [trx.selectFrom('no_such_table' as 'options').selectAll()], value: () => undefined };
      await readTogether(trx, optionRead(trx, 'kept?'), broken);
    }).then(() => undefined, (error: unknown) => error);
    expect(failed).to.be.instanceOf(Error);
    expect(await getOption(opened().kysely, 'kept?')).to.equal(undefined);
  });

  const setOption = (trx: Writer, name: string, value: string) => trx.updateTable('options').set({ option_value: value }).where('option_name', '=', name).execute();

  it('read ahead with the next reads sent together, answering the rows of that moment', async () => {
    await opened().write(async (trx) => {
      await trx.insertInto('options').values([{ option_name: 'ahead', option_value: 'before', autoload: 'no' }, { option_name: 'other', option_value: 'O', autoload: 'no' }]).execute();
      const ahead = readAhead(trx, optionRead(trx, 'ahead'));
      expect(await readAlone(trx, optionRead(trx, 'other'))).to.equal('O');
      await setOption(trx, 'ahead', 'after');
      expect(await ahead.value()).to.equal('before');
      expect(await ahead.value()).to.equal('before');
    });
  });

  it('read ahead alone when the value is asked for first, and then never again', async () => {
    await opened().write(async (trx) => {
      await trx.insertInto('options').values({ option_name: 'ahead', option_value: 'before', autoload: 'no' }).execute();
      const ahead = readAhead(trx, optionRead(trx, 'ahead'));
      await setOption(trx, 'ahead', 'after');
      expect(await ahead.value()).to.equal('after');
      await setOption(trx, 'ahead', 'later');
      await readAlone(trx, optionRead(trx, 'ahead'));
      expect(await ahead.value()).to.equal('after');
    });
  });

  it('fail a read ahead with the packet it travelled with', async () => {
    const failed = await opened().write(async (trx) => {
      const ahead = readAhead(trx, optionRead(trx, 'ahead'));
      const broken: Read<unknown> = { queries: [trx.selectFrom('no_such_table' as 'options').selectAll()], value: () => undefined };
      await readAlone(trx, broken).catch(() => undefined);
      return ahead.value();
    }).then(() => undefined, (error: unknown) => error);
    expect(failed).to.be.instanceOf(Error);
  });
});
