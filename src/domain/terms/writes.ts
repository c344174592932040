// Term writes the way WordPress makes them: wp_insert_term, wp_update_term, wp_unique_term_slug
// (terms.md §6–§8), and the term references of event writes (events.md §6.2).
import { RestError } from '../errors.ts';
import type { Reader, Writer } from '../../data/executor.ts';
import { childTerms, termSlugTaken } from '../../data/term-queries.ts';
import { findTermByName, findTermBySlug, getTerm, insertTerm, updateTerm, withDescendants, type NewTerm, type Term } from '../../data/terms.ts';
import { ksesData } from '../../text/kses.ts';
import { sanitizeTitle } from '../../text/sanitize.ts';
import type { TaxonomyDefinition } from './definition.ts';
import { isNumericItem, parseTermList } from './lookup.ts';
import { sanitizeTermName } from './sanitize.ts';
import { __ } from '../../i18n/phrase.ts';

/** WordPress's `term_exists` error as the REST controller answers it (WordPress ≥ 5.6 shape). */
export class TermExistsError extends RestError {
  constructor(message: string, readonly termId: number) {
    super('term_exists', message, { status: 400, term_id: termId });
  }

  override toJSON() {
    return { ...super.toJSON(), additional_data: [this.termId, this.termId] };
  }
}

/** Errors WordPress returns without a status: HTTP 500. */
const emptyName = () => RestError.withStatus('empty_term_name', __('A name is required for this term.'), 400);

/** PHP strtolower: ASCII letters only. */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** wp_unique_term_slug: parent slugs first (hierarchical), then `-2`, `-3`, … */
async function uniqueTermSlug(db: Reader, def: TaxonomyDefinition, slug: string, parent: number, termId?: number): Promise<string> {
  if (!(await findTermBySlug(db, def.taxonomy, slug))) return slug;
  let unique = slug;
  if (def.hierarchical && parent) {
    let parentSuffix = '';
    const seen = new Set<number>();
    for (let ancestor = await getTerm(db, def.taxonomy, parent); ancestor && !seen.has(ancestor.term_id); ancestor = await getTerm(db, def.taxonomy, ancestor.parent)) {
      seen.add(ancestor.term_id);
      parentSuffix += `-${ancestor.slug}`;
      if (!(await termSlugTaken(db, slug + parentSuffix)) || !ancestor.parent) break;
    }
    unique += parentSuffix;
  }
  if (!(await termSlugTaken(db, unique, termId))) return unique;
  let suffix = 2;
  while (await termSlugTaken(db, `${unique}-${suffix}`)) suffix++;
  return `${unique}-${suffix}`;
}

export interface TermInput {
  name?: string;
  description?: string;
  slug?: string;
  parent?: number;
}

/** wp_insert_term's refusal of a second term with the same name at the same level. */
async function rejectDuplicateName(db: Reader, def: TaxonomyDefinition, name: string, slug: string, slugProvided: boolean, parent: number): Promise<void> {
  const siblings = await childTerms(db, def.taxonomy, parent);
  const nameMatch = siblings.find((t) => asciiLower(t.name) === asciiLower(name));
  if (!nameMatch) return;
  const slugMatch = await findTermBySlug(db, def.taxonomy, slug);
  if (slugProvided && nameMatch.slug !== slug && !slugMatch) return;
  if (!def.hierarchical) {
    throw new TermExistsError('A term with the name provided already exists in this taxonomy.', nameMatch.term_id);
  }
  let existing: Term | undefined;
  if ((!slugProvided || nameMatch.slug === slug) && siblings.some((t) => t.name === name)) existing = nameMatch;
  else if (slugMatch && siblings.some((t) => t.slug === slug)) existing = slugMatch;
  if (existing) throw new TermExistsError('A term with the name provided already exists with this parent.', existing.term_id);
}

