// WordPress core search (WP_Query::parse_search): the phrase split into terms, each term to be
// found (LIKE %term%) in at least one column, or, with a leading `-`, in none of them.
import type { SearchWord } from '../data/search.ts';

const TERM_PATTERN = /".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g;

// get_search_stopwords() for an English site.
const STOPWORDS = new Set([
  'about', 'an', 'are', 'as', 'at', 'be', 'by', 'com', 'for', 'from', 'how', 'in', 'is', 'it', 'of',
  'on', 'or', 'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'who', 'will', 'with', 'www',
]);

const MAX_TERMS = 9;

function trimChars(s: string, chars: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start]!)) start++;
  while (end > start && chars.includes(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/** parse_search_terms(): quotes trimmed, single letters and stopwords dropped. */
function checkedTerms(raw: readonly string[]): string[] {
  const checked: string[] = [];
  for (const candidate of raw) {
    const term = /^".+"$/s.test(candidate) ? trimChars(candidate, '"\'') : trimChars(candidate, '"\' ');
    if (term === '' || /^[a-z-]$/i.test(term)) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    checked.push(term);
  }
  return checked;
}

/** The search terms WordPress derives from a phrase. */
export function searchTerms(phrase: string): string[] {
  const search = phrase.replace(/[\r\n]/g, '');
  const matches = [...search.matchAll(TERM_PATTERN)].map((m) => m[0]);
  if (matches.length === 0) return [search];
  const terms = checkedTerms(matches);
  return terms.length === 0 || terms.length > MAX_TERMS ? [search] : terms;
}

/** The words of a search phrase, a leading `-` making a word one that must not be found. */
export function searchWords(phrase: string): SearchWord[] {
  return searchTerms(phrase).map((term) => {
    const exclude = term.startsWith('-');
    return { text: exclude ? term.slice(1) : term, exclude };
  });
}
