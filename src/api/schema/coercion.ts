// WordPress's type juggling of a request value (rest_validate_value_from_schema() reads '5' as an
// integer and 'a,b' as a list; rest_sanitize_value_from_schema() then casts): the value made of the
// type its schema says, where it can be, for ajv to check and for the handler to get.
import { RestError } from '../../domain/errors.ts';
import { CHECKED_FORMATS, sanitizeFormat } from './formats.ts';
import { pcreLike } from './pcre-like.ts';
import {
  bestType, isArrayLike, isBooleanLike, isObjectLike, isPhpNumeric, phpFloat, phpString, sanitizeArray, sanitizeBoolean, sanitizeObject,
} from './php-values.ts';
import { hasCombinators, knownTypes, type ValueSchema } from './value-schema.ts';

/** What anyOf and oneOf matched: the matching schemas, and the schema with the matching type. */
export interface Resolution {
  matching: readonly ValueSchema[];
  schema: ValueSchema;
}

/** A refusal of a part of the value, where ajv does not look. */
export interface Located {
  path: readonly string[];
  error: RestError;
}

export interface Juggling {
  /** `check`: what ajv checks (strings as sent); `sanitize`: what the handler gets (strings sanitized by their format). */
  mode: 'check' | 'sanitize';
  /** anyOf and oneOf, which WordPress answers with messages of its own. */
  resolve: (value: unknown, schema: ValueSchema, param: string) => Resolution | RestError;
  refusals: Located[];
}

/** The schema of an object's property: its own (`properties`), else the first matching `patternProperties`, else `additionalProperties`. */
function propertySchema(property: string, schema: ValueSchema): ValueSchema | undefined {
  if (schema.properties && Object.hasOwn(schema.properties, property)) return schema.properties[property];
  const byPattern = Object.entries(schema.patternProperties ?? {}).find(([pattern]) => pcreLike(pattern, 'u').test(property));
  if (byPattern) return byPattern[1];
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** A value without a type WordPress knows: only its format, if any, concerns WordPress, which reads it as a string. */
function untyped(value: unknown, schema: ValueSchema, juggling: Juggling): unknown {
  if (schema.format === undefined) return value;
  if (juggling.mode === 'sanitize') return sanitizeFormat(phpString(value), schema.format) ?? value;
  return Object.hasOwn(CHECKED_FORMATS, schema.format) ? phpString(value) : value;
}

/** The value as its schema's type makes it, or the value itself when it is not of that type. */
export function juggle(value: unknown, given: ValueSchema, param: string, juggling: Juggling, path: readonly string[] = []): unknown {
  let schema = given;
  let current = value;
  if (hasCombinators(schema)) {
    const resolution = juggling.resolve(current, schema, param);
    if (resolution instanceof RestError) {
      juggling.refusals.push({ path, error: resolution });
      return current;
    }
    // WordPress sanitizes by the matching schema, then by the schema itself.
    if (juggling.mode === 'sanitize') for (const matching of resolution.matching) current = juggle(current, matching, param, juggling, path);
    schema = resolution.schema;
  }
  const types = knownTypes(schema);
  const part = (item: unknown, key: string, itemSchema: ValueSchema | undefined): unknown =>
    (itemSchema ? juggle(item, itemSchema, `${param}[${key}]`, juggling, [...path, key]) : item);
  switch (types.length > 1 ? bestType(current, types) : types[0]) {
    case 'integer':
    case 'number':
      return isPhpNumeric(current) ? phpFloat(current) : current;
    case 'boolean':
      return isBooleanLike(current) ? sanitizeBoolean(current) : current;
    case 'array':
      return isArrayLike(current) ? sanitizeArray(current).map((item, index) => part(item, String(index), schema.items)) : current;
    case 'object':
      if (!isObjectLike(current)) return current;
      return Object.fromEntries(Object.entries(sanitizeObject(current)).map(([key, item]) => [key, part(item, key, propertySchema(key, schema))]));
    case 'string':
      if (juggling.mode === 'check' || typeof current !== 'string' || schema.format === undefined) return current;
      return sanitizeFormat(current, schema.format) ?? current;
    case undefined:
      return untyped(current, schema, juggling);
    default:
      // null, or a value of none of the types.
      return current;
  }
}
