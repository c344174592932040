// The arguments of the venue and organizer routes (venues-organizers.md §4.1, §6, §7.1 and
// conventions.md Appendix A), in the plugin's declaration and key order, with TEC's validators.
import { userCan } from '../../auth/capabilities.ts';
import { DynamicDefault, type ArgSpec, type ArgSpecs, type ValidationOutcome } from '../args.ts';
import type { RestRequest } from '../context.ts';
import { RestError } from '../../domain/errors.ts';
import { findPostBySlug, getPost } from '../../data/posts.ts';
import { sanitizeTitle } from '../../text/sanitize.ts';
import { resolveImageInput } from '../../domain/images.ts';
import {
  isNonEmptyString, isPositiveInt, isRegisteredStatus, isStringOrEmpty, isTime, isUrlOrEmpty,
} from '../../domain/values.ts';
import { isEventId, isUserId } from '../common/arg-validators.ts';
import type { FieldCheck, LinkedPostDefinition } from '../../domain/linked-posts/definition.ts';
import { MAX_SEARCH_WORDS, searchWords } from './query.ts';
import { __ } from '../../i18n/phrase.ts';

type Spec = ArgSpec<RestRequest>;

/** Largest page the list routes serve. */
export const MAX_PER_PAGE = 50;

/** The list page size default: TEC's posts_per_page, else WordPress's (raw, as the index shows it). */
export function defaultPerPage(req: RestRequest): unknown {
  const tec = req.site.tec.posts_per_page;
  return tec !== undefined && tec !== null && tec !== '' ? tec : req.site.postsPerPage;
}

const FIELD_CHECKS: Record<FieldCheck, (value: unknown) => boolean> = {
  string_or_empty: isStringOrEmpty,
  url_or_empty: isUrlOrEmpty,
};

function fieldCheck(check: FieldCheck): (value: unknown) => boolean {
  return FIELD_CHECKS[check];
}

/** The `status` list as sent: a comma-separated string (spaces ignored) or an array. */
export function statusList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  return [value];
}

function canEditAny(definition: LinkedPostDefinition, req: RestRequest): boolean {
  return userCan(req.user, `edit_${definition.postType.plural}`);
}

/** get_page_by_path's reading of a slug: URL-decoded, re-encoded, sanitized for a query. */
export function slugForQuery(value: string): string {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // A malformed escape stays as it is, as urldecode leaves it.
  }
  const encoded = encodeURIComponent(decoded).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return sanitizeTitle(encoded);
}

/** is_string, with at most MAX_SEARCH_WORDS distinct words. */
function validSearch(value: unknown, _req: RestRequest, name: string): ValidationOutcome {
  if (!isNonEmptyString(value)) return false;
  return searchWords(value as string).length <= MAX_SEARCH_WORDS
    || new RestError('rest_invalid_param', __('%1$s has more than %2$d distinct words.', name, MAX_SEARCH_WORDS), { param: name });
}

export function listArgs(definition: LinkedPostDefinition): ArgSpecs<RestRequest> {
  const plural = definition.pluralLabel;
  return {
    page: { default: 1, description: 'The archive page to return', type: 'integer', validate: isPositiveInt, swaggerType: 'integer', in: 'query' },
    per_page: {
      default: new DynamicDefault(defaultPerPage),
      description: `The number of ${plural.toLowerCase()} to return on each page`,
      type: 'integer',
      validate: isPositiveInt,
      in: 'query',
    },
    search: {
      description: `${plural} should contain the specified string in the title, description or custom fields`,
      type: 'string',
      validate: validSearch,
      in: 'query',
    },
    event: { description: `${plural} should be related to this event`, type: 'integer', validate: isEventId, in: 'query' },
    has_events: { description: `${plural} should have events associated to them`, swaggerType: 'boolean', in: 'query' },
    only_with_upcoming: {
      description: `${plural} should have upcoming events associated to them`,
      default: false,
      swaggerType: 'boolean',
      in: 'query',
    },
    status: {
      format: 'string',
      description: 'The organizer post status',
      validate: (value, req) => {
        const statuses = statusList(value);
        if (!canEditAny(definition, req)) return statuses.length === 1 && statuses[0] === 'publish';
        return statuses.length > 0 && statuses.every(isRegisteredStatus);
      },
      swaggerType: 'string',
      in: 'query',
    },
  };
}

