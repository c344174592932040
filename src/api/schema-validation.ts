// WordPress's rest_validate_value_from_schema() and rest_sanitize_value_from_schema(): what a typed
// argument goes through. The value is first made of its schema's type as WordPress reads it
// (schema/coercion.ts), ajv then checks it against the schema's keywords (schema/ajv-validators.ts),
// and the failure WordPress would meet first is told with core's own message (schema/refusals.ts),
// so WordPress's language pack of the locale translates it. anyOf and oneOf are wpcal's own: their
// messages name the schema that matched, or why none did.
import { RestError } from '../domain/errors.ts';
import { __ } from '../i18n/phrase.ts';
import { validatorFor } from './schema/ajv-validators.ts';
import { juggle, type Juggling, type Resolution } from './schema/coercion.ts';
import { isArrayLike, isPlainObject, sanitizeObject } from './schema/php-values.ts';
import { firstRefusal } from './schema/refusals.ts';
import type { ValueSchema } from './schema/value-schema.ts';

export type { ValueSchema, WpType } from './schema/value-schema.ts';

/**
 * rest_validate_value_from_schema(): true, or the error WordPress gives. `param` names the value
 * in messages (`tags[2]` for an item).
 */
function validateValue(value: unknown, schema: ValueSchema, param: string): true | RestError {
  const juggling: Juggling = { mode: 'check', resolve: resolveCombinators, refusals: [] };
  const juggled = juggle(value, schema, param, juggling);
  const validate = validatorFor(schema);
  validate(juggled);
  return firstRefusal(validate.errors ?? [], juggling.refusals, juggled, param) ?? true;
}

/** rest_parse_request_arg(): validated, then sanitized. */
export function parseValue(value: unknown, schema: ValueSchema, param: string): { value: unknown } | RestError {
  const valid = validateValue(value, schema, param);
  if (valid !== true) return valid;
  return { value: juggle(value, schema, param, { mode: 'sanitize', resolve: resolveCombinators, refusals: [] }) };
}

// ---------------------------------------------------------------------------------------------
// anyOf and oneOf.

interface Mismatch {
  error: RestError;
  schema: ValueSchema;
  index: number;
}

const typedOptions = new WeakMap<ValueSchema, Partial<Record<'anyOf' | 'oneOf', readonly ValueSchema[]>>>();

/** The schemas of anyOf or oneOf, each with the parent's type when it has none (made once: ajv compiles each). */
function optionsOf(schema: ValueSchema, keyword: 'anyOf' | 'oneOf'): readonly ValueSchema[] {
  const known = typedOptions.get(schema) ?? {};
  typedOptions.set(schema, known);
  known[keyword] ??= (schema[keyword] ?? []).map((option) =>
    (option.type === undefined && schema.type !== undefined ? { ...option, type: schema.type } : option));
  return known[keyword];
}

/** rest_find_any_matching_schema(). */
function findAnyMatching(value: unknown, schema: ValueSchema, param: string): ValueSchema | RestError {
  const mismatches: Mismatch[] = [];
  for (const [index, option] of optionsOf(schema, 'anyOf').entries()) {
    const valid = validateValue(value, option, param);
    if (valid === true) return option;
    mismatches.push({ error: valid, schema: option, index });
  }
  return combiningError(value, param, mismatches);
}

/** rest_find_one_matching_schema(). */
function findOneMatching(value: unknown, schema: ValueSchema, param: string): ValueSchema | RestError {
  const matches: Array<{ schema: ValueSchema; index: number }> = [];
  const mismatches: Mismatch[] = [];
  for (const [index, option] of optionsOf(schema, 'oneOf').entries()) {
    const valid = validateValue(value, option, param);
    if (valid === true) matches.push({ schema: option, index });
    else mismatches.push({ error: valid, schema: option, index });
  }
  if (!matches.length) return combiningError(value, param, mismatches);
  if (matches.length === 1) return matches[0]!.schema;
  const positions = matches.map((match) => match.index);
  const titles = matches.flatMap((match) => (match.schema.title === undefined ? [] : [match.schema.title]));
  return new RestError('rest_one_of_multiple_matches', titles.length === matches.length
    ? __('%1$s matches %2$l, but should match only one.', param, titles)
    : __('%s matches more than one of the expected formats.', param), { positions });
}

/** rest_format_combining_operation_error(). */
function mismatchError(param: string, { error, schema, index }: Mismatch): RestError {
  return new RestError('rest_no_matching_schema', schema.title !== undefined
    ? __('%1$s is not a valid %2$s. Reason: %3$s', param, schema.title, error.text)
    : __('%1$s does not match the expected format. Reason: %2$s', param, error.text), { position: index });
}

/** rest_get_combining_operation_error(): the most telling of the subschemas' errors. */
function combiningError(value: unknown, param: string, mismatches: readonly Mismatch[]): RestError {
  if (mismatches.length === 1) return mismatchError(param, mismatches[0]!);
  // Type errors of the value itself say little; those of its parts are kept.
  const telling = mismatches.filter(({ error }) => error.code !== 'rest_invalid_type' || (error.data?.param !== undefined && error.data.param !== param));
  if (telling.length === 1) return mismatchError(param, telling[0]!);
  if (telling.length > 1 && telling[0]!.schema.type === 'object') {
    // The object schema sharing the most properties with the value.
    const keys = new Set(isArrayLike(value) || isPlainObject(value) ? Object.keys(sanitizeObject(value)) : []);
    let best: Mismatch | undefined;
    let shared = 0;
    for (const mismatch of telling) {
      const count = Object.keys(mismatch.schema.properties ?? {}).filter((name) => keys.has(name)).length;
      if (count > shared) [best, shared] = [mismatch, count];
    }
    if (best) return mismatchError(param, best);
  }
  const titles = mismatches.flatMap(({ schema }) => (schema.title === undefined ? [] : [schema.title]));
  if (titles.length === mismatches.length) return new RestError('rest_no_matching_schema', __('%1$s is not a valid %2$l.', param, titles));
  return new RestError('rest_no_matching_schema', __('%s does not match any of the expected formats.', param));
}

/**
 * anyOf, then oneOf, as WordPress walks them: the matching schemas, and the schema itself without
 * them, taking the matching type when it has none.
 */
function resolveCombinators(value: unknown, schema: ValueSchema, param: string): Resolution | RestError {
  const matching: ValueSchema[] = [];
  let { type } = schema;
  for (const find of [schema.anyOf && findAnyMatching, schema.oneOf && findOneMatching]) {
    if (!find) continue;
    const match = find(value, schema, param);
    if (match instanceof RestError) return match;
    matching.push(match);
    type ??= match.type;
  }
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  return { matching, schema: { ...rest, type } };
}
