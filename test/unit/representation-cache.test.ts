import { expect } from 'chai';
import { sweptOnce } from '../../src/data/innodb-changes.ts';
import { EventRepresentationCache, KeptBuilds } from '../../src/domain/events/representation-cache.ts';
import { EncodedJson } from '../../src/php/json-encode.ts';
import type { SiteSettings } from '../../src/site/settings.ts';

const site = {} as SiteSettings;
const event = (title: string) => EncodedJson.of({ title });
const sources = { posts: [12], terms: [] };

describe('EventRepresentationCache', () => {
  it('keeps no build that began before an own write of what it read, whatever versions slower requests ask for meanwhile', () => {
    const cache = new EventRepresentationCache();
    expect(cache.get(site, 'list:12', '5')).to.equal(undefined);
    const start = cache.begin('5');
    cache.ownWrite({ posts: new Set([12]), terms: new Set() });
    // A request begun before the last outside move asks with the older version, then a current one.
    expect(cache.get(site, 'list:12', '4')).to.equal(undefined);
    expect(cache.get(site, 'list:12', '5')).to.equal(undefined);
    cache.set(site, 'list:12', start, event('stale'), sources);
    expect(cache.get(site, 'list:12', '5'), 'built from rows read before the write').to.equal(undefined);
  });

  it('drops on an own write the entries built from what it touched, and only those, through replacements and evictions', () => {
    const kept = new KeptBuilds<string>({ max: 2 });
    expect(kept.get(site, 'a', '1'), 'nothing kept under version 1 yet').to.equal(undefined);
    const start = kept.begin('1');
    kept.set(site, 'a', start, 'a, from post 1', { posts: [1], terms: [] });
    kept.set(site, 'a', start, 'a, from post 2', { posts: [2], terms: [] });
    kept.set(site, 'b', start, 'b', { posts: [3], terms: [7] });
    kept.ownWrite({ posts: new Set([1]), terms: new Set() });
    expect([kept.get(site, 'a', '1'), kept.get(site, 'b', '1')], 'what the replaced entry was built from').to.deep.equal(['a, from post 2', 'b']);
    kept.ownWrite({ posts: new Set(), terms: new Set([7]) });
    expect([kept.get(site, 'a', '1'), kept.get(site, 'b', '1')], 'a term').to.deep.equal(['a, from post 2', undefined]);
    const later = kept.begin('1');
    kept.set(site, 'b', later, 'b again, from post 5', { posts: [5], terms: [] });
    kept.ownWrite({ posts: new Set([3]), terms: new Set([7]) });
    expect(kept.get(site, 'b', '1'), 'what the dropped entry was built from').to.equal('b again, from post 5');
    kept.ownWrite({ posts: new Set([5]), terms: new Set() });
    const last = kept.begin('1');
    kept.set(site, 'c', last, 'c', { posts: [4], terms: [] });
    kept.set(site, 'd', last, 'd', { posts: [6], terms: [] });
    expect(kept.get(site, 'a', '1'), 'the oldest, past the most kept').to.equal(undefined);
    kept.set(site, 'a', last, 'a again, from post 8', { posts: [8], terms: [] });
    kept.ownWrite({ posts: new Set([2, 6]), terms: new Set() });
    expect([kept.get(site, 'a', '1'), kept.get(site, 'c', '1'), kept.get(site, 'd', '1')], 'what an evicted entry was built from; a post').to.deep.equal(['a again, from post 8', undefined, undefined]);
  });

  it('drops every entry built from a post or term that several share (a venue, a category), as they come and go', () => {
    const kept = new KeptBuilds<string>({ max: 10 });
    const start = kept.begin('1');
    const held = () => ['e1', 'e2', 'e3'].map((key) => kept.get(site, key, '1') ?? null);
    kept.set(site, 'e1', start, 'e1', { posts: [1, 40], terms: [7] });
    kept.set(site, 'e2', start, 'e2', { posts: [2, 40], terms: [7] });
    kept.set(site, 'e3', start, 'e3', { posts: [3, 41], terms: [7] });
    kept.ownWrite({ posts: new Set([40]), terms: new Set() });
    expect(held(), 'both events at venue 40').to.deep.equal([null, null, 'e3']);
    const later = kept.begin('1');
    kept.set(site, 'e1', later, 'e1 again', { posts: [1, 41], terms: [8] });
    kept.set(site, 'e2', later, 'e2 again', { posts: [2, 41], terms: [8] });
    // e3 leaves venue 41 (replaced), so 41 names e1 and e2 only; 8 names them too.
    kept.set(site, 'e3', later, 'e3 again', { posts: [3], terms: [9] });
    kept.ownWrite({ posts: new Set(), terms: new Set([7]) });
    expect(held(), 'term 7 named the entries replaced only').to.deep.equal(['e1 again', 'e2 again', 'e3 again']);
    kept.ownWrite({ posts: new Set([41]), terms: new Set() });
    expect(held(), 'venue 41').to.deep.equal([null, null, 'e3 again']);
    kept.ownWrite({ posts: new Set(), terms: new Set([8, 9]) });
    expect(held(), 'terms 8 and 9').to.deep.equal([null, null, null]);
  });

  it('keeps at most its entries and their size together, whatever the site settings objects, the oldest dropped first', () => {
    const sites = [{}, {}, {}] as SiteSettings[];
    const kept = new KeptBuilds<string>({ max: 4, maxSize: 10, sizeOf: (text) => text.length });
    const start = kept.begin('1');
    const put = (site: SiteSettings, key: string, text: string, post: number) => kept.set(site, key, start, text, { posts: [post], terms: [] });
    const held = () => sites.flatMap((site) => ['a', 'b', 'c'].map((key) => kept.get(site, key, '1') ?? null));
    put(sites[0]!, 'a', '0a', 1);
    put(sites[1]!, 'a', '1a', 2);
    put(sites[2]!, 'a', '2a', 3);
    put(sites[2]!, 'b', '2b', 4);
    expect(held(), 'four entries of three sites').to.deep.equal(['0a', null, null, '1a', null, null, '2a', '2b', null]);
    put(sites[1]!, 'b', '1b', 5);
    expect(held(), 'a fifth entry takes the oldest, of another site').to.deep.equal([null, null, null, '1a', '1b', null, '2a', '2b', null]);
    put(sites[0]!, 'b', '0b-long', 6);
    expect(held(), 'eleven characters: two go').to.deep.equal([null, '0b-long', null, null, '1b', null, null, null, null]);
    put(sites[0]!, 'b', '0b', 7);
    expect(held(), 'a replaced entry counts no more').to.deep.equal([null, '0b', null, null, '1b', null, null, null, null]);
    put(sites[2]!, 'c', '2c', 8);
    put(sites[1]!, 'c', '1c', 9);
    expect(held(), 'four entries again, eight characters').to.deep.equal([null, '0b', null, null, '1b', '1c', null, null, '2c']);
    kept.ownWrite({ posts: new Set([7, 8]), terms: new Set() });
    put(sites[0]!, 'a', '0a-six', 10);
    expect(held(), 'the dropped ones count no more: ten characters').to.deep.equal(['0a-six', null, null, null, '1b', '1c', null, null, null]);
  });

  it('keeps no build begun before the entries were dropped for a newer version', () => {
    const cache = new EventRepresentationCache();
    const start = cache.begin('5');
    expect(cache.get(site, 'list:12', '6')).to.equal(undefined);
    cache.set(site, 'list:12', { ...start, outside: '6' }, event('read under 5'), sources);
    expect(cache.get(site, 'list:12', '6')).to.equal(undefined);
    const fresh = cache.begin('6');
    cache.set(site, 'list:12', fresh, event('current'), sources);
    expect(cache.get(site, 'list:12', '6')?.json).to.equal('{"title":"current"}');
    expect(cache.get(site, 'list:12', '5'), 'an older version reads nothing').to.equal(undefined);
    expect(cache.get(site, 'list:12', '6')?.json, 'and drops nothing').to.equal('{"title":"current"}');
  });

  it('keeps what the first request of a newer version builds, though it began before asking for anything', () => {
    const cache = new EventRepresentationCache();
    expect(cache.get(site, 'list:12', '5')).to.equal(undefined);
    cache.set(site, 'list:12', cache.begin('5'), event('under 5'), sources);
    const start = cache.begin('6');
    expect(cache.get(site, 'list:12', '6'), 'dropped for the newer version').to.equal(undefined);
    cache.set(site, 'list:12', start, event('under 6'), sources);
    expect(cache.get(site, 'list:12', '6')?.json).to.equal('{"title":"under 6"}');
  });

  it('tells an older version from a newer one part by part', () => {
    const cache = new EventRepresentationCache();
    expect(cache.get(site, 'list:12', '0.9')).to.equal(undefined);
    cache.set(site, 'list:12', cache.begin('0.9'), event('under 0.9'), sources);
    expect(cache.get(site, 'list:12', '0.9')?.json).to.equal('{"title":"under 0.9"}');
    expect(cache.get(site, 'list:12', '0.10'), 'a newer version drops the entries').to.equal(undefined);
    cache.set(site, 'list:12', cache.begin('0.10'), event('under 0.10'), sources);
    expect(cache.get(site, 'list:12', '0.10')?.json).to.equal('{"title":"under 0.10"}');
    expect(cache.get(site, 'list:12', '0.9'), 'the older one reads nothing').to.equal(undefined);
    expect(cache.get(site, 'list:12', '0.10')?.json, 'and drops nothing').to.equal('{"title":"under 0.10"}');
    expect(cache.get(site, 'list:12', '1.2'), 'more stray statements: newer').to.equal(undefined);
    expect(cache.get(site, 'list:12', '0.10'), 'older than 1.2').to.equal(undefined);
  });
});

