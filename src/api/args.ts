// Route arguments, declared the way the plugin declares them, and WordPress's
// validate → sanitize pipeline over them (conventions.md §1.1, events.md §2.1–2.4).
import { Ajv, type ValidateFunction } from 'ajv';
import { RestError, invalidParamsError } from '../domain/errors.ts';
import { isNumeric as isNumericString } from '../text/php.ts';
import { __ } from '../i18n/phrase.ts';
import type { Translator } from '../i18n/translator.ts';

export type WpType = 'integer' | 'number' | 'boolean' | 'string' | 'array' | 'object' | 'null';

/** A default computed per request (e.g. the events list `start_date`). */
export class DynamicDefault<C> {
  constructor(readonly compute: (context: C) => unknown) {}
}

export type ValidationOutcome = boolean | RestError;

/**
 * One argument. The JSON-schema keywords are what the namespace index shows, in the order they are
 * written; the other keys are wpcal's own and never shown.
 */
export interface ArgSpec<C = unknown> {
  title?: string;
  description?: string;
  default?: unknown;
  type?: WpType | WpType[];
  format?: string;
  enum?: readonly unknown[];
  items?: Record<string, unknown>;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  required?: boolean;
  /** validate_callback: runs on the raw value (defaults included) when it is not null. */
  validate?: (value: unknown, context: C, name: string) => ValidationOutcome | Promise<ValidationOutcome>;
  /** sanitize_callback: replaces WordPress's type check when present. */
  sanitize?: (value: unknown, context: C) => unknown;
  /** /doc only: where the argument travels and the type shown there. */
  in?: 'path' | 'query' | 'body';
  swaggerType?: string;
  /** /doc only: the argument is a comma-separated collection. */
  csv?: boolean;
}

export type ArgSpecs<C = unknown> = Record<string, ArgSpec<C>>;

/** The JSON-schema keywords WordPress shows for an argument, in the order they may appear. */
export const SCHEMA_KEYWORDS = new Set([
  'title', 'description', 'default', 'type', 'format', 'enum', 'items', 'properties',
  'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', 'minimum',
  'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength',
  'pattern', 'minItems', 'maxItems', 'uniqueItems', 'anyOf', 'oneOf',
]);

// Keywords checked by ajv after WordPress's own type coercion.
const CONSTRAINT_KEYWORDS = ['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern'] as const;

const ajv = new Ajv({ allErrors: false, strict: false });
const constraintValidators = new WeakMap<ArgSpec<never>, ValidateFunction | null>();

function constraintValidator(spec: ArgSpec<never>): ValidateFunction | null {
  let validator = constraintValidators.get(spec);
  if (validator === undefined) {
    const schema: Record<string, unknown> = {};
    for (const key of CONSTRAINT_KEYWORDS) if (spec[key] !== undefined) schema[key] = spec[key];
    validator = Object.keys(schema).length ? ajv.compile(schema) : null;
    constraintValidators.set(spec, validator);
  }
  return validator;
}

const NOT_COERCIBLE = Symbol('not coercible');

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && isNumericString(value);
}

/** wp_parse_list: arrays as they are, strings split on commas and spaces. */
export function parseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((item) => item !== '');
  if (value === null || value === undefined || value === '') return [];
  return [value];
}

function coerceOne(value: unknown, type: WpType, items?: Record<string, unknown>): unknown {
  switch (type) {
    case 'integer':
      if (!isNumeric(value) || typeof value === 'boolean') return NOT_COERCIBLE;
      return Number.isInteger(Number(value)) ? Number(value) : NOT_COERCIBLE;
    case 'number':
      return isNumeric(value) ? Number(value) : NOT_COERCIBLE;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 0 || value === 1) return value === 1;
      if (typeof value === 'string') {
        const lower = value.toLowerCase();
        if (lower === 'true' || lower === '1') return true;
        if (lower === 'false' || lower === '0') return false;
      }
      return NOT_COERCIBLE;
    case 'string':
      return typeof value === 'string' ? value : NOT_COERCIBLE;
    case 'null':
      return value === null || value === '' ? null : NOT_COERCIBLE;
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : NOT_COERCIBLE;
    case 'array': {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return NOT_COERCIBLE;
      const list = parseList(value);
      const itemType = items?.type as WpType | undefined;
      if (!itemType) return list;
      const coerced = list.map((item) => coerceOne(item, itemType));
      return coerced.includes(NOT_COERCIBLE) ? NOT_COERCIBLE : coerced;
    }
  }
}

