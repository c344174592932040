// wptexturize(): typographic quotes, dashes, ellipses, primes and × as numeric entities,
// outside tags and outside <pre>/<code>/<kbd>/<style>/<script>/<tt>, with the English strings.
import { TEXTURIZE_HTML } from './html-split.ts';
import { PCRE_SPACE, phpTrim } from './php.ts';
import { applyRules, rule, type Rule } from './regex-rules.ts';
import { SHORTCODE_TAGS, shortcodeAlternation } from './shortcodes.ts';

const SPACES = '[\\r\\n\\t ]|\\u00a0|&nbsp;';
// PCRE's \Z (end, or before a final newline) and \A.
const END = '\\n?$';

const OPEN_QUOTE = '&#8220;';
const CLOSE_QUOTE = '&#8221;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPEN_SINGLE = '&#8216;';
const CLOSE_SINGLE = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';

// Placeholders WordPress uses between passes; they look like HTML comments on purpose.
const OPEN_Q_FLAG = '<!--oq-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const APOS_FLAG = '<!--apos-->';
const PRIME_OR_QUOTE_FLAG = '<!--wp-prime-or-quote-->';

const NO_TEXTURIZE_TAGS = ['pre', 'code', 'kbd', 'style', 'script', 'tt'];
const NO_TEXTURIZE_SHORTCODES = ['code'];

const COCKNEY: ReadonlyMap<string, string> = new Map([
  ["'tain't", '&#8217;tain&#8217;t'],
  ["'twere", '&#8217;twere'],
  ["'twas", '&#8217;twas'],
  ["'tis", '&#8217;tis'],
  ["'twill", '&#8217;twill'],
  ["'til", '&#8217;til'],
  ["'bout", '&#8217;bout'],
  ["'nuff", '&#8217;nuff'],
  ["'round", '&#8217;round'],
  ["'cause", '&#8217;cause'],
  ["'em", '&#8217;em'],
]);
// One pass for all: no replacement holds a `'`, and only `'tain't` has one inside, so taking them
// leftmost in the table's order replaces what str_replace() replaces one after the other.
const COCKNEY_WORD = new RegExp([...COCKNEY.keys()].join('|'), 'g');

// V8 looks for a pattern's first character quickly, but tries a leading lookbehind at every
// position: the lookbehinds below come after the character they look behind from.