describe('KeptBuilds past a sweep', () => {
  let now = 0;
  /** Entries a, b, c built from posts 1, 2, 3 under MySQL's outside version `1.0` (changes seen, sweeps). */
  const keptUnder = (version = '1.0') => {
    const kept = new KeptBuilds<string>({ max: 10 }, { sweptOnce, keepMs: 1000, clock: () => now });
    expect(kept.get(site, 'a', version)).to.equal(undefined);
    const start = kept.begin(version);
    for (const [key, post] of [['a', 1], ['b', 2], ['c', 3]] as const) kept.set(site, key, start, `${key} before`, { posts: [post], terms: [] });
    return kept;
  };
  const before = (kept: KeptBuilds<string>, version: string) => ['a', 'b', 'c'].map((key) => {
    expect(kept.get(site, key, version), 'nothing current').to.equal(undefined);
    return kept.keptBeforeSweep(site, key, version);
  });

  it('answers with what was kept before a sweep alone until each is built again or an own write touches it, for the sweep\'s period at most', () => {
    const kept = keptUnder();
    expect(kept.keptBeforeSweep(site, 'a', '1.0'), 'no sweep').to.equal(undefined);
    expect(before(kept, '1.1')).to.deep.equal(['a before', 'b before', 'c before']);
    kept.set(site, 'a', kept.begin('1.1'), 'a again', { posts: [1], terms: [] });
    expect(kept.get(site, 'a', '1.1')).to.equal('a again');
    expect(kept.keptBeforeSweep(site, 'a', '1.1'), 'built again').to.equal(undefined);
    kept.ownWrite({ posts: new Set([2]), terms: new Set() });
    expect(kept.keptBeforeSweep(site, 'b', '1.1'), 'an own write of its post').to.equal(undefined);
    expect(kept.keptBeforeSweep(site, 'c', '1.1')).to.equal('c before');
    expect(kept.keptBeforeSweep(site, 'c', '1.0'), 'asked with the version before').to.equal(undefined);
    now += 1001;
    expect(kept.keptBeforeSweep(site, 'c', '1.1'), 'past the period').to.equal(undefined);
    now -= 1001;
    expect(kept.keptBeforeSweep(site, 'c', '1.1'), 'gone for good').to.equal(undefined);
  });

  it('lets what was kept before a sweep go past its period though every request finds what it asks for', () => {
    const kept = keptUnder();
    kept.set(site, 'a', kept.begin('1.1'), 'a again', { posts: [1], terms: [] });
    expect(kept.keptBeforeSweep(site, 'c', '1.1')).to.equal('c before');
    now += 1001;
    expect(kept.get(site, 'a', '1.1'), 'found').to.equal('a again');
    now -= 1001;
    expect(kept.keptBeforeSweep(site, 'c', '1.1'), 'let go by the get past the period').to.equal(undefined);
  });

  it('answers with none after a change seen, two sweeps on, an own write of everything, or without a way to tell sweeps', () => {
    expect(before(keptUnder(), '2.0'), 'a change seen').to.deep.equal([undefined, undefined, undefined]);
    expect(before(keptUnder(), '1.2'), 'two sweeps on').to.deep.equal([undefined, undefined, undefined]);
    const swept = keptUnder();
    expect(before(swept, '1.1')).to.deep.equal(['a before', 'b before', 'c before']);
    expect(before(swept, '1.2'), 'the next sweep').to.deep.equal([undefined, undefined, undefined]);
    const everything = keptUnder();
    expect(before(everything, '1.1')[0]).to.equal('a before');
    everything.ownWrite('everything');
    expect(before(everything, '1.1'), 'an own write of everything').to.deep.equal([undefined, undefined, undefined]);
    const plain = new KeptBuilds<string>({ max: 10 });
    plain.get(site, 'a', '1.0');
    plain.set(site, 'a', plain.begin('1.0'), 'a before', { posts: [1], terms: [] });
    expect(plain.get(site, 'a', '1.1')).to.equal(undefined);
    expect(plain.keptBeforeSweep(site, 'a', '1.1'), 'no way to tell sweeps').to.equal(undefined);
  });
});

