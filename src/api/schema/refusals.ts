// From ajv's errors to the refusal WordPress gives. rest_validate_value_from_schema() checks a value
// in a fixed order and stops at the first failure; ajv (allErrors) reports every failure, so the
// one WordPress meets first is picked and told with core's own message.
import type { ErrorObject } from 'ajv';
import { RestError } from '../../domain/errors.ts';
import { __, _n, type Phrase } from '../../i18n/phrase.ts';
import { phpJsonEncode } from '../../php/json-encode.ts';
import { numberFormatI18n } from '../../text/number-format-i18n.ts';
import { declaredSchema } from './ajv-validators.ts';
import type { Located } from './coercion.ts';
import { CHECKED_FORMATS, sanitizeFormat } from './formats.ts';
import { isScalar, phpString, type PhpArray } from './php-values.ts';
import type { ValueSchema } from './value-schema.ts';

/**
 * WordPress's order of checks at one value: anyOf/oneOf, the type, an object's required names, the
 * parts (items, properties) in their order, then what concerns the type, then enum and format.
 */
const STEPS = [
  'matching', 'type', 'required', 'parts', 'multipleOf', 'bounds', 'integer', 'minLength', 'maxLength', 'pattern',
  'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'enum', 'format',
] as const;

type Step = typeof STEPS[number];

/** What ajv reports, by the step it belongs to (anyOf and oneOf are wpcal's; a property not allowed is met among the parts). */
type Check = Exclude<Step, 'matching' | 'parts'> | 'additionalProperties';

interface Failure {
  /** Who the message names: the argument, or its part (`tags[2]`). */
  param: string;
  schema: ValueSchema;
  error: ErrorObject;
}

const invalidType = (param: string, type: string): RestError =>
  new RestError('rest_invalid_type', __('%1$s is not of type %2$s.', param, type), { param });

const typeNames = (schema: ValueSchema): string => (typeof schema.type === 'string' ? schema.type : (schema.type ?? []).join(','));

const outOfBounds = (message: Phrase): RestError => new RestError('rest_out_of_bounds', message);

/** rest_validate_number_value_from_schema()'s message: both bounds when both are given. */
function boundsRefusal({ param, schema }: Failure): RestError {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (minimum !== undefined && maximum !== undefined) {
    if (exclusiveMinimum && exclusiveMaximum) {
      return outOfBounds(__('%1$s must be between %2$d (exclusive) and %3$d (exclusive)', param, minimum, maximum));
    }
    if (exclusiveMinimum) return outOfBounds(__('%1$s must be between %2$d (exclusive) and %3$d (inclusive)', param, minimum, maximum));
    if (exclusiveMaximum) return outOfBounds(__('%1$s must be between %2$d (inclusive) and %3$d (exclusive)', param, minimum, maximum));
    return outOfBounds(__('%1$s must be between %2$d (inclusive) and %3$d (inclusive)', param, minimum, maximum));
  }
  if (minimum !== undefined) {
    return outOfBounds(exclusiveMinimum
      ? __('%1$s must be greater than %2$d', param, minimum)
      : __('%1$s must be greater than or equal to %2$d', param, minimum));
  }
  return outOfBounds(exclusiveMaximum
    ? __('%1$s must be less than %2$d', param, maximum!)
    : __('%1$s must be less than or equal to %2$d', param, maximum!));
}

/** rest_validate_enum()'s message: the one value, or the list of them. */
function notInEnum({ param, schema }: Failure): RestError {
  const written = (schema.enum ?? []).map((candidate) => (isScalar(candidate) ? phpString(candidate) : phpJsonEncode(candidate)));
  return new RestError('rest_not_in_enum', written.length === 1
    ? __('%1$s is not %2$s.', param, written[0]!)
    : __('%1$s is not one of %2$l.', param, written));
}

