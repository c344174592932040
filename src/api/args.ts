// Route arguments, declared the way the plugin declares them, and WordPress's
// validate → sanitize pipeline over them (conventions.md §1.1, events.md §2.1–2.4).
import { RestError, invalidParamsError } from '../domain/errors.ts';
import { __ } from '../i18n/phrase.ts';
import type { Translator } from '../i18n/translator.ts';
import { parseValue, type ValueSchema } from './schema-validation.ts';

/** A default computed per request (e.g. the events list `start_date`). */
export class DynamicDefault<C> {
  constructor(readonly compute: (context: C) => unknown) {}
}

export type ValidationOutcome = boolean | RestError;

/**
 * One argument: its JSON-schema keywords, which the namespace index shows in the order they are
 * written and WordPress checks the value against, and wpcal's own keys, never shown.
 */
export interface ArgSpec<C = unknown> extends ValueSchema {
  description?: string;
  default?: unknown;
  required?: boolean;
  /** validate_callback: runs on the raw value (defaults included) when it is not null. */
  validate?: (value: unknown, context: C, name: string) => ValidationOutcome | Promise<ValidationOutcome>;
  /** sanitize_callback: replaces WordPress's check of the schema keywords when present. */
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

/** The merged request parameters, with a memory of which came from the client. */
export interface ParamSources {
  /** Values from JSON body, form body, query and path, first source winning, in that order. */
  supplied: Map<string, unknown>;
}

function missingParams(names: string[]): RestError {
  return RestError.withStatus('rest_missing_callback_param', __('Missing parameter(s): %s', names.join(', ')), 400, { params: names });
}

/** What processArgs reads of a route's arguments, sorted out once per route. */
interface ArgPlan<C> {
  withDefaults: Array<[string, ArgSpec<C>]>;
  required: string[];
  validated: Array<[string, ArgSpec<C>]>;
}

const plans = new WeakMap<ArgSpecs<never>, ArgPlan<never>>();

function planOf<C>(specs: ArgSpecs<C>): ArgPlan<C> {
  let plan = plans.get(specs as ArgSpecs<never>) as ArgPlan<C> | undefined;
  if (!plan) {
    const entries = Object.entries(specs);
    plan = {
      // WordPress collects defaults with isset(): a declared `default: null` is never applied.
      withDefaults: entries.filter(([, spec]) => spec.default !== undefined && spec.default !== null),
      required: entries.filter(([, spec]) => spec.required).map(([name]) => name),
      validated: entries.filter(([, spec]) => spec.validate),
    };
    plans.set(specs as ArgSpecs<never>, plan as ArgPlan<never>);
  }
  return plan;
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
  const plan = planOf(specs);
  const params = new Map(supplied);
  for (const [name, spec] of plan.withDefaults) {
    if (!params.has(name)) params.set(name, spec.default instanceof DynamicDefault ? spec.default.compute(context) : spec.default);
  }

  const missing = plan.required.filter((name) => params.get(name) === undefined || params.get(name) === null);
  if (missing.length) throw missingParams(missing);

  const invalid = new Map<string, RestError | null>();
  for (const [name, spec] of plan.validated) {
    const value = params.get(name);
    if (value === undefined || value === null) continue;
    const returned = spec.validate!(value, context, name);
    const outcome = returned instanceof Promise ? await returned : returned;
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
      // rest_parse_request_arg, WordPress's sanitize_callback for a typed argument.
      const checked = parseValue(value, spec, name);
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
