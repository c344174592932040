// TEC's value checks (tribe-common Validator/Base.php) and the PHP value tests they rely on, used
// by the routes' arguments and by imports alike. Values arrive raw: arrays, numbers, NUL bytes.
// The checks that read the database are the routes' own (api/common/arg-validators.ts).
import { invalidParamsError, type RestError } from './errors.ts';
import { isNumeric as isNumericString } from '../text/php.ts';
import { isStrtotimeParseable } from '../time/parse.ts';
import { isValidTimezone } from '../time/zones.ts';
import { REGISTERED_STATUSES } from './post-types.ts';

/** The 400 a handler answers for values the validators could not judge alone (e.g. end before start). */
export function invalidParams(names: readonly string[]): RestError {
  return invalidParamsError(new Map(names.map((name) => [name, null])));
}

/** PHP empty(): also what TEC's array_filter drops. A JSON `{}` is PHP's empty array. */
export function isPhpEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '' || value === '0') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** PHP 8 is_numeric(). */
export function isNumeric(value: unknown): boolean {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && isNumericString(value));
}

/** is_positive_int: numeric, integral, > 0. */
export function isPositiveInt(value: unknown): boolean {
  return isNumeric(value) && Number.isInteger(Number(value)) && Number(value) > 0;
}

/** is_string: a string that is not empty in PHP's sense (so `"0"` fails too). */
export function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && value !== '0';
}

/** is_string_or_empty. */
export function isStringOrEmpty(value: unknown): boolean {
  return isPhpEmpty(value) || typeof value === 'string';
}

/** is_time: numeric or strtotime-parseable (a NUL byte never is). */
export function isTime(value: unknown): boolean {
  if (typeof value === 'string' && value.includes('\0')) return false;
  return (typeof value === 'string' || typeof value === 'number') && isStrtotimeParseable(value);
}

/** is_post_status: one of the registered statuses (`any` is not). */
export function isRegisteredStatus(value: unknown): boolean {
  return typeof value === 'string' && (REGISTERED_STATUSES as readonly string[]).includes(value);
}

/** is_timezone_or_empty. */
export function isTimezoneOrEmpty(value: unknown): boolean {
  if (isPhpEmpty(value)) return true;
  return typeof value === 'string' && !value.includes('\0') && isValidTimezone(value);
}

/** is_url_or_empty: empty, or what PHP FILTER_VALIDATE_URL accepts. */
export function isUrlOrEmpty(value: unknown): boolean {
  if (isPhpEmpty(value)) return true;
  if (typeof value !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return new URL(value).host !== '' || /^file:/i.test(value);
  } catch {
    return false;
  }
}

const TRUTHY_STRINGS = new Set(['1', 'enable', 'enabled', 'on', 'y', 'yes', 'true']);

/** tribe_is_truthy(): booleans as they are, listed strings (any case), other scalars cast to bool. */
export function isTribeTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return TRUTHY_STRINGS.has(value.toLowerCase());
  if (typeof value === 'number') return value !== 0;
  return false;
}
