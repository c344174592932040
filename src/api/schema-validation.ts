// WordPress's rest_validate_value_from_schema() and rest_sanitize_value_from_schema(): what a typed
// argument goes through, checked in WordPress's order and refused with WordPress's messages. The
// messages are core's own msgids, so WordPress's language pack of the locale translates them.
//
// Values are what requests carry: strings from query strings and forms, and JSON's numbers,
// booleans, null, arrays and objects. PHP's arrays are JavaScript's arrays and plain objects.
import { isIPv6 } from 'node:net';
import { RestError } from '../domain/errors.ts';
import { __, _n, type Phrase } from '../i18n/phrase.ts';
import { formatPhpFloat, phpSerialize, type PhpValue } from '../php/serialize.ts';
import { phpJsonEncode } from '../php/json-encode.ts';
import { numberFormatI18n } from '../text/number-format-i18n.ts';
import { isNumeric as isNumericString, toFloat } from '../text/php.ts';
import { isEmail, sanitizeTextField, sanitizeTextareaField, sanitizeUrl } from '../text/sanitize.ts';
import { strtotimeUtc } from '../time/strtotime.ts';

export type WpType = 'integer' | 'number' | 'boolean' | 'string' | 'array' | 'object' | 'null';

/** The JSON-schema keywords WordPress knows (rest_get_allowed_schema_keywords). */
export interface ValueSchema {
  title?: string;
  type?: WpType | readonly WpType[];
  format?: string;
  enum?: readonly unknown[];
  items?: ValueSchema;
  properties?: Readonly<Record<string, ValueSchema>>;
  additionalProperties?: boolean | ValueSchema;
  patternProperties?: Readonly<Record<string, ValueSchema>>;
  minProperties?: number;
  maxProperties?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: readonly ValueSchema[];
  oneOf?: readonly ValueSchema[];
  /** On an object, the names it must have (JSON schema 4); on a property, whether it must be there (schema 3). */
  required?: boolean | readonly string[];
}

const ALLOWED_TYPES: readonly string[] = ['array', 'object', 'string', 'number', 'integer', 'boolean', 'null'];

type PhpArray = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// PHP's view of a request value.

const isPlainObject = (value: unknown): value is PhpArray =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A PHP array key that PHP keeps as an integer. */
const INTEGER_KEY = /^(?:0|-?[1-9]\d*)$/;

/** PHP's string conversion of a scalar. */
function phpString(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatPhpFloat(value);
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : 'Array';
}

function isPhpNumeric(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isNaN(value);
  return typeof value === 'string' && isNumericString(value);
}

/** PHP's (float) cast. */
function phpFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return toFloat(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return 0;
}

/** rest_is_integer(). */
const isIntegerLike = (value: unknown): boolean => isPhpNumeric(value) && Math.round(phpFloat(value)) === phpFloat(value);

/** rest_is_boolean(). */
function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return ['false', 'true', '0', '1'].includes(value.toLowerCase());
  return value === 0 || value === 1;
}

/** wp_parse_list(). */
function parseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isPlainObject(value)) return Object.values(value);
  return phpString(value).split(/[\s,]+/).filter((item) => item !== '');
}

/** rest_is_array(): a scalar is a list to parse; an array must have integer keys only. */
function isArrayLike(value: unknown): boolean {
  if (isScalar(value) || Array.isArray(value)) return true;
  return isPlainObject(value) && Object.keys(value).every((key) => INTEGER_KEY.test(key));
}

/** rest_sanitize_array(). */
function sanitizeArray(value: unknown): unknown[] {
  if (isScalar(value) || Array.isArray(value) || isPlainObject(value)) return parseList(value);
  return [];
}

/** rest_is_object(): '' and every PHP array, lists included. */
const isObjectLike = (value: unknown): boolean => value === '' || Array.isArray(value) || isPlainObject(value);

/** rest_sanitize_object(). */
function sanitizeObject(value: unknown): PhpArray {
  if (Array.isArray(value)) return Object.fromEntries(value.map((item, i) => [String(i), item]));
  return isPlainObject(value) ? { ...value } : {};
}

/** Whether a value is of a type, as rest_get_best_type_for_value() asks. */
const IS_OF_TYPE: Readonly<Record<string, (value: unknown) => boolean>> = {
  array: isArrayLike,
  object: isObjectLike,
  integer: isIntegerLike,
  number: isPhpNumeric,
  boolean: isBooleanLike,
  string: (value) => typeof value === 'string',
  null: (value) => value === null,
};

