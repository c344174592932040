// queueWrite: a write whose result nobody reads travels with the transaction's next statement
// (one multi-statement packet on MySQL; at once on SQLite), and still commits or rolls back with
// the transaction, and with a savepoint's part.
import { expect } from 'chai';
import type { Db } from '../../src/data/connect.ts';
import type { Writer } from '../../src/data/executor.ts';
import { getOption, setOption } from '../../src/data/options.ts';
import { queueWrite } from '../../src/data/queued-writes.ts';
import { withSavepoint } from '../../src/data/savepoint.ts';
import { eachTestOpensSchema, forEachDatabase } from '../support/databases.ts';

/** Queues the insert of an option row (`option_name` is unique: a second one fails). */
const queueOption = (trx: Writer, name: string) => queueWrite(trx, trx.insertInto('options')
  .values({ option_name: name, option_value: '1', autoload: 'no' }));

const stored = (db: Db, names: string[]) => Promise.all(names.map((name) => getOption(db.kysely, name)));

forEachDatabase('queued writes', (kind) => {
  const opened = eachTestOpensSchema(kind);

  it('are seen by the next statement of their transaction, in order, and committed with it', async () => {
    await opened().write(async (trx) => {
      await queueOption(trx, 'first');
      await queueWrite(trx, trx.updateTable('options').set({ option_value: '2' }).where('option_name', '=', 'first'));
      expect(await getOption(trx, 'first')).to.equal('2');
    });
    expect(await stored(opened(), ['first'])).to.deep.equal(['2']);
  });

  it('commit when the transaction holds nothing else', async () => {
    await opened().write(async (trx) => {
      await queueOption(trx, 'a');
      await queueOption(trx, 'b');
    });
    expect(await stored(opened(), ['a', 'b'])).to.deep.equal(['1', '1']);
  });

  it('that fail make the transaction fail, and nothing of it stays', async () => {
    const failed = await opened().write(async (trx) => {
      await setOption(trx, 'sent', '1');
      await queueOption(trx, 'queued');
      await queueOption(trx, 'queued');
      await getOption(trx, 'sent');
    }).then(() => undefined, (error: unknown) => error);
    expect(failed, 'the duplicate option row').to.be.instanceOf(Error);
    expect(await stored(opened(), ['sent', 'queued'])).to.deep.equal([undefined, undefined]);
    // The connection is clean again: the next transaction commits alone.
    await opened().write((trx) => queueOption(trx, 'next'));
    expect(await stored(opened(), ['next', 'queued'])).to.deep.equal(['1', undefined]);
  });

  it('still waiting when the work throws are dropped with the transaction', async () => {
    const failure = new Error('the work failed');
    const thrown = await opened().write(async (trx) => {
      await setOption(trx, 'sent', '1');
      await queueOption(trx, 'sent');
      throw failure;
    }).then(() => undefined, (error: unknown) => error);
    if (kind.name === 'mysql') expect(thrown).to.equal(failure);
    else expect(thrown, 'SQLite runs a queued write at once: the duplicate fails first').to.have.property('code', 'SQLITE_CONSTRAINT_UNIQUE');
    // Every pooled connection writes once more: none may hold the failed transaction open.
    await Promise.all(Array.from({ length: 40 }, (_, i) => opened().write((trx) => setOption(trx, `later-${i}`, '1'))));
    expect(await stored(opened(), ['sent', 'later-0'])).to.deep.equal([undefined, '1']);
  });

  it('too long to wait go at once, after those queued before them, in order', async () => {
    const long = 'x'.repeat(200_000);
    const queueLong = (trx: Writer, name: string) => queueWrite(trx, trx.insertInto('options')
      .values({ option_name: name, option_value: long, autoload: 'no' }));
    await opened().write(async (trx) => {
      for (const name of ['l1', 'l2', 'l3']) await queueLong(trx, name);
      await queueWrite(trx, trx.updateTable('options').set({ option_value: 'short' }).where('option_name', '=', 'l1'));
    });
    expect((await stored(opened(), ['l1', 'l2', 'l3'])).map((value) => value?.length)).to.deep.equal([5, 200_000, 200_000]);
    const failed = await opened().write(async (trx) => {
      await queueLong(trx, 'l4');
      await queueLong(trx, 'l4');
      await queueLong(trx, 'l5');
      await getOption(trx, 'l4');
    }).then(() => undefined, (error: unknown) => error);
    expect(failed, 'the duplicate l4').to.be.instanceOf(Error);
    expect(await stored(opened(), ['l4', 'l5'])).to.deep.equal([undefined, undefined]);
  });

  it('that fail in a savepoint\'s part undo that part alone', async () => {
    await opened().write(async (trx) => {
      await setOption(trx, 'before', '1');
      const thrown = await withSavepoint(trx, async () => {
        await queueOption(trx, 'part');
        await queueOption(trx, 'before');
      }).then(() => undefined, (error: unknown) => error);
      expect(thrown, 'the part\'s duplicate row').to.be.instanceOf(Error);
      await queueOption(trx, 'after');
    });
    expect(await stored(opened(), ['before', 'part', 'after'])).to.deep.equal(['1', undefined, '1']);
  });
});
