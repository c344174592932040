// Term references in request values (IDs, slugs, names), as TEC's validators and the events list
// filters read them (terms.md §3.1, events.md §3.1, §3.4).
import type { Reader } from '../../data/executor.ts';
import { termsByIds, termsByReference } from '../../data/term-queries.ts';
import { withDescendants } from '../../data/terms.ts';
import { sanitizeTitle } from '../../text/sanitize.ts';
import { phpUrldecode } from '../../text/php.ts';
import type { TaxonomyDefinition } from './definition.ts';


/**
 * Tribe__Utils__Array::list_to_array: an array, or a URL-decoded comma-separated string; items
 * trimmed, empty ones dropped. null when the value cannot be a list of scalars (nested arrays).
 */
export function parseTermList(value: unknown): string[] | null {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'string') items = phpUrldecode(value).split(',');
  else if (typeof value === 'number') items = [value];
  else return null;
  const list: string[] = [];
  for (const item of items) {
    if (typeof item === 'number' && Number.isFinite(item)) list.push(String(item));
    else if (typeof item === 'string') {
      if (item.trim() !== '') list.push(item.trim());
    } else return null;
  }
  return list;
}

export const isNumericItem = (item: string): boolean => /^\d+$/.test(item);

/** is_term_of_taxonomy: a non-empty list whose every item is a term (by ID, else slug or name). */
export async function termsExist(db: Reader, def: TaxonomyDefinition, value: unknown): Promise<boolean> {
  const items = parseTermList(value);
  if (!items?.length) return false;
  const ids = items.filter(isNumericItem).map(Number);
  const others = items.filter((item) => !isNumericItem(item));
  const slugs = others.map((item) => sanitizeTitle(item)).filter(Boolean);
  const names = others.map((item) => item.toLowerCase());
  const found = await termsByReference(db, def.taxonomy, ids, slugs, names);
  return items.every((item) => (isNumericItem(item)
    ? found.some((t) => t.term_id === Number(item))
    : found.some((t) => t.slug === sanitizeTitle(item) || t.name.toLowerCase() === item.toLowerCase())));
}

/**
 * The term_taxonomy IDs an events-list filter selects: each item by slug, else by term ID (names
 * match nothing, a kept quirk), with every descendant for hierarchical taxonomies.
 */
export async function termFilterIds(db: Reader, def: TaxonomyDefinition, value: unknown): Promise<number[]> {
  const items = parseTermList(value) ?? [];
  const slugs = items.map((item) => sanitizeTitle(item)).filter(Boolean);
  const ids = items.filter(isNumericItem).map(Number);
  const found = await termsByReference(db, def.taxonomy, ids, slugs, []);
  const termIds = new Set<number>();
  for (const item of items) {
    const match = found.find((t) => t.slug === sanitizeTitle(item))
      ?? (isNumericItem(item) ? found.find((t) => t.term_id === Number(item)) : undefined);
    if (match) termIds.add(match.term_id);
  }
  if (!termIds.size) return [];
  const all = def.hierarchical ? await withDescendants(db, def.taxonomy, [...termIds]) : [...termIds];
  const terms = await termsByIds(db, def.taxonomy, all);
  return terms.map((t) => t.term_taxonomy_id);
}