const REFUSALS: Readonly<Record<Check, (failure: Failure) => RestError>> = {
  type: ({ param, schema }) => invalidType(param, typeNames(schema)),
  integer: ({ param }) => invalidType(param, 'integer'),
  required: ({ param, error }) =>
    new RestError('rest_property_required', __('%1$s is a required property of %2$s.', String(error.params.missingProperty), param)),
  additionalProperties: ({ error }) =>
    new RestError('rest_additional_properties_forbidden', __('%1$s is not a valid property of Object.', String(error.params.additionalProperty))),
  multipleOf: ({ param, schema }) => new RestError('rest_invalid_multiple', __('%1$s must be a multiple of %2$s.', param, phpString(schema.multipleOf))),
  bounds: boundsRefusal,
  minLength: ({ param, schema: { minLength = 0 } }) => new RestError('rest_too_short', _n(
    '%1$s must be at least %2$s character long.', '%1$s must be at least %2$s characters long.', minLength, param, numberFormatI18n(minLength))),
  maxLength: ({ param, schema: { maxLength = 0 } }) => new RestError('rest_too_long', _n(
    '%1$s must be at most %2$s character long.', '%1$s must be at most %2$s characters long.', maxLength, param, numberFormatI18n(maxLength))),
  pattern: ({ param, schema }) => new RestError('rest_invalid_pattern', __('%1$s does not match pattern %2$s.', param, schema.pattern!)),
  minItems: ({ param, schema: { minItems = 0 } }) => new RestError('rest_too_few_items', _n(
    '%1$s must contain at least %2$s item.', '%1$s must contain at least %2$s items.', minItems, param, numberFormatI18n(minItems))),
  maxItems: ({ param, schema: { maxItems = 0 } }) => new RestError('rest_too_many_items', _n(
    '%1$s must contain at most %2$s item.', '%1$s must contain at most %2$s items.', maxItems, param, numberFormatI18n(maxItems))),
  uniqueItems: ({ param }) => new RestError('rest_duplicate_items', __('%s has duplicate items.', param)),
  minProperties: ({ param, schema: { minProperties = 0 } }) => new RestError('rest_too_few_properties', _n(
    '%1$s must contain at least %2$s property.', '%1$s must contain at least %2$s properties.', minProperties, param, numberFormatI18n(minProperties))),
  maxProperties: ({ param, schema: { maxProperties = 0 } }) => new RestError('rest_too_many_properties', _n(
    '%1$s must contain at most %2$s property.', '%1$s must contain at most %2$s properties.', maxProperties, param, numberFormatI18n(maxProperties))),
  enum: notInEnum,
  format: ({ param, schema }) => CHECKED_FORMATS[schema.format!]!.refusal(param),
};

const BOUNDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

/** The step of WordPress's order at which it meets what ajv reports. */
function stepOf(error: ErrorObject, schema: ValueSchema): Check {
  const { keyword } = error;
  // An integer's bounds are checked before whether it is whole; a value that is no number at all fails first.
  if (keyword === 'type') return schema.type === 'integer' && typeof error.data === 'number' ? 'integer' : 'type';
  if (BOUNDS.has(keyword)) return 'bounds';
  if (Object.hasOwn(REFUSALS, keyword)) return keyword as Check;
  throw new Error(`ajv reported a keyword wpcal does not check: ${keyword}`);
}

/**
 * rest_validate_enum() compares the value sanitized: a string by its format too (a `text-field`
 * loses its tags and surrounding spaces), which ajv does not do.
 */
function enumHoldsSanitized(error: ErrorObject, schema: ValueSchema): boolean {
  if (typeof error.data !== 'string' || schema.format === undefined) return false;
  const sanitized = sanitizeFormat(error.data, schema.format);
  return sanitized !== undefined && (schema.enum ?? []).includes(sanitized);
}

/** A JSON pointer's keys. */
const pointerKeys = (pointer: string): string[] =>
  pointer.split('/').slice(1).map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));

/** Where in WordPress's walk a part of the value comes: the position of each key in its parent. */
function positions(value: unknown, path: readonly string[]): number[] {
  const out: number[] = [];
  let part = value;
  for (const key of path) {
    const keys = Array.isArray(part) ? part.map((_, index) => String(index)) : Object.keys(part as PhpArray);
    out.push(STEPS.indexOf('parts'), keys.indexOf(key));
    part = (part as PhpArray)[key];
  }
  return out;
}

function compareOrders(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

interface Candidate {
  order: number[];
  refusal: () => RestError;
}

function fromAjv(error: ErrorObject, value: unknown, param: string): Candidate | null {
  const schema = declaredSchema(error.parentSchema);
  const path = pointerKeys(error.instancePath);
  const failure: Failure = { param: param + path.map((key) => `[${key}]`).join(''), schema, error };
  const step = stepOf(error, schema);
  if (step === 'enum' && enumHoldsSanitized(error, schema)) return null;
  const order = step === 'additionalProperties'
    ? positions(value, [...path, String(error.params.additionalProperty)])
    : [...positions(value, path), STEPS.indexOf(step)];
  return { order, refusal: () => REFUSALS[step](failure) };
}

/**
 * The refusal WordPress gives for a value: the first failure in its order among ajv's `errors` on
 * the juggled `value` and the anyOf/oneOf refusals of its parts; null when there is none.
 */
export function firstRefusal(errors: readonly ErrorObject[], located: readonly Located[], value: unknown, param: string): RestError | null {
  const candidates: Candidate[] = [
    ...errors.flatMap((error) => fromAjv(error, value, param) ?? []),
    ...located.map(({ path, error }) => ({ order: [...positions(value, path), STEPS.indexOf('matching')], refusal: () => error })),
  ];
  if (!candidates.length) return null;
  return candidates.reduce((first, candidate) => (compareOrders(candidate.order, first.order) < 0 ? candidate : first)).refusal();
}
