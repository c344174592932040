// PHP's view of a request value, as WordPress's REST schema functions see it. Values are what
// requests carry: strings from query strings and forms, and JSON's numbers, booleans, null, arrays
// and objects. PHP's arrays are JavaScript's arrays and plain objects.
import { formatPhpFloat } from '../../php/serialize.ts';
import { isNumeric as isNumericString, toFloat } from '../../text/php.ts';

export type PhpArray = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is PhpArray =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A PHP array key that PHP keeps as an integer. */
const INTEGER_KEY = /^(?:0|-?[1-9]\d*)$/;

/** PHP's string conversion of a scalar. */
export function phpString(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatPhpFloat(value);
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : 'Array';
}

export function isPhpNumeric(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isNaN(value);
  return typeof value === 'string' && isNumericString(value);
}

/** PHP's (float) cast. */
export function phpFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return toFloat(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return 0;
}

/** rest_is_integer(). */
const isIntegerLike = (value: unknown): boolean => isPhpNumeric(value) && Math.round(phpFloat(value)) === phpFloat(value);

/** rest_is_boolean(). */
export function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return ['false', 'true', '0', '1'].includes(value.toLowerCase());
  return value === 0 || value === 1;
}

/** rest_sanitize_boolean(). */
export function sanitizeBoolean(value: unknown): boolean {
  if (typeof value === 'string') return !['false', '0', ''].includes(value.toLowerCase());
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** rest_is_array(): a scalar is a list to parse; an array must have integer keys only. */
export function isArrayLike(value: unknown): boolean {
  if (isScalar(value) || Array.isArray(value)) return true;
  return isPlainObject(value) && Object.keys(value).every((key) => INTEGER_KEY.test(key));
}

/** rest_sanitize_array(), through wp_parse_list(). */
export function sanitizeArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isPlainObject(value)) return Object.values(value);
  if (!isScalar(value)) return [];
  return phpString(value).split(/[\s,]+/).filter((item) => item !== '');
}

/** rest_is_object(): '' and every PHP array, lists included. */
export const isObjectLike = (value: unknown): boolean => value === '' || Array.isArray(value) || isPlainObject(value);

/** rest_sanitize_object(). */
export function sanitizeObject(value: unknown): PhpArray {
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

/** rest_get_best_type_for_value(): '' when none fits. */
export function bestType(value: unknown, types: readonly string[]): string {
  if (value === '' && types.includes('string')) return 'string';
  return types.find((type) => IS_OF_TYPE[type]?.(value)) ?? '';
}
