// The packets a write sends to MySQL/MariaDB, as the server's general log records them (MySQL only:
// SQLite runs in the process, where a statement costs no round trip). Each packet costs both
// processes CPU under load, so a change that adds one to a create or an update shows here.
import { expect } from 'chai';
import { sql } from 'kysely';
import { databaseKinds } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const NS = '/wp-json/tribe/events/v1';

/** The Query packets this server's connections sent while `action` ran. */
async function packetsOf(t: TestServer, action: () => Promise<unknown>): Promise<string[]> {
  const db = t.server.db.kysely;
  const name = new URL(t.database.url).pathname.slice(1);
  await sql`SET GLOBAL log_output = 'TABLE'`.execute(db);
  await sql`TRUNCATE mysql.general_log`.execute(db);
  await sql`SET GLOBAL general_log = 1`.execute(db);
  try {
    await action();
  } finally {
    await sql`SET GLOBAL general_log = 0`.execute(db);
  }
  const { rows } = await sql<{ argument: string }>`SELECT CONVERT(argument USING utf8mb4) AS argument FROM mysql.general_log
    WHERE command_type = 'Query' AND thread_id IN (SELECT id FROM information_schema.processlist WHERE db = ${name})
    ORDER BY event_time`.execute(db);
  return rows.map((row) => row.argument).filter((argument) => !/general_log|processlist/.test(argument));
}

for (const kind of databaseKinds().filter((candidate) => candidate.name === 'mysql')) {
  describe('round trips of an event write [mysql]', () => {
    let t: TestServer;
    let auth: string;
    const ids: Record<string, number> = {};
    const post = async (path: string, body: Record<string, unknown>, status: number) => {
      const res = await t.request('POST', NS + path, { body, auth });
      expect(res.status, res.text).to.equal(status);
      return Number((res.json as { id: number }).id);
    };
    const eventBody = (title: string, organizer: number, category: number) => ({
      title, start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00', description: `About ${title}`,
      venue: ids.venue, organizer: [organizer], categories: [category],
    });

    before(async () => {
      t = await startTestServer(kind);
      auth = await t.userWithRole('administrator', 'admin');
      ids.venue = await post('/venues', { venue: 'Hall' }, 201);
      ids.organizer = await post('/organizers', { organizer: 'Society' }, 201);
      ids.otherOrganizer = await post('/organizers', { organizer: 'Club' }, 201);
      ids.category = await post('/categories', { name: 'Jazz' }, 201);
      ids.otherCategory = await post('/categories', { name: 'Blues' }, 201);
      ids.event = await post('/events', eventBody('First', ids.organizer!, ids.category!), 201);
    });
    after(() => t.close());

    // Credentials, the linked posts the arguments name, the slug read (with BEGIN and the terms
    // read ahead), the insert, the queued writes with COMMIT, TEC's known range, the answer.
    it('creates an event with a venue, an organizer and a category in 7 packets', async () => {
      const packets = await packetsOf(t, () => post('/events', eventBody('Second', ids.organizer!, ids.category!), 201));
      expect(packets, packets.join('\n')).to.have.length(7);
    });

    // Credentials, the arguments' posts, the lock read (with BEGIN, the event's meta and term
    // links, and read ahead the terms it names and the posts it linked before), the queued writes
    // with the counts and COMMIT, TEC's known range (the option, then the range: the event is
    // its marker), the answer.
    it('updates every field of an event, links included, in 7 packets', async () => {
      const packets = await packetsOf(t, () => post(`/events/${ids.event}`, eventBody('Renamed', ids.otherOrganizer!, ids.otherCategory!), 200));
      expect(packets, packets.join('\n')).to.have.length(7);
    });
  });
}
