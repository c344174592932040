// WordPress's checks of a typed argument (rest_validate_value_from_schema and
// rest_sanitize_value_from_schema in wp-includes/rest-api.php): every refusal with WordPress's code,
// message and data, the message in the request's language, its msgid core's own.
import path from 'node:path';
import { expect } from 'chai';
import { po } from 'gettext-parser';
import { parseValue, type ValueSchema } from '../../src/api/schema-validation.ts';
import { RestError } from '../../src/domain/errors.ts';
import { Catalog } from '../../src/i18n/catalog.ts';
import { Languages, SHIPPED_LANGUAGES } from '../../src/i18n/languages.ts';
import { Translator } from '../../src/i18n/translator.ts';
import { poText } from '../support/catalogs.ts';

type Refusal = [what: string, schema: ValueSchema, value: unknown, expected: { code: string; message: string; data?: unknown }];

const between = { type: 'integer', minimum: 1, maximum: 100 } as const;
const titled = (title: string, schema: ValueSchema): ValueSchema => ({ title, ...schema });

const REFUSALS: Refusal[] = [
  ['a word for an integer', { type: 'integer' }, 'abc', { code: 'rest_invalid_type', message: 'x is not of type integer.', data: { param: 'x' } }],
  ['a fraction for an integer', { type: 'integer' }, '1.5', { code: 'rest_invalid_type', message: 'x is not of type integer.', data: { param: 'x' } }],
  ['a value of none of several types', { type: ['integer', 'null'] }, 'abc', { code: 'rest_invalid_type', message: 'x is not of type integer,null.', data: { param: 'x' } }],
  ['a list for a string', { type: 'string' }, ['a'], { code: 'rest_invalid_type', message: 'x is not of type string.', data: { param: 'x' } }],
  ['an object for a list', { type: 'array' }, { a: 1 }, { code: 'rest_invalid_type', message: 'x is not of type array.', data: { param: 'x' } }],
  ['a number for an object', { type: 'object' }, 5, { code: 'rest_invalid_type', message: 'x is not of type object.', data: { param: 'x' } }],
  ['a string for null', { type: 'null' }, '', { code: 'rest_invalid_type', message: 'x is not of type null.', data: { param: 'x' } }],
  ['below a minimum', { type: 'integer', minimum: 1 }, '0', { code: 'rest_out_of_bounds', message: 'x must be greater than or equal to 1' }],
  ['at an exclusive minimum', { type: 'number', minimum: 1, exclusiveMinimum: true }, 1, { code: 'rest_out_of_bounds', message: 'x must be greater than 1' }],
  ['above a maximum', { type: 'number', maximum: 10 }, '10.5', { code: 'rest_out_of_bounds', message: 'x must be less than or equal to 10' }],
  ['at an exclusive maximum', { type: 'integer', maximum: 10, exclusiveMaximum: true }, 10, { code: 'rest_out_of_bounds', message: 'x must be less than 10' }],
  ['out of both bounds', between, '101', { code: 'rest_out_of_bounds', message: 'x must be between 1 (inclusive) and 100 (inclusive)' }],
  ['out of exclusive bounds', { ...between, exclusiveMinimum: true, exclusiveMaximum: true }, 100, { code: 'rest_out_of_bounds', message: 'x must be between 1 (exclusive) and 100 (exclusive)' }],
  ['at an exclusive lower bound', { ...between, exclusiveMinimum: true }, 1, { code: 'rest_out_of_bounds', message: 'x must be between 1 (exclusive) and 100 (inclusive)' }],
  ['at an exclusive upper bound', { ...between, exclusiveMaximum: true }, 100, { code: 'rest_out_of_bounds', message: 'x must be between 1 (inclusive) and 100 (exclusive)' }],
  ['bounds written as integers', { type: 'number', minimum: 1.5 }, 1, { code: 'rest_out_of_bounds', message: 'x must be greater than or equal to 1' }],
  ['not a multiple', { type: 'integer', multipleOf: 5 }, '7', { code: 'rest_invalid_multiple', message: 'x must be a multiple of 5.' }],
  ['not a multiple of a fraction', { type: 'number', multipleOf: 0.5 }, 0.3, { code: 'rest_invalid_multiple', message: 'x must be a multiple of 0.5.' }],
  ['too short', { type: 'string', minLength: 3 }, 'ab', { code: 'rest_too_short', message: 'x must be at least 3 characters long.' }],
  ['shorter than one character', { type: 'string', minLength: 1 }, '', { code: 'rest_too_short', message: 'x must be at least 1 character long.' }],
  ['too long (characters, not bytes)', { type: 'string', maxLength: 2 }, 'äöü', { code: 'rest_too_long', message: 'x must be at most 2 characters long.' }],
  ['longer than one character', { type: 'string', maxLength: 1 }, 'ab', { code: 'rest_too_long', message: 'x must be at most 1 character long.' }],
  ['a length written with separators', { type: 'string', minLength: 1000 }, 'a', { code: 'rest_too_short', message: 'x must be at least 1,000 characters long.' }],
  ['not matching a pattern', { type: 'string', pattern: '^[a-z]+$' }, 'AB', { code: 'rest_invalid_pattern', message: 'x does not match pattern ^[a-z]+$.' }],
  ['not a hex color', { type: 'string', format: 'hex-color' }, '#12', { code: 'rest_invalid_hex_color', message: 'Invalid hex color.' }],
  ['not an RFC 3339 date', { type: 'string', format: 'date-time' }, 'tomorrow', { code: 'rest_invalid_date', message: 'Invalid date.' }],
  ['a date PHP does not read', { type: 'string', format: 'date-time' }, '2024-13-45T10:00:00', { code: 'rest_invalid_date', message: 'Invalid date.' }],
  ['not an email address', { type: 'string', format: 'email' }, 'nobody', { code: 'rest_invalid_email', message: 'Invalid email address.' }],
  ['not an IP address', { type: 'string', format: 'ip' }, '999.1.1.1', { code: 'rest_invalid_ip', message: 'x is not a valid IP address.' }],
  ['not a UUID', { type: 'string', format: 'uuid' }, 'ABCDEF01-0000-0000-0000-000000000000', { code: 'rest_invalid_uuid', message: 'x is not a valid UUID.' }],
  ['not the one value', { type: 'string', enum: ['asc'] }, 'desc', { code: 'rest_not_in_enum', message: 'x is not asc.' }],
  ['none of two values', { type: 'string', enum: ['asc', 'desc'] }, 'up', { code: 'rest_not_in_enum', message: 'x is not one of asc and desc.' }],
  ['none of several values', { type: 'string', enum: ['view', 'embed', 'edit'] }, 'all', { code: 'rest_not_in_enum', message: 'x is not one of view, embed, and edit.' }],
  ['none of the values, a list among them', { type: ['integer', 'array'], enum: [1, true, [2]] }, 3, { code: 'rest_not_in_enum', message: 'x is not one of 1, 1, and [2].' }],
  ['an item of the wrong type', { type: 'array', items: { type: 'integer' } }, '4,a', { code: 'rest_invalid_type', message: 'x[1] is not of type integer.', data: { param: 'x[1]' } }],
  ['too few items', { type: 'array', minItems: 2 }, ['a'], { code: 'rest_too_few_items', message: 'x must contain at least 2 items.' }],
  ['fewer than one item', { type: 'array', minItems: 1 }, [], { code: 'rest_too_few_items', message: 'x must contain at least 1 item.' }],
  ['too many items', { type: 'array', maxItems: 1 }, 'a,b', { code: 'rest_too_many_items', message: 'x must contain at most 1 item.' }],
  ['duplicate items', { type: 'array', uniqueItems: true }, ['a', 'b', 'a'], { code: 'rest_duplicate_items', message: 'x has duplicate items.' }],
  ['items equal once sanitized', { type: 'array', items: { type: 'integer' }, uniqueItems: true }, [1, '1'], { code: 'rest_duplicate_items', message: 'x has duplicate items.' }],
  ['a missing property (schema 4)', { type: 'object', required: ['a'] }, {}, { code: 'rest_property_required', message: 'a is a required property of x.' }],
  ['a missing property (schema 3)', { type: 'object', properties: { a: { type: 'string', required: true } } }, { b: '' }, { code: 'rest_property_required', message: 'a is a required property of x.' }],
  ['a property not allowed', { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, { a: '', b: 1 }, { code: 'rest_additional_properties_forbidden', message: 'b is not a valid property of Object.' }],
  ['an additional property of the wrong type', { type: 'object', additionalProperties: { type: 'integer' } }, { b: 'z' }, { code: 'rest_invalid_type', message: 'x[b] is not of type integer.', data: { param: 'x[b]' } }],
  ['a property out of bounds', { type: 'object', properties: { a: { type: 'integer', minimum: 2 } } }, { a: 1 }, { code: 'rest_out_of_bounds', message: 'x[a] must be greater than or equal to 2' }],
  ['a pattern property of the wrong type', { type: 'object', patternProperties: { '^n_': { type: 'integer' } } }, { n_a: 'z' }, { code: 'rest_invalid_type', message: 'x[n_a] is not of type integer.', data: { param: 'x[n_a]' } }],
  ['too few properties', { type: 'object', minProperties: 2 }, { a: 1 }, { code: 'rest_too_few_properties', message: 'x must contain at least 2 properties.' }],
  ['too many properties', { type: 'object', maxProperties: 1 }, { a: 1, b: 2 }, { code: 'rest_too_many_properties', message: 'x must contain at most 1 property.' }],
  ['no schema of anyOf, one given', { anyOf: [{ type: 'string', minLength: 5 }] }, 'ab', {
    code: 'rest_no_matching_schema', message: 'x does not match the expected format. Reason: x must be at least 5 characters long.', data: { position: 0 },
  }],
  ['no titled schema of anyOf, one given', { anyOf: [titled('code', { type: 'string', minLength: 5 })] }, 'ab', {
    code: 'rest_no_matching_schema', message: 'x is not a valid code. Reason: x must be at least 5 characters long.', data: { position: 0 },
  }],
  ['no schema of anyOf, the telling one', { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 1 }] }, 'abc', {
    code: 'rest_no_matching_schema', message: 'x does not match the expected format. Reason: x must be at most 1 character long.', data: { position: 1 },
  }],
  ['no schema of anyOf', { anyOf: [{ type: 'integer' }, { type: 'boolean' }] }, 'abc', { code: 'rest_no_matching_schema', message: 'x does not match any of the expected formats.' }],
  ['no titled schema of oneOf', { oneOf: [titled('number', { type: 'integer' }), titled('flag', { type: 'boolean' })] }, 'abc', {
    code: 'rest_no_matching_schema', message: 'x is not a valid number and flag.',
  }],
  ['no object schema of anyOf: the one sharing most properties', {
    anyOf: [
      { type: 'object', properties: { a: { type: 'integer' } } },
      { type: 'object', properties: { b: { type: 'integer' }, c: { type: 'integer' } } },
    ],
  }, { a: 'q', b: 'z', c: 'y' }, {
    code: 'rest_no_matching_schema', message: 'x does not match the expected format. Reason: x[b] is not of type integer.', data: { position: 1 },
  }],
  ['two schemas of oneOf', { oneOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] }, 'abc', {
    code: 'rest_one_of_multiple_matches', message: 'x matches more than one of the expected formats.', data: { positions: [0, 1] },
  }],
  ['two titled schemas of oneOf', { oneOf: [titled('text', { type: 'string' }), titled('word', { type: 'string', pattern: '^\\w+$' })] }, 'abc', {
    code: 'rest_one_of_multiple_matches', message: 'x matches text and word, but should match only one.', data: { positions: [0, 1] },
  }],
];

