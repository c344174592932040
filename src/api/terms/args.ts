// The arguments TEC declares on the term routes, in its declaration order (sample 01, conventions.md
// Appendix A), with TEC's validators (tribe-common Validator/Base.php).
import { DynamicDefault, type ArgSpec, type ArgSpecs } from '../args.ts';
import type { RestRequest } from '../context.ts';
import { isNonEmptyString, isPositiveInt } from '../../domain/values.ts';
import { isEventId } from '../common/arg-validators.ts';
import type { TaxonomyDefinition } from '../../domain/terms/definition.ts';
import { termsExist } from '../../domain/terms/lookup.ts';

export const MAX_PER_PAGE = 50;

/** TEC's per_page default: its legacy `posts_per_page` option, else WordPress's, else 20 (raw). */
function defaultPerPage(request: RestRequest): unknown {
  const tec = request.site.tec.posts_per_page;
  if (tec !== undefined && tec !== null && tec !== '' && tec !== false) return tec;
  return request.site.postsPerPage || 20;
}

function termOf(def: TaxonomyDefinition) {
  return (value: unknown, request: RestRequest) => termsExist(request.services.db.kysely, def, value);
}

export function listArgs(def: TaxonomyDefinition): ArgSpecs<RestRequest> {
  const args: ArgSpecs<RestRequest> = {
    page: { default: 1, description: 'The archive page to return', type: 'integer', validate: isPositiveInt, in: 'query' },
    per_page: {
      default: new DynamicDefault(defaultPerPage),
      description: `The number of ${def.plural} to return on each page`,
      type: 'integer',
      validate: isPositiveInt,
      sanitize: (value) => Math.min(MAX_PER_PAGE, Math.trunc(Number(value))),
      in: 'query',
    },
    search: { description: 'Limit results to those matching a string', type: 'string', validate: isNonEmptyString, in: 'query' },
    exclude: { description: 'Ensure result set exclude specific IDs', items: { type: 'integer' }, validate: termOf(def), in: 'query', swaggerType: 'array' },
    include: { description: 'Limit result set to specific IDs', items: { type: 'integer' }, validate: termOf(def), in: 'query', swaggerType: 'array' },
    order: { description: 'Order sort attribute ascending or descending', type: 'string', validate: isNonEmptyString, in: 'query' },
    orderby: { description: 'Sort collection by term attribute', type: 'string', validate: isNonEmptyString, in: 'query' },
    hide_empty: { description: 'Whether to hide terms not assigned to any posts', type: 'boolean', default: '1', in: 'query' },
  };
  if (def.hierarchical) {
    args.parent = { description: 'Limit result set to terms assigned to a specific parent', type: 'integer', validate: termOf(def), in: 'query' };
  }
  args.post = { description: 'Limit result set to terms assigned to a specific post', type: 'integer', validate: isEventId, in: 'query' };
  args.event = {
    description: 'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)',
    type: 'integer',
    validate: isEventId,
    in: 'query',
  };
  args.slug = { description: 'Limit result set to terms with a specific slug', type: 'string', validate: isNonEmptyString, in: 'query' };
  return args;
}

export function idArg(def: TaxonomyDefinition): ArgSpec<RestRequest> {
  return { type: 'integer', description: `the ${def.singular} term ID`, required: true, validate: termOf(def), in: 'path' };
}

/** Create (`name` required) and update (everything optional) arguments. */
export function writeArgs(def: TaxonomyDefinition, creating: boolean): ArgSpecs<RestRequest> {
  const args: ArgSpecs<RestRequest> = {
    name: { type: 'string', description: `The ${def.singular} name`, required: creating, validate: isNonEmptyString },
    description: { type: 'string', description: `The ${def.singular} description`, validate: isNonEmptyString },
    slug: { type: 'string', description: `The ${def.singular} slug`, validate: isNonEmptyString },
  };
  // "The event category slug" is what the plugin declares for `parent` (sic).
  if (def.hierarchical) args.parent = { type: 'integer', description: `The ${def.singular} slug`, validate: termOf(def) };
  return args;
}
