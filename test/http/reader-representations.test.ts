// Kept event representations per reader: anonymous readers share theirs; a signed-in user's are
// built for them (what they may read shows in the links and JSON-LD an event embeds) and reused
// for them alone. (test/http/kept-reads.test.ts compares a user's kept answers with a fresh
// server's after every kind of write.)
import { expect } from 'chai';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { COUNTER_READ_WINDOW_MS } from '../../src/data/innodb-changes.ts';
import { findUserByLogin } from '../../src/data/users.ts';
import { getOption, setOption } from '../../src/data/options.ts';
import { roleTableFrom } from '../../src/auth/capabilities.ts';
import { defaultRoles } from '../../src/auth/roles.ts';
import { maybeUnserialize, phpSerialize } from '../../src/php/serialize.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

forEachDatabase('event representations per reader', (kind) => {
  let t: TestServer;
  /** A second handle on the same database: its writes are not wpcal's. */
  let outside: Db;
  let admin: string;
  let subscriber: string;
  let eventId: number;
  let reads = 0;

  before(async () => {
    t = await startTestServer(kind);
    outside = await openDatabase(t.database.url, 'wp_');
    admin = await t.userWithRole('administrator', 'admin');
    subscriber = await t.userWithRole('subscriber', 'reader');
    const venue = await t.request('POST', `${API}/venues`, { auth: admin, body: { venue: 'Draft Hall', status: 'draft' } });
    const organizer = await t.request('POST', `${API}/organizers`, { auth: admin, body: { organizer: 'Society', email: 'society@example.test' } });
    const event = await t.request('POST', `${API}/events`, {
      auth: admin,
      body: { title: 'Concert', start_date: '2030-12-21 18:00:00', end_date: '2030-12-21 20:00:00', venue: venue.json.id, organizer: [organizer.json.id] },
    });
    expect(event.status, event.text).to.equal(201);
    eventId = event.json.id;
  });
  after(async () => {
    await outside?.close();
    await t?.close();
  });

  /**
   * The event as `auth` (or an anonymous reader) gets it from GET /events/<id> (where events embed
   * their venue's and organizers' JSON-LD), asked with a parameter the route ignores, a new value
   * each time, so no whole answer is reused: only the event's representation may be.
   */
  async function single(auth?: string): Promise<any> {
    const res = await t.request('GET', `${API}/events/${eventId}?read=${++reads}`, { auth });
    expect(res.status, res.text).to.equal(200);
    return res.json;
  }

  it("keeps each reader's representation for that reader alone", async () => {
    const anonymous = await single();
    const asAdmin = await single(admin);
    const asSubscriber = await single(subscriber);
    // The venue is a draft: its JSON-LD is only for a reader who may read it (sample 60).
    expect(anonymous.venue).to.not.have.property('json_ld');
    expect(asAdmin.venue).to.have.property('json_ld');
    expect(asSubscriber.venue).to.not.have.property('json_ld');
    expect(asAdmin.json_ld.location, "the event's JSON-LD places it at the venue").to.include({ '@type': 'Place' });
    expect(anonymous.json_ld.location).to.equal(false);

    expect(await single(), 'anonymous again').to.deep.equal(anonymous);
    expect(await single(admin), 'the administrator again').to.deep.equal(asAdmin);
    expect(await single(subscriber), 'the subscriber again').to.deep.equal(asSubscriber);
    expect(await single(admin), 'the administrator once more').to.deep.equal(asAdmin);
  });

  it('keeps what context=edit shows apart from what the same reader views', async () => {
    const created = await t.request('POST', `${API}/events`, {
      auth: admin, body: { title: 'Members only', description: 'The code is 1234', start_date: '2030-12-22 18:00:00', end_date: '2030-12-22 20:00:00' },
    });
    const id = created.json.id;
    await t.server.db.write((trx) => trx.updateTable('posts').set({ post_password: 'door' }).where('ID', '=', id).execute());
    const read = async (query: string) => {
      const res = await t.request('GET', `${API}/events?start_date=2030-12-22&end_date=2030-12-23&read=${++reads}${query}`, { auth: admin });
      expect(res.status, res.text).to.equal(200);
      return res.json.events.find((event: { id: number }) => event.id === id);
    };
    for (let round = 0; round < 2; round++) {
      expect((await read('&context=edit')).description, 'context=edit, by a reader who may edit it').to.include('The code is 1234');
      expect((await read('')).description, 'viewed').to.equal('');
    }
  });

  it("shows a role changed by another connection in the user's next read", async () => {
    const before = await single(subscriber);
    expect(before.venue).to.not.have.property('json_ld');
    const user = await findUserByLogin(t.server.db.kysely, 'reader');
    await outside.kysely.updateTable('usermeta').set({ meta_value: 'a:1:{s:6:"editor";b:1;}' })
      .where('user_id', '=', user!.ID).where('meta_key', '=', 'wp_capabilities').execute();
    // On MySQL, an answer begun past the commit counter's read window (innodb-changes.ts).
    await new Promise((resolve) => setTimeout(resolve, COUNTER_READ_WINDOW_MS + 1));
    const after = await single(subscriber);
    expect(after.venue, 'an editor may read the draft venue').to.have.property('json_ld');
  });

  it("shows a role table changed by another connection in the next read of the role's users", async () => {
    const auth = await t.userWithRole('subscriber', 'role-table');
    const stored = await getOption(outside.kysely, 'wp_user_roles');
    const roles = stored === undefined ? defaultRoles() : roleTableFrom(maybeUnserialize(stored));
    expect((await single(auth)).venue).to.not.have.property('json_ld');
    try {
      roles.subscriber!.capabilities.edit_others_tribe_venues = true;
      await outside.write((trx) => setOption(trx, 'wp_user_roles', phpSerialize(roles as never)));
      await new Promise((resolve) => setTimeout(resolve, COUNTER_READ_WINDOW_MS + 1));
      expect((await single(auth)).venue, 'a subscriber may now read the draft venue').to.have.property('json_ld');
    } finally {
      delete roles.subscriber!.capabilities.edit_others_tribe_venues;
      await outside.write((trx) => setOption(trx, 'wp_user_roles', phpSerialize(roles as never)));
    }
  });

  it('refuses at once a password revoked by another connection, after reads that signed in with it', async () => {
    const auth = await t.userWithRole('editor', 'revoked-outside');
    await single(auth);
    await single(auth);
    const user = await findUserByLogin(t.server.db.kysely, 'revoked-outside');
    await outside.kysely.updateTable('usermeta').set({ meta_value: 'a:0:{}' })
      .where('user_id', '=', user!.ID).where('meta_key', '=', '_application_passwords').execute();
    await new Promise((resolve) => setTimeout(resolve, COUNTER_READ_WINDOW_MS + 1));
    const res = await t.request('GET', `${API}/events/${eventId}?read=${++reads}`, { auth });
    expect(res.status, res.text).to.equal(401);
    expect(res.json.code).to.equal('incorrect_password');
  });
});
