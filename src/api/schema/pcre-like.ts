// WordPress's patterns are PCRE's; wpcal compiles them as JavaScript regular expressions.
import type { CodeOptions } from 'ajv';

type RegExpEngine = NonNullable<CodeOptions['regExp']>;

/** Matches nothing: what WordPress makes of a pattern PCRE does not compile. */
const NOTHING = /(?!)/;

const compiledPatterns = new Map<string, RegExp>();

/**
 * rest_validate_json_schema_pattern() hands the pattern to PCRE with the `u` flag. JavaScript's `u`
 * mode refuses some escapes PCRE accepts (`\-`, `\_`), so such a pattern is compiled without it.
 * Also ajv's engine (which names it `code` for standalone code, which wpcal does not generate).
 */
export const pcreLike: RegExpEngine = Object.assign((pattern: string, flags: string) => {
  const key = `${flags}/${pattern}`;
  let compiled = compiledPatterns.get(key);
  if (!compiled) {
    compiled = compile(pattern, [flags, flags.replace('u', '')]);
    compiledPatterns.set(key, compiled);
  }
  return compiled;
}, { code: 'pcreLike' });

function compile(pattern: string, flagsToTry: readonly string[]): RegExp {
  for (const flags of flagsToTry) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Try the next flags.
    }
  }
  return NOTHING;
}
