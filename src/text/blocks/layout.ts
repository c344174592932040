// The layout block support (block-supports/layout.php, wp_render_layout_support_flag) for blocks
// that declare it: the layout type's class (`is-layout-flow`, `-constrained`, `-flex`, `-grid`),
// `has-global-padding`, the classes read from the layout attribute, the container class
// `wp-container-{block}-is-layout-{hash}` when the layout has styles of its own, and
// `wp-block-{block}-is-layout-{type}`, added to the element that wraps the inner blocks. The
// styles themselves go to a stylesheet WordPress prints only in front-end pages, never in a REST
// answer: only whether there would be any matters here.
import { createHash } from 'node:crypto';
import { phpJsonEncode } from '../../php/json-encode.ts';
import { sanitizeTitle } from '../sanitize.ts';
import { applyEdits, addClasses, getAttribute, tags, tokens, VOID_ELEMENTS, type Token } from '../html-tags.ts';
import { isEmpty, isObject } from './attrs.ts';
import type { ParsedBlock } from './parse.ts';
import type { ThemeLayout } from './theme.ts';

export interface LayoutSupport {
  /** `supports.layout.default`. */
  default?: Readonly<Record<string, unknown>>;
  /** `supports.spacing.blockGap.__experimentalDefault`. */
  blockGapDefault?: string;
}

type Layout = Record<string, unknown>;

/** wp_get_layout_definitions(): the class of each layout type. */
const LAYOUT_CLASSES: Readonly<Record<string, string>> = {
  default: 'is-layout-flow',
  constrained: 'is-layout-constrained',
  flex: 'is-layout-flex',
  grid: 'is-layout-grid',
};

const truthy = (value: unknown): boolean => !isEmpty(value);

/** A decoded JSON value as PHP holds it after json_decode(…, true): `{}` and `{"0":…}` are lists. */
function asPhp(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asPhp);
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.every((key, i) => key === String(i))) return keys.map((key) => asPhp(value[key]));
  return Object.fromEntries(keys.map((key) => [key, asPhp(value[key])]));
}

/** wp_unique_id_from_values(): the prefix and 8 hex digits of the md5 of the values' JSON. */
export function uniqueIdFromValues(values: unknown, prefix: string): string {
  return prefix + createHash('md5').update(phpJsonEncode(asPhp(values)), 'utf8').digest('hex').slice(0, 8);
}

/** A block gap value with CSS that could break out of the rule is dropped. */
function sanitizeGap(gap: unknown): unknown {
  const unsafe = (value: unknown) => truthy(value) && typeof value === 'string' && /[\\(&=}]|\/\*/.test(value);
  if (isObject(gap)) return Object.fromEntries(Object.entries(gap).map(([side, value]) => [side, unsafe(value) ? null : value]));
  return unsafe(gap) ? null : gap;
}

/** Whether the block's padding gives left or right declarations (negative margins of full-width children). */
function hasSidePadding(spacing: unknown): boolean {
  if (!isObject(spacing) || !isObject(spacing.padding)) return false;
  const side = (value: unknown) => typeof value === 'string' && value !== '';
  return side(spacing.padding.left) || side(spacing.padding.right);
}

/** Whether wp_get_layout_style() writes any rule for this layout. */
function hasLayoutStyle(layout: Layout, gapSupport: boolean, gap: unknown, blockSpacing: unknown): boolean {
  const type = typeof layout.type === 'string' ? layout.type : 'default';
  const topGap = isObject(gap) ? gap.top ?? null : gap ?? null;
  const flowGap = gapSupport && topGap !== null;
  if (type === 'default') return flowGap;
  if (type === 'constrained') {
    const justify = layout.justifyContent ?? 'center';
    return truthy(layout.contentSize) || truthy(layout.wideSize) || hasSidePadding(blockSpacing)
      || justify === 'left' || justify === 'right' || flowGap;
  }
  if (type === 'flex') {
    if (truthy(layout.flexWrap) && layout.flexWrap === 'nowrap') return true;
    if (gapSupport && gap !== undefined && gap !== null && (isObject(gap) || gap !== '')) return true;
    if ((layout.orientation ?? 'horizontal') !== 'horizontal') return true;
    const justify = layout.justifyContent;
    const align = layout.verticalAlignment;
    return (truthy(justify) && ['left', 'right', 'center', 'space-between'].includes(String(justify)))
      || (truthy(align) && ['top', 'center', 'bottom', 'stretch'].includes(String(align)));
  }
  // A grid always has its columns rule.
  return type === 'grid';
}