/** rest_get_best_type_for_value(). */
function bestType(value: unknown, types: readonly string[]): string {
  if (value === '' && types.includes('string')) return 'string';
  return types.find((type) => IS_OF_TYPE[type]?.(value)) ?? '';
}

/** rest_handle_multi_type_schema(): an unknown type name, for backward compatibility, takes what no known type does. */
function typeFor(value: unknown, types: readonly string[]): string {
  return bestType(value, types) || (types.find((type) => !ALLOWED_TYPES.includes(type)) ?? '');
}

/** rest_are_values_equal(). */
function valuesEqual(a: unknown, b: unknown): boolean {
  const isArray = (value: unknown) => Array.isArray(value) || isPlainObject(value);
  if (isArray(a) && isArray(b)) {
    const left = Object.entries(a as PhpArray);
    const right = b as PhpArray;
    return left.length === Object.keys(right).length && left.every(([key, item]) => Object.hasOwn(right, key) && valuesEqual(item, right[key]));
  }
  return a === b;
}

/** rest_stabilize_value(): object keys sorted, so that equal objects serialize alike. */
function stabilized(value: unknown): PhpValue {
  if (Array.isArray(value)) return value.map(stabilized);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, stabilized(value[key])]));
  }
  return value as PhpValue;
}

/** rest_validate_array_contains_unique_items(). */
function hasUniqueItems(items: readonly unknown[]): boolean {
  const seen = new Set(items.map((item) => phpSerialize(stabilized(item))));
  return seen.size === items.length;
}

const patterns = new Map<string, RegExp | null>();

/** rest_validate_json_schema_pattern(): a PCRE pattern with the `u` flag; one that does not compile matches nothing. */
function matchesPattern(pattern: string, value: string): boolean {
  if (!patterns.has(pattern)) {
    let compiled: RegExp | null = null;
    for (const flags of ['u', '']) {
      try {
        compiled = new RegExp(pattern, flags);
        break;
      } catch {
        // JavaScript's `u` mode refuses some escapes PCRE accepts: try without it.
      }
    }
    patterns.set(pattern, compiled);
  }
  return patterns.get(pattern)?.test(value) ?? false;
}

/** The schema of an object's property: its own (`properties`), else the first matching `patternProperties`. */
function propertySchema(property: string, schema: ValueSchema): ValueSchema | undefined {
  if (schema.properties && Object.hasOwn(schema.properties, property)) return schema.properties[property];
  return Object.entries(schema.patternProperties ?? {}).find(([pattern]) => matchesPattern(pattern, property))?.[1];
}

// ---------------------------------------------------------------------------------------------
// Formats.

/** rest_parse_date(): RFC 3339, and a time strtotime() reads (the epoch itself counts as none). */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$/.test(value)) return false;
  const time = strtotimeUtc(value, 0);
  return time !== null && time !== 0;
}

const isHexColor = (value: string): boolean => /^#([A-Fa-f0-9]{3}){1,2}$/.test(value);

const IPV4 = /^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$/;

/** rest_is_ip_address(): IPv4, or IPv6 without a zone. */
const isIpAddress = (value: string): boolean => IPV4.test(value) || (!value.includes('%') && isIPv6(value));

/** wp_is_uuid(). */
const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

/** Whether `format` applies: only to strings, or (for backward compatibility) when the type is absent or unknown. */
const formatApplies = (schema: ValueSchema, type: string | undefined): boolean =>
  schema.format !== undefined && (type === undefined || type === 'string' || !ALLOWED_TYPES.includes(type));

