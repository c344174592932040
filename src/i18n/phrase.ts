// Text shown to clients, marked the way WordPress marks it (`__`, `_x`, `_n`), kept untranslated
// until the request's language is known. test/support/make-pot.ts finds these calls in the source: their
// first arguments must be string literals.
import sprintf from 'locutus/php/strings/sprintf.js';

export type PhraseArg = string | number;

export class Phrase {
  constructor(
    readonly msgid: string,
    readonly args: readonly PhraseArg[] = [],
    readonly context?: string,
    readonly plural?: { msgid: string; count: number },
  ) {}

  /** The English text, as wpcal answers without a catalog. */
  toString(): string {
    const template = this.plural && this.plural.count !== 1 ? this.plural.msgid : this.msgid;
    return formatPhrase(template, this.args);
  }
}

/** PHP's sprintf over a translated template; a template without arguments is left as it is. */
export function formatPhrase(template: string, args: readonly PhraseArg[]): string {
  return args.length ? sprintf(template, ...args) : template;
}

export const __ = (msgid: string, ...args: PhraseArg[]): Phrase => new Phrase(msgid, args);

export const _x = (msgid: string, context: string, ...args: PhraseArg[]): Phrase => new Phrase(msgid, args, context);

/** A phrase with a plural form; `count` picks the form and is not itself an argument. */
export const _n = (single: string, plural: string, count: number, ...args: PhraseArg[]): Phrase =>
  new Phrase(single, args, undefined, { msgid: plural, count });
