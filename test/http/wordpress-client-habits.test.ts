// What WordPress REST clients count on beyond the plugin: core's paging headers on every list, and
// an index for each namespace wpcal serves.
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

forEachDatabase('WordPress REST client habits', (kind) => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(kind, { seed: 'fixtures/demo.json', now: () => new Date('2026-11-20T12:00:00Z') });
  });
  after(async () => t?.close());

  for (const path of [`${API}/events?per_page=2`, `${API}/venues?per_page=2`, `${API}/organizers?per_page=1`, `${API}/categories?per_page=2`, `${API}/tags?per_page=1`, '/wp-json/wpcal/v1/events.ics?per_page=2']) {
    it(`sends X-WP-Total and X-WP-TotalPages equal to TEC's totals on ${path}`, async () => {
      const res = await t.request('GET', path);
      expect(res.status).to.equal(200);
      const total = Number(res.headers.get('x-tec-total'));
      expect(total).to.be.greaterThan(0);
      expect(res.headers.get('x-wp-total')).to.equal(String(total));
      expect(res.headers.get('x-wp-totalpages')).to.equal(res.headers.get('x-tec-totalpages'));
      expect(Number(res.headers.get('x-wp-totalpages'))).to.equal(Math.ceil(total / Number(new URL(path, t.url).searchParams.get('per_page'))));
    });
  }

  it('answers GET /wp-json/wpcal/v1 with the namespace index', async () => {
    const res = await t.request('GET', '/wp-json/wpcal/v1');
    expect(res.status).to.equal(200);
    expect(res.json.namespace).to.equal('wpcal/v1');
    expect(Object.keys(res.json.routes)).to.deep.equal(['/wpcal/v1', '/wpcal/v1/events.ics']);
    expect(res.json.routes['/wpcal/v1/events.ics'].methods).to.deep.equal(['GET']);
  });
});
