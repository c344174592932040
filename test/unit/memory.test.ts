// collectGarbage collects at once what nothing reaches any more, without the process being
// started with --expose-gc (mocha runs without it), and leaves no `gc` behind in new contexts.
import { expect } from 'chai';
import vm from 'node:vm';
import { collectGarbage } from '../../src/memory.ts';

describe('collectGarbage', () => {
  it('collects what nothing reaches, the first time and again', async () => {
    for (let round = 0; round < 2; round++) {
      const dropped = new WeakRef({ rows: new Float64Array(1 << 20) });
      // A WeakRef keeps its target for the rest of the job that made it.
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      expect(dropped.deref(), `round ${round + 1}`).to.equal(undefined);
    }
  });

  it('leaves no gc function to contexts made afterwards', () => {
    collectGarbage();
    expect(vm.runInNewContext('typeof gc')).to.equal('undefined');
  });
});
