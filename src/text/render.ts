// The WordPress display filter chains (the_title, the_content, the_excerpt) as TEC's REST
// API applies them, each followed by PHP's trim().
import { LRUCache } from 'lru-cache';
import { shortcodeUnautop, wpautop } from './autop.ts';
import { doBlocks, hasBlocks } from './blocks/render.ts';
import { phpTrim } from './php.ts';
import { convertSmilies } from './smilies.ts';
import { wptexturize } from './texturize.ts';

/** convert_chars(): `&` not starting an entity becomes `&#038;`. */
function convertChars(text: string): string {
  return text.includes('&') ? text.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1') : text;
}

/** capital_P_dangit() as run on the_title. */
function capitalPDangitTitle(text: string): string {
  return text.replaceAll('Wordpress', 'WordPress');
}

const DANGIT_CONTEXTS = [' ', '&#8216;', '&#8220;', '>', '('];

/** capital_P_dangit() as run on the_content: only after a space, opening quote, `>` or `(`. */
function capitalPDangitContent(text: string): string {
  return DANGIT_CONTEXTS.reduce((acc, before) => acc.replaceAll(`${before}Wordpress`, `${before}WordPress`), text);
}

/** Characters of raw and rendered text each filter chain keeps, so a page of events renders its texts once. */
const REMEMBERED_CHARS = 8_000_000;

/**
 * The chain, remembering its output per input: the chains are pure functions of the raw text, and
 * lists and writes present the same titles and descriptions over and over.
 */
function remembered(chain: (raw: string) => string): (raw: string) => string {
  const outputs = new LRUCache<string, string>({
    maxSize: REMEMBERED_CHARS,
    sizeCalculation: (output, raw) => output.length + raw.length + 1,
  });
  return (raw) => {
    let output = outputs.get(raw);
    if (output === undefined) {
      output = chain(raw);
      outputs.set(raw, output);
    }
    return output;
  };
}

export const renderTitle = remembered((raw) => phpTrim(capitalPDangitTitle(phpTrim(convertChars(wptexturize(raw))))));

export const renderContent = remembered((raw) => {
  // do_blocks() switches wpautop off for content written with the block editor.
  const blocks = hasBlocks(raw);
  let text = wptexturize(blocks ? doBlocks(raw) : raw);
  if (!blocks) text = wpautop(text);
  return phpTrim(convertSmilies(capitalPDangitContent(shortcodeUnautop(text))));
});

export const renderExcerpt = remembered((raw) => phpTrim(shortcodeUnautop(wpautop(convertChars(convertSmilies(wptexturize(raw)))))));
