// safecss_filter_attr(): the declarations of a `style` attribute that kses keeps.
import { phpTrim } from './php.ts';
import { badProtocol } from './url.ts';

const SAFE_PROPERTIES = new Set([
  'background', 'background-color', 'background-image', 'background-position', 'background-repeat', 'background-size',
  'background-attachment', 'background-blend-mode',
  'border', 'border-radius', 'border-width', 'border-color', 'border-style',
  'border-right', 'border-right-color', 'border-right-style', 'border-right-width',
  'border-bottom', 'border-bottom-color', 'border-bottom-left-radius', 'border-bottom-right-radius', 'border-bottom-style', 'border-bottom-width',
  'border-left', 'border-left-color', 'border-left-style', 'border-left-width',
  'border-top', 'border-top-color', 'border-top-left-radius', 'border-top-right-radius', 'border-top-style', 'border-top-width',
  'border-spacing', 'border-collapse', 'caption-side',
  'columns', 'column-count', 'column-fill', 'column-gap', 'column-rule', 'column-span', 'column-width',
  'color', 'filter', 'font', 'font-family', 'font-size', 'font-style', 'font-variant', 'font-weight',
  'letter-spacing', 'line-height', 'text-align', 'text-decoration', 'text-indent', 'text-transform',
  'height', 'min-height', 'max-height', 'width', 'min-width', 'max-width',
  'margin', 'margin-right', 'margin-bottom', 'margin-left', 'margin-top',
  'margin-block-start', 'margin-block-end', 'margin-inline-start', 'margin-inline-end',
  'padding', 'padding-right', 'padding-bottom', 'padding-left', 'padding-top',
  'padding-block-start', 'padding-block-end', 'padding-inline-start', 'padding-inline-end',
  'flex', 'flex-basis', 'flex-direction', 'flex-flow', 'flex-grow', 'flex-shrink', 'flex-wrap',
  'gap', 'row-gap', 'grid-template-columns', 'grid-auto-columns', 'grid-column-start', 'grid-column-end', 'grid-column',
  'grid-column-gap', 'grid-template-rows', 'grid-auto-rows', 'grid-row-start', 'grid-row-end', 'grid-row', 'grid-row-gap', 'grid-gap',
  'justify-content', 'justify-items', 'justify-self', 'align-content', 'align-items', 'align-self',
  'clear', 'cursor', 'direction', 'float', 'list-style-type', 'object-fit', 'object-position', 'opacity', 'overflow',
  'vertical-align', 'writing-mode', 'position', 'top', 'right', 'bottom', 'left', 'z-index', 'box-shadow', 'aspect-ratio',
  'container-type',
]);

/** Properties whose value may hold `url(…)` with an allowed protocol. */
const URL_PROPERTIES = new Set(['background', 'background-image', 'cursor', 'filter', 'list-style', 'list-style-image']);
const GRADIENT_PROPERTIES = new Set(['background', 'background-image']);

const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgba?\([^()]*\))*\)$/;
/** var(), calc() and friends, innermost first (PCRE recursion in WordPress). */
const CSS_FUNCTION = /\b(?:var|calc|min|max|minmax|clamp|repeat)\([^()]*\)/g;

/** Whether every `url(…)` of the value names an allowed protocol; returns the value without them. */
function withoutSafeUrls(value: string, item: string): string | null {
  let rest = item;
  for (const [whole] of value.matchAll(/url\([^)]+\)/g)) {
    const url = phpTrim(/^url\(\s*(['"]?)(.*)\1\s*\)$/.exec(whole)?.[2] ?? '');
    if (url === '' || badProtocol(url) !== url) return null;
    rest = rest.replaceAll(whole, '');
  }
  return rest;
}

function withoutFunctions(text: string): string {
  let current = text;
  for (let previous = ''; previous !== current;) {
    previous = current;
    current = current.replace(CSS_FUNCTION, '');
  }
  return current;
}

/** No `\\ ( & } =` or comment left outside the allowed functions and URLs. */
function isSafe(test: string): boolean {
  return !/[\\(&=}]|\/\*/.test(withoutFunctions(test));
}

/** One declaration, or null when it is dropped. */
function safeDeclaration(item: string): string | null {
  const colon = item.indexOf(':');
  // WordPress keeps an item without a colon (a browser ignores it).
  if (colon === -1) return isSafe(item) ? item : null;
  const property = phpTrim(item.slice(0, colon));
  const value = item.slice(colon + 1);
  const custom = /^--[a-zA-Z0-9-_]+$/.test(property);
  if (!custom && !SAFE_PROPERTIES.has(property)) return null;
  const trimmed = phpTrim(value);
  const urls = custom ? trimmed.startsWith('url(') : URL_PROPERTIES.has(property);
  const gradients = custom ? trimmed.includes('-gradient(') : GRADIENT_PROPERTIES.has(property);
  let test: string | null = item;
  if (urls) test = withoutSafeUrls(value, item);
  if (test === null) return null;
  if (gradients && GRADIENT.test(trimmed)) test = test.replaceAll(trimmed, '');
  return isSafe(test) ? item : null;
}

export function safeCss(css: string): string {
  const cleaned = css.replace(/[\0-\x08\x0B\x0C\x0E-\x1F]/g, '').replace(/\\+0+/g, '').replace(/[\n\r\t]/g, '');
  const kept: string[] = [];
  for (const raw of phpTrim(cleaned).split(';')) {
    if (raw === '') continue;
    const declaration = safeDeclaration(phpTrim(raw));
    if (declaration !== null) kept.push(declaration);
  }
  return kept.join(';');
}
