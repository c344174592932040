// do_blocks() for the static blocks event, venue and organizer texts use: the delimiters go, the
// saved HTML stays, and the classes WordPress 7 adds as it renders a block are added to the
// block's first tag (WP_HTML_Tag_Processor::add_class: appended, never twice). Dynamic blocks
// (rendered by PHP callbacks) cannot be rendered here; like unknown blocks, they keep their saved
// inner HTML.

// `<!-- wp:name {"attrs"} -->`, `<!-- wp:name /-->` and `<!-- /wp:name -->`; a name without a
// namespace is core's.
const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)\s+(?:\{[\s\S]*?\}\s+)?(\/)?-->/g;

/** Classes the render adds, per block: block supports (paragraph) and layout (quote). */
const RENDER_CLASSES: Readonly<Record<string, readonly string[]>> = {
  'core/paragraph': ['wp-block-paragraph'],
  'core/quote': ['is-layout-flow', 'wp-block-quote-is-layout-flow'],
};

const qualified = (name: string): string => (name.includes('/') ? name : `core/${name}`);

/** Adds the classes to the first tag of `html`, after those it has. */
function addClasses(html: string, classes: readonly string[]): string {
  const tag = /<([a-zA-Z][a-zA-Z0-9-]*)(\s[^>]*?)?(\/?)>/.exec(html);
  if (!tag) return html;
  const attributes = tag[2] ?? '';
  const existing = /\sclass=(["'])(.*?)\1/.exec(attributes);
  const present = new Set((existing?.[2] ?? '').split(/\s+/).filter(Boolean));
  const missing = classes.filter((name) => !present.has(name));
  if (!missing.length) return html;
  const rewritten = existing
    ? attributes.replace(existing[0], ` class=${existing[1]}${[...present, ...missing].join(' ')}${existing[1]}`)
    : `${attributes} class="${missing.join(' ')}"`;
  const start = tag.index;
  return `${html.slice(0, start)}<${tag[1]}${rewritten}${tag[3]}>${html.slice(start + tag[0].length)}`;
}

function rendered(name: string, inner: string): string {
  const classes = RENDER_CLASSES[qualified(name)];
  return classes ? addClasses(inner, classes) : inner;
}

/** Whether the text holds block delimiters (then wpautop does not run on it). */
export function hasBlocks(text: string): boolean {
  return text.includes('<!-- wp:');
}

/** The text with every block rendered in place, inner blocks first. */
export function doBlocks(text: string): string {
  // One frame per open block: its name and the output gathered since it opened.
  const frames: Array<{ name: string; out: string }> = [{ name: '', out: '' }];
  let last = 0;
  for (const match of text.matchAll(DELIMITER)) {
    const [delimiter, closing, name, selfClosing] = match;
    frames.at(-1)!.out += text.slice(last, match.index);
    last = match.index + delimiter!.length;
    if (selfClosing) continue;
    if (!closing) {
      frames.push({ name: name!, out: '' });
      continue;
    }
    // A closer without its opener is dropped, as the parser drops it.
    if (frames.length > 1 && frames.at(-1)!.name === name) {
      const block = frames.pop()!;
      frames.at(-1)!.out += rendered(block.name, block.out);
    }
  }
  frames.at(-1)!.out += text.slice(last);
  // Blocks left open at the end keep their content, unrendered.
  while (frames.length > 1) {
    const open = frames.pop()!;
    frames.at(-1)!.out += open.out;
  }
  return frames[0]!.out;
}