// Values failing several checks: WordPress stops at the first it meets, in its order.
const FIRST_FAILURES: Refusal[] = [
  ['a fraction out of an integer\'s bounds: the bounds before the fraction', { type: 'integer', minimum: 1 }, '0.5', {
    code: 'rest_out_of_bounds', message: 'x must be greater than or equal to 1',
  }],
  ['a word for a bounded integer: the type first', { type: 'integer', minimum: 1 }, 'abc', { code: 'rest_invalid_type', message: 'x is not of type integer.', data: { param: 'x' } }],
  ['a number of none of several types, out of bounds too: the types first', { type: ['integer', 'null'], minimum: 5 }, 1.5, {
    code: 'rest_invalid_type', message: 'x is not of type integer,null.', data: { param: 'x' },
  }],
  ['a word for an integer of an enum: the type before the enum', { type: 'integer', enum: [1, 2] }, 'abc', {
    code: 'rest_invalid_type', message: 'x is not of type integer.', data: { param: 'x' },
  }],
  ['not a multiple and out of bounds: the multiple first', { type: 'integer', multipleOf: 5, maximum: 3 }, 7, { code: 'rest_invalid_multiple', message: 'x must be a multiple of 5.' }],
  ['too short and not matching: the length first', { type: 'string', minLength: 3, pattern: '^[a-z]+$' }, 'A', { code: 'rest_too_short', message: 'x must be at least 3 characters long.' }],
  ['too long and not matching: the length first', { type: 'string', maxLength: 1, pattern: '^[a-z]+$' }, 'AB', { code: 'rest_too_long', message: 'x must be at most 1 character long.' }],
  ['not matching and not in the enum: the pattern first', { type: 'string', pattern: '^[a-z]+$', enum: ['abc'] }, 'A', {
    code: 'rest_invalid_pattern', message: 'x does not match pattern ^[a-z]+$.',
  }],
  ['not in the enum and not an email address: the enum first', { type: 'string', enum: ['a@example.com'], format: 'email' }, 'nobody', {
    code: 'rest_not_in_enum', message: 'x is not a@example.com.',
  }],
  ['a pattern that does not compile, which matches nothing', { type: 'string', pattern: '(' }, 'a', { code: 'rest_invalid_pattern', message: 'x does not match pattern (.' }],
  ['a bad item and too few items: the item first', { type: 'array', items: { type: 'integer' }, minItems: 3 }, 'a', {
    code: 'rest_invalid_type', message: 'x[0] is not of type integer.', data: { param: 'x[0]' },
  }],
  ['several bad items: the first', { type: 'array', items: { type: 'string', maxLength: 1 } }, ['a', 'bb', 'ccc'], { code: 'rest_too_long', message: 'x[1] must be at most 1 character long.' }],
  ['too few items, repeated: the count first', { type: 'array', minItems: 3, uniqueItems: true }, ['a', 'a'], { code: 'rest_too_few_items', message: 'x must contain at least 3 items.' }],
  ['too many items, repeated: the count first', { type: 'array', maxItems: 1, uniqueItems: true }, 'a,a', { code: 'rest_too_many_items', message: 'x must contain at most 1 item.' }],
  ['an item of no schema of anyOf, before a later bad item', { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] } }, [1, 'abc', 'z'], {
    code: 'rest_no_matching_schema', message: 'x[1] does not match any of the expected formats.',
  }],
  ['an item of no schema, only its format checked', { type: 'array', items: { format: 'uuid', minLength: 99 } }, 'zz', { code: 'rest_invalid_uuid', message: 'x[0] is not a valid UUID.' }],
  ['a number for an item of no schema, its format checked on the number written out', { type: 'array', items: { format: 'uuid' } }, [5], {
    code: 'rest_invalid_uuid', message: 'x[0] is not a valid UUID.',
  }],
  ['an item of no schema of anyOf and too short: anyOf first', { type: 'array', items: { type: 'string', minLength: 3, anyOf: [{ pattern: '^a' }] } }, ['b'], {
    code: 'rest_no_matching_schema', message: 'x[0] does not match the expected format. Reason: x[0] does not match pattern ^a.', data: { position: 0 },
  }],
  ['two missing properties: the first required', { type: 'object', required: ['a', 'b'] }, {}, { code: 'rest_property_required', message: 'a is a required property of x.' }],
  ['a missing property and a bad one: the missing first', { type: 'object', required: ['a'], properties: { b: { type: 'integer' } }, minProperties: 3 }, { b: 'z' }, {
    code: 'rest_property_required', message: 'a is a required property of x.',
  }],
  ['a property not allowed before a bad one', { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }, { b: 1, a: 'z' }, {
    code: 'rest_additional_properties_forbidden', message: 'b is not a valid property of Object.',
  }],
  ['a bad property before one not allowed', { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }, { a: 'z', b: 1 }, {
    code: 'rest_invalid_type', message: 'x[a] is not of type integer.', data: { param: 'x[a]' },
  }],
  ['a bad property and too many: the property first', { type: 'object', additionalProperties: { type: 'integer' }, maxProperties: 1 }, { a: 'z', b: 1 }, {
    code: 'rest_invalid_type', message: 'x[a] is not of type integer.', data: { param: 'x[a]' },
  }],
];

