// On MariaDB wpcal tells its own commits from other connections' by what its statements added to
// the server's transaction counter (innodb-footprints.ts): for every kind of write a client makes,
// what the footprint calls certain must be what the counter moved, and the writes clients make
// most must be certain (else every one of them would bring a check and a sweep).
import { expect } from 'chai';
import { sql } from 'kysely';
import type { Footprint } from '../../src/data/innodb-footprints.ts';
import { databaseKinds } from '../support/databases.ts';
import { makeImage } from '../support/image-server.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const NS = '/wp-json/tribe/events/v1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const kind of databaseKinds().filter((candidate) => candidate.name === 'mysql')) {
  describe('own commits counted on the transaction counter [mysql]', function () {
    this.timeout(120_000);
    let t: TestServer;
    let auth: string;
    let counts = true;

    /** The footprint once none of the server's statements that may write is under way, and the counter then. */
    const settled = async (): Promise<{ footprint: Footprint; counter: number }> => {
      for (;;) {
        const before = t.server.db.footprint()!;
        const { rows } = await sql<{ Value: string }>`SHOW GLOBAL STATUS LIKE 'Innodb_max_trx_id'`.execute(t.server.db.kysely.withoutPlugins());
        const after = t.server.db.footprint()!;
        if (before.open === 0 && after.moves === before.moves) return { footprint: after, counter: Number(rows[0]!.Value) };
        await sleep(5);
      }
    };

    /** What the counter moved and what the footprint says of `action`'s writes. */
    const counted = async (action: () => Promise<unknown>) => {
      const before = await settled();
      await action();
      // Work a write leaves behind (a password's last use) ends soon after its answer.
      await sleep(50);
      const after = await settled();
      return {
        certain: after.footprint.uncertain === before.footprint.uncertain,
        units: after.footprint.units - before.footprint.units,
        moved: after.counter - before.counter,
      };
    };

    const write = async (method: string, path: string, body: Record<string, unknown> | undefined, status: number) => {
      const res = await t.request(method, path, { body, auth });
      expect(res.status, res.text).to.equal(status);
      return res.json as { id: number };
    };

    before(async () => {
      t = await startTestServer(kind);
      await t.server.warmedUp;
      counts = t.server.db.footprint() !== null;
      auth = await t.userWithRole('administrator', 'admin');
      // InnoDB's statistics, recomputed in the background after a table's rows change by a tenth,
      // commit on the same counter: off for this database's tables, as on a calendar of some size.
      const { rows } = await sql<{ name: string }>`SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()`.execute(t.server.db.kysely);
      for (const { name } of rows) await sql`ALTER TABLE ${sql.id(name)} STATS_AUTO_RECALC = 0`.execute(t.server.db.kysely.withoutPlugins());
    });
    after(() => t?.close());

    it('counts what every kind of write adds, and is certain of the common ones', async () => {
      if (!counts) {
        // MySQL's counter is a log sequence number, which background work moves too: nothing is counted.
        const { rows } = await sql`SHOW GLOBAL STATUS LIKE 'Innodb_max_trx_id'`.execute(t.server.db.kysely);
        expect(rows).to.have.length(0);
        return;
      }
      const ids: Record<string, number> = {};
      const png = await makeImage(64, 48, 'png');
      const kinds: [string, () => Promise<unknown>][] = [
        ['venue created', async () => ids.venue = (await write('POST', `${NS}/venues`, { venue: 'Hall', city: 'Oslo' }, 201)).id],
        ['organizer created', async () => ids.organizer = (await write('POST', `${NS}/organizers`, { organizer: 'Society' }, 201)).id],
        ['category created', async () => ids.category = (await write('POST', `${NS}/categories`, { name: 'Jazz' }, 201)).id],
        ['tag created', async () => ids.tag = (await write('POST', `${NS}/tags`, { name: 'Free' }, 201)).id],
        ['image uploaded', async () => {
          const res = await fetch(`${t.url}/wp-json/wp/v2/media`, {
            method: 'POST', body: new Uint8Array(png), headers: { Authorization: auth, 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="a.png"' },
          });
          expect(res.status).to.equal(201);
          ids.image = ((await res.json()) as { id: number }).id;
        }],
        ['event created', async () => ids.event = (await write('POST', `${NS}/events`, {
          title: 'Concert', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00', description: 'Loud',
          venue: ids.venue, organizer: [ids.organizer], categories: [ids.category], tags: [ids.tag], image: String(ids.image),
        }, 201)).id],
        ['event updated (POST)', () => write('POST', `${NS}/events/${ids.event}`, { title: 'Concert, again', start_date: '2027-03-02 10:00:00', end_date: '2027-03-02 12:00:00' }, 200)],
        ['event updated (PATCH)', () => write('PATCH', `${NS}/events/${ids.event}`, { excerpt: 'Short' }, 200)],
        ['event saved unchanged (PATCH)', () => write('PATCH', `${NS}/events/${ids.event}`, { excerpt: 'Short' }, 200)],
        ['venue updated', () => write('POST', `${NS}/venues/${ids.venue}`, { venue: 'Great Hall' }, 200)],
        ['category updated', () => write('POST', `${NS}/categories/${ids.category}`, { description: 'Blue notes' }, 200)],
        ['event trashed', () => write('DELETE', `${NS}/events/${ids.event}`, undefined, 200)],
        ['event created without links', () => write('POST', `${NS}/events`, { title: 'Talk', start_date: '2027-04-01 10:00:00', end_date: '2027-04-01 11:00:00' }, 201)],
        ['tag deleted', () => write('DELETE', `${NS}/tags/${ids.tag}?force=true`, undefined, 200)],
        ['organizer trashed', () => write('DELETE', `${NS}/organizers/${ids.organizer}`, undefined, 200)],
      ];
      const results: string[] = [];
      const uncertain: string[] = [];
      for (const [name, action] of kinds) {
        const { certain, units, moved } = await counted(action);
        results.push(`${name}: ${certain ? 'certain' : 'uncertain'}, footprint ${units}, counter ${moved}`);
        if (certain) expect(moved, `${name}: the counter moved by what the footprint says`).to.equal(units);
        else uncertain.push(name);
        expect(moved, `${name} committed`).to.be.greaterThan(0);
      }
      expect(uncertain, results.join('\n')).to.deep.equal([]);
    });
  });
}