function formatError(value: unknown, format: string, param: string): RestError | null {
  const text = phpString(value);
  switch (format) {
    case 'hex-color':
      return isHexColor(text) ? null : new RestError('rest_invalid_hex_color', __('Invalid hex color.'));
    case 'date-time':
      return isDate(text) ? null : new RestError('rest_invalid_date', __('Invalid date.'));
    case 'email':
      return isEmail(text) ? null : new RestError('rest_invalid_email', __('Invalid email address.'));
    case 'ip':
      return isIpAddress(text) ? null : new RestError('rest_invalid_ip', __('%s is not a valid IP address.', param));
    case 'uuid':
      return isUuid(text) ? null : new RestError('rest_invalid_uuid', __('%s is not a valid UUID.', param));
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Validation.

const invalidType = (param: string, type: string): RestError =>
  new RestError('rest_invalid_type', __('%1$s is not of type %2$s.', param, type), { param });

/** The schema with its `type` made single: the value's best type when several are allowed. */
function withType(schema: ValueSchema, type: string): ValueSchema {
  return { ...schema, type: type as WpType };
}

/**
 * rest_validate_value_from_schema(): true, or the error WordPress gives. `param` names the value
 * in messages (`tags[2]` for an item).
 */
export function validateValue(value: unknown, given: ValueSchema, param: string): true | RestError {
  let schema = given;
  for (const find of [schema.anyOf && findAnyMatching, schema.oneOf && findOneMatching]) {
    if (!find) continue;
    const matching = find(value, schema, param);
    if (matching instanceof RestError) return matching;
    if (schema.type === undefined && matching.type !== undefined) schema = { ...schema, type: matching.type };
  }
  if (Array.isArray(schema.type)) {
    const types: readonly string[] = schema.type;
    const type = typeFor(value, types);
    if (!type) return invalidType(param, types.join(','));
    schema = withType(schema, type);
  }
  const type = schema.type as string | undefined;
  const typeError = typeValidators[type ?? '']?.(value, schema, param) ?? null;
  if (typeError) return typeError;
  if (schema.enum?.length) {
    const enumError = notInEnum(value, schema, param);
    if (enumError) return enumError;
  }
  if (formatApplies(schema, type)) {
    const formatProblem = formatError(value, schema.format!, param);
    if (formatProblem) return formatProblem;
  }
  return true;
}

type TypeValidator = (value: unknown, schema: ValueSchema, param: string) => RestError | null;

const typeValidators: Record<string, TypeValidator> = {
  null: (value, _schema, param) => (value === null ? null : invalidType(param, 'null')),
  boolean: (value, _schema, param) => (isBooleanLike(value) ? null : invalidType(param, 'boolean')),
  object: objectError,
  array: arrayError,
  number: numberError,
  string: stringError,
  integer: (value, schema, param) => numberError(value, schema, param) ?? (isIntegerLike(value) ? null : invalidType(param, 'integer')),
};

function objectError(value: unknown, schema: ValueSchema, param: string): RestError | null {
  if (!isObjectLike(value)) return invalidType(param, 'object');
  const object = sanitizeObject(value);
  const requiredNames = Array.isArray(schema.required)
    ? schema.required as readonly string[]
    : Object.entries(schema.properties ?? {}).filter(([, property]) => property.required === true).map(([name]) => name);
  const absent = requiredNames.find((name) => !Object.hasOwn(object, name));
  if (absent !== undefined) {
    return new RestError('rest_property_required', __('%1$s is a required property of %2$s.', absent, param));
  }
  for (const [property, item] of Object.entries(object)) {
    const own = propertySchema(property, schema);
    if (own) {
      const valid = validateValue(item, own, `${param}[${property}]`);
      if (valid !== true) return valid;
    } else if (schema.additionalProperties === false) {
      return new RestError('rest_additional_properties_forbidden', __('%1$s is not a valid property of Object.', property));
    } else if (typeof schema.additionalProperties === 'object') {
      const valid = validateValue(item, schema.additionalProperties, `${param}[${property}]`);
      if (valid !== true) return valid;
    }
  }
  const count = Object.keys(object).length;
  if (schema.minProperties !== undefined && count < schema.minProperties) {
    return new RestError('rest_too_few_properties', _n(
      '%1$s must contain at least %2$s property.', '%1$s must contain at least %2$s properties.',
      schema.minProperties, param, numberFormatI18n(schema.minProperties)));
  }
  if (schema.maxProperties !== undefined && count > schema.maxProperties) {
    return new RestError('rest_too_many_properties', _n(
      '%1$s must contain at most %2$s property.', '%1$s must contain at most %2$s properties.',
      schema.maxProperties, param, numberFormatI18n(schema.maxProperties)));
  }
  return null;
}

function arrayError(value: unknown, schema: ValueSchema, param: string): RestError | null {
  if (!isArrayLike(value)) return invalidType(param, 'array');
  const items = sanitizeArray(value);
  if (schema.items) {
    for (const [index, item] of items.entries()) {
      const valid = validateValue(item, schema.items, `${param}[${index}]`);
      if (valid !== true) return valid;
    }
  }
  if (schema.minItems !== undefined && items.length < schema.minItems) {
    return new RestError('rest_too_few_items', _n(
      '%1$s must contain at least %2$s item.', '%1$s must contain at least %2$s items.',
      schema.minItems, param, numberFormatI18n(schema.minItems)));
  }
  if (schema.maxItems !== undefined && items.length > schema.maxItems) {
    return new RestError('rest_too_many_items', _n(
      '%1$s must contain at most %2$s item.', '%1$s must contain at most %2$s items.',
      schema.maxItems, param, numberFormatI18n(schema.maxItems)));
  }
  if (schema.uniqueItems && !hasUniqueItems(items)) return duplicateItems(param);
  return null;
}

const duplicateItems = (param: string): RestError => new RestError('rest_duplicate_items', __('%s has duplicate items.', param));

const outOfBounds = (message: Phrase): RestError => new RestError('rest_out_of_bounds', message);

function numberError(value: unknown, schema: ValueSchema, param: string): RestError | null {
  if (!isPhpNumeric(value)) return invalidType(param, String(schema.type));
  const number = phpFloat(value);
  const { minimum, maximum, multipleOf } = schema;
  if (multipleOf !== undefined && number % multipleOf !== 0) {
    return new RestError('rest_invalid_multiple', __('%1$s must be a multiple of %2$s.', param, phpString(multipleOf)));
  }
  const exclusiveMinimum = Boolean(schema.exclusiveMinimum);
  const exclusiveMaximum = Boolean(schema.exclusiveMaximum);
  const belowMinimum = minimum !== undefined && (exclusiveMinimum ? number <= minimum : number < minimum);
  const aboveMaximum = maximum !== undefined && (exclusiveMaximum ? number >= maximum : number > maximum);
  if (minimum !== undefined && maximum !== undefined) {
    if (!belowMinimum && !aboveMaximum) return null;
    if (exclusiveMinimum && exclusiveMaximum) {
      return outOfBounds(__('%1$s must be between %2$d (exclusive) and %3$d (exclusive)', param, minimum, maximum));
    }
    if (exclusiveMinimum) return outOfBounds(__('%1$s must be between %2$d (exclusive) and %3$d (inclusive)', param, minimum, maximum));
    if (exclusiveMaximum) return outOfBounds(__('%1$s must be between %2$d (inclusive) and %3$d (exclusive)', param, minimum, maximum));
    return outOfBounds(__('%1$s must be between %2$d (inclusive) and %3$d (inclusive)', param, minimum, maximum));
  }
  if (belowMinimum) {
    return outOfBounds(exclusiveMinimum
      ? __('%1$s must be greater than %2$d', param, minimum!)
      : __('%1$s must be greater than or equal to %2$d', param, minimum!));
  }
  if (aboveMaximum) {
    return outOfBounds(exclusiveMaximum
      ? __('%1$s must be less than %2$d', param, maximum!)
      : __('%1$s must be less than or equal to %2$d', param, maximum!));
  }
  return null;
}

function stringError(value: unknown, schema: ValueSchema, param: string): RestError | null {
  if (typeof value !== 'string') return invalidType(param, 'string');
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) {
    return new RestError('rest_too_short', _n(
      '%1$s must be at least %2$s character long.', '%1$s must be at least %2$s characters long.',
      schema.minLength, param, numberFormatI18n(schema.minLength)));
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    return new RestError('rest_too_long', _n(
      '%1$s must be at most %2$s character long.', '%1$s must be at most %2$s characters long.',
      schema.maxLength, param, numberFormatI18n(schema.maxLength)));
  }
  if (schema.pattern !== undefined && !matchesPattern(schema.pattern, value)) {
    return new RestError('rest_invalid_pattern', __('%1$s does not match pattern %2$s.', param, schema.pattern));
  }
  return null;
}

/** rest_validate_enum(): the sanitized value must equal one of the values. */
function notInEnum(value: unknown, schema: ValueSchema, param: string): RestError | null {
  const sanitized = sanitizeValue(value, schema, param);
  if (sanitized instanceof RestError) return sanitized;
  const values = schema.enum ?? [];
  if (values.some((candidate) => valuesEqual(sanitized, candidate))) return null;
  const written = values.map((candidate) => (isScalar(candidate) ? phpString(candidate) : phpJsonEncode(candidate)));
  return new RestError('rest_not_in_enum', written.length === 1
    ? __('%1$s is not %2$s.', param, written[0]!)
    : __('%1$s is not one of %2$l.', param, written));
}

// ---------------------------------------------------------------------------------------------
// anyOf and oneOf.

interface Mismatch {
  error: RestError;
  schema: ValueSchema;
  index: number;
}

/** The subschema, with the parent's type when it has none. */
const typedSubschema = (schema: ValueSchema, parent: ValueSchema): ValueSchema =>
  (schema.type === undefined && parent.type !== undefined ? { ...schema, type: parent.type } : schema);

/** rest_find_any_matching_schema(). */
function findAnyMatching(value: unknown, schema: ValueSchema, param: string): ValueSchema | RestError {
  const mismatches: Mismatch[] = [];
  for (const [index, option] of (schema.anyOf ?? []).entries()) {
    const candidate = typedSubschema(option, schema);
    const valid = validateValue(value, candidate, param);
    if (valid === true) return candidate;
    mismatches.push({ error: valid, schema: candidate, index });
  }
  return combiningError(value, param, mismatches);
}

/** rest_find_one_matching_schema(). */
function findOneMatching(value: unknown, schema: ValueSchema, param: string): ValueSchema | RestError {
  const matches: Array<{ schema: ValueSchema; index: number }> = [];
  const mismatches: Mismatch[] = [];
  for (const [index, option] of (schema.oneOf ?? []).entries()) {
    const candidate = typedSubschema(option, schema);
    const valid = validateValue(value, candidate, param);
    if (valid === true) matches.push({ schema: candidate, index });
    else mismatches.push({ error: valid, schema: candidate, index });
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

// ---------------------------------------------------------------------------------------------
// Sanitizing.

/** rest_sanitize_boolean(). */
function sanitizeBoolean(value: unknown): boolean {
  if (typeof value === 'string') return !['false', '0', ''].includes(value.toLowerCase());
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** PHP's (int) cast. */
function phpInt(value: unknown): number {
  const number = phpFloat(Array.isArray(value) || isPlainObject(value) ? Number(Object.keys(value).length > 0) : value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}

function sanitizeFormat(value: unknown, format: string): unknown {
  const text = phpString(value);
  switch (format) {
    case 'hex-color':
      return text === '' || isHexColor(text) ? text : '';
    case 'date-time':
    case 'email':
    case 'ip':
    case 'uuid':
    case 'text-field':
      return sanitizeTextField(text);
    case 'uri':
      return sanitizeUrl(text);
    case 'textarea-field':
      return sanitizeTextareaField(text);
    default:
      return undefined;
  }
}

/**
 * rest_sanitize_value_from_schema(): the value as the handler gets it, or an error (an array whose
 * items become equal once sanitized breaks `uniqueItems`).
 */
export function sanitizeValue(value: unknown, given: ValueSchema, param: string): unknown {
  let schema = given;
  let current = value;
  for (const find of [schema.anyOf && findAnyMatching, schema.oneOf && findOneMatching]) {
    if (!find) continue;
    const matching = find(current, schema, param);
    if (matching instanceof RestError) return matching;
    if (schema.type === undefined) schema = { ...schema, type: matching.type };
    current = sanitizeValue(current, matching, param);
    if (current instanceof RestError) return current;
  }
  if (Array.isArray(schema.type)) {
    const type = typeFor(current, schema.type);
    if (!type) return null;
    schema = withType(schema, type);
  }
  switch (schema.type as string | undefined) {
    case 'array':
      return sanitizedArray(current, schema, param);
    case 'object':
      return sanitizedObject(current, schema, param);
    case 'null':
      return null;
    case 'integer':
      return phpInt(current);
    case 'number':
      return phpFloat(current);
    case 'boolean':
      return sanitizeBoolean(current);
  }
  const type = schema.type as string | undefined;
  if (formatApplies(schema, type)) {
    const formatted = sanitizeFormat(current, schema.format!);
    if (formatted !== undefined) return formatted;
  }
  return type === 'string' ? phpString(current) : current;
}

function sanitizedArray(value: unknown, schema: ValueSchema, param: string): unknown[] | RestError {
  const items = sanitizeArray(value);
  const sanitized = schema.items ? items.map((item, index) => sanitizeValue(item, schema.items!, `${param}[${index}]`)) : items;
  if (schema.uniqueItems && !hasUniqueItems(sanitized)) return duplicateItems(param);
  return sanitized;
}

function sanitizedObject(value: unknown, schema: ValueSchema, param: string): PhpArray {
  const object = sanitizeObject(value);
  for (const [property, item] of Object.entries(object)) {
    const own = propertySchema(property, schema);
    if (own) object[property] = sanitizeValue(item, own, `${param}[${property}]`);
    else if (schema.additionalProperties === false) delete object[property];
    else if (typeof schema.additionalProperties === 'object') object[property] = sanitizeValue(item, schema.additionalProperties, `${param}[${property}]`);
  }
  return object;
}

/** rest_parse_request_arg(): validated, then sanitized. */
export function parseValue(value: unknown, schema: ValueSchema, param: string): { value: unknown } | RestError {
  const valid = validateValue(value, schema, param);
  if (valid !== true) return valid;
  const sanitized = sanitizeValue(value, schema, param);
  return sanitized instanceof RestError ? sanitized : { value: sanitized };
}
