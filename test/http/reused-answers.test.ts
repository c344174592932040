// A reused answer goes on the wire prepared once (src/http/prepared-answer.ts), past Koa's own
// response writing: it must carry the same status line, headers in the same order, and body as
// an answer built for the request. `_method=GET` turns reuse off without changing the answer.
import http from 'node:http';
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { countReuses, type ReuseCounter } from '../support/reuse-counter.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

interface WireAnswer {
  statusLine: string;
  /** Name/value pairs as sent, Date left out (it follows the clock). */
  headers: string[];
  body: string;
}

function wireAnswer(baseUrl: string, path: string, headers: Record<string, string>): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    http.get(baseUrl + path, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => {
        const pairs: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') pairs.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ statusLine: `${res.statusCode} ${res.statusMessage}`, headers: pairs, body });
      });
    }).on('error', reject);
  });
}

forEachDatabase('reused answers on the wire', (kind) => {
  let t: TestServer;
  let reuses: ReuseCounter;
  before(async () => {
    // A fixed clock: default date bounds follow it, and a built and a reused answer taken a
    // second apart on a busy machine would otherwise differ for that reason alone.
    t = await startTestServer(kind, { seed: 'fixtures/demo.json', now: () => new Date('2026-11-20T12:00:00Z') });
    reuses = countReuses();
  });
  after(async () => {
    reuses?.restore();
    await t?.close();
  });

  /** The built answer (reuse turned off), then one the cache handed out again. */
  async function builtAndReused(path: string, headers: Record<string, string>): Promise<[WireAnswer, WireAnswer]> {
    const separator = path.includes('?') ? '&' : '?';
    const before = reuses.count();
    const built = await wireAnswer(t.url, `${path}${separator}_method=GET`, headers);
    expect(reuses.count(), 'the built answer is not a reused one').to.equal(before);
    // MariaDB's version must settle first, and another process's commit starts that over.
    for (let attempt = 0; attempt < 20; attempt++) {
      const seen = reuses.count();
      const answer = await wireAnswer(t.url, path, headers);
      if (reuses.count() > seen) return [built, answer];
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${path} was never reused`);
  }

  const cases: Array<[string, string, Record<string, string>]> = [
    ['a list', `${API}/events?per_page=3`, {}],
    ['a list asked with an Origin', `${API}/events?per_page=3`, { Origin: 'https://app.example' }],
    ['a list in JSONP', `${API}/events?per_page=2&_jsonp=show`, {}],
    ['a list in an envelope', `${API}/events?per_page=2&_envelope`, {}],
    ['a venue list, pretty', `${API}/venues?_pretty`, {}],
    ['the namespace index', `${API}`, {}],
  ];
  for (const [what, path, headers] of cases) {
    it(`sends ${what} reused exactly as built`, async () => {
      const [built, reused] = await builtAndReused(path, headers);
      expect(built.statusLine).to.equal('200 OK');
      expect(reused.statusLine).to.equal(built.statusLine);
      expect(reused.headers).to.deep.equal(built.headers);
      expect(reused.body).to.equal(built.body);
    });
  }

  it('sends an authenticated list reused exactly as built, to the same credentials only', async () => {
    const admin = await t.userWithRole('administrator', 'reuse-admin');
    const subscriber = await t.userWithRole('subscriber', 'reuse-subscriber');
    const path = `${API}/events?status=draft&per_page=50`;
    const drafted = await t.request('POST', `${API}/events`, {
      auth: admin, body: { title: 'Reuse draft', status: 'draft', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
    });
    expect(drafted.status).to.equal(201);
    const [built, reused] = await builtAndReused(path, { Authorization: admin });
    expect(reused.statusLine).to.equal('200 OK');
    expect(reused.headers).to.deep.equal(built.headers);
    expect(reused.headers).to.include('Cache-Control: no-cache, must-revalidate, max-age=0, no-store, private');
    expect(reused.body).to.equal(built.body);
    expect(JSON.parse(reused.body).events.map((event: { id: number }) => event.id)).to.include(drafted.json.id);
    // Right after, on the same URL: neither another user nor an anonymous reader sees that draft.
    const asSubscriber = await wireAnswer(t.url, path, { Authorization: subscriber });
    expect(asSubscriber.body).to.not.include('Reuse draft');
    const anonymous = await wireAnswer(t.url, path, {});
    expect(anonymous.body).to.not.include('Reuse draft');
  });

  it('answers a request whose Authorization is not Basic credentials with the anonymous answer, reused', async () => {
    const path = `${API}/events?per_page=2`;
    const [built] = await builtAndReused(path, {});
    const before = reuses.count();
    const bearer = await wireAnswer(t.url, path, { Authorization: 'Bearer not-a-wordpress-credential' });
    expect(reuses.count(), 'the anonymous answer is handed out again').to.be.greaterThan(before);
    expect(bearer.body).to.equal(built.body);
  });

  it('sends a single event reused exactly as built', async () => {
    const list = JSON.parse((await wireAnswer(t.url, `${API}/events?per_page=1`, {})).body);
    const [built, reused] = await builtAndReused(`${API}/events/${list.events[0].id}`, {});
    expect(reused.headers).to.deep.equal(built.headers);
    expect(reused.headers.some((header) => header.startsWith('Content-Length: '))).to.equal(true);
    expect(reused.body).to.equal(built.body);
  });
});
