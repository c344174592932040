// WordPress's kses allow-lists: $allowedtags (wp_filter_kses: titles and term text of users
// without unfiltered_html) and $allowedposttags with the global attributes (wp_filter_post_kses:
// post content and excerpts).

/** `true`: any value; `valueless`: only allowed without a value (`<a download>`). */
export type AttributeRule = true | 'valueless';

/** Allowed attributes per lower-case element name; an empty record allows the bare element. */
export type AllowedHtml = Readonly<Record<string, Readonly<Record<string, AttributeRule>>>>;

const attrs = (...names: string[]): Record<string, AttributeRule> => Object.fromEntries(names.map((name) => [name, true]));

export const ALLOWED_TAGS: AllowedHtml = {
  a: attrs('href', 'title'),
  abbr: attrs('title'),
  acronym: attrs('title'),
  b: {},
  blockquote: attrs('cite'),
  cite: {},
  code: {},
  del: attrs('datetime'),
  em: {},
  i: {},
  q: attrs('cite'),
  s: {},
  strike: {},
  strong: {},
};

const GLOBAL_ATTRIBUTES = attrs(
  'aria-controls', 'aria-current', 'aria-describedby', 'aria-details', 'aria-expanded', 'aria-hidden', 'aria-label',
  'aria-labelledby', 'aria-live', 'class', 'data-*', 'dir', 'hidden', 'id', 'lang', 'style', 'title', 'role', 'xml:lang',
);

const ALIGN = attrs('align');
const CELL_GROUP = attrs('align', 'char', 'charoff', 'valign');
const COLUMN = attrs('align', 'char', 'charoff', 'span', 'valign', 'width');
const CELL = attrs('abbr', 'align', 'axis', 'bgcolor', 'char', 'charoff', 'colspan', 'headers', 'height', 'nowrap', 'rowspan', 'scope', 'valign', 'width');

// WordPress also allows <object> for PDFs from the uploads folder; wpcal leaves it out.
const POST_TAGS: AllowedHtml = {
  address: {},
  a: { ...attrs('href', 'rel', 'rev', 'name', 'target'), download: 'valueless' },
  abbr: {},
  acronym: {},
  area: attrs('alt', 'coords', 'href', 'nohref', 'shape', 'target'),
  article: ALIGN,
  aside: ALIGN,
  audio: attrs('autoplay', 'controls', 'loop', 'muted', 'preload', 'src'),
  b: {},
  bdo: {},
  big: {},
  blockquote: attrs('cite'),
  br: {},
  button: attrs('disabled', 'name', 'type', 'value', 'popovertarget', 'popovertargetaction'),
  caption: ALIGN,
  cite: {},
  code: {},
  col: COLUMN,
  colgroup: COLUMN,
  del: attrs('datetime'),
  dd: {},
  dfn: {},
  details: attrs('align', 'open'),
  div: ALIGN,
  dl: {},
  dt: {},
  em: {},
  fieldset: {},
  figure: ALIGN,
  figcaption: ALIGN,
  font: attrs('color', 'face', 'size'),
  footer: ALIGN,
  h1: ALIGN,
  h2: ALIGN,
  h3: ALIGN,
  h4: ALIGN,
  h5: ALIGN,
  h6: ALIGN,
  header: ALIGN,
  hgroup: ALIGN,
  hr: attrs('align', 'noshade', 'size', 'width'),
  i: {},
  img: attrs('alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width'),
  ins: attrs('datetime', 'cite'),
  kbd: {},
  label: attrs('for'),
  legend: ALIGN,
  li: attrs('align', 'value'),
  main: ALIGN,
  map: attrs('name'),
  mark: {},
  menu: attrs('type'),
  nav: ALIGN,
  p: ALIGN,
  pre: attrs('width'),
  q: attrs('cite'),
  rb: {},
  rp: {},
  rt: {},
  rtc: {},
  ruby: {},
  s: {},
  samp: {},
  span: ALIGN,
  section: ALIGN,
  small: {},
  strike: {},
  strong: {},
  sub: {},
  summary: ALIGN,
  sup: {},
  table: attrs('align', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'rules', 'summary', 'width'),
  tbody: CELL_GROUP,
  td: CELL,
  textarea: attrs('cols', 'rows', 'disabled', 'name', 'readonly'),
  tfoot: CELL_GROUP,
  th: CELL,
  thead: CELL_GROUP,
  title: {},
  tr: attrs('align', 'bgcolor', 'char', 'charoff', 'valign'),
  track: attrs('default', 'kind', 'label', 'src', 'srclang'),
  tt: {},
  u: {},
  ul: attrs('type'),
  ol: attrs('start', 'type', 'reversed'),
  var: {},
  video: attrs('autoplay', 'controls', 'height', 'loop', 'muted', 'playsinline', 'poster', 'preload', 'src', 'width'),
};

export const ALLOWED_POST_TAGS: AllowedHtml = Object.fromEntries(
  Object.entries(POST_TAGS).map(([tag, allowed]) => [tag, { ...allowed, ...GLOBAL_ATTRIBUTES }]),
);
