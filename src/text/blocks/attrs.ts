// Block attributes as PHP holds them after json_decode(…, true): objects are arrays, and PHP's
// empty() decides what counts as set.

export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** PHP's empty() on a decoded JSON value. */
export function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return value === undefined || value === null || value === false || value === 0 || value === '' || value === '0';
}
