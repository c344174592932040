// The argument schemas as ajv checks them: each WordPress schema converted once to the JSON schema
// that ajv checks the same way, compiled once, and the way back from ajv's errors to the schema
// the route declared.
import { Ajv, type ValidateFunction } from 'ajv';
import { CHECKED_FORMATS } from './formats.ts';
import { pcreLike } from './pcre-like.ts';
import { hasCombinators, knownTypes, type ValueSchema } from './value-schema.ts';

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, code: { regExp: pcreLike } });
for (const [name, { matches }] of Object.entries(CHECKED_FORMATS)) ajv.addFormat(name, { type: 'string', validate: matches });

type AjvSchema = Record<string, unknown>;

const converted = new WeakMap<ValueSchema, AjvSchema>();
const declared = new WeakMap<object, ValueSchema>();

/** The keywords that WordPress checks only on a value of the type they concern, ajv alike. */
const TYPED_KEYWORDS = [
  'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
] as const;

const mapValues = (record: Readonly<Record<string, ValueSchema>>): Record<string, AjvSchema> =>
  Object.fromEntries(Object.entries(record).map(([key, schema]) => [key, toAjv(schema)]));

/** The names an object must have: JSON schema 4's list, or schema 3's `required: true` on the properties. */
function requiredNames(schema: ValueSchema): readonly string[] {
  if (Array.isArray(schema.required)) return schema.required;
  return Object.entries(schema.properties ?? {}).filter(([, property]) => property.required === true).map(([name]) => name);
}

/** The keywords WordPress checks by the value's type. */
function typedKeywords(schema: ValueSchema): AjvSchema {
  const out: AjvSchema = {};
  for (const keyword of TYPED_KEYWORDS) if (schema[keyword] !== undefined) out[keyword] = schema[keyword];
  // WordPress's exclusiveMinimum/exclusiveMaximum are draft 4's flags on minimum/maximum.
  if (schema.minimum !== undefined) out[schema.exclusiveMinimum ? 'exclusiveMinimum' : 'minimum'] = schema.minimum;
  if (schema.maximum !== undefined) out[schema.exclusiveMaximum ? 'exclusiveMaximum' : 'maximum'] = schema.maximum;
  if (schema.items) out.items = toAjv(schema.items);
  if (schema.properties) out.properties = mapValues(schema.properties);
  if (schema.patternProperties) out.patternProperties = mapValues(schema.patternProperties);
  if (schema.additionalProperties === false) out.additionalProperties = false;
  else if (typeof schema.additionalProperties === 'object') out.additionalProperties = toAjv(schema.additionalProperties);
  const required = requiredNames(schema);
  if (required.length) out.required = required;
  return out;
}

/**
 * The JSON schema ajv checks a coerced value against. anyOf and oneOf are left to the caller
 * (WordPress names the matching schema in its messages); formats are WordPress's checked ones; a
 * schema without a known type is checked only for `enum` and `format`, as WordPress does.
 */
function toAjv(schema: ValueSchema): AjvSchema {
  let out = converted.get(schema);
  if (!out) {
    out = {};
    const typed = knownTypes(schema).length > 0;
    if (typed) out.type = schema.type;
    if (schema.enum?.length) out.enum = schema.enum;
    if (schema.format !== undefined && Object.hasOwn(CHECKED_FORMATS, schema.format)) out.format = schema.format;
    // After anyOf or oneOf, the matching schema's type stands for a missing one.
    if (typed || hasCombinators(schema)) Object.assign(out, typedKeywords(schema));
    converted.set(schema, out);
    declared.set(out, schema);
  }
  return out;
}

const validators = new WeakMap<ValueSchema, ValidateFunction>();

/** The compiled check of a schema, compiled on first use. */
export function validatorFor(schema: ValueSchema): ValidateFunction {
  let validator = validators.get(schema);
  if (!validator) {
    validator = ajv.compile(toAjv(schema));
    validators.set(schema, validator);
  }
  return validator;
}

/** The declared schema that ajv's (verbose) error names as its `parentSchema`. */
export function declaredSchema(ajvSchema: unknown): ValueSchema {
  const schema = declared.get(ajvSchema as object);
  if (!schema) throw new Error('ajv reported an error of a schema wpcal did not convert');
  return schema;
}