/**
 * The class attribute of the element that wraps the inner blocks: the innermost element left
 * open, with a class, by the HTML before the first inner block.
 */
function innerWrapperClasses(block: ParsedBlock): string | null {
  const [first] = block.innerContent;
  if (typeof first !== 'string' || block.innerContent.length < 2) return null;
  const open: (string | true | null)[] = [];
  for (const token of tokens(first)) {
    if (token.type !== '#tag') continue;
    if (token.closer) open.pop();
    else if (!VOID_ELEMENTS.has(token.name)) open.push(getAttribute(first, token, 'class'));
  }
  const found = open.reverse().find((value): value is string => typeof value === 'string' && value !== '' && value !== '0');
  return found ?? null;
}

function targetTag(html: string, wrapperClasses: string | null): Token | null {
  for (const tag of tags(html)) {
    if (wrapperClasses === null) return tag;
    const value = getAttribute(html, tag, 'class');
    if (typeof value === 'string' && value.includes(wrapperClasses)) return tag;
  }
  return null;
}

export function renderLayout(html: string, block: ParsedBlock, support: LayoutSupport, theme: ThemeLayout): string {
  const name = block.name!;
  const { attrs } = block;
  const attrLayout: Layout = isObject(attrs.layout) ? attrs.layout : {};
  const style = isObject(attrs.style) ? attrs.style : {};
  const spacing = isObject(style.spacing) ? style.spacing : undefined;
  const used: Layout = { ...(attrs.layout !== undefined && attrs.layout !== null ? attrLayout : support.default ?? {}) };
  if (truthy(used.inherit) || truthy(used.contentSize)) used.type = 'constrained';

  const classes: string[] = [];
  if (theme.rootPaddingAwareAlignments && used.type === 'constrained') classes.push('has-global-padding');
  if (truthy(attrLayout.orientation)) classes.push(`is-${sanitizeTitle(String(attrLayout.orientation))}`);
  if (truthy(attrLayout.justifyContent)) classes.push(`is-content-justification-${sanitizeTitle(String(attrLayout.justifyContent))}`);
  if (truthy(attrLayout.flexWrap) && attrLayout.flexWrap === 'nowrap') classes.push('is-nowrap');
  const layoutClass = typeof used.type === 'string' ? LAYOUT_CLASSES[used.type] ?? '' : LAYOUT_CLASSES.default!;
  if (layoutClass) classes.push(layoutClass);

  const gap = sanitizeGap(spacing?.blockGap ?? null);
  const fallbackGap = theme.blockGaps[name] ?? theme.rootBlockGap ?? support.blockGapDefault ?? '0.5em';
  if (hasLayoutStyle(used, theme.blockGapSupport, gap, spacing ?? null)) {
    const hashed = [used, theme.blockGapSupport, gap, false, fallbackGap, spacing ?? null];
    classes.push(uniqueIdFromValues(hashed, `wp-container-${sanitizeTitle(name)}-is-layout-`));
  }
  const [namespace, ...rest] = name.split('/');
  classes.push(`wp-block-${namespace === 'core' ? rest.at(-1) : name.split('/').join('-')}-${layoutClass}`);

  const tag = targetTag(html, innerWrapperClasses(block));
  return tag ? applyEdits(html, addClasses(html, tag, classes)) : html;
}