describe('EventRepresentationCache builds under way', () => {
  it('shares a build with requests of its outside version until an own write or its end', async () => {
    const cache = new EventRepresentationCache();
    let finish!: (event: EncodedJson) => void;
    const built = new Promise<EncodedJson>((resolve) => { finish = resolve; });
    cache.startBuilding(site, 'list:12', cache.begin('5'), built);
    expect(cache.building(site, 'list:12', '5')).to.equal(built);
    expect(cache.building(site, 'list:13', '5'), 'another event').to.equal(undefined);
    expect(cache.building(site, 'list:12', '6'), 'another outside version').to.equal(undefined);
    expect(cache.building({} as SiteSettings, 'list:12', '5'), 'other site settings').to.equal(undefined);
    finish(event('built'));
    await built;
    await Promise.resolve();
    expect(cache.building(site, 'list:12', '5'), 'a build that ended').to.equal(undefined);
  });

  it('shares no build begun before an own write, whatever it touched', () => {
    const cache = new EventRepresentationCache();
    cache.startBuilding(site, 'list:12', cache.begin('5'), new Promise<EncodedJson>(() => undefined));
    cache.ownWrite({ posts: new Set([99]), terms: new Set() });
    expect(cache.building(site, 'list:12', '5')).to.equal(undefined);
  });

  it('forgets a build that failed, and leaves its failure to the requests that wait for it', async () => {
    const cache = new EventRepresentationCache();
    const failed = Promise.reject(new Error('database gone'));
    cache.startBuilding(site, 'list:12', cache.begin('5'), failed);
    const waiting = cache.building(site, 'list:12', '5')!;
    let reason: unknown;
    await waiting.catch((error: unknown) => { reason = error; });
    expect(String(reason)).to.equal('Error: database gone');
    expect(cache.building(site, 'list:12', '5')).to.equal(undefined);
  });
});
