// convert_smilies() with WordPress' default table (`use_smilies` is on by default): text
// emoticons standing between spaces become emoji. `:mrgreen:`, the one image smiley, needs
// the site URL and is left as text.
import { pregQuote } from './php.ts';

const SMILEY = '\u{1F642}';
const FROWN = '\u{1F641}';
const GRIN = '\u{1F600}';
const COOL = '\u{1F60E}';
const SHOCK = '\u{1F62F}';
const CONFUSED = '\u{1F615}';
const RAZZ = '\u{1F61B}';
const EEK = '\u{1F62E}';
const MAD = '\u{1F621}';
const NEUTRAL = '\u{1F610}';
const WINK = '\u{1F609}';

const SMILIES: Readonly<Record<string, string>> = {
  ':neutral:': NEUTRAL,
  ':twisted:': '\u{1F608}',
  ':arrow:': '\u{27A1}',
  ':shock:': SHOCK,
  ':smile:': SMILEY,
  ':???:': CONFUSED,
  ':cool:': COOL,
  ':evil:': '\u{1F47F}',
  ':grin:': GRIN,
  ':idea:': '\u{1F4A1}',
  ':oops:': '\u{1F633}',
  ':razz:': RAZZ,
  ':roll:': '\u{1F644}',
  ':wink:': WINK,
  ':cry:': '\u{1F625}',
  ':eek:': EEK,
  ':lol:': '\u{1F606}',
  ':mad:': MAD,
  ':sad:': FROWN,
  '8-)': COOL,
  '8-O': SHOCK,
  ':-(': FROWN,
  ':-)': SMILEY,
  ':-?': CONFUSED,
  ':-D': GRIN,
  ':-P': RAZZ,
  ':-o': EEK,
  ':-x': MAD,
  ':-|': NEUTRAL,
  ';-)': WINK,
  '8O': SHOCK,
  ':(': FROWN,
  ':)': SMILEY,
  ':?': CONFUSED,
  ':D': GRIN,
  ':P': RAZZ,
  ':o': EEK,
  ':x': MAD,
  ':|': NEUTRAL,
  ';)': WINK,
  ':!:': '\u{2757}',
  ':?:': '\u{2753}',
};

const SPACES = '[\\r\\n\\t ]|\\u00a0|&nbsp;';

// Longest first so that `:???:` wins over `:?`.
const SMILEY_PATTERN = new RegExp(
  `(?<=${SPACES}|^)(?:${Object.keys(SMILIES)
    .sort((a, b) => b.length - a.length)
    .map(pregQuote)
    .join('|')})(?=${SPACES}|$)`,
  'gm',
);

/**
 * What a smiley needs before it: text that has no `:`, `;` or `8` after a space, `&nbsp;`, a tag
 * or a line start (where a part of splitTags() starts, and, in a JavaScript multiline pattern,
 * after U+2028 and U+2029) has none.
 */
const SMILEY_START = /(?:^|[\r\n\t >;\u00a0\u2028\u2029])[:;8]/;

const IGNORED_ELEMENT = /^<(code|pre|style|script|textarea)[^>]*>/;

/** Text and tags; nothing after the last `>` can be a tag (and splitting it would be quadratic). */
function splitTags(text: string): string[] {
  const end = text.lastIndexOf('>') + 1;
  return [...text.slice(0, end).split(/(<[^>]*>)/), text.slice(end)];
}

export function convertSmilies(text: string): string {
  if (!SMILEY_START.test(text)) return text;
  let ignoring = '';
  return splitTags(text)
    .map((part) => {
      if (ignoring === '') ignoring = IGNORED_ELEMENT.exec(part)?.[1] ?? '';
      const converted =
        ignoring === '' && part !== '' && !part.startsWith('<') ? part.replace(SMILEY_PATTERN, (smiley) => SMILIES[smiley]!) : part;
      if (ignoring !== '' && part === `</${ignoring}>`) ignoring = '';
      return converted;
    })
    .join('');
}
