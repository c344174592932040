// The five term routes of one taxonomy (terms.md §2): list, create, read, update, delete.
import { userCan } from '../../auth/capabilities.ts';
import { param, type RestRequest } from '../context.ts';
import { RestError } from '../../domain/errors.ts';
import { respond, type RouteRegistry } from '../registry.ts';
import type { Reader } from '../../data/executor.ts';
import { deleteTerm, getTerm, type Term } from '../../data/terms.ts';
import { TEC_NAMESPACE } from '../../domain/urls.ts';
import { idArg, listArgs, writeArgs } from './args.ts';
import type { TaxonomyDefinition } from '../../domain/terms/definition.ts';
import { listTerms } from './list.ts';
import { presentTerm, presentTermWithLinks, termPaths, wpTermUrl, type TermContext } from './presenter.ts';
import { createTerm, editTerm, type TermInput } from '../../domain/terms/writes.ts';
import { __ } from '../../i18n/phrase.ts';

function contextOf(request: RestRequest): TermContext {
  return param(request, 'context') === 'embed' ? 'embed' : 'view';
}

/** The validated `id` argument's term (validation guarantees it exists). */
async function requestedTerm(db: Reader, request: RestRequest, def: TaxonomyDefinition): Promise<Term> {
  const term = await getTerm(db, def.taxonomy, Number(param(request, 'id')));
  if (!term) throw RestError.withStatus('rest_term_invalid', __('Term does not exist.'), 404);
  return term;
}

function termInput(request: RestRequest, def: TaxonomyDefinition): TermInput {
  // WordPress refuses `parent` on a flat taxonomy even though TEC does not declare it there.
  if (!def.hierarchical && request.params.get('parent') !== undefined && request.params.get('parent') !== null) {
    throw RestError.withStatus('rest_taxonomy_not_hierarchical', __('Cannot set parent term, taxonomy is not hierarchical.'), 400);
  }
  return {
    name: param<string>(request, 'name'),
    description: param<string>(request, 'description'),
    slug: param<string>(request, 'slug'),
    parent: def.hierarchical ? param<number>(request, 'parent') : undefined,
  };
}

export function registerTermRoutes(registry: RouteRegistry<RestRequest>, def: TaxonomyDefinition): void {
  /** can_create = can_edit = can_delete: edit_tribe_events and the taxonomy's manage_terms. */
  const canManage = (request: RestRequest) => userCan(request.user, 'edit_tribe_events') && userCan(request.user, def.manageCapability);

  registry.add(TEC_NAMESPACE, `/${def.restBase}`, [
    { methods: ['GET'], args: listArgs(def), handler: (request) => listTerms(request, def) },
    {
      methods: ['POST'],
      args: writeArgs(def, true),
      permission: canManage,
      handler: async (request) => {
        const input = termInput(request, def);
        const db = request.services.db.kysely;
        const term = await request.services.db.write((trx) => createTerm(trx, def, { ...input, name: input.name ?? '' }));
        const body = await presentTermWithLinks(db, request.site, def, term, request.user, contextOf(request));
        return respond(body, 201, { Location: wpTermUrl(request.site, def, term.term_id) });
      },
    },
  ]);

  registry.add(TEC_NAMESPACE, `/${def.restBase}/(?P<id>\\d+)`, [
    {
      methods: ['GET'],
      args: { id: idArg(def) },
      handler: async (request) => {
        const term = await requestedTerm(request.services.db.kysely, request, def);
        return respond(await presentTermWithLinks(request.services.db.kysely, request.site, def, term, request.user, contextOf(request)));
      },
    },
    {
      methods: ['POST', 'PUT', 'PATCH'],
      args: { id: idArg(def), ...writeArgs(def, false) },
      permission: canManage,
      handler: async (request) => {
        const input = termInput(request, def);
        const db = request.services.db.kysely;
        const term = await request.services.db.write(async (trx) => editTerm(trx, def, await requestedTerm(trx, request, def), input));
        return respond(await presentTermWithLinks(db, request.site, def, term, request.user, contextOf(request)));
      },
    },
    {
      methods: ['DELETE'],
      args: { id: idArg(def) },
      permission: canManage,
      handler: async (request) => {
        const db = request.services.db.kysely;
        const term = await requestedTerm(db, request, def);
        const paths = await termPaths(db, def, [term]);
        const body = presentTerm(request.site, def, term, paths.get(term.term_id)!, contextOf(request));
        await request.services.db.write((trx) => deleteTerm(trx, term));
        return respond(body);
      },
    },
  ]);
}
