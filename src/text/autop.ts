// wpautop() and shortcode_unautop(): paragraphs from blank lines, <br /> from single newlines.
import { replaceInHtmlTags } from './html-split.ts';
import { PCRE_SPACE as S, phpTrim } from './php.ts';
import { applyRules, rule, type Rule } from './regex-rules.ts';
import { SHORTCODE_TAGS, shortcodeAlternation } from './shortcodes.ts';

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

const NEWLINE_PLACEHOLDER = ' <!-- wpnl --> ';
const PRESERVED_NEWLINE = '<WPPreserveNewline />';


/** Takes <pre> elements out (autop must not touch them); returns the text with placeholders. */
function extractPre(text: string, saved: Map<string, string>): string {
  if (!text.includes('<pre')) return text;
  const parts = text.split('</pre>');
  const last = parts.pop() ?? '';
  let out = '';
  for (const part of parts) {
    const start = part.indexOf('<pre');
    if (start === -1) {
      out += part;
      continue;
    }
    const name = `<pre wp-pre-tag-${saved.size}></pre>`;
    saved.set(name, `${part.slice(start)}</pre>`);
    out += part.slice(0, start) + name;
  }
  return out + last;
}

/** Whitespace collapsed around elements that stay inside a paragraph, each group run only when its element is there. */
const INLINE_BLOCK_RULES: ReadonlyArray<{ present: (text: string) => boolean; rules: readonly Rule[] }> = [
  { present: (t) => t.includes('<option'), rules: [rule(`${S}*<option`, '<option'), rule(`</option>${S}*`, '</option>')] },
  {
    present: (t) => t.includes('</object>'),
    rules: [rule(`(<object[^>]*>)${S}*`, '$1'), rule(`${S}*</object>`, '</object>'), rule(`${S}*(</?(?:param|embed)[^>]*>)${S}*`, '$1')],
  },
  {
    present: (t) => t.includes('<source') || t.includes('<track'),
    rules: [
      rule(`([<\\[](?:audio|video)[^>\\]]*[>\\]])${S}*`, '$1'),
      rule(`${S}*([<\\[]/(?:audio|video)[>\\]])`, '$1'),
      rule(`${S}*(<(?:source|track)[^>]*>)${S}*`, '$1'),
    ],
  },
  { present: (t) => t.includes('<figcaption'), rules: [rule(`${S}*(<figcaption[^>]*>)`, '$1'), rule(`</figcaption>${S}*`, '</figcaption>')] },
];

function collapseAroundInlineBlocks(text: string): string {
  return INLINE_BLOCK_RULES.reduce((t, { present, rules }) => (present(t) ? applyRules(t, rules) : t), text);
}

const UNWRAP_BLOCK_RULES: readonly Rule[] = [
  rule(`<p>${S}*</p>`, ''),
  rule('<p>([^<]+)</(div|address|form)>', '<p>$1</p></$2>'),
  rule(`<p>${S}*(</?${ALL_BLOCKS}[^>]*>)${S}*</p>`, '$1'),
  rule('<p>(<li[^\\n]+?)</p>', '$1'),
  rule('<p><blockquote([^>]*)>', '<blockquote$1><p>', 'gi'),
  rule('</blockquote></p>', '</p></blockquote>', 'g', '</blockquote></p>'),
  rule(`<p>${S}*(</?${ALL_BLOCKS}[^>]*>)`, '$1'),
  rule(`(</?${ALL_BLOCKS}[^>]*>)${S}*</p>`, '$1'),
];

/** PCRE's `\s` (S) as a character code test. */
const isSpace = (code: number): boolean => code === 0x20 || (code >= 0x09 && code <= 0x0d);

/**
 * preg_replace('|(?<!<br />)\s*\n|', "<br />\n") in linear time: in each whitespace run holding a
 * newline, the text up to its last newline becomes one break (the run's first character stays
 * when the run directly follows a `<br />`). The regex itself backtracks quadratically on long runs.
 */
