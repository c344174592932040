// Text shown to clients, marked the way WordPress marks it (`__`, `_x`, `_n`), kept untranslated
// until the request's language is known. test/support/make-pot.ts finds these calls in the source: their
// first arguments must be string literals.
import sprintf from 'locutus/php/strings/sprintf.js';

/** A phrase in the request's language (Translator.phrase, or English). */
export type Translate = (phrase: Phrase) => string;

/** An argument whose text is the language's own: another phrase, a number written with its separators. */
export interface LocalizedArg {
  localize(translate: Translate): string;
}

/** A list (`readonly string[]`) is written as wp_sprintf()'s `%l`: "a, b, and c" in the language. */
export type PhraseArg = string | number | readonly string[] | LocalizedArg;

type FormatArg = string | number | readonly string[];

export class Phrase implements LocalizedArg {
  constructor(
    readonly msgid: string,
    readonly args: readonly PhraseArg[] = [],
    readonly context?: string,
    readonly plural?: { msgid: string; count: number },
  ) {}

  /** The English template: the plural msgid when the count asks for it. */
  get englishTemplate(): string {
    return this.plural && this.plural.count !== 1 ? this.plural.msgid : this.msgid;
  }

  /** The English text, as wpcal answers without a catalog. */
  toString(): string {
    return formatPhrase(this.englishTemplate, this.args, inEnglish);
  }

  localize(translate: Translate): string {
    return translate(this);
  }
}

const inEnglish: Translate = (phrase) => phrase.toString();

const isLocalized = (arg: PhraseArg): arg is LocalizedArg => typeof arg === 'object' && !Array.isArray(arg);

/**
 * A translated template filled with its arguments: PHP's sprintf, or wp_sprintf() when an argument
 * is a list; a template without arguments is left as it is.
 */
export function formatPhrase(template: string, args: readonly PhraseArg[], translate: Translate): string {
  if (!args.length) return template;
  const values = args.map((arg): FormatArg => (isLocalized(arg) ? arg.localize(translate) : arg));
  return values.some((value) => Array.isArray(value)) ? wpSprintf(template, values, translate) : sprintf(template, ...values);
}

/**
 * wp_sprintf(): the template cut at each `%`, each piece formatted with its own argument (numbered
 * or next in turn), `%l` writing a list.
 */
function wpSprintf(template: string, args: readonly FormatArg[], translate: Translate): string {
  let out = '';
  let next = 0;
  let start = 0;
  while (start < template.length) {
    if (start === template.length - 1) {
      out += template[start];
      break;
    }
    if (template.startsWith('%%', start)) {
      out += '%';
      start += 2;
      continue;
    }
    const cut = template.indexOf('%', start + 1);
    const end = cut === -1 ? template.length : cut;
    let piece = template.slice(start, end);
    start = end;
    if (piece[0] !== '%') {
      out += piece;
      continue;
    }
    const numbered = /^%(\d+)\$/.exec(piece);
    const arg = numbered ? args[Number(numbered[1]) - 1] : args[next++];
    if (numbered) piece = `%${piece.slice(numbered[0].length)}`;
    out += piece.startsWith('%l') ? listText(arg, piece.slice(2), translate) : sprintf(piece, Array.isArray(arg) ? 'Array' : arg ?? '');
  }
  return out;
}

/** wp_sprintf_l(): items joined with the language's separators, then the rest of the piece. */
function listText(arg: FormatArg | undefined, rest: string, translate: Translate): string {
  const items = (Array.isArray(arg) ? arg : [arg ?? '']).map(String);
  if (!items.length) return '';
  // The separators are the translations with their placeholders emptied, as WordPress takes them.
  const between = translate(__('%1$s, %2$s', '', ''));
  const betweenLastTwo = translate(__('%1$s, and %2$s', '', ''));
  const betweenOnlyTwo = translate(__('%1$s and %2$s', '', ''));
  const [first, ...others] = items;
  if (others.length === 1) return `${first}${betweenOnlyTwo}${others[0]}${rest}`;
  return first + others.map((item, i) => (i === others.length - 1 ? betweenLastTwo : between) + item).join('') + rest;
}

export const __ = (msgid: string, ...args: PhraseArg[]): Phrase => new Phrase(msgid, args);

export const _x = (msgid: string, context: string, ...args: PhraseArg[]): Phrase => new Phrase(msgid, args, context);

/** A phrase with a plural form; `count` picks the form and is not itself an argument. */
export const _n = (single: string, plural: string, count: number, ...args: PhraseArg[]): Phrase =>
  new Phrase(single, args, undefined, { msgid: plural, count });
