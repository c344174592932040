// Issue 12: concurrent writes through two `wpcal serve` processes on one database. Eight clients
// create, update (one shared set of events, every field from one variant), trash and relabel events
// and categories, and read lists; afterwards no answer may be a 5xx and the database and the API must
// hold every invariant (test/support/write-load.ts). On MySQL once more with the change log, through
// which each process learns of the other's writes.
import { expect } from 'chai';
import { createConnection } from 'mysql2/promise';
import { forEachDatabaseWithChangeLog, mysqlOptions, withChangeLog, type TestDatabase } from '../support/databases.ts';
import {
  ServerCluster, describeServerErrors, runWriteLoad, violationsOf, type Invariant, type WriteLoadResult,
} from '../support/write-load.ts';

const PROCESSES = 2;
const CLIENTS = 8;
/** The load: this many requests in all (a few seconds on a quiet 2-core machine)… */
const REQUESTS = 300;
/** …unless the servers are so slow that this bound stops it first, which fails the first test. */
const MAX_SECONDS = 30;
/** Two server starts and a `wpcal user add` (~5 s), the seeding, the load and the checks, with room for a busy machine. */
const SETUP_TIMEOUT_MS = 60_000;

forEachDatabaseWithChangeLog('concurrent writes through two server processes', (kind, changeLog) => {
  let database: TestDatabase | undefined;
  let cluster: ServerCluster | undefined;
  let result: WriteLoadResult;

  before(async function () {
    this.timeout(SETUP_TIMEOUT_MS);
    database = await kind.create();
    if (changeLog) await withChangeLog(database);
    cluster = new ServerCluster(database.url, PROCESSES);
    await cluster.start();
    result = await runWriteLoad(cluster, { clients: CLIENTS, requests: REQUESTS, seconds: MAX_SECONDS });
  });

  after(async function () {
    this.timeout(20_000);
    await cluster?.stop();
    await database?.drop();
  });

  /** Asserts that the run broke none of these invariants, listing the breaches when it did. */
  function expectNone(...invariants: Invariant[]): void {
    const found = invariants.flatMap((invariant) => violationsOf(result, invariant).map((detail) => `${invariant}: ${detail}`));
    expect(found, `\n${found.join('\n')}\n`).to.deep.equal([]);
  }

  it(`runs all ${REQUESTS} requests of ${CLIENTS} clients within ${MAX_SECONDS} s`, () => {
    expect(result.requests, `${result.requests} requests in ${result.seconds.toFixed(1)} s`).to.equal(REQUESTS);
  });

  it('answers no request with a 5xx', () => {
    expect(result.serverErrors + result.overloaded, `\n${describeServerErrors(result)}\n`).to.equal(0);
  });

  it('answers every other request with the status a valid request gets, and no process stops', () => {
    expectNone('answers', 'processes');
  });

  it('stores exactly the events it answered 201 for, trashed exactly where a DELETE succeeded', () => {
    expectNone('events');
  });

  it('leaves no shared event torn between two updates', () => {
    expectNone('torn');
  });

  it('keeps each category and tag count equal to its published events', () => {
    expectNone('counts');
  });

  it('leaves no orphan rows and gives each event its TEC 6 rows', () => {
    expectNone('orphans');
  });

  it('links no event twice to the same term', () => {
    expectNone('duplicates');
  });

  if (changeLog) {
    it('leaves each process\'s writes in the change log under a writer of its own', async () => {
      const connection = await createConnection(mysqlOptions(database!.url));
      try {
        const [rows] = await connection.query('SELECT COUNT(DISTINCT writer) AS writers, SUM(writer IS NULL) AS unnamed FROM wp_wpcal_changes') as unknown as [[{ writers: number; unnamed: number | string }]];
        // The servers, and the `wpcal user add` the cluster ran before them.
        expect([Number(rows[0].writers), Number(rows[0].unnamed)]).to.deep.equal([PROCESSES + 1, 0]);
      } finally {
        await connection.end();
      }
    });
  }
});