/** wp_insert_term. `input.name` is required; `wantedId` is the term ID to keep where free (imports). */
export async function createTerm(db: Writer, def: TaxonomyDefinition, input: TermInput & { name: string }, wantedId?: number): Promise<Term> {
  if (input.name.trim() === '') throw emptyName();
  const name = sanitizeTermName(input.name);
  if (name === '') throw RestError.withStatus('invalid_term_name', __('Invalid term name.'), 400);
  const parent = def.hierarchical ? input.parent ?? 0 : 0;
  const providedSlug = sanitizeTitle(input.slug ?? '');
  const slugProvided = providedSlug !== '';
  const slug = slugProvided ? providedSlug : sanitizeTitle(name);
  await rejectDuplicateName(db, def, name, slug, slugProvided, parent);
  const unique = await uniqueTermSlug(db, def, slug, parent);
  const term = await insertTerm(db, def.taxonomy, {
    name, slug: unique, parent, description: ksesData(input.description ?? ''),
  }, wantedId);
  return unique === '' ? updateTerm(db, term, { slug: String(term.term_id) }) : term;
}

/** wp_check_term_hierarchy_for_loops: a term cannot become its own ancestor (→ top level). */
async function safeParent(db: Reader, def: TaxonomyDefinition, term: Term, parent: number): Promise<number> {
  if (parent === term.term_id) return 0;
  const descendants = await withDescendants(db, def.taxonomy, [term.term_id]);
  return descendants.includes(parent) ? 0 : parent;
}

/** wp_update_term: only sent fields change. */
export async function editTerm(db: Writer, def: TaxonomyDefinition, term: Term, input: TermInput): Promise<Term> {
  const changes: Partial<NewTerm> = {};
  const name = input.name === undefined ? term.name : sanitizeTermName(input.name);
  if (name.trim() === '') throw emptyName();
  if (input.name !== undefined) changes.name = name;
  if (input.description !== undefined) changes.description = ksesData(input.description);
  const parent = def.hierarchical && input.parent !== undefined ? await safeParent(db, def, term, input.parent) : term.parent;
  if (parent !== term.parent) changes.parent = parent;

  const sentSlug = input.slug === undefined ? undefined : sanitizeTitle(input.slug);
  const emptySlug = sentSlug === '';
  let slug = sentSlug === undefined ? term.slug : sentSlug || sanitizeTitle(name);
  const duplicate = await findTermBySlug(db, def.taxonomy, slug);
  if (duplicate && duplicate.term_id !== term.term_id) {
    if (!emptySlug && parent === term.parent) {
      // WordPress answers 500 here (its error carries no status); bad input is a 400 in wpcal.
      throw RestError.withStatus('duplicate_term_slug', __('The slug &#8220;%s&#8221; is already in use by another term.', slug), 400);
    }
    slug = await uniqueTermSlug(db, def, slug, parent, term.term_id);
  }
  if (slug !== term.slug) changes.slug = slug;
  return updateTerm(db, term, changes);
}

/** The IDs among the items of a term list (resolveTermsForWrite's numeric items). */
export function termIdsNamed(value: unknown): number[] {
  return (parseTermList(value) ?? []).filter(isNumericItem).map(Number);
}

/**
 * The terms an event write names (events.md §6.2): numeric items are IDs (unknown ones skipped),
 * others an existing term by slug or name, else a new term with that name. wpcal links an existing
 * tag named by slug or name (the plugin creates a tag named after its ID instead). `readBefore`:
 * the terms of IDs read earlier in the transaction (null: read, and none).
 */
export async function resolveTermsForWrite(
  db: Writer, def: TaxonomyDefinition, value: unknown, onCreated?: (term: Term) => void, readBefore?: ReadonlyMap<number, Term | null>,
): Promise<Term[]> {
  const resolved = new Map<number, Term>();
  const byId = async (id: number) => {
    const known = readBefore?.get(id);
    return known !== undefined ? known ?? undefined : getTerm(db, def.taxonomy, id);
  };
  for (const item of parseTermList(value) ?? []) {
    let term = isNumericItem(item)
      ? await byId(Number(item))
      : await findTermBySlug(db, def.taxonomy, sanitizeTitle(item)) ?? await findTermByName(db, def.taxonomy, sanitizeTermName(item));
    if (!term && !isNumericItem(item)) {
      try {
        term = await createTerm(db, def, { name: item });
        onCreated?.(term);
      } catch (error) {
        if (error instanceof TermExistsError) term = await getTerm(db, def.taxonomy, error.termId);
        else if (!(error instanceof RestError)) throw error;
      }
    }
    if (term) resolved.set(term.term_id, term);
  }
  return [...resolved.values()];
}
