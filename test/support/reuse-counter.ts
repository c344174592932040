// Counts the answers the response cache hands out again, so a test can tell a reused answer from
// one built afresh (their texts are equal: nothing in an answer is random).
import { ResponseCache } from '../../src/api/response-cache.ts';

export interface ReuseCounter {
  count(): number;
  restore(): void;
}

export function countReuses(): ReuseCounter {
  const get = ResponseCache.prototype.get;
  let reuses = 0;
  ResponseCache.prototype.get = function countedGet(this: ResponseCache, ...args: Parameters<typeof get>) {
    const answer = get.apply(this, args);
    if (answer) reuses++;
    return answer;
  };
  return { count: () => reuses, restore: () => { ResponseCache.prototype.get = get; } };
}
