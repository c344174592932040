// GET /wp-json/tribe/events/v1/doc (conventions.md §3), compared with the captured document.
import path from 'node:path';
import fs from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import type { RestRequest } from '../../src/api/context.ts';
import { respond, RouteRegistry } from '../../src/api/registry.ts';
import { buildDocument, registerDocRoute } from '../../src/api/doc/route.ts';
import { TEC_NAMESPACE } from '../../src/domain/urls.ts';
import { buildSettings } from '../../src/site/settings.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { SAMPLES } from '../support/plugin-samples.ts';

const SAMPLE_PATH = path.join(SAMPLES, '02-doc.txt');
// The captured site: the home URL the sample's `servers` entry was built from.
const SAMPLE_HOME = 'http://127.0.0.1:8881';

type Json = Record<string, any>;

function sampleBody(): Json {
  const capture = fs.readFileSync(SAMPLE_PATH, 'utf8');
  return JSON.parse(capture.slice(capture.search(/\r?\n\r?\n/)).trim());
}

/** Same values and, since JSON key order is part of the contract, the same key order. */
function expectSame(actual: unknown, expected: unknown): void {
  expect(actual).to.deep.equal(expected);
  expect(JSON.stringify(actual)).to.equal(JSON.stringify(expected));
}

const sample = sampleBody();

/**
 * The captured document with wpcal's deliberate corrections (README, Compatibility notes), which
 * make it a valid OpenAPI document: the server URL as clients reach it, only path-template names
 * `in: path` (and required), list answers as the envelope they are, and `geoloc_radius`.
 */
function corrected(original: Json): Json {
  const doc: Json = structuredClone(original);
  doc.servers = [{ url: `${SAMPLE_HOME}/wp-json/tribe/events/v1/` }];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    const inPath = new Set([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
    for (const operation of Object.values<Json>(item)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path') continue;
        if (inPath.has(parameter.name)) parameter.required = true;
        else parameter.in = 'query';
      }
      const schema = operation.responses?.['200']?.content?.['application/json']?.schema;
      if (schema?.type !== 'array') continue;
      operation.responses['200'].content['application/json'].schema = {
        type: 'object',
        properties: {
          [schema.title]: schema,
          rest_url: { type: 'string', description: 'This page of the list' },
          total: { type: 'integer', description: 'Items matching the request' },
          total_pages: { type: 'integer', description: 'Pages of items matching the request' },
        },
      };
    }
  }
  const list: Json[] = doc.paths['/events'].get.parameters;
  list.splice(list.findIndex((parameter) => parameter.name === 'geoloc_lng') + 1, 0, {
    in: 'query',
    schema: { type: 'number' },
    description: 'wpcal: the radius around geoloc_lat and geoloc_lng venues must lie within, in kilometres (default 50)',
    required: false,
    name: 'geoloc_radius',
  });
  return doc;
}

const expected = corrected(sample);

forEachDatabase('GET /doc', (kind) => {
  let t: TestServer;
  let doc: Json;
  before(async () => {
    t = await startTestServer(kind, { siteUrl: SAMPLE_HOME });
    const res = await t.request('GET', '/wp-json/tribe/events/v1/doc');
    expect(res.status).to.equal(200);
    doc = res.json;
  });
  after(async () => t.close());

  it('answers 200 JSON to anonymous clients, GET only', async () => {
    const res = await t.request('GET', '/wp-json/tribe/events/v1/doc');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
    expect(res.headers.get('allow')).to.equal('GET');
    const post = await t.request('POST', '/wp-json/tribe/events/v1/doc');
    expect(post.status).to.equal(404);
    expect(post.json.code).to.equal('rest_no_route');
  });

  it('is listed in the namespace index with no arguments', async () => {
    const res = await t.request('GET', '/wp-json/tribe/events/v1');
    const patterns = Object.keys(res.json.routes);
    expect(patterns.slice(0, 2)).to.deep.equal(['/tribe/events/v1', '/tribe/events/v1/doc']);
    expect(res.json.routes['/tribe/events/v1/doc']).to.deep.equal({
      namespace: 'tribe/events/v1',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: [] }],
      _links: { self: [{ href: `${SAMPLE_HOME}/wp-json/tribe/events/v1/doc` }] },
    });
  });

  it('has the sample top-level keys, in order', () => {
    expect(Object.keys(doc)).to.deep.equal(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(Object.keys(doc)).to.deep.equal(Object.keys(sample));
  });

  it('declares OpenAPI 3.0.0 with the sample info block', () => {
    expect(doc.openapi).to.equal('3.0.0');
    expectSame(doc.info, sample.info);
  });

  it('names the server as clients reach it: scheme, host, port and path of the site URL', () => {
    expectSame(doc.servers, [{ url: 'http://127.0.0.1:8881/wp-json/tribe/events/v1/' }]);
  });

  it('is a valid OpenAPI document (which the plugin\'s is not)', async () => {
    type OpenApi = Parameters<typeof SwaggerParser.validate>[0];
    await SwaggerParser.validate(structuredClone(doc) as unknown as OpenApi);
    const error = await SwaggerParser.validate(structuredClone(sample) as unknown as OpenApi).then(() => null, (failure: Error) => failure);
    expect(error?.message).to.contain('/paths/~1events~1{id}/get/parameters/1');
  });

  it('has exactly the sample component schemas', () => {
    expect(Object.keys(doc.components.schemas)).to.deep.equal([
      'ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer',
    ]);
    expect(doc.components.schemas.CostDetails.properties).to.have.property('currency_position ');
    expectSame(doc.components, sample.components);
  });

  it('documents /doc first, with only its response', () => {
    expect(Object.keys(doc.paths)[0]).to.equal('/doc');
    expectSame(doc.paths['/doc'], sample.paths['/doc']);
  });

  // These need the resource routes registered (events, venues, organizers, categories, tags).
  for (const path of Object.keys(sample.paths).filter((p) => p !== '/doc')) {
    it(`documents ${path} from the registered arguments`, () => {
      expectSame(doc.paths[path], expected.paths[path]);
    });
  }

  it('lists the paths in registration order and matches the whole sample, corrected', () => {
    expect(Object.keys(doc.paths)).to.deep.equal(Object.keys(sample.paths));
    expectSame(doc, expected);
  });
});