/** The apostrophe rules for a `'` before a digit, run only when there is one. */
const APOS_DIGIT_RULES: readonly Rule[] = [
  // '99' and '99" are taken as abbreviated years at the end of a quotation.
  rule(`'(\\d\\d)'(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, `${APOS_FLAG}$1${CLOSE_SINGLE}`),
  rule(`'(\\d\\d)"(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, `${APOS_FLAG}$1${CLOSE_QUOTE}`),
  rule(`'(?=\\d\\d(?:${END}|(?![%\\d]|[.,]\\d)))`, APOS_FLAG),
  rule(`'(?<=(?:^|${SPACES})')(\\d[.,\\d]*)'`, `${OPEN_SQ_FLAG}$1${CLOSE_SINGLE}`),
];
const APOS_DIGIT = /'\d/;

const APOS_RULES: readonly Rule[] = [
  rule(`'(?<=(?:^|[([{"\\-]|&lt;|${SPACES})')`, OPEN_SQ_FLAG),
  rule(`'(?<!(?:${SPACES})')(?!${END}|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SPACES})`, APOS_FLAG),
];

const QUOTE_DIGIT_RULE = rule(`"(?<=(?:^|${SPACES})")(\\d[.,\\d]*)"`, `${OPEN_Q_FLAG}$1${CLOSE_QUOTE}`);
const QUOTE_DIGIT = /"\d/;

const QUOTE_RULES: readonly Rule[] = [
  rule(`"(?<=(?:^|[([{\\-]|&lt;|${SPACES})")(?!${SPACES})`, OPEN_Q_FLAG),
];

/** The dash rules for `--`, run only when there is one. */
const DOUBLE_DASH_RULES: readonly Rule[] = [
  rule('---', EM_DASH),
  rule(`--(?<=(?:^|${SPACES})--)(?=$|${SPACES})`, EM_DASH),
  rule('--(?<!xn--)', EN_DASH),
];

const DASH_RULES: readonly Rule[] = [
  rule(`-(?<=(?:^|${SPACES})-)(?=$|${SPACES})`, EN_DASH),
];

// PCRE's conditional (?(?<=0)A|B) written as two exclusive alternatives.
const TIMES = /\b(\d(?:(?<=0)[\d.,]+|(?<!0)[\d.,]*))x(\d[\d.,]*)\b/g;

const DIGIT_X_DIGIT = /x(?<=\dx)\d/;

/** Finds a character or sequence texturizeText() acts on: without one, it changes nothing. */
const TEXTURIZED = /[`'"&-]|\.\.\.|\(tm\)|x(?<=\dx)\d/;

const LONE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;


function countMatches(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** A quotation mark and what wptexturize_primes() makes of it. */
interface QuoteMark {
  mark: string;
  prime: string;
  /** The placeholder its opening quotes were given. */
  openFlag: string;
  close: string;
  /** The mark where it can close a quotation. */
  closing: RegExp;
  afterDigit: RegExp;
}

const quoteMark = (mark: string, prime: string, openFlag: string, close: string): QuoteMark => ({
  mark,
  prime,
  openFlag,
  close,
  closing: new RegExp(`${mark}(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g'),
  afterDigit: new RegExp(`${mark}(?<=\\d${mark})`, 'g'),
});

const SINGLE_QUOTE = quoteMark("'", PRIME, OPEN_SQ_FLAG, CLOSE_SINGLE);
const DOUBLE_QUOTE = quoteMark('"', DOUBLE_PRIME, OPEN_Q_FLAG, CLOSE_QUOTE);
const FLAG_AFTER_DIGIT = new RegExp(`${PRIME_OR_QUOTE_FLAG}(?<=\\d${PRIME_OR_QUOTE_FLAG})`, 'g');
const FLAG_NOT_AFTER_DIGIT = new RegExp(`${PRIME_OR_QUOTE_FLAG}(?<!\\d${PRIME_OR_QUOTE_FLAG})`, 'g');

/** wptexturize_primes(): decides, per quotation, whether a quote after a digit closes it or is a prime. */
function texturizePrimes(haystack: string, { mark: needle, prime, openFlag: openQuote, close: closeQuote, closing: quotePattern, afterDigit: primePattern }: QuoteMark): string {
  if (!haystack.includes(needle)) return haystack;
  const sentences = haystack.split(openQuote).map((sentence, index) => {
    if (!sentence.includes(needle)) return sentence;
    let s = sentence;
    if (index !== 0 && !s.includes(closeQuote)) {
      const count = countMatches(s, quotePattern);
      s = s.replace(quotePattern, PRIME_OR_QUOTE_FLAG);
      if (count > 1) {
        // Several closing-quote candidates: prefer one not after a digit, then one before a period.
        const withoutDigit = countMatches(s, FLAG_NOT_AFTER_DIGIT);
        s = s.replace(FLAG_NOT_AFTER_DIGIT, closeQuote);
        if (withoutDigit === 0) {
          const withPeriod = s.lastIndexOf(`${PRIME_OR_QUOTE_FLAG}.`);
          const pos = withPeriod >= 0 ? withPeriod : s.lastIndexOf(PRIME_OR_QUOTE_FLAG);
          s = s.slice(0, pos) + closeQuote + s.slice(pos + PRIME_OR_QUOTE_FLAG.length);
        }
        s = s.replace(primePattern, prime);
        s = s.replace(FLAG_AFTER_DIGIT, prime);
        s = s.replaceAll(PRIME_OR_QUOTE_FLAG, closeQuote);
      } else if (count === 1) {
        s = s.replaceAll(PRIME_OR_QUOTE_FLAG, closeQuote);
        s = s.replace(primePattern, prime);
      } else {
        s = s.replace(primePattern, prime);
      }
    } else {
      s = s.replace(primePattern, prime);
      s = s.replace(quotePattern, closeQuote);
    }
    if (needle === '"' && s.includes('"')) s = s.replaceAll('"', closeQuote);
    return s;
  });
  return sentences.join(openQuote);
}

/** The static replacements, in WordPress's order. */
function staticReplacements(text: string): string {
  let t = text;
  if (t.includes('...')) t = t.replaceAll('...', '&#8230;');
  if (t.includes('``')) t = t.replaceAll('``', OPEN_QUOTE);
  if (t.includes("''")) t = t.replaceAll("''", CLOSE_QUOTE);
  if (t.includes(' (tm)')) t = t.replaceAll(' (tm)', ' &#8482;');
  if (t.includes("'")) t = t.replace(COCKNEY_WORD, (word) => COCKNEY.get(word)!);
  return t;
}

function texturizeText(text: string): string {
  if (!TEXTURIZED.test(text)) return text;
  let t = staticReplacements(text);
  if (t.includes("'")) {
    if (APOS_DIGIT.test(t)) t = applyRules(t, APOS_DIGIT_RULES);
    t = applyRules(t, APOS_RULES);
    t = texturizePrimes(t, SINGLE_QUOTE);
    t = t.replaceAll(APOS_FLAG, APOS).replaceAll(OPEN_SQ_FLAG, OPEN_SINGLE);
  }
  if (t.includes('"')) {
    if (QUOTE_DIGIT.test(t)) t = applyRules(t, [QUOTE_DIGIT_RULE]);
    t = applyRules(t, QUOTE_RULES);
    t = texturizePrimes(t, DOUBLE_QUOTE);
    t = t.replaceAll(OPEN_Q_FLAG, OPEN_QUOTE);
  }
  if (t.includes('--')) t = applyRules(t, DOUBLE_DASH_RULES);
  if (t.includes('-')) t = applyRules(t, DASH_RULES);
  if (DIGIT_X_DIGIT.test(t)) t = t.replace(TIMES, '$1&#215;$2');
  return t.replace(LONE_AMPERSAND, '&#038;');
}

/** _wptexturize_pushpop_element(): tracks entering and leaving elements that must not be texturized. */
function pushPop(token: string, stack: string[], disabled: readonly string[]): void {
  const opening = token.length > 1 && token[1] !== '/';
  if (!opening && stack.length === 0) return;
  const nameOffset = opening ? 1 : 2;
  const space = token.indexOf(' ');
  const name = space === -1 ? token.slice(nameOffset, -1) : token.slice(nameOffset, space);
  if (!disabled.includes(name)) return;
  if (opening) stack.push(name);
  else if (stack[stack.length - 1] === name) stack.pop();
}

function shortcodePattern(tags: readonly string[]): string {
  const names = `(?:${shortcodeAlternation(tags)})(?=${PCRE_SPACE}|[\\]\\/])`;
  // One character per iteration keeps PCRE's possessive `(?:[^[\]<>]+|<…>)*+` free of backtracking blow-ups.
  return `\\[[\\/\\[]?${names}(?:[^\\[\\]<>]|<[^\\[\\]>]*>)*\\]\\]?`;
}

interface Splitter {
  /** Cuts text into text, tags and these shortcodes (one capturing group). */
  parts: RegExp;
  wholeShortcode: RegExp | null;
}

/** Splitters by the registered shortcodes a text names (few combinations: texts name few). */
const splitters = new Map<string, Splitter>();

function splitterFor(tags: readonly string[]): Splitter {
  const key = tags.join(' ');
  let splitter = splitters.get(key);
  if (!splitter) {
    const shortcode = tags.length > 0 ? shortcodePattern(tags) : '';
    splitter = {
      parts: new RegExp(`(${TEXTURIZE_HTML}${shortcode ? `|${shortcode}` : ''})`),
      wholeShortcode: shortcode ? new RegExp(`^${shortcode}$`) : null,
    };
    splitters.set(key, splitter);
  }
  return splitter;
}

const SHORTCODE_NAME = /\[\/?([^<>&/[\]\x00-\x20=]+)/g;

function namedShortcodeTags(text: string): string[] {
  if (!text.includes('[')) return [];
  const named = new Set([...text.matchAll(SHORTCODE_NAME)].map((m) => m[1]));
  return SHORTCODE_TAGS.filter((tag) => named.has(tag));
}

export function wptexturize(text: string): string {
  if (text === '' || text === '0') return text;
  const { parts: splitter, wholeShortcode } = splitterFor(namedShortcodeTags(text));

  const tagStack: string[] = [];
  const shortcodeStack: string[] = [];
  const parts = text.split(splitter).filter((part) => part !== '');
  return parts
    .map((part) => {
      if (part.startsWith('<')) {
        if (part.startsWith('<!--')) return part;
        const escaped = part.replace(LONE_AMPERSAND, '&#038;');
        pushPop(escaped, tagStack, NO_TEXTURIZE_TAGS);
        return escaped;
      }
      if (phpTrim(part) === '') return part;
      if (part.startsWith('[') && wholeShortcode?.test(part)) {
        if (!part.startsWith('[[') && !part.endsWith(']]')) pushPop(part, shortcodeStack, NO_TEXTURIZE_SHORTCODES);
        return part;
      }
      if (tagStack.length > 0 || shortcodeStack.length > 0) return part;
      return texturizeText(part);
    })
    .join('');
}