/** rest_validate_value_from_schema + rest_sanitize_value_from_schema for the keywords TEC uses. */
export function checkType(name: string, value: unknown, spec: ArgSpec<never>): { value: unknown } | RestError {
  const types = Array.isArray(spec.type) ? spec.type : [spec.type as WpType];
  let coerced: unknown = NOT_COERCIBLE;
  for (const type of types) {
    coerced = coerceOne(value, type, spec.items);
    if (coerced !== NOT_COERCIBLE) break;
  }
  if (coerced === NOT_COERCIBLE) {
    return new RestError('rest_invalid_type', __('%1$s is not of type %2$s.', name, types.join(',')), { param: name });
  }
  const validator = constraintValidator(spec);
  if (validator && !validator(coerced)) {
    const failed = validator.errors?.[0];
    // Other constraints answer with ajv's English text, which no catalog has.
    const message = failed?.keyword === 'enum'
      ? __('%1$s is not one of %2$s.', name, (spec.enum ?? []).join(', '))
      : `${name} ${failed?.message ?? 'is invalid'}.`;
    return new RestError(failed?.keyword === 'enum' ? 'rest_not_in_enum' : 'rest_invalid_param', message, { param: name });
  }
  return { value: coerced };
}

/** The merged request parameters, with a memory of which came from the client. */
export interface ParamSources {
  /** Values from JSON body, form body, query and path, first source winning, in that order. */
  supplied: Map<string, unknown>;
}

function missingParams(names: string[]): RestError {
  return RestError.withStatus('rest_missing_callback_param', __('Missing parameter(s): %s', names.join(', ')), 400, { params: names });
}

/**
 * Runs required → validate_callback → type check/sanitize over the declared arguments.
 * Returns the final parameter map (undeclared parameters pass through untouched).
 */
export async function processArgs<C>(
  specs: ArgSpecs<C>,
  supplied: Map<string, unknown>,
  context: C,
): Promise<Map<string, unknown>> {
  const params = new Map(supplied);
  for (const [name, spec] of Object.entries(specs)) {
    // WordPress collects defaults with isset(): a declared `default: null` is never applied.
    if (params.has(name) || spec.default === undefined || spec.default === null) continue;
    params.set(name, spec.default instanceof DynamicDefault ? spec.default.compute(context) : spec.default);
  }

  const missing = Object.entries(specs)
    .filter(([name, spec]) => spec.required && (params.get(name) === undefined || params.get(name) === null))
    .map(([name]) => name);
  if (missing.length) throw missingParams(missing);

  const invalid = new Map<string, RestError | null>();
  for (const [name, spec] of Object.entries(specs)) {
    const value = params.get(name);
    if (!spec.validate || value === undefined || value === null) continue;
    const outcome = await spec.validate(value, context, name);
    if (outcome === true) continue;
    invalid.set(name, outcome instanceof RestError ? outcome : null);
  }
  if (invalid.size) throw invalidParamsError(invalid);

  // Sanitizing walks the values in the order they arrived, then the defaults.
  for (const [name, value] of params) {
    const spec = specs[name];
    if (!spec) continue;
    if (spec.sanitize) {
      params.set(name, spec.sanitize(value, context));
    } else if (spec.type !== undefined) {
      const checked = checkType(name, value, spec as ArgSpec<never>);
      if (checked instanceof RestError) invalid.set(name, checked);
      else params.set(name, checked.value);
    }
  }
  if (invalid.size) throw invalidParamsError(invalid);
  return params;
}

/**
 * The argument as the namespace index shows it: its schema keywords in order, then `required`; the
 * description in the request's language (the plugin passes it through its catalogs).
 */
export function describeArg(spec: ArgSpec<never>, context: unknown, translator: Translator): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec)) {
    if (!SCHEMA_KEYWORDS.has(key)) continue;
    if (key === 'description' && typeof value === 'string') out[key] = translator.text(value);
    else out[key] = value instanceof DynamicDefault ? value.compute(context as never) : value;
  }
  out.required = spec.required ?? false;
  return out;
}
