// Substring search in SQL: LIKE patterns with `!` as the escape character (valid in both SQLite
// and MySQL). Which words are searched for (WordPress's parse_search) is the caller's business.
import { sql, type RawBuilder } from 'kysely';

/** $wpdb->esc_like() with `!` as the escape character. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** `%text%`, the LIKE pattern of a column containing `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** One word of a search: to be found in at least one column, or (`exclude`) in none of them. */
export interface SearchWord {
  text: string;
  exclude: boolean;
}

/** `((a LIKE … OR b LIKE …) AND (a NOT LIKE … AND b NOT LIKE …) …)` over these columns (e.g. `p.post_title`). */
export function wordsInColumns(words: readonly SearchWord[], columns: readonly string[]): RawBuilder<boolean> {
  const parts = words.map(({ text, exclude }) => {
    const pattern = containsPattern(text);
    const tests = columns.map((column) => (exclude
      ? sql`${sql.ref(column)} NOT LIKE ${pattern} ESCAPE '!'`
      : sql`${sql.ref(column)} LIKE ${pattern} ESCAPE '!'`));
    return sql`(${sql.join(tests, sql.raw(exclude ? ' AND ' : ' OR '))})`;
  });
  return sql<boolean>`(${sql.join(parts, sql.raw(' AND '))})`;
}