describe('/doc derivation from the registry', () => {
  const handler = async () => respond(null);
  const site = buildSettings(new Map(), 'http://127.0.0.1:8881');

  function registryWithVenues(): RouteRegistry<RestRequest> {
    const registry = new RouteRegistry<RestRequest>();
    registerDocRoute(registry);
    // Registered single-first on purpose: /doc follows the registry, not its own table.
    registry.add(TEC_NAMESPACE, '/venues/(?P<id>\\d+)', [
      { methods: ['GET'], args: { id: { type: 'integer', description: 'the id', required: true, in: 'path' } }, handler },
      { methods: ['DELETE'], args: { id: { type: 'integer', required: true, in: 'path' } }, handler },
      { methods: ['POST', 'PUT', 'PATCH'], args: { id: { type: 'integer', in: 'path' } }, handler },
    ]);
    registry.add(TEC_NAMESPACE, '/venues', [
      {
        methods: ['GET'],
        args: {
          untyped: { default: 'x', description: 'No type at all' },
          flag: { description: 'Shown as boolean', swaggerType: 'boolean' },
          ids: { items: { type: 'integer' }, swaggerType: 'array', csv: true, description: 'CSV ids' },
          bare: {},
        },
        handler,
      },
      {
        methods: ['POST'],
        args: {
          name: { type: 'string', description: 'The name', required: true },
          list: { items: { type: 'integer' }, swaggerType: 'array', description: 'A list' },
          cost: { description: 'Untyped' },
        },
        handler,
      },
    ]);
    return registry;
  }

  it('documents only registered routes, in registry order', () => {
    const doc = buildDocument(registryWithVenues(), site) as Json;
    expect(Object.keys(doc.paths)).to.deep.equal(['/doc', '/venues/{id}', '/venues']);
  });

  it('turns list arguments into query parameters: swagger type, string fallback, csv style, no-description text', () => {
    const doc = buildDocument(registryWithVenues(), site) as Json;
    expectSame(doc.paths['/venues'].get.parameters, [
      { in: 'query', schema: { type: 'string' }, description: 'No type at all', required: false, name: 'untyped' },
      { in: 'query', schema: { type: 'boolean' }, description: 'Shown as boolean', required: false, name: 'flag' },
      {
        in: 'query', schema: { type: 'array', items: { type: 'integer' } }, description: 'CSV ids', required: false,
        name: 'ids', style: 'form',
      },
      { in: 'query', schema: { type: 'string' }, description: 'No description provided', required: false, name: 'bare' },
    ]);
    expect(doc.paths['/venues']).to.have.all.keys('get');
  });

  it('documents post with the read arguments as parameters and the referenced create arguments as body', () => {
    const doc = buildDocument(registryWithVenues(), site) as Json;
    const item = doc.paths['/venues/{id}'];
    expect(Object.keys(item)).to.deep.equal(['get', 'post', 'delete']);
    const idParameter = { in: 'path', schema: { type: 'integer' }, description: 'the id', required: true, name: 'id' };
    expectSame(item.get.parameters, [idParameter]);
    expectSame(item.post.parameters, [idParameter]);
    expectSame(item.delete.parameters, [{ ...idParameter, description: 'No description provided' }]);
    expect(Object.keys(item.post)).to.deep.equal(['parameters', 'requestBody', 'responses']);
    expectSame(item.post.requestBody, {
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            properties: {
              name: { description: 'The name', type: 'string' },
              list: { description: 'A list', type: 'array', items: { type: 'integer' } },
              cost: { description: 'Untyped', type: 'string' },
            },
          },
        },
      },
    });
    expectSame(item.post.responses[201], {
      description: 'Returns the data of the created venue',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Venue' } } },
    });
  });

  it('refuses to document an endpoint the registry does not have', () => {
    const registry = new RouteRegistry<RestRequest>();
    registry.add(TEC_NAMESPACE, '/tags/(?P<id>\\d+)', [
      { methods: ['GET'], args: { id: { type: 'integer', in: 'path' } }, handler },
      { methods: ['DELETE'], args: { id: { type: 'integer', in: 'path' } }, handler },
    ]);
    expect(() => buildDocument(registry, site)).to.throw('/doc documents POST /tribe/events/v1/tags');
  });

  it('builds the server URL from the whole site URL and the REST base, plain permalinks too', () => {
    const plain = buildSettings(new Map([['permalink_structure', '']]), 'https://example.test:8443/blog');
    const doc = buildDocument(new RouteRegistry<RestRequest>(), plain) as Json;
    expect(doc.servers).to.deep.equal([{ url: 'https://example.test:8443/blog/index.php?rest_route=/tribe/events/v1/' }]);
  });
});
