// do_blocks(): each block rendered as WP_Block::render() renders it — inner blocks first, joined
// with the block's own HTML; then its render callback (for dynamic core blocks); then the
// `render_block` filters of the block supports wpcal reproduces, in WordPress's order: layout,
// then visibility. Delimiters do not survive; freeform HTML between blocks is kept as it is.
import { applyEdits, addClasses, setAttribute, tags, type Edit } from '../html-tags.ts';
import { CORE_BLOCKS } from './core-blocks.ts';
import { renderLayout } from './layout.ts';
import { parseBlocks, type ParsedBlock } from './parse.ts';
import { DEFAULT_THEME } from './theme.ts';

const VIEWPORTS = new Set(['mobile', 'tablet', 'desktop']);

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

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
  if (!type) return content;
  if (type.render) content = type.render(block.attrs, content);
  if (type.layout) content = renderLayout(content, block, type.layout, DEFAULT_THEME);
  return renderVisibility(content, block.attrs);
}

/** Whether the text holds block delimiters (has_blocks(): then wpautop does not run on it). */
export function hasBlocks(text: string): boolean {
  return text.includes('<!-- wp:');
}

export function doBlocks(text: string): string {
  return parseBlocks(text).map(renderBlock).join('');
}

