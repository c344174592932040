// Reads a WXR document with saxes, one chunk at a time, and hands over each `<item>` and each
// channel-level term (`wp:term`, `wp:tag`, `wp:category`) as soon as it is complete. Knows the WXR
// element layout only; what the items mean is parse.ts's business.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { canonicalName } from './xml.ts';

export interface WxrItem {
  /** 1-based position among all the file's items. */
  index: number;
  /** Line of the `<item>` tag. */
  line: number;
  /** Text of the item's direct children by canonical name (`title`, `wp:post_id`, `content:encoded`). */
  fields: Map<string, string>;
  /** `wp:postmeta` rows in file order. */
  meta: Array<[string, string]>;
  /** `<category domain="…" nicename="…">name</category>` */
  terms: Array<{ taxonomy: string; slug: string; name: string }>;
}

export interface WxrTerm {
  /** `wp:term_id`; undefined when absent or not a positive integer. */
  id?: number;
  taxonomy: string;
  slug: string;
  name: string;
  description: string;
  /** Slug of the parent term; `''` for none. */
  parentSlug: string;
}

export interface WxrHandlers {
  item(item: WxrItem): void;
  term(term: WxrTerm): void;
  /** The channel's `<generator>` (WordPress's is its URL and version). */
  generator?(text: string): void;
}

// Field names of the three channel-level term elements: taxonomy (or the fixed one), slug, name, parent, description.
type TermLayout = readonly [string, string, string, string, string];
const TERM_ELEMENTS: ReadonlyMap<string, TermLayout> = new Map<string, TermLayout>([
  ['wp:term', ['wp:term_taxonomy', 'wp:term_slug', 'wp:term_name', 'wp:term_parent', 'wp:term_description']],
  ['wp:tag', ['=post_tag', 'wp:tag_slug', 'wp:tag_name', '', 'wp:tag_description']],
  ['wp:category', ['=category', 'wp:category_nicename', 'wp:cat_name', 'wp:category_parent', 'wp:category_description']],
]);

function channelTerm(element: string, fields: Map<string, string>): WxrTerm {
  const [taxonomy, slug, name, parent, description] = TERM_ELEMENTS.get(element)!;
  const field = (key: string) => fields.get(key)?.trim() ?? '';
  const id = field('wp:term_id');
  return {
    id: /^[1-9]\d*$/.test(id) ? Number(id) : undefined,
    taxonomy: taxonomy.startsWith('=') ? taxonomy.slice(1) : field(taxonomy),
    slug: field(slug),
    name: fields.get(name) ?? '',
    description: fields.get(description) ?? '',
    parentSlug: parent === '' ? '' : field(parent),
  };
}

/** A WXR document read a piece of text at a time: write() the pieces in order, then close(). */
export interface WxrScanner {
  write(text: string): void;
  close(): void;
}

/**
 * A scanner handing the document's items and terms to the handlers as each is complete. Its
 * write() or close() throws, naming file, line and column, when the XML is not well-formed (a
 * truncated file ends with unclosed tags) or is not a WordPress export.
 */
export function wxrScanner(file: string, handlers: WxrHandlers): WxrScanner {
  const parser = new SaxesParser({ xmlns: true, position: true, fileName: file });
  const stack: string[] = [];
  let text = '';
  let item: WxrItem | null = null;
  let itemCount = 0;
  let metaRow: Map<string, string> | null = null;
  let termFields: Map<string, string> | null = null;
  let version = '';

  parser.on('error', (err) => {
    throw new Error(`${err.message.replace(/\.$/, '')} (the WXR file is truncated or not well-formed XML)`);
  });
  parser.on('text', (t) => { text += t; });
  parser.on('cdata', (t) => { text += t; });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const name = canonicalName(tag.uri, tag.local);
    const parent = stack[stack.length - 1];
    stack.push(name);
    text = '';
    if (stack.length === 1 && name !== 'rss') throw new Error(`${file}: not a WordPress export (root element <${tag.name}>, expected <rss>)`);
    if (parent === 'channel' && name === 'item') {
      item = { index: ++itemCount, line: parser.line, fields: new Map(), meta: [], terms: [] };
    } else if (parent === 'channel' && TERM_ELEMENTS.has(name)) {
      termFields = new Map();
    } else if (parent === 'item' && name === 'wp:postmeta') {
      metaRow = new Map();
    } else if (parent === 'item' && name === 'category' && item) {
      const attr = (key: string) => tag.attributes[key]?.value ?? '';
      item.terms.push({ taxonomy: attr('domain'), slug: attr('nicename'), name: '' });
    }
  });
  parser.on('closetag', () => {
    const name = stack.pop()!;
    const parent = stack[stack.length - 1];
    if (parent === 'channel') {
      if (name === 'wp:wxr_version') version = text.trim();
      else if (name === 'generator') handlers.generator?.(text.trim());
      else if (name === 'item' && item) handlers.item(item);
      else if (termFields && TERM_ELEMENTS.has(name)) handlers.term(channelTerm(name, termFields));
      if (name === 'item') item = null;
      termFields = null;
    } else if (parent === 'item' && item) {
      if (name === 'wp:postmeta' && metaRow) item.meta.push([metaRow.get('wp:meta_key') ?? '', metaRow.get('wp:meta_value') ?? '']);
      else if (name === 'category') item.terms[item.terms.length - 1]!.name = text;
      else item.fields.set(name, text);
      if (name === 'wp:postmeta') metaRow = null;
    } else if (parent === 'wp:postmeta' && metaRow) {
      metaRow.set(name, text);
    } else if (parent !== undefined && TERM_ELEMENTS.has(parent) && termFields) {
      termFields.set(name, text);
    }
    text = '';
  });

  return {
    write: (text) => { parser.write(text); },
    close: () => {
      parser.close();
      if (version === '') throw new Error(`${file}: not a WordPress export (no wp:wxr_version in the channel)`);
    },
  };
}