function newlinesToBreaks(text: string): string {
  let out = '';
  let copied = 0;
  for (let newline = text.indexOf('\n'); newline !== -1; ) {
    let start = newline;
    while (start > copied && isSpace(text.charCodeAt(start - 1))) start--;
    let end = newline + 1;
    let lastNewline = newline;
    for (let code = text.charCodeAt(end); end < text.length && isSpace(code); code = text.charCodeAt(++end)) {
      if (code === 0x0a) lastNewline = end;
    }
    const kept = text.slice(Math.max(0, start - 6), start) === '<br />' ? 1 : 0;
    if (lastNewline >= start + kept) {
      out += `${text.slice(copied, start + kept)}<br />\n`;
      copied = lastNewline + 1;
    }
    newline = text.indexOf('\n', end);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The newlines around blank lines: `\n\s*\n` from the first newline of a whitespace run to its last. */
const PARAGRAPH_BREAK = new RegExp(`\\n${S}*\\n`);

/** preg_split('/\n\s*\n/', …, PREG_SPLIT_NO_EMPTY), in linear time: a whitespace run's first newline is tried once. */
function splitParagraphs(text: string): string[] {
  return text.split(PARAGRAPH_BREAK).filter((paragraph) => paragraph !== '');
}

function insertLineBreaks(text: string): string {
  const normalised = text
    .replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (m) => m.replaceAll('\n', PRESERVED_NEWLINE))
    .replaceAll('<br>', '<br />')
    .replaceAll('<br/>', '<br />');
  return newlinesToBreaks(normalised).replaceAll(PRESERVED_NEWLINE, '\n');
}

/** Blank lines where paragraphs must end: double breaks, around block elements; then Unix newlines. */
const BLOCK_BREAK_RULES: readonly Rule[] = [
  rule(`<br${S}*/?>${S}*<br${S}*/?>`, '\n\n', 'g', '<br'),
  rule(`(<${ALL_BLOCKS}(?:${S}|[/>]))`, '\n\n$1'),
  rule(`(</${ALL_BLOCKS}>)`, '$1\n\n'),
  rule(`(<hr${S}*?/?>)`, '$1\n\n', 'g', '<hr'),
  rule('\r\n?', '\n', 'g', '\r'),
];

/** No break right after a block element's tag, nor before one that ends a line. */
const BREAK_AFTER_BLOCK_RULES: readonly Rule[] = [
  rule(`(</?${ALL_BLOCKS}[^>]*>)${S}*<br />`, '$1', 'g', '<br />'),
  rule(`<br />(${S}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`, '$1', 'g', '<br />'),
];

export function wpautop(input: string): string {
  if (phpTrim(input) === '') return '';
  const pre = new Map<string, string>();
  let t = extractPre(`${input}\n`, pre);

  t = applyRules(t, BLOCK_BREAK_RULES);
  t = replaceInHtmlTags(t, '\n', NEWLINE_PLACEHOLDER);
  t = collapseAroundInlineBlocks(t);
  t = t.replace(/\n\n+/g, '\n\n');

  t = splitParagraphs(t)
    .map((paragraph) => `<p>${phpTrim(paragraph, '\n')}</p>\n`)
    .join('');

  t = applyRules(insertLineBreaks(applyRules(t, UNWRAP_BLOCK_RULES)), BREAK_AFTER_BLOCK_RULES);
  // PCRE's `$` also matches before a final newline.
  t = t.replace(/\n<\/p>(?=\n?$)/, '</p>');

  for (const [name, original] of pre) t = t.replaceAll(name, original);
  if (t.includes('<!-- wpnl -->')) t = t.replaceAll(NEWLINE_PLACEHOLDER, '\n').replaceAll('<!-- wpnl -->', '\n');
  return t;
}

const SPACES = '[\\r\\n\\t ]|\\u00a0|&nbsp;';

const STANDALONE_SHORTCODE = new RegExp(
  '<p>' +
    `(?:${SPACES})*` +
    '(' +
    `\\[(${shortcodeAlternation(SHORTCODE_TAGS)})(?![\\w-])` +
    '[^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?' +
    '(?:\\/\\]|\\](?:[^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*\\[\\/\\2\\])?)' +
    ')' +
    `(?:${SPACES})*` +
    '<\\/p>',
  'g',
);

/** shortcode_unautop(): unwraps registered shortcodes that wpautop put alone in a paragraph. */
export function shortcodeUnautop(text: string): string {
  return text.replace(STANDALONE_SHORTCODE, '$1');
}
