// parse_blocks() (WP_Block_Parser): the block tree of a text, with each block's attributes (the
// JSON of its opening delimiter) and inner content (HTML chunks, `null` where an inner block
// sits). Malformed nesting is read as WordPress reads it: a closer closes the innermost open
// block whatever its name, a closer with no open block makes the rest of the text freeform, and
// blocks still open at the end are closed there. Scanning is linear.

export interface ParsedBlock {
  /** `core/paragraph`, …; null for freeform HTML between blocks. */
  name: string | null;
  attrs: Record<string, unknown>;
  innerBlocks: ParsedBlock[];
  innerContent: (string | null)[];
}

interface Delimiter {
  start: number;
  end: number;
  name: string;
  kind: 'open' | 'close' | 'void';
  attrs: Record<string, unknown>;
}

const NAME = /^(?:[a-z][a-z0-9_-]*\/)?[a-z][a-z0-9_-]*/;
/** PCRE's \s without the u flag. */
const SPACE = /[ \t\n\x0B\f\r]/;
/** Where a delimiter's attributes end: `}`, whitespace, an optional `/`, `-->`. */
const ATTRS_END = /\}[ \t\n\x0B\f\r]+\/?-->/g;

function decodeAttrs(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {};
  } catch {
    return {};
  }
}

/** Finds delimiters in order; the end of the next attribute object is searched once per position. */
class DelimiterScanner {
  private attrsEnd: { index: number; length: number } | null | undefined;

  constructor(private readonly text: string) {}

  private attrsEndFrom(from: number): { index: number; length: number } | null {
    if (this.attrsEnd === undefined || (this.attrsEnd !== null && this.attrsEnd.index < from)) {
      ATTRS_END.lastIndex = from;
      const found = ATTRS_END.exec(this.text);
      this.attrsEnd = found ? { index: found.index, length: found[0].length } : null;
    }
    return this.attrsEnd;
  }

  /** The delimiter starting at `at` (a `<!--`), if it is one. */
  private readAt(at: number): Delimiter | null {
    const text = this.text;
    let i = at + 4;
    const spaceStart = i;
    while (i < text.length && SPACE.test(text[i]!)) i++;
    if (i === spaceStart) return null;
    const closing = text[i] === '/';
    if (closing) i++;
    if (!text.startsWith('wp:', i)) return null;
    i += 3;
    const name = NAME.exec(text.slice(i, i + 256))?.[0];
    if (!name) return null;
    i += name.length;
    const afterName = i;
    while (i < text.length && SPACE.test(text[i]!)) i++;
    if (i === afterName) return null;
    let attrs: Record<string, unknown> = {};
    if (text[i] === '{') {
      const end = this.attrsEndFrom(i);
      if (!end) return null;
      attrs = decodeAttrs(text.slice(i, end.index + 1));
      i = end.index + 1;
      while (SPACE.test(text[i]!)) i++;
    }
    const voided = text[i] === '/';
    if (voided) i++;
    if (!text.startsWith('-->', i)) return null;
    const qualified = name.includes('/') ? name : `core/${name}`;
    return { start: at, end: i + 3, name: qualified, kind: voided ? 'void' : closing ? 'close' : 'open', attrs };
  }

  next(from: number): Delimiter | null {
    for (let at = this.text.indexOf('<!--', from); at !== -1; at = this.text.indexOf('<!--', at + 4)) {
      const delimiter = this.readAt(at);
      if (delimiter) return delimiter;
    }
    return null;
  }
}

interface OpenBlock {
  block: ParsedBlock;
  tokenStart: number;
  /** Where the block's next chunk of inner HTML starts. */
  prevOffset: number;
  /** Freeform HTML before a top-level block starts here. */
  leadingHtmlStart: number | null;
}

const freeform = (html: string): ParsedBlock => ({ name: null, attrs: {}, innerBlocks: [], innerContent: [html] });

/** PHP's empty() on a chunk: "" and "0" are left out. */
const isEmptyChunk = (html: string): boolean => html === '' || html === '0';

export function parseBlocks(text: string): ParsedBlock[] {
  const output: ParsedBlock[] = [];
  const stack: OpenBlock[] = [];
  const scanner = new DelimiterScanner(text);
  let offset = 0;

  const addFreeform = (end = text.length) => {
    if (end > offset) output.push(freeform(text.slice(offset, end)));
  };
  const pushChunk = (open: OpenBlock, html: string) => {
    if (!isEmptyChunk(html)) open.block.innerContent.push(html);
  };
  const addInnerBlock = (block: ParsedBlock, tokenStart: number, lastOffset: number) => {
    const parent = stack.at(-1)!;
    parent.block.innerBlocks.push(block);
    pushChunk(parent, text.slice(parent.prevOffset, tokenStart));
    parent.block.innerContent.push(null);
    parent.prevOffset = lastOffset;
  };
  /** Closes the innermost block, its inner HTML running to `end`, and outputs it at the top level. */
  const addBlockFromStack = (end?: number) => {
    const open = stack.pop()!;
    pushChunk(open, text.slice(open.prevOffset, end));
    if (open.leadingHtmlStart !== null) output.push(freeform(text.slice(open.leadingHtmlStart, open.tokenStart)));
    output.push(open.block);
  };

  for (;;) {
    const delimiter = scanner.next(offset);
    if (!delimiter) {
      if (!stack.length) addFreeform();
      while (stack.length) addBlockFromStack();
      return output;
    }
    const block: ParsedBlock = { name: delimiter.name, attrs: delimiter.attrs, innerBlocks: [], innerContent: [] };
    if (delimiter.kind === 'void') {
      if (!stack.length) {
        addFreeform(delimiter.start);
        output.push(block);
      } else {
        addInnerBlock(block, delimiter.start, delimiter.end);
      }
      offset = delimiter.end;
    } else if (delimiter.kind === 'open') {
      stack.push({
        block, tokenStart: delimiter.start, prevOffset: delimiter.end,
        leadingHtmlStart: !stack.length && delimiter.start > offset ? offset : null,
      });
      offset = delimiter.end;
    } else if (!stack.length) {
      addFreeform();
      return output;
    } else if (stack.length === 1) {
      addBlockFromStack(delimiter.start);
      offset = delimiter.end;
    } else {
      // A nested block's last chunk is kept even when empty.
      const open = stack.pop()!;
      open.block.innerContent.push(text.slice(open.prevOffset, delimiter.start));
      addInnerBlock(open.block, open.tokenStart, delimiter.end);
      offset = delimiter.end;
    }
  }
}
