import { expect } from 'chai';
import type { OutgoingRest } from '../../src/api/exchange.ts';
import { ResponseCache, SHARE_UNVERSIONED_MS } from '../../src/api/response-cache.ts';

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

describe('ResponseCache.shareUnversioned', () => {
  it('hands out a build, encoded, to requests under the same mark within the window of its start', async () => {
    const cache = new ResponseCache();
    let builds = 0;
    const build = async () => answer(++builds);
    const first = await cache.shareUnversioned('k', 'm', 1000, build);
    expect(first.json, 'encoded once for all who take it').to.not.equal(undefined);
    expect(await cache.shareUnversioned('k', 'm', 1000 + SHARE_UNVERSIONED_MS, build)).to.equal(first);
    expect((await cache.shareUnversioned('k', 'other mark', 1000 + SHARE_UNVERSIONED_MS, build)).body).to.deep.equal({ n: 2 });
    expect((await cache.shareUnversioned('other key', 'other mark', 1000 + SHARE_UNVERSIONED_MS, build)).body).to.deep.equal({ n: 3 });
    expect((await cache.shareUnversioned('k', 'other mark', 1001 + 2 * SHARE_UNVERSIONED_MS, build)).body, 'too late for the build before').to.deep.equal({ n: 4 });
  });

  it('shares neither an answer that is not a 200 with a JSON body nor a failure: each request builds its own', async () => {
    const cache = new ResponseCache();
    const missing: OutgoingRest = { status: 404, headers: {}, body: { code: 'rest_post_invalid_id' }, pretty: false };
    const streamed: OutgoingRest = { status: 200, headers: {}, pretty: false, raw: { contentType: 'text/calendar', open: () => 'BEGIN:VCALENDAR' } };
    for (const answer of [missing, streamed]) {
      let builds = 0;
      const build = async () => {
        builds++;
        return answer;
      };
      const [first, second] = await Promise.all([cache.shareUnversioned(`k${answer.status}`, 'm', 0, build), cache.shareUnversioned(`k${answer.status}`, 'm', 0, build)]);
      expect([first, second]).to.deep.equal([answer, answer]);
      expect(first.json, 'not encoded').to.equal(undefined);
      expect(builds, 'built by each request').to.equal(2);
    }
    let failures = 0;
    const failing = () => Promise.reject(new Error(`failure ${++failures}`));
    const asked = [cache.shareUnversioned('f', 'm', 0, failing), cache.shareUnversioned('f', 'm', 0, failing)];
    const settled = await Promise.allSettled(asked);
    expect(settled.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'answered'))).to.deep.equal(['failure 1', 'failure 2']);
  });
});
