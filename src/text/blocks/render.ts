// do_blocks(): each block rendered as WP_Block::render() renders it — inner blocks first, joined
// with the block's own HTML; then its render callback (for dynamic core blocks); then the
// `render_block` filters of the block supports wpcal reproduces, in WordPress's order: layout,
// then visibility. Delimiters do not survive; freeform HTML between blocks is kept as it is.
import { applyEdits, addClasses, setAttribute, tags, type Edit } from '../html-tags.ts';
import { isObject } from './attrs.ts';
import { CORE_BLOCKS } from './core-blocks.ts';
import { renderLayout } from './layout.ts';
import { parseBlocks, type ParsedBlock } from './parse.ts';
import { DEFAULT_THEME } from './theme.ts';

const VIEWPORTS = new Set(['mobile', 'tablet', 'desktop']);

/**
 * wp_render_block_visibility_support(): a block hidden everywhere renders nothing; one hidden on
 * some viewports gets `wp-block-hidden-{viewport}` classes, and the images after its first tag
 * `fetchpriority="auto"`.
 */
function renderVisibility(content: string, attrs: Record<string, unknown>): string {
  const visibility = isObject(attrs.metadata) ? attrs.metadata.blockVisibility : undefined;
  if (visibility === false) return '';
  if (!isObject(visibility) || !isObject(visibility.viewport)) return content;
  const hidden = Object.entries(visibility.viewport).filter(([size, visible]) => visible === false && VIEWPORTS.has(size)).map(([size]) => size).sort();
  if (!hidden.length || content === '') return content;
  const [first, ...rest] = tags(content);
  if (!first) return content;
  const edits: Edit[] = addClasses(content, first, [hidden.map((size) => `wp-block-hidden-${size}`).join(' ')]);
  for (const tag of rest) if (tag.name === 'IMG') edits.push(...setAttribute(tag, 'fetchpriority', 'auto'));
  return applyEdits(content, edits);
}

function renderBlock(block: ParsedBlock): string {
  let content = '';
  let inner = 0;
  for (const chunk of block.innerContent) content += chunk ?? renderBlock(block.innerBlocks[inner++]!);
  const type = block.name === null ? undefined : CORE_BLOCKS[block.name];
  if (type?.render) content = type.render(block.attrs, content);
  if (type?.layout) content = renderLayout(content, block, type.layout, DEFAULT_THEME);
  return isRegistered(block.name) ? renderVisibility(content, block.attrs) : content;
}

/**
 * Block supports apply to registered blocks only: every core block and the plugin's own (it is
 * active wherever its events are shown); other plugins' blocks are taken as not registered.
 */
function isRegistered(name: string | null): boolean {
  return name !== null && (name.startsWith('core/') || name.startsWith('tribe/'));
}

/** Whether the text holds block delimiters (has_blocks(): then wpautop does not run on it). */
export function hasBlocks(text: string): boolean {
  return text.includes('<!-- wp:');
}

export function doBlocks(text: string): string {
  return parseBlocks(text).map(renderBlock).join('');
}

/** Blocks whose text may make an excerpt (null: freeform HTML). */
const EXCERPT_BLOCKS = new Set<string | null>([
  null, 'core/freeform', 'core/heading', 'core/html', 'core/list', 'core/media-text', 'core/paragraph', 'core/preformatted',
  'core/pullquote', 'core/quote', 'core/table', 'core/verse',
]);
/** Blocks of which only the allowed inner blocks make the excerpt. */
const EXCERPT_WRAPPERS = new Set<string | null>(['core/columns', 'core/column', 'core/group']);

const allowedInExcerpt = (block: ParsedBlock) => EXCERPT_BLOCKS.has(block.name) || EXCERPT_WRAPPERS.has(block.name);

/** _excerpt_render_inner_blocks(): the allowed inner blocks, wrappers opened up. */
function excerptInnerBlocks(block: ParsedBlock): string {
  return block.innerBlocks.filter(allowedInExcerpt)
    .map((inner) => (inner.innerBlocks.length ? excerptInnerBlocks(inner) : renderBlock(inner))).join('');
}

/**
 * excerpt_remove_blocks(): only the blocks that hold text an excerpt may show, rendered (a block
 * with inner blocks of other kinds, such as a list of list items, is left out).
 */
export function excerptRemoveBlocks(text: string): string {
  if (!hasBlocks(text)) return text;
  let out = '';
  for (const block of parseBlocks(text)) {
    if (!allowedInExcerpt(block)) continue;
    if (block.innerBlocks.length && EXCERPT_WRAPPERS.has(block.name)) {
      out += excerptInnerBlocks(block);
    } else if (block.innerBlocks.every((inner) => EXCERPT_BLOCKS.has(inner.name) && !inner.innerBlocks.length)) {
      out += renderBlock(block);
    }
  }
  return out;
}
