import { expect } from 'chai';
import type { OutgoingRest } from '../../src/api/exchange.ts';
import { ResponseCache } from '../../src/api/response-cache.ts';

const answer = (n: number): OutgoingRest => ({ status: 200, headers: {}, body: { n }, pretty: false });

describe('ResponseCache.buildOnce', () => {
  it('lets requests for an answer being built share that build, and builds again once it is done', async () => {
    const cache = new ResponseCache();
    const finish: Array<() => void> = [];
    const build = () => new Promise<OutgoingRest>((resolve) => {
      const n = finish.length + 1;
      finish.push(() => resolve(answer(n)));
    });
    const shared = [cache.buildOnce('k', 'v1', build), cache.buildOnce('k', 'v1', build), cache.buildOnce('k', 'v1', build)];
    const otherVersion = cache.buildOnce('k', 'v2', build);
    expect(finish.length, 'one build per key and version').to.equal(2);
    finish[0]!();
    finish[1]!();
    expect((await Promise.all(shared)).map((out) => out.body)).to.deep.equal([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect((await otherVersion).body).to.deep.equal({ n: 2 });
    const later = cache.buildOnce('k', 'v1', build);
    expect(finish.length, 'a finished build is not waited for again').to.equal(3);
    finish[2]!();
    expect((await later).body).to.deep.equal({ n: 3 });
  });
});
