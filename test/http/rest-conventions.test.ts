// WordPress REST conventions every route inherits (conventions.md §1, §2, §4, §6).
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const NS = '/wp-json/tribe/events/v1';

forEachDatabase('REST conventions', (kind) => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(kind);
  });
  after(async () => t.close());

  it('serves the namespace index with its own route and an up link', async () => {
    const res = await t.request('GET', NS);
    expect(res.status).to.equal(200);
    expect(res.json.namespace).to.equal('tribe/events/v1');
    expect(res.json.routes['/tribe/events/v1']).to.deep.equal({
      namespace: 'tribe/events/v1',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: {
        namespace: { default: 'tribe/events/v1', required: false },
        context: { default: 'view', required: false },
      } }],
      _links: { self: [{ href: `${t.url}/wp-json/tribe/events/v1` }] },
    });
    expect(res.json._links).to.deep.equal({ up: [{ href: `${t.url}/wp-json/` }] });
  });

  it('refuses array values for the namespace index arguments with a 400 (the plugin crashes)', async () => {
    for (const [name, query] of [['namespace', 'namespace[x][y]=1'], ['namespace', 'namespace[]=a'], ['context', 'context[x][y]=1']]) {
      const res = await t.request('GET', `${NS}?${query}`);
      expect(res.status, query).to.equal(400);
      expect(res.json).to.deep.equal({
        code: 'rest_invalid_param', message: `Invalid parameter(s): ${name}`,
        data: { status: 400, params: { [name]: 'Invalid parameter.' }, details: [] },
      });
    }
  });

  it('refuses a JSON body whose top level is not an object with a 400 (the plugin crashes)', async () => {
    for (const body of ['true', '1e308', '[1]', '"text"']) {
      const res = await t.request('POST', `${NS}/events`, { body });
      expect(res.status, body).to.equal(400);
      expect(res.json, body).to.deep.equal({
        code: 'rest_invalid_json', message: 'Invalid JSON body passed.',
        data: { status: 400, json_error_code: 4, json_error_message: 'The JSON body must be an object.' },
      });
    }
  });

  it('writes JSON the way PHP json_encode does (escaped slashes)', async () => {
    const res = await t.request('GET', NS);
    expect(res.text).to.contain('"namespace":"tribe\\/events\\/v1"');
    expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
  });

  it('sends WordPress headers on every response', async () => {
    const res = await t.request('GET', NS);
    expect(res.headers.get('x-robots-tag')).to.equal('noindex');
    expect(res.headers.get('link')).to.equal(`<${t.url}/wp-json/>; rel="https://api.w.org/"`);
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('access-control-allow-headers'))
      .to.equal('Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type');
    expect(res.headers.get('access-control-expose-headers')).to.contain('X-TEC-Total');
    expect(res.headers.get('allow')).to.equal('GET');
    expect(res.headers.get('vary')).to.equal('Origin');
    expect(res.headers.get('cache-control')).to.equal(null);
  });

  it('serves the root index listing the namespace and its routes', async () => {
    const res = await t.request('GET', '/wp-json/');
    expect(res.status).to.equal(200);
    expect(Object.keys(res.json).slice(0, 9)).to.deep.equal([
      'name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'namespaces', 'authentication', 'routes',
    ]);
    expect(res.json.namespaces).to.include('tribe/events/v1');
    expect(res.json.routes).to.have.property('/tribe/events/v1');
    expect(res.json.routes['/'].namespace).to.equal('');
    expect(res.json.authentication['application-passwords'].endpoints.authorization)
      .to.equal(`${t.url}/wp-admin/authorize-application.php`);
  });

  it('answers unknown routes and wrong methods with rest_no_route 404', async () => {
    const expected = { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } };
    for (const [method, path] of [['GET', `${NS}/nothing-here`], ['DELETE', NS], ['GET', '/wp-json/other/v2']]) {
      const res = await t.request(method, path);
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect(res.json).to.deep.equal(expected);
    }
  });

  it('matches routes case-insensitively and ignores a trailing slash', async () => {
    const res = await t.request('GET', '/wp-json/TRIBE/Events/v1/');
    expect(res.status).to.equal(200);
    expect(res.json.namespace).to.equal('tribe/events/v1');
    expect(res.json.routes).to.have.property('/tribe/events/v1/events');
  });

  it('accepts the ?rest_route= form', async () => {
    const res = await t.request('GET', '/?rest_route=/tribe/events/v1');
    expect(res.status).to.equal(200);
    expect(res.json.namespace).to.equal('tribe/events/v1');
    const viaIndex = await t.request('GET', '/index.php?rest_route=%2Ftribe%2Fevents%2Fv1');
    expect(viaIndex.json.namespace).to.equal('tribe/events/v1');
  });

  it('wraps the response with _envelope', async () => {
    const res = await t.request('GET', `${NS}/nothing?_envelope=1`);
    expect(res.status).to.equal(200);
    expect(res.json.status).to.equal(404);
    expect(res.json.body.code).to.equal('rest_no_route');
    expect(res.json.headers).to.deep.equal([]);
    const matched = await t.request('GET', `${NS}?_envelope`);
    expect(matched.json.status).to.equal(200);
    expect(matched.json.headers).to.deep.equal({ Allow: 'GET' });
    expect(matched.headers.get('allow')).to.equal(null);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.request('HEAD', NS);
    expect(res.status).to.equal(200);
    expect(res.text).to.equal('');
    expect(res.headers.get('allow')).to.equal('GET');
  });

  it('answers OPTIONS with the route description, and [] for unknown paths', async () => {
    const res = await t.request('OPTIONS', NS);
    expect(res.status).to.equal(200);
    expect(res.json.methods).to.deep.equal(['GET']);
    expect(res.headers.get('allow')).to.equal('GET');
    const unknown = await t.request('OPTIONS', `${NS}/nope`);
    expect(unknown.status).to.equal(200);
    expect(unknown.json).to.deep.equal([]);
  });

  it('adds CORS headers for an Origin', async () => {
    const res = await t.request('GET', NS, { headers: { Origin: 'https://app.example' } });
    expect(res.headers.get('access-control-allow-origin')).to.equal('https://app.example');
    expect(res.headers.get('access-control-allow-methods')).to.equal('OPTIONS, GET, POST, PUT, PATCH, DELETE');
    expect(res.headers.get('access-control-allow-credentials')).to.equal('true');
  });

  it('supports JSONP and refuses bad callback names', async () => {
    const ok = await t.request('GET', `${NS}?_jsonp=cb.fn`);
    expect(ok.headers.get('content-type')).to.equal('application/javascript; charset=UTF-8');
    expect(ok.text.startsWith('/**/cb.fn({"namespace"')).to.equal(true);
    const bad = await t.request('GET', `${NS}?_jsonp=alert(1)`);
    expect(bad.status).to.equal(400);
    expect(bad.text).to.equal('{"code":"rest_callback_invalid","message":"Invalid JSONP callback function."}');
  });

  it('filters the body with _fields', async () => {
    const res = await t.request('GET', `${NS}?_fields=namespace`);
    expect(res.json).to.deep.equal({ namespace: 'tribe/events/v1' });
  });

  it('prints [] when _fields keeps nothing of an object, as PHP prints an empty array', async () => {
    const list = await t.request('GET', `${NS}/events?_fields=id`);
    expect(list.status).to.equal(200);
    expect(list.text).to.equal('[]');
    const nested = await t.request('GET', `${NS}?_fields=routes.nothing`);
    expect(nested.text).to.equal('{"routes":[]}');
  });

  it('pretty-prints with _pretty', async () => {
    const res = await t.request('GET', `${NS}?_pretty&_fields=namespace`);
    expect(res.text).to.equal('{\n    "namespace": "tribe\\/events\\/v1"\n}');
  });

  it('applies the method override before matching', async () => {
    const res = await t.request('POST', `${NS}?_method=GET`);
    expect(res.status).to.equal(200);
    const header = await t.request('GET', NS, { headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(header.status).to.equal(404);
  });
});
