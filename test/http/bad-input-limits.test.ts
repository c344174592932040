// Bad input over HTTP: bodies over the size limit, multipart file uploads, request lines and
// headers over Node's limit, ID lists longer than SQLite binds in one statement, a large
// iCalendar feed beside other requests, and secrets in the request log.
import { expect } from 'chai';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pino } from 'pino';
import { openDatabase } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { startServer } from '../../src/server.ts';
import { seedCalendar } from '../bench/seed-events.ts';
import { databaseKinds, forEachDatabase } from '../support/databases.ts';
import { seedEvent, seedTerm } from '../support/seed-events.ts';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.ts';

const NS = '/wp-json/tribe/events/v1';
const NOW = new Date('2026-11-22T13:30:35Z');
const MB = 1024 * 1024;
// More values than SQLite binds in one statement (32 766).
const MANY = 40_000;

function expectEnvelope(res: { status: number; json: any }, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.json)).to.equal(status);
  expect(res.json.code).to.equal(code);
  expect(res.json.message).to.be.a('string').and.not.equal('');
  expect(res.json.data.status).to.equal(status);
}

/** Files in the temporary directory named as formidable names uploads (a 25-character cuid2). */
function uploadLikeFiles(): Set<string> {
  const dir = os.tmpdir();
  return new Set(fs.readdirSync(dir)
    .filter((name) => /^[a-z][a-z0-9]{24}$/.test(name) && fs.statSync(`${dir}/${name}`, { throwIfNoEntry: false })?.isFile()));
}

async function postMultipart(url: string, form: FormData, auth?: string): Promise<HttpResult> {
  const response = await fetch(url, { method: 'POST', body: form, headers: auth ? { Authorization: auth } : {} });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
}

/** IDs no post or term has, after `known`. */
function withUnknownIds(known: number[]): number[] {
  return [...known, ...Array.from({ length: MANY }, (_, i) => 10_000_000 + i)];
}

