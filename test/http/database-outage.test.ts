// A database that freezes, goes away or stays locked: requests answer a deliberate 503 with
// Retry-After in the WordPress error envelope within the deadlines, nothing is half written, and
// the server serves again by itself once the database is back.
import { expect } from 'chai';
import SqliteDatabase from 'better-sqlite3';
import type { Deadlines } from '../../src/data/deadlines.ts';
import { databaseKinds } from '../support/databases.ts';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

const NS = '/wp-json/tribe/events/v1';
const SHORT: Deadlines = { queryMs: 800, acquireMs: 800, writeMs: 800 };
const EVENT = { title: 'Outage test', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' };

function expectUnavailable(res: HttpResult, code: string): void {
  expect(res.status, res.text).to.equal(503);
  expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
  expect(res.json).to.deep.include({ code, data: { status: 503 } });
  expect(res.json.message).to.be.a('string').that.is.not.empty;
}

/** A list no earlier request asked for, so that no kept answer can serve it. */
let fresh = 0;
const uncachedList = () => `${NS}/events?search=outage-${++fresh}`;

async function eventTitles(t: TestServer, auth: string): Promise<string[]> {
  const res = await t.request('GET', `${NS}/events?status=publish,draft&per_page=50&search=Outage`, { auth });
  expect(res.status).to.equal(200);
  return res.json.events.map((e: { title: string }) => e.title);
}

/** Polls until the server answers 200 again (it must recover by itself). */
async function recovered(t: TestServer, ms: number): Promise<HttpResult> {
  const until = Date.now() + ms;
  let last: HttpResult;
  do {
    last = await t.request('GET', uncachedList());
    if (last.status === 200) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < until);
  return last;
}

for (const kind of databaseKinds().filter((k) => k.name === 'mysql')) {
  describe(`a database server that freezes or goes down [${kind.name}]`, function () {
    this.timeout(60_000);
    let proxy: TcpProxy;
    let t: TestServer;
    let admin: string;

    before(async () => {
      const server = new URL(process.env.WPCAL_TEST_MYSQL!);
      proxy = await startTcpProxy(server.hostname, Number(server.port || 3306));
      t = await startTestServer(kind, {
        deadlines: SHORT,
        connectVia: (url) => {
          const viaProxy = new URL(url);
          viaProxy.hostname = '127.0.0.1';
          viaProxy.port = String(proxy.port);
          return viaProxy.toString();
        },
      });
      admin = await t.userWithRole('administrator');
    });
    after(async () => {
      proxy.set('up');
      await t.close();
      await proxy.close();
    });

    it('answers 503 within the deadlines while the server is frozen, then recovers', async () => {
      expect((await t.request('POST', `${NS}/events`, { auth: admin, body: { ...EVENT, title: 'Outage before' } })).status).to.equal(201);
      proxy.set('frozen');
      const started = Date.now();
      expectUnavailable(await t.request('GET', uncachedList()), 'wpcal_database_unavailable');
      expectUnavailable(await t.request('POST', `${NS}/events`, { auth: admin, body: { ...EVENT, title: 'Outage frozen' } }), 'wpcal_database_unavailable');
      expect(Date.now() - started, 'bounded by the deadlines, not hanging').to.be.lessThan(10_000);
      proxy.set('up');
      expect((await recovered(t, 10_000)).status).to.equal(200);
      expect(await eventTitles(t, admin), 'the frozen write left nothing').to.deep.equal(['Outage before']);
    });

    it('answers 503 while the server is down, then recovers by itself', async () => {
      proxy.set('down');
      expectUnavailable(await t.request('GET', uncachedList()), 'wpcal_database_unavailable');
      expectUnavailable(await t.request('POST', `${NS}/events`, { auth: admin, body: { ...EVENT, title: 'Outage down' } }), 'wpcal_database_unavailable');
      proxy.set('up');
      expect((await recovered(t, 10_000)).status).to.equal(200);
      const created = await t.request('POST', `${NS}/events`, { auth: admin, body: { ...EVENT, title: 'Outage after' } });
      expect(created.status, created.text).to.equal(201);
      expect(await eventTitles(t, admin)).to.have.members(['Outage before', 'Outage after']);
    });
  });
}

for (const kind of databaseKinds().filter((k) => k.name === 'sqlite')) {
  describe(`a database another process keeps locked [${kind.name}]`, function () {
    this.timeout(30_000);
    let t: TestServer;
    let admin: string;

    before(async () => {
      t = await startTestServer(kind, { deadlines: SHORT });
      admin = await t.userWithRole('administrator');
    });
    after(async () => t.close());

    it('answers writes 503 busy while the lock is held, keeps answering reads, and writes again after', async () => {
      const locker = new SqliteDatabase(t.database.url.slice('sqlite:'.length));
      locker.exec('BEGIN IMMEDIATE');
      try {
        const started = Date.now();
        expectUnavailable(await t.request('POST', `${NS}/events`, { auth: admin, body: { ...EVENT, title: 'Outage locked' } }), 'wpcal_database_busy');
        expect(Date.now() - started).to.be.lessThan(5_000);
        expect((await t.request('GET', uncachedList())).status, 'reads do not wait for the write lock').to.equal(200);
      } finally {
        locker.exec('ROLLBACK');
        locker.close();
      }
      const created = await t.request('POST', `${NS}/events`, { auth: admin, body: { ...EVENT, title: 'Outage unlocked' } });
      expect(created.status, created.text).to.equal(201);
      expect(await eventTitles(t, admin)).to.deep.equal(['Outage unlocked']);
    });
  });
}
