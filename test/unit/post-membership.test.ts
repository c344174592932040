import { expect } from 'chai';
import { membershipOf } from '../../src/domain/events/post-membership.ts';

/** Every ID from 0 to `upTo` that `test` says is a member. */
function members(test: (postId: number) => boolean, upTo: number): number[] {
  const found: number[] = [];
  for (let id = 0; id <= upTo; id++) if (test(id)) found.push(id);
  return found;
}

describe('a search\'s matched posts asked post by post', () => {
  it('answers by bitmap exactly the IDs given, at word edges too', () => {
    const ids = [1, 31, 32, 33, 63, 64, 1000, 4095];
    const test = membershipOf(Float64Array.from(ids));
    expect(members(test, 5000)).to.deep.equal(ids);
    expect(test(-1)).to.equal(false);
    expect(test(2 ** 32 + 1), 'an ID whose low bits are a member\'s').to.equal(false);
  });

  it('answers by binary search when the IDs are too large for a bitmap', () => {
    const ids = [7, 9_000_000, 9_000_001, 2 ** 40];
    const test = membershipOf(Float64Array.from(ids));
    for (const id of ids) expect(test(id), String(id)).to.equal(true);
    for (const id of [0, 8, 8_999_999, 9_000_002, 2 ** 40 + 1]) expect(test(id), String(id)).to.equal(false);
  });

  it('answers by binary search for IDs a bitmap cannot hold: below zero, or not whole', () => {
    const ids = [-5, 3, 8];
    const negative = membershipOf(Float64Array.from(ids));
    expect(members(negative, 10)).to.deep.equal([3, 8]);
    expect(negative(-5)).to.equal(true);
    const fraction = membershipOf(Float64Array.from([2, 2.5, 4]));
    expect([2, 2.5, 3, 4].map(fraction)).to.deep.equal([true, true, false, true]);
  });

  it('matches nothing when no post matched', () => {
    expect(members(membershipOf(new Float64Array(0)), 100)).to.deep.equal([]);
  });

  it('makes the test once per array', () => {
    const ids = Float64Array.from([3, 5]);
    expect(membershipOf(ids)).to.equal(membershipOf(ids));
  });
});