forEachDatabase('bad input limits', (kind) => {
  let t: TestServer;
  let editor: string;

  before(async () => {
    t = await startTestServer(kind, { now: () => NOW });
    editor = await t.userWithRole('editor');
  });

  after(async () => {
    await t.close();
  });

  describe('request bodies', () => {
    it('answers a JSON or form-encoded body over 1 MB with 413 in the error envelope', async () => {
      const title = 'x'.repeat(MB + 1);
      for (const auth of [undefined, editor]) {
        expectEnvelope(await t.request('POST', `${NS}/events`, { auth, body: { title } }), 413, 'rest_payload_too_large');
        expectEnvelope(await t.request('POST', `${NS}/events`, { auth, form: { title } }), 413, 'rest_payload_too_large');
      }
    });

    it('refuses a multipart body with a file (415), anonymous or not, and leaves no file in the temporary directory', async () => {
      const before = uploadLikeFiles();
      for (const auth of [undefined, editor]) {
        const form = new FormData();
        form.append('title', 'With a file');
        form.append('image', new Blob([Buffer.alloc(3 * MB, 7)]), 'photo.jpg');
        expectEnvelope(await postMultipart(`${t.url}${NS}/events`, form, auth), 415, 'rest_upload_not_supported');
      }
      const leftBehind = [...uploadLikeFiles()].filter((name) => !before.has(name));
      for (const name of leftBehind) fs.rmSync(`${os.tmpdir()}/${name}`, { force: true });
      expect(leftBehind).to.deep.equal([]);
    });

    it('still reads the fields of a multipart body without files', async () => {
      const form = new FormData();
      for (const [name, value] of [['title', 'Fields only'], ['start_date', '2026-12-01 10:00:00'], ['end_date', '2026-12-01 11:00:00']]) {
        form.append(name!, value!);
      }
      const res = await postMultipart(`${t.url}${NS}/events`, form, editor);
      expect(res.status, res.text).to.equal(201);
      expect(res.json.title).to.equal('Fields only');
    });
  });

  // A URL holds a few thousand IDs; a body sent with `_method=GET` holds any number.
  describe('lists of 40 000 IDs', () => {
    const listBy = (path: string, params: Record<string, unknown>) => t.request('POST', `${path}?_method=GET`, { body: params });

    it('lists events by an include list of 40 000 IDs', async () => {
      const ids: number[] = [];
      for (const day of ['01', '02']) {
        ids.push(await seedEvent(t.server.db, { title: `Included ${day}`, start: `2026-12-${day} 10:00:00`, end: `2026-12-${day} 11:00:00` }));
      }
      const res = await listBy(`${NS}/events`, { include: withUnknownIds(ids) });
      expect(res.status, res.text.slice(0, 300)).to.equal(200);
      expect(res.json.events.map((event: { id: number }) => event.id)).to.deep.equal(ids);
    });

    it('lists events by a status list of 40 000 items', async () => {
      const res = await t.request('POST', `${NS}/events?_method=GET`, { auth: editor, body: { status: Array.from({ length: MANY }, () => 'publish') } });
      expect(res.status, res.text.slice(0, 300)).to.equal(200);
    });

    it('answers 400 rest_invalid_param, not 500, to 40 000 unknown venues, organizers, categories or tags', async () => {
      const slugs = Array.from({ length: MANY }, (_, i) => `no-such-term-${i}`);
      for (const [param, value] of [['venue', withUnknownIds([])], ['organizer', withUnknownIds([])], ['categories', slugs], ['tags', withUnknownIds([])]] as const) {
        const res = await listBy(`${NS}/events`, { [param]: value });
        expectEnvelope(res, 400, 'rest_invalid_param');
        expect(Object.keys(res.json.data.params)).to.deep.equal([param]);
      }
    });

    it('lists categories by include and exclude lists of 40 000 items', async () => {
      const music = await seedTerm(t.server.db, 'tribe_events_cat', 'Many Music');
      const film = await seedTerm(t.server.db, 'tribe_events_cat', 'Many Film');
      const repeated = (id: number) => Array.from({ length: MANY }, () => id);
      const names = async (params: Record<string, unknown>) => {
        const res = await listBy(`${NS}/categories`, { hide_empty: false, ...params });
        expect(res.status, res.text.slice(0, 300)).to.equal(200);
        return res.json.categories.map((term: { name: string }) => term.name);
      };
      expect(await names({ include: [film.term_id, ...repeated(music.term_id)] })).to.deep.equal(['Many Film', 'Many Music']);
      expect(await names({ exclude: repeated(music.term_id) })).to.include('Many Film').and.not.include('Many Music');
    });
  });

  describe('venue and organizer searches', () => {
    const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

    it('search up to 100 distinct words, repeated ones counted once', async () => {
      for (const path of ['venues', 'organizers']) {
        const res = await t.request('GET', `${NS}/${path}?search=${encodeURIComponent(`${words(100)} ${words(100)} WORD1`)}`);
        expect(res.status, res.text.slice(0, 300)).to.equal(200);
      }
    });

    it('answer 400 rest_invalid_param naming search, not 500, to more distinct words', async () => {
      for (const path of ['venues', 'organizers']) {
        const res = await t.request('GET', `${NS}/${path}?search=${encodeURIComponent(words(1000))}`);
        expectEnvelope(res, 400, 'rest_invalid_param');
        expect(res.json.data.params).to.deep.equal({ search: 'search has more than 100 distinct words.' });
      }
    });
  });

  describe('a large iCalendar feed', () => {
    const EVENTS = 3000;
    let feedServer: TestServer;

    before(async function () {
      this.timeout(120_000);
      feedServer = await startTestServer(kind, {
        now: () => NOW,
        before: async (database) => {
          const db = await openDatabase(database.url, 'wp_');
          await prepareDatabase(db);
          await seedCalendar(db, EVENTS, NOW);
          await db.close();
        },
      });
    });

    after(async () => {
      await feedServer.close();
    });

    it('leaves other requests answered while it is written', async function () {
      this.timeout(120_000);
      const started = performance.now();
      let finished = false;
      const feed = fetch(`${feedServer.url}/wp-json/wpcal/v1/events.ics?start_date=2000-01-01&end_date=2100-01-01`)
        .then((response) => response.text())
        .finally(() => { finished = true; });
      const waits: number[] = [];
      while (!finished) {
        const sent = performance.now();
        expect((await fetch(`${feedServer.url}${NS}/`)).status).to.equal(200);
        waits.push(performance.now() - sent);
        await nextTurn();
      }
      const calendar = await feed;
      const feedMs = performance.now() - started;
      expect(calendar.match(/BEGIN:VEVENT/g)?.length).to.be.above(EVENTS / 2);
      // Written in one go, the feed would hold the index request for about as long as it takes.
      const longestWait = Math.max(...waits);
      expect(waits.length, `${waits.length} index requests during a ${Math.round(feedMs)} ms feed`).to.be.at.least(3);
      expect(longestWait, `longest index wait ${Math.round(longestWait)} ms, feed ${Math.round(feedMs)} ms`).to.be.below(feedMs / 3);
    });
  });
});