export function idArg(definition: LinkedPostDefinition): Spec {
  return {
    type: 'integer',
    description: `the ${definition.singular} post ID`,
    required: true,
    in: 'path',
    validate: async (value, req) => {
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text !== 'string' || !/^\s*\d+(\.\d*)?\s*$/.test(text)) return false;
      const post = await getPost(req.services.db.kysely, Math.trunc(Number(text)));
      return post?.post_type === definition.postType.type;
    },
  };
}

export function slugArg(definition: LinkedPostDefinition): Spec {
  return {
    type: 'string',
    description: `the ${definition.singular} post name`,
    required: true,
    in: 'path',
    validate: async (value, req) => {
      if (!isNonEmptyString(value)) return false;
      const slug = slugForQuery(String(value));
      if (slug === '') return false;
      return (await findPostBySlug(req.services.db.kysely, definition.postType.type, slug)) !== undefined;
    },
  };
}

/** One write argument, with `default: null` placed where the plugin declares it. */
function writeArg(type: 'string' | 'integer', withNullDefault: boolean, description: string, rest: Partial<Spec> = {}): Spec {
  return withNullDefault
    ? { type, default: null, description, in: 'body', ...rest }
    : { type, description, in: 'body', ...rest };
}

/** Create (`required` name) and update arguments; the path identifier is added by the caller. */
export function writeArgs(definition: LinkedPostDefinition, required: boolean): ArgSpecs<RestRequest> {
  const word = definition.singular;
  const postDefaults = definition.nullDefaultOnPostArgs;
  const args: ArgSpecs<RestRequest> = {
    author: writeArg('integer', postDefaults, `The ${word} author ID`, { validate: isUserId }),
    date: writeArg('string', postDefaults, `The ${word} publication date`, { validate: isTime }),
    date_utc: writeArg('string', postDefaults, `The ${word} publication date (UTC time zone)`, { validate: isTime }),
    [word]: writeArg('string', postDefaults, `The ${word} name`, { required, validate: isNonEmptyString }),
    description: writeArg('string', true, `The ${word} description`, { validate: isStringOrEmpty }),
    status: writeArg('string', postDefaults, `The ${word} post status`, { validate: isRegisteredStatus }),
  };
  if (definition.venueRules) {
    args.show_map = writeArg('string', true, `Whether events linked to the ${word} should show a map or not`);
    args.show_map_link = writeArg('string', true, `Whether events linked to the ${word} should show a map link or not`);
  }
  for (const name of definition.writeArgOrder) {
    const field = definition.fields.find((f) => f.name === name);
    if (!field) continue;
    args[name] = writeArg('string', true, field.description, { validate: fieldCheck(field.check) });
  }
  args.image = writeArg('string', true, 'The organizer featured image ID or URL', {
    validate: async (value, req) => (await resolveImageInput(req.services.db.kysely, value, req)).kind !== 'invalid',
  });
  return args;
}

/**
 * Whether an inline venue/organizer of an event write passes the create arguments (events.md
 * §6.1): the name present, every sent value accepted by its argument's validator.
 */
export async function isValidInline(definition: LinkedPostDefinition, req: RestRequest, values: ReadonlyMap<string, unknown>): Promise<boolean> {
  for (const [name, spec] of Object.entries(writeArgs(definition, true))) {
    const value = values.get(name);
    if (value === undefined || value === null) {
      if (spec.required) return false;
    } else if (spec.validate && (await spec.validate(value, req, name)) !== true) {
      return false;
    }
  }
  return true;
}

/** The page/per_page/status parameters as the list handler uses them. */
export function listStatuses(definition: LinkedPostDefinition, req: RestRequest): string[] {
  const sent = req.params.get('status');
  if (sent === undefined || sent === null) return [canEditAny(definition, req) ? 'any' : 'publish'];
  return statusList(sent).map(String);
}
