// A reused answer goes on the wire prepared once (src/http/prepared-answer.ts), past Koa's own
// response writing: it must carry the same status line, headers in the same order, and body as
// an answer built for the request. `_method=GET` turns reuse off without changing the answer.
import http from 'node:http';
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
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

/** Organizer e-mails are obfuscated at random for each answer built. */
function withoutEmails(body: string): string {
  return body.replace(/"email":"[^"]*"/g, '"email":"…"');
}

forEachDatabase('reused answers on the wire', (kind) => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(kind, { seed: 'fixtures/demo.json' });
  });
  after(async () => {
    await t?.close();
  });

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
      const separator = path.includes('?') ? '&' : '?';
      const built = await wireAnswer(t.url, `${path}${separator}_method=GET`, headers);
      await wireAnswer(t.url, path, headers);
      const reused = await wireAnswer(t.url, path, headers);
      expect(built.statusLine).to.equal('200 OK');
      expect(reused.statusLine).to.equal(built.statusLine);
      expect(reused.headers).to.deep.equal(built.headers);
      expect(withoutEmails(reused.body)).to.equal(withoutEmails(built.body));
    });
  }

  it('sends a single event reused exactly as built', async () => {
    const list = JSON.parse((await wireAnswer(t.url, `${API}/events?per_page=1`, {})).body);
    const path = `${API}/events/${list.events[0].id}`;
    const built = await wireAnswer(t.url, `${path}?_method=GET`, {});
    await wireAnswer(t.url, path, {});
    const reused = await wireAnswer(t.url, path, {});
    expect(reused.headers).to.deep.equal(built.headers);
    expect(reused.headers.some((header) => header.startsWith('Content-Length: '))).to.equal(true);
    expect(withoutEmails(reused.body)).to.equal(withoutEmails(built.body));
  });
});
