// How WordPress stores term names and descriptions (sanitize_term in the `db` context, terms.md §1).
import { normalizeEntities } from '../../text/entities.ts';
import { sanitizeTextField } from '../../text/sanitize.ts';

/** pre_term_name: sanitize_text_field, kses entity normalisation, then `<`/`>` as entities. */
export function sanitizeTermName(raw: string): string {
  return normalizeEntities(sanitizeTextField(raw)).replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

// wp_filter_kses with WordPress's $allowedtags: the inline tags and attributes that survive.
const ALLOWED_TAGS: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'], abbr: ['title'], acronym: ['title'], b: [], blockquote: ['cite'], cite: [], code: [],
  del: ['datetime'], em: [], i: [], q: ['cite'], s: [], strike: [], strong: [],
};

function keepAllowedAttributes(tag: string, attributes: string): string {
  const allowed = ALLOWED_TAGS[tag] ?? [];
  const kept: string[] = [];
  for (const m of attributes.matchAll(/([a-zA-Z-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/g)) {
    const name = m[1]!.toLowerCase();
    const value = m[2]!.replace(/^["']|["']$/g, '');
    if (!allowed.includes(name)) continue;
    if (name === 'href' && /^\s*(javascript|data|vbscript):/i.test(value)) continue;
    kept.push(`${name}="${value.replaceAll('"', '&quot;')}"`);
  }
  return kept.length ? ` ${kept.join(' ')}` : '';
}

/** pre_term_description (wp_filter_kses): only harmless inline HTML survives; entities normalised. */
export function sanitizeTermDescription(raw: string): string {
  const withoutScripts = raw.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '');
  const filtered = withoutScripts.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<[^>]*>?/g, (_whole, close: string | undefined, name: string | undefined, attributes: string | undefined) => {
    const tag = name?.toLowerCase();
    if (!tag || !(tag in ALLOWED_TAGS)) return '';
    return close ? `</${tag}>` : `<${tag}${keepAllowedAttributes(tag, attributes ?? '')}>`;
  });
  return normalizeEntities(filtered);
}
