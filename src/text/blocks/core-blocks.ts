// The core blocks wpcal renders: their PHP render callbacks (wp-includes/blocks/*.php) and the
// block supports of their block.json that change markup at render time. Blocks not listed here
// (other core blocks, other plugins' blocks) keep their saved HTML, as WordPress keeps the HTML
// of blocks it has not registered.
import { wpautop } from '../autop.ts';
import { getAttribute, tags, tokens, withClasses, type Token } from '../html-tags.ts';
import { isEmpty } from './attrs.ts';
import type { LayoutSupport } from './layout.ts';

/** A render callback: the block's attributes and rendered inner HTML in, its HTML out. */
type RenderCallback = (attrs: Record<string, unknown>, content: string) => string;

export interface BlockType {
  render?: RenderCallback;
  /** `supports.layout`, when the block has it. */
  layout?: LayoutSupport;
}

/** Adds the class to the first tag of one of these names (WP_HTML_Tag_Processor::add_class). */
function classOnFirst(names: readonly string[], className: string): RenderCallback {
  return (_attrs, content) => {
    if (!content) return content;
    for (const tag of tags(content)) if (names.includes(tag.name)) return withClasses(content, tag, [className]);
    return content;
  };
}

/** render_block_core_button(): a button whose link (or button) element holds nothing but comments renders nothing. */
function renderButton(_attrs: Record<string, unknown>, content: string): string {
  let opener: Token | null = null;
  for (const token of tokens(content)) {
    if (!opener) {
      if (token.type === '#tag' && !token.closer && (token.name === 'A' || token.name === 'BUTTON')) opener = token;
      continue;
    }
    if (token.name === opener.name) break;
    if (token.type !== '#comment') return content;
  }
  return opener ? '' : content;
}

/**
 * The span of an empty FIGCAPTION element at this opener (comments allowed inside), for
 * render_block_core_image's removal of empty captions.
 */
function emptyElementSpan(content: string, opener: Token): { start: number; end: number } | null {
  for (const token of tokens(content.slice(opener.end))) {
    if (token.type === '#comment') continue;
    return token.type === '#tag' && token.closer && token.name === 'FIGCAPTION'
      ? { start: opener.start, end: opener.end + token.end }
      : null;
  }
  return null;
}

/**
 * render_block_core_image(): no image without an IMG with a `src`; an empty caption element is
 * removed. The lightbox (block attribute `lightbox.enabled`) is not rendered: its markup carries a
 * per-request random ID (uniqid()) and interactivity state no REST client can use.
 */
function renderImage(attrs: Record<string, unknown>, content: string): string {
  if (!content.toLowerCase().includes('<img')) return '';
  let image: Token | null = null;
  let caption: Token | null = null;
  for (const tag of tags(content)) {
    if (!image) {
      if (tag.name !== 'IMG') continue;
      image = tag;
      const src = getAttribute(content, tag, 'src');
      if (src === null || src === '' || src === '0') return '';
    } else if (tag.name === 'FIGCAPTION') {
      caption = tag;
      break;
    }
  }
  if (!image) return '';
  const emptyCaption = caption && isEmpty(attrs.caption) ? emptyElementSpan(content, caption) : null;
  return emptyCaption ? content.slice(0, emptyCaption.start) + content.slice(emptyCaption.end) : content;
}

const FLEX = { type: 'flex' };

export const CORE_BLOCKS: Readonly<Record<string, BlockType>> = {
  'core/paragraph': { render: classOnFirst(['P'], 'wp-block-paragraph') },
  'core/heading': { render: classOnFirst(['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], 'wp-block-heading') },
  'core/list': { render: classOnFirst(['OL', 'UL'], 'wp-block-list') },
  'core/list-item': {},
  'core/quote': { layout: {} },
  'core/separator': {},
  'core/image': { render: renderImage },
  'core/buttons': { layout: { default: FLEX } },
  'core/button': { render: renderButton },
  'core/group': { layout: {} },
  'core/columns': { layout: { default: { type: 'flex', flexWrap: 'nowrap' }, blockGapDefault: '2em' } },
  'core/column': { layout: {} },
  'core/embed': {},
  'core/html': {},
  // render_block_core_shortcode(): the content as paragraphs.
  'core/shortcode': { render: (_attrs, content) => wpautop(content) },
};