describe('bad input limits: requests Node cannot parse', () => {
  let t: TestServer;

  before(async () => {
    t = await startTestServer(databaseKinds()[0]!);
  });

  after(async () => {
    await t.close();
  });

  /** Sends `request` on a raw socket; the whole answer, or what came before an error. */
  function exchange(request: string): Promise<string> {
    const { hostname, port } = new URL(t.url);
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), hostname);
      let received = '';
      socket.on('data', (data) => { received += data.toString('latin1'); });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(`${received}[socket error ${error.code}]`));
      socket.on('close', () => resolve(received));
      socket.end(request);
    });
  }

  function parsedAnswer(raw: string): { statusLine: string; headers: string[]; json: any } {
    const [head, body] = raw.split('\r\n\r\n', 2) as [string, string | undefined];
    const [statusLine, ...headers] = head.split('\r\n');
    let json: unknown;
    try {
      json = JSON.parse(body ?? '');
    } catch {
      json = undefined;
    }
    return { statusLine: statusLine!, headers, json };
  }

  it('answers a request line over the limit with 414 in the error envelope, then closes', async () => {
    const answer = parsedAnswer(await exchange(`GET ${NS}/events?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(answer.statusLine).to.equal('HTTP/1.1 414 URI Too Long');
    expect(answer.headers).to.include('Connection: close');
    expectEnvelope({ status: 414, json: answer.json }, 414, 'rest_uri_too_long');
  });

  it('answers headers over the limit with 431 in the error envelope, even to a client still sending', async () => {
    // 20 MB of headers: when the server destroys the socket on answering, this client gets a reset.
    const filler = `X-Filler: ${'b'.repeat(1000)}\r\n`.repeat(20_000);
    const raw = await exchange(`GET ${NS}/ HTTP/1.1\r\nHost: localhost\r\n${filler}\r\n`);
    const answer = parsedAnswer(raw);
    expect(answer.statusLine, raw.slice(0, 200)).to.equal('HTTP/1.1 431 Request Header Fields Too Large');
    expectEnvelope({ status: 431, json: answer.json }, 431, 'rest_headers_too_large');
    expect(raw).not.to.contain('[socket error');
  });

  it('answers a request that is not HTTP with 400 in the error envelope', async () => {
    const answer = parsedAnswer(await exchange('HELLO\r\n\r\n'));
    expect(answer.statusLine).to.equal('HTTP/1.1 400 Bad Request');
    expectEnvelope({ status: 400, json: answer.json }, 400, 'rest_bad_request');
  });

  it('keeps serving after such answers', async () => {
    expect((await t.request('GET', `${NS}/`)).status).to.equal(200);
  });
});

describe('bad input limits: the request log', () => {
  it('writes no value of a password, nonce or other secret query parameter', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => { lines.push(line); } });
    const database = await databaseKinds()[0]!.create();
    const server = await startServer({ db: database.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, logger });
    const paths = [
      `${NS}/events/1?password=hunter2&_wpnonce=n0nce-value&page=2`,
      `/?rest_route=/tribe/events/v1/events&Password%5B%5D=bracketed-secret&access_token=token-value`,
    ];
    try {
      for (const path of paths) await (await fetch(server.url + path)).arrayBuffer();
    } finally {
      await server.close();
      await database.drop();
    }
    const log = lines.join('');
    for (const secret of ['hunter2', 'n0nce-value', 'bracketed-secret', 'token-value']) expect(log).not.to.contain(secret);
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request').map((entry) => entry.path);
    expect(logged).to.deep.equal([
      `${NS}/events/1?password=***&_wpnonce=***&page=2`,
      `/?rest_route=/tribe/events/v1/events&Password%5B%5D=***&access_token=***`,
    ]);
  });
});
