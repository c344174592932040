// Regular-expression replacements run one after the other, as WordPress's preg_replace() chains.

/**
 * A pattern (global), its replacement (`$1` etc. for groups) and, when there is one, text every
 * match holds: without it, the pattern is not run.
 */
export type Rule = readonly [RegExp, string, string?];

export const rule = (pattern: string, replacement: string, flags = 'g', needs?: string): Rule => [new RegExp(pattern, flags), replacement, needs];

export function applyRules(text: string, rules: readonly Rule[]): string {
  let out = text;
  for (const [pattern, replacement, needs] of rules) {
    if (needs === undefined || out.includes(needs)) out = out.replace(pattern, replacement);
  }
  return out;
}
