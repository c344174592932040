// do_blocks() for the static blocks event, venue and organizer texts use: the delimiters go, the
// saved HTML stays, and the classes WordPress 7 adds as it renders a block are added to the
// block's first tag (WP_HTML_Tag_Processor::add_class: appended, never twice). Dynamic blocks
// (rendered by PHP callbacks) cannot be rendered here; like unknown blocks, they keep their saved
// inner HTML. Scanning is linear: delimiters and tags are found with indexOf, never with patterns
// that backtrack over the text.

/** Classes the render adds, per block: block supports (paragraph) and layout (quote). */
const RENDER_CLASSES: Readonly<Record<string, readonly string[]>> = {
  'core/paragraph': ['wp-block-paragraph'],
  'core/quote': ['is-layout-flow', 'wp-block-quote-is-layout-flow'],
};

const NAME = /^[a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?$/;

interface Delimiter {
  start: number;
  end: number;
  name: string;
  kind: 'open' | 'close' | 'void';
}

/** The next block delimiter at or after `from`, as WordPress's parser reads one. */
function nextDelimiter(text: string, from: number): Delimiter | null {
  let close = -1;
  for (let at = text.indexOf('<!--', from); at !== -1; at = text.indexOf('<!--', at + 4)) {
    // The first `-->` after an opener serves every opener before it: found once, not per opener.
    if (close < at + 4) close = text.indexOf('-->', at + 4);
    if (close === -1) return null;
    const inner = text.slice(at + 4, close);
    const closing = /^\s+\/wp:/.test(inner);
    const opening = !closing && /^\s+wp:/.test(inner);
    if (!opening && !closing) continue;
    const body = inner.trim().slice(closing ? 4 : 3);
    const voided = body.endsWith('/');
    const withoutSlash = voided ? body.slice(0, -1).trimEnd() : body;
    const space = withoutSlash.search(/\s/);
    const name = space === -1 ? withoutSlash : withoutSlash.slice(0, space);
    if (!NAME.test(name)) continue;
    return { start: at, end: close + 3, name, kind: closing ? 'close' : voided ? 'void' : 'open' };
  }
  return null;
}

const qualified = (name: string): string => (name.includes('/') ? name : `core/${name}`);

interface StartTag {
  start: number;
  end: number;
  name: string;
  /** The `class` attribute's value and where it sits, when the tag has one. */
  classValue?: { value: string; start: number; end: number; quote: string };
}

/** The first start tag of `html` (comments skipped), its attributes read with their quoting. */
function firstStartTag(html: string): StartTag | null {
  let at = 0;
  for (;;) {
    at = html.indexOf('<', at);
    if (at === -1) return null;
    if (html.startsWith('<!--', at)) {
      const close = html.indexOf('-->', at + 4);
      if (close === -1) return null;
      at = close + 3;
      continue;
    }
    if (/[a-zA-Z]/.test(html[at + 1] ?? '')) break;
    at++;
  }
  let i = at + 1;
  while (i < html.length && /[a-zA-Z0-9-]/.test(html[i]!)) i++;
  const tag: StartTag = { start: at, end: -1, name: html.slice(at + 1, i) };
  while (i < html.length) {
    while (i < html.length && /\s/.test(html[i]!)) i++;
    if (html[i] === '>' || html.startsWith('/>', i)) {
      tag.end = html[i] === '>' ? i + 1 : i + 2;
      return tag;
    }
    const nameStart = i;
    while (i < html.length && !/[\s=>]/.test(html[i]!) && !html.startsWith('/>', i)) i++;
    const attribute = html.slice(nameStart, i).toLowerCase();
    if (i === nameStart) i++;
    while (i < html.length && /\s/.test(html[i]!)) i++;
    if (html[i] !== '=') continue;
    i++;
    while (i < html.length && /\s/.test(html[i]!)) i++;
    const quote = html[i] === '"' || html[i] === "'" ? html[i]! : '';
    const valueStart = quote ? i + 1 : i;
    const valueEnd = quote ? html.indexOf(quote, valueStart) : html.slice(valueStart).search(/[\s>]/) + valueStart;
    if (valueEnd < valueStart) return null;
    if (attribute === 'class' && tag.classValue === undefined) {
      tag.classValue = { value: html.slice(valueStart, valueEnd), start: valueStart, end: valueEnd, quote };
    }
    i = quote ? valueEnd + 1 : valueEnd;
  }
  return null;
}

/** Adds the classes to the first tag of `html`, after those it has. */
function addClasses(html: string, classes: readonly string[]): string {
  const tag = firstStartTag(html);
  if (!tag) return html;
  const present = (tag.classValue?.value ?? '').split(/\s+/).filter(Boolean);
  const missing = classes.filter((name) => !present.includes(name));
  if (!missing.length) return html;
  const value = [...present, ...missing].join(' ');
  if (tag.classValue) {
    const { start, end, quote } = tag.classValue;
    // An unquoted value gains spaces: it gets quotes.
    return `${html.slice(0, start)}${quote ? value : `"${value}"`}${html.slice(end)}`;
  }
  const insertAt = tag.start + 1 + tag.name.length;
  return `${html.slice(0, insertAt)} class="${value}"${html.slice(insertAt)}`;
}

function rendered(name: string, inner: string): string {
  const classes = RENDER_CLASSES[qualified(name)];
  return classes ? addClasses(inner, classes) : inner;
}

/** Whether the text holds block delimiters (then wpautop does not run on it). */
export function hasBlocks(text: string): boolean {
  return text.includes('<!-- wp:');
}

/**
 * The text with every block rendered in place, inner blocks first. As WordPress's parser: a closer
 * closes the innermost open block whatever its name; a closer with no block open ends the parse
 * (the rest is kept as it is); blocks left open at the end are rendered with what they hold.
 */
export function doBlocks(text: string): string {
  // One frame per open block: its name and the output gathered since it opened.
  const frames: Array<{ name: string; out: string }> = [{ name: '', out: '' }];
  let last = 0;
  for (let delimiter = nextDelimiter(text, 0); delimiter; delimiter = nextDelimiter(text, last)) {
    frames.at(-1)!.out += text.slice(last, delimiter.start);
    if (delimiter.kind === 'close' && frames.length === 1) {
      last = delimiter.start;
      break;
    }
    last = delimiter.end;
    if (delimiter.kind === 'open') frames.push({ name: delimiter.name, out: '' });
    else if (delimiter.kind === 'close') {
      const block = frames.pop()!;
      frames.at(-1)!.out += rendered(block.name, block.out);
    }
  }
  frames.at(-1)!.out += text.slice(last);
  while (frames.length > 1) {
    const open = frames.pop()!;
    frames.at(-1)!.out += rendered(open.name, open.out);
  }
  return frames[0]!.out;
}
