// wpautop() and shortcode_unautop(): paragraphs from blank lines, <br /> from single newlines.
import { replaceInHtmlTags } from './html-split.ts';
import { PCRE_SPACE as S, phpTrim } from './php.ts';
import { SHORTCODE_TAGS, shortcodeAlternation } from './shortcodes.ts';

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

const NEWLINE_PLACEHOLDER = ' <!-- wpnl --> ';
const PRESERVED_NEWLINE = '<WPPreserveNewline />';

const re = (pattern: string, flags = 'g'): RegExp => new RegExp(pattern, flags);

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

function collapseAroundInlineBlocks(text: string): string {
  let t = text;
  if (t.includes('<option')) {
    t = t.replace(re(`${S}*<option`), '<option').replace(re(`</option>${S}*`), '</option>');
  }
  if (t.includes('</object>')) {
    t = t
      .replace(re(`(<object[^>]*>)${S}*`), '$1')
      .replace(re(`${S}*</object>`), '</object>')
      .replace(re(`${S}*(</?(?:param|embed)[^>]*>)${S}*`), '$1');
  }
  if (t.includes('<source') || t.includes('<track')) {
    t = t
      .replace(re(`([<\\[](?:audio|video)[^>\\]]*[>\\]])${S}*`), '$1')
      .replace(re(`${S}*([<\\[]/(?:audio|video)[>\\]])`), '$1')
      .replace(re(`${S}*(<(?:source|track)[^>]*>)${S}*`), '$1');
  }
  if (t.includes('<figcaption')) {
    t = t.replace(re(`${S}*(<figcaption[^>]*>)`), '$1').replace(re(`</figcaption>${S}*`), '</figcaption>');
  }
  return t;
}

function unwrapBlocks(text: string): string {
  return text
    .replace(re(`<p>${S}*</p>`), '')
    .replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>')
    .replace(re(`<p>${S}*(</?${ALL_BLOCKS}[^>]*>)${S}*</p>`), '$1')
    .replace(/<p>(<li[^\n]+?)<\/p>/g, '$1')
    .replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>')
    .replaceAll('</blockquote></p>', '</p></blockquote>')
    .replace(re(`<p>${S}*(</?${ALL_BLOCKS}[^>]*>)`), '$1')
    .replace(re(`(</?${ALL_BLOCKS}[^>]*>)${S}*</p>`), '$1');
}

const WHITESPACE_RUN = re(`${S}+`);

/**
 * preg_replace('|(?<!<br />)\s*\n|', "<br />\n") in linear time: in each whitespace run, the
 * text up to its last newline becomes one break (the run's first character stays when the
 * run directly follows a `<br />`). The regex itself backtracks quadratically on long runs.
 */
function newlinesToBreaks(text: string): string {
  return text.replace(WHITESPACE_RUN, (run: string, offset: number) => {
    const lastNewline = run.lastIndexOf('\n');
    const start = text.slice(Math.max(0, offset - 6), offset) === '<br />' ? 1 : 0;
    if (lastNewline < start) return run;
    return `${run.slice(0, start)}<br />\n${run.slice(lastNewline + 1)}`;
  });
}

/** preg_split('/\n\s*\n/', …, PREG_SPLIT_NO_EMPTY) in linear time: a run holding two or more newlines separates paragraphs. */
function splitParagraphs(text: string): string[] {
  const paragraphs: string[] = [];
  let from = 0;
  for (const match of text.matchAll(WHITESPACE_RUN)) {
    const first = match[0].indexOf('\n');
    const last = match[0].lastIndexOf('\n');
    if (first === last) continue;
    paragraphs.push(text.slice(from, match.index + first));
    from = match.index + last + 1;
  }
  paragraphs.push(text.slice(from));
  return paragraphs.filter((paragraph) => paragraph !== '');
}

function insertLineBreaks(text: string): string {
  const normalised = text
    .replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (m) => m.replaceAll('\n', PRESERVED_NEWLINE))
    .replaceAll('<br>', '<br />')
    .replaceAll('<br/>', '<br />');
  return newlinesToBreaks(normalised).replaceAll(PRESERVED_NEWLINE, '\n');
}

export function wpautop(input: string): string {
  if (phpTrim(input) === '') return '';
  const pre = new Map<string, string>();
  let t = extractPre(`${input}\n`, pre);

  t = t.replace(re(`<br${S}*/?>${S}*<br${S}*/?>`), '\n\n');
  t = t.replace(re(`(<${ALL_BLOCKS}(?:${S}|[/>]))`), '\n\n$1');
  t = t.replace(re(`(</${ALL_BLOCKS}>)`), '$1\n\n');
  t = t.replace(re(`(<hr${S}*?/?>)`), '$1\n\n');
  t = t.replace(/\r\n?/g, '\n');
  t = replaceInHtmlTags(t, '\n', NEWLINE_PLACEHOLDER);
  t = collapseAroundInlineBlocks(t);
  t = t.replace(/\n\n+/g, '\n\n');

  t = splitParagraphs(t)
    .map((paragraph) => `<p>${phpTrim(paragraph, '\n')}</p>\n`)
    .join('');

  t = insertLineBreaks(unwrapBlocks(t));
  t = t.replace(re(`(</?${ALL_BLOCKS}[^>]*>)${S}*<br />`), '$1');
  t = t.replace(re(`<br />(${S}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`), '$1');
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
