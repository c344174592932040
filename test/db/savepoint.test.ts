// withSavepoint: a part of a write transaction undone alone when it throws (the dry run of
// `wpcal import` runs each file in one).
import { expect } from 'chai';
import { getOption, setOption } from '../../src/data/options.ts';
import { withSavepoint } from '../../src/data/savepoint.ts';
import { eachTestOpensSchema, forEachDatabase } from '../support/databases.ts';

forEachDatabase('withSavepoint', (kind) => {
  const opened = eachTestOpensSchema(kind);

  it('keeps what a part wrote when it succeeds, undoes only that part when it throws, and passes the error on', async () => {
    const failure = new Error('the part failed');
    await opened().write(async (trx) => {
      await setOption(trx, 'before', '1');
      expect(await withSavepoint(trx, async () => {
        await setOption(trx, 'kept', '1');
        return 'done';
      })).to.equal('done');
      const thrown = await withSavepoint(trx, async () => {
        await setOption(trx, 'undone', '1');
        throw failure;
      }).catch((error: unknown) => error);
      expect(thrown).to.equal(failure);
      expect(await getOption(trx, 'undone'), 'undone inside the transaction').to.equal(undefined);
      await setOption(trx, 'after', '1');
    });
    const stored = await Promise.all(['before', 'kept', 'undone', 'after'].map((name) => getOption(opened().kysely, name)));
    expect(stored).to.deep.equal(['1', '1', undefined, '1']);
  });
});
