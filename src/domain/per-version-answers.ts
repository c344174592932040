// Answers that read nothing a data version does not cover, kept for the requests of that version:
// lists ask the same things on every request (the calendar's shape, the terms their filters name).
import { LRUCache } from 'lru-cache';

export class PerVersionAnswers {
  readonly #answers: LRUCache<string, { version: string; answer: Promise<unknown> }>;

  /** `max`: the questions kept (the latest asked), each for its latest version. */
  constructor(max: number) {
    this.#answers = new LRUCache({ max });
  }

  /** The answer of `ask` under `key` for this version, asked once per version (a failed one is asked again); a null version keeps nothing. */
  get<T>(key: string, version: string | null, ask: () => Promise<T>): Promise<T> {
    const known = version === null ? undefined : this.#answers.get(key);
    if (known && known.version === version) return known.answer as Promise<T>;
    const answer = ask();
    if (version !== null) {
      const entry = { version, answer };
      this.#answers.set(key, entry);
      answer.catch(() => {
        if (this.#answers.get(key) === entry) this.#answers.delete(key);
      });
    }
    return answer;
  }
}
