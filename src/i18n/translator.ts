// Translates through catalogs in order (the first that has a string wins), falling back to the
// English original string by string, as WordPress does with the catalogs it has loaded.
import type { Catalog } from './catalog.ts';
import { Phrase, formatPhrase } from './phrase.ts';

export class Translator {
  constructor(readonly locale: string, private readonly catalogs: readonly Catalog[]) {}

  /** A plain string: the English text is the msgid, as the plugin's descriptions are. */
  text(msgid: string, context?: string): string {
    for (const catalog of this.catalogs) {
      const found = catalog.lookup(msgid, context, undefined);
      if (found !== undefined) return found;
    }
    return msgid;
  }

  /** Arguments that are phrases, and list separators, are in this language too. */
  readonly #translate = (phrase: Phrase): string => this.phrase(phrase);

  phrase(phrase: Phrase): string {
    const count = phrase.plural?.count;
    for (const catalog of this.catalogs) {
      const found = catalog.lookup(phrase.msgid, phrase.context, count);
      if (found !== undefined) return formatPhrase(found, phrase.args, this.#translate);
    }
    return formatPhrase(phrase.englishTemplate, phrase.args, this.#translate);
  }

  /** A string or a phrase, in this language. */
  translate(message: string | Phrase): string {
    return message instanceof Phrase ? this.phrase(message) : this.text(message);
  }
}

export const ENGLISH = new Translator('en_US', []);