function refusal(schema: ValueSchema, value: unknown): RestError {
  const result = parseValue(value, schema, 'x');
  if (result instanceof RestError) return result;
  throw new Error(`accepted ${JSON.stringify(value)} as ${JSON.stringify(result.value)}`);
}

const ACCEPTED: Array<[what: string, schema: ValueSchema, value: unknown, sanitized: unknown]> = [
  ['a numeric string as an integer', { type: 'integer', minimum: 1 }, ' 5', 5],
  ['an integral float string as an integer', { type: 'integer' }, '1e3', 1000],
  ['a numeric string as a number', { type: 'number', maximum: 2 }, '1.5', 1.5],
  ['a boolean word', { type: 'boolean' }, 'FALSE', false],
  ['a comma list', { type: 'array', items: { type: 'integer' }, minItems: 2, uniqueItems: true }, '3, 4', [3, 4]],
  ['an object with integer keys as a list', { type: 'array', items: { type: 'string' } }, { 0: 'a', 1: 'b' }, ['a', 'b']],
  ['an object, extra properties dropped', { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }, { a: '2' }, { a: 2 }],
  ['a value of the first type that fits', { type: ['integer', 'string'] }, '7', 7],
  ['a string that also reads as a list', { type: ['array', 'string'] }, '', ''],
  ['an enum value once sanitized', { type: 'integer', enum: [1, 2] }, '2', 2],
  ['an enum list', { type: 'array', items: { type: 'integer' }, enum: [[1, 2]] }, '1,2', [1, 2]],
  ['a format on another type', { type: 'integer', format: 'email' }, 5, 5],
  ['a date in RFC 3339', { type: 'string', format: 'date-time' }, '2024-01-01T10:00:00+02:00', '2024-01-01T10:00:00+02:00'],
  ['an IPv6 address', { type: 'string', format: 'ip' }, '::1', '::1'],
  ['a UUID', { type: 'string', format: 'uuid' }, 'abcdef01-0000-4000-8000-000000000000', 'abcdef01-0000-4000-8000-000000000000'],
  ['a text field, tags and runs of spaces taken out', { type: 'string', format: 'text-field' }, ' <b>a</b>   b\n', 'a b'],
  ['a textarea field, line breaks kept', { type: 'string', format: 'textarea-field' }, '<i>a</i>\n\nb ', 'a\n\nb'],
  ['a URI, escaped', { type: 'string', format: 'uri' }, 'example.com/a b', 'http://example.com/a%20b'],
  ['a string matching a pattern', { type: 'string', pattern: '^\\p{Lu}' }, 'Äb', 'Äb'],
  ['a string equal to a value of the enum once its format sanitizes it', { type: 'string', format: 'text-field', enum: ['a'] }, ' <b>a</b> ', 'a'],
  ['a pattern that JavaScript reads only without the u flag', { type: 'string', pattern: '^\\-a$' }, '-a', '-a'],
  ['items of no schema, unchecked but for enum and format', { type: 'array', items: { minLength: 5 } }, 'a', ['a']],
  ['items each of the schema of anyOf it matches', { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] } }, '1,true', [1, true]],
  ['a value matching one schema of oneOf', { oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^[a-z]+$' }] }, 'abc', 'abc'],
];

describe('WordPress\'s checks of the schema keywords', () => {
  for (const [what, schema, value, expected] of REFUSALS) {
    it(`refuses ${what}`, () => {
      expect(refusal(schema, value).toJSON()).to.deep.equal({ data: null, ...expected });
    });
  }

  for (const [what, schema, value, expected] of FIRST_FAILURES) {
    it(`refuses ${what}`, () => {
      expect(refusal(schema, value).toJSON()).to.deep.equal({ data: null, ...expected });
    });
  }

  for (const [what, schema, value, sanitized] of ACCEPTED) {
    it(`accepts ${what}`, () => {
      expect(parseValue(value, schema, 'x')).to.deep.equal({ value: sanitized });
    });
  }
});

describe('the messages of the schema keywords in other languages', () => {
  const languages = new Languages();
  const inLanguage = (locale: string, schema: ValueSchema, value: unknown): string => refusal(schema, value).toJSON(languages.translator(locale)).message;

  it('are translated by the shipped catalogs, counts and lists written as the language writes them', () => {
    expect(inLanguage('de_DE', between, 0)).to.equal('x muss zwischen 1 (einschließlich) und 100 (einschließlich) liegen');
    expect(inLanguage('de_DE', { type: 'string', minLength: 1000 }, 'a')).to.equal('x muss mindestens 1.000 Zeichen lang sein.');
    expect(inLanguage('de_DE', { type: 'string', enum: ['view', 'embed', 'edit'] }, 'all')).to.equal('x ist keiner der Werte view, embed und edit.');
    expect(inLanguage('it_IT', { type: 'array', minItems: 2 }, 'a')).to.equal('x deve contenere almeno 2 elementi.');
    expect(inLanguage('nl_NL', { anyOf: [{ type: 'string', minLength: 5 }] }, 'ab'))
      .to.equal('x komt niet overeen met het verwachte formaat. Reden: x moet minstens 5 tekens lang zijn.');
  });

  it('take the plural form the language gives the count (French: one for 0 and 1)', () => {
    expect(inLanguage('fr_FR', { type: 'array', maxItems: 0 }, 'a')).to.equal('x doit contenir au plus 0 élément.');
    expect(inLanguage('fr_FR', { type: 'array', maxItems: 2 }, 'a,b,c')).to.equal('x doit contenir au plus 2 éléments.');
    expect(inLanguage('pt_BR', { type: 'string', maxLength: 1 }, 'ab')).to.equal('x deve ter no máximo 1 caractere.');
    expect(inLanguage('es_ES', { type: 'string', maxLength: 1 }, 'ab')).to.equal('x debe tener como máximo 1 carácter.');
  });

  it('write a French thousands separator as WordPress does (a space kept from wrapping)', () => {
    expect(inLanguage('fr_FR', { type: 'string', maxLength: 1500 }, 'a'.repeat(1501))).to.equal('x doit comporter au plus 1&nbsp;500 caractères.');
  });

  // WordPress's own msgids, as wp-includes/rest-api.php and wp_sprintf_l()/WP_Locale write them.
  const CORE_MSGIDS = [
    '%1$s is not of type %2$s.', '%1$s must be greater than %2$d', '%1$s must be greater than or equal to %2$d',
    '%1$s must be less than %2$d', '%1$s must be less than or equal to %2$d',
    '%1$s must be between %2$d (exclusive) and %3$d (exclusive)', '%1$s must be between %2$d (exclusive) and %3$d (inclusive)',
    '%1$s must be between %2$d (inclusive) and %3$d (exclusive)', '%1$s must be between %2$d (inclusive) and %3$d (inclusive)',
    '%1$s must be a multiple of %2$s.', '%1$s does not match pattern %2$s.', 'Invalid hex color.', 'Invalid date.',
    'Invalid email address.', '%s is not a valid IP address.', '%s is not a valid UUID.', '%1$s is not %2$s.',
    '%1$s is not one of %2$l.', '%s has duplicate items.', '%1$s is a required property of %2$s.',
    '%1$s is not a valid property of Object.', '%1$s is not a valid %2$s. Reason: %3$s',
    '%1$s does not match the expected format. Reason: %2$s', '%1$s is not a valid %2$l.',
    '%s does not match any of the expected formats.', '%1$s matches %2$l, but should match only one.',
    '%s matches more than one of the expected formats.',
  ];
  const CORE_PLURALS = [
    ['%1$s must be at least %2$s character long.', '%1$s must be at least %2$s characters long.'],
    ['%1$s must be at most %2$s character long.', '%1$s must be at most %2$s characters long.'],
    ['%1$s must contain at least %2$s item.', '%1$s must contain at least %2$s items.'],
    ['%1$s must contain at most %2$s item.', '%1$s must contain at most %2$s items.'],
    ['%1$s must contain at least %2$s property.', '%1$s must contain at least %2$s properties.'],
    ['%1$s must contain at most %2$s property.', '%1$s must contain at most %2$s properties.'],
  ];

  it('are core\'s msgids: a WordPress language pack of the locale translates every one, before the shipped catalog', () => {
    const corePack = new Catalog(po.parse(poText('nplurals=2; plural=(n != 1);', [
      ...CORE_MSGIDS.map((id) => ({ id, str: [`«${id}»`] })),
      ...CORE_PLURALS.map(([id, plural]) => ({ id: id!, plural, str: [`«${id}»`, `«${plural}»`] })),
    ])), 'de_DE.po');
    const shipped = Catalog.read(path.join(SHIPPED_LANGUAGES, 'wpcal-de_DE.po'));
    const translator = new Translator('de_DE', [corePack, shipped]);
    for (const [what, schema, value] of REFUSALS) {
      const message = refusal(schema, value).toJSON(translator).message;
      expect(message, what).to.match(/^«.*»$/s);
    }
    expect(refusal(between, 0).toJSON(translator).message).to.equal('«x must be between 1 (inclusive) and 100 (inclusive)»');
  });
});
