// Regular-expression replacements run one after the other, as WordPress's preg_replace() chains.

/** A pattern (global) and its replacement (`$1` etc. for groups). */
export type Rule = readonly [RegExp, string];

export const rule = (pattern: string, replacement: string, flags = 'g'): Rule => [new RegExp(pattern, flags), replacement];

export function applyRules(text: string, rules: readonly Rule[]): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  return out;
}
