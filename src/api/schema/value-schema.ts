// The JSON-schema keywords WordPress knows (rest_get_allowed_schema_keywords), as route arguments
// and their items and properties declare them.

export type WpType = 'integer' | 'number' | 'boolean' | 'string' | 'array' | 'object' | 'null';

const WP_TYPES: readonly string[] = ['array', 'object', 'string', 'number', 'integer', 'boolean', 'null'];

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

export const hasCombinators = (schema: ValueSchema): boolean => schema.anyOf !== undefined || schema.oneOf !== undefined;

/** The schema's types, when all are types WordPress knows; none when it has no type or an unknown one. */
export function knownTypes(schema: ValueSchema): readonly string[] {
  const types: readonly string[] = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
  return types.every((type) => WP_TYPES.includes(type)) ? types : [];
}
