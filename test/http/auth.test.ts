// Application passwords over HTTP Basic, and 401 vs 403 (conventions.md §5).
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { basicAuth, startTestServer, type TestServer } from '../support/server.ts';
import { getUserMeta, findUserByLogin } from '../../src/data/users.ts';
import { parseApplicationPasswords, serializeApplicationPasswords } from '../../src/auth/application-passwords.ts';
import { setUserMeta } from '../../src/data/users.ts';
import { getOption } from '../../src/data/options.ts';

const NS = '/wp-json/tribe/events/v1';

forEachDatabase('authentication', (kind) => {
  let t: TestServer;
  let admin: string;
  before(async () => {
    t = await startTestServer(kind);
    admin = await t.userWithRole('administrator', 'admin');
  });
  after(async () => t.close());

  it('stores the password as WordPress does and marks application passwords in use', async () => {
    const db = t.server.db.kysely;
    const user = await findUserByLogin(db, 'admin');
    const stored = await getUserMeta(db, user!.ID, '_application_passwords');
    expect(stored).to.match(/^a:1:\{i:0;a:7:\{s:4:"uuid";s:36:"[0-9a-f-]{36}";s:6:"app_id";s:0:"";s:4:"name";s:5:"wpcal";s:8:"password";s:49:"\$generic\$/);
    expect(await getOption(db, 'using_application_passwords')).to.equal('1');
    expect(await getUserMeta(db, user!.ID, 'wp_capabilities')).to.equal('a:1:{s:13:"administrator";b:1;}');
    expect(await getUserMeta(db, user!.ID, 'wp_user_level')).to.equal('10');
  });

  it('treats a request without credentials as anonymous', async () => {
    const res = await t.request('GET', NS);
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal(null);
  });

  it('authenticates and sends the no-cache headers', async () => {
    const res = await t.request('GET', NS, { auth: admin });
    expect(res.status).to.equal(200);
    expect(res.headers.get('expires')).to.equal('Wed, 11 Jan 1984 05:00:00 GMT');
    expect(res.headers.get('cache-control')).to.equal('no-cache, must-revalidate, max-age=0, no-store, private');
    expect(res.headers.get('vary')).to.equal(null);
  });

  it('accepts the grouped form of the password, and the e-mail as login', async () => {
    const password = Buffer.from(admin.slice(6), 'base64').toString().split(':')[1];
    const grouped = password.match(/.{4}/g)!.join(' ');
    expect((await t.request('GET', NS, { auth: basicAuth('admin', grouped) })).status).to.equal(200);
    expect((await t.request('GET', NS, { auth: basicAuth('admin@example.test', password) })).status).to.equal(200);
  });

  it('answers 401 incorrect_password for a wrong password, even on public routes', async () => {
    const res = await t.request('GET', NS, { auth: basicAuth('admin', 'wrongwrongwrongwrongwron') });
    expect(res.status).to.equal(401);
    expect(res.json).to.deep.equal({
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
      data: { status: 401 },
    });
  });

  it('answers 401 invalid_username / invalid_email for unknown users', async () => {
    const byLogin = await t.request('GET', NS, { auth: basicAuth('nobody', 'x') });
    expect(byLogin.status).to.equal(401);
    expect(byLogin.json.code).to.equal('invalid_username');
    expect(byLogin.json.message).to.equal('<strong>Error:</strong> Unknown username. Check again or try your email address.');
    const byEmail = await t.request('GET', NS, { auth: basicAuth('nobody@example.test', 'x') });
    expect(byEmail.json.code).to.equal('invalid_email');
  });

  it('ignores a malformed Authorization header', async () => {
    const res = await t.request('GET', NS, { auth: 'Basic ***not base64***' });
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal(null);
  });

  it('refuses a revoked password', async () => {
    const auth = await t.userWithRole('editor', 'revoked');
    expect((await t.request('GET', NS, { auth })).status).to.equal(200);
    const db = t.server.db.kysely;
    const user = await findUserByLogin(db, 'revoked');
    await t.server.db.write((trx) => setUserMeta(trx, user!.ID, '_application_passwords', serializeApplicationPasswords([])));
    const res = await t.request('GET', NS, { auth });
    expect(res.status).to.equal(401);
    expect(res.json.code).to.equal('incorrect_password');
  });

  it('applies a changed role on the very next request', async () => {
    const auth = await t.userWithRole('editor', 'demoted');
    const body = { title: 'Role check', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' };
    expect((await t.request('POST', `${NS}/events`, { auth, body })).status).to.equal(201);
    const user = await findUserByLogin(t.server.db.kysely, 'demoted');
    await t.server.db.write((trx) => setUserMeta(trx, user!.ID, 'wp_capabilities', 'a:1:{s:10:"subscriber";b:1;}'));
    const res = await t.request('POST', `${NS}/events`, { auth, body });
    expect(res.status).to.equal(403);
    expect(res.json.code).to.equal('rest_forbidden');
  });

  // conventions.md §5.2 step 5: usage is recorded at most once per day (last_used = now, last_ip).
  // Authentication reads the wall clock, not the server's `now` option, so the first use is bracketed.
  it('records the first use of a password, then at most once a day', async () => {
    const db = t.server.db.kysely;
    const auth = await t.userWithRole('author', 'usage');
    const userId = (await findUserByLogin(db, 'usage'))!.ID;
    const stored = async () => parseApplicationPasswords((await getUserMeta(db, userId, '_application_passwords')) ?? null)[0]!;
    const storeUsage = async (lastUsed: number, lastIp: string) => {
      const usage = serializeApplicationPasswords([{ ...(await stored()), last_used: lastUsed, last_ip: lastIp }]);
      await t.server.db.write((trx) => setUserMeta(trx, userId, '_application_passwords', usage));
    };
    const unixNow = () => Math.floor(Date.now() / 1000);
    const DAY = 86400;
    expect(await stored()).to.include({ last_used: null, last_ip: null });

    let start = unixNow();
    expect((await t.request('GET', NS, { auth })).status).to.equal(200);
    const first = await stored();
    expect(first.last_used).to.be.within(start, unixNow());
    expect(first.last_ip).to.equal('127.0.0.1');

    const recent = unixNow() - DAY + 60;
    await storeUsage(recent, '192.0.2.1');
    expect((await t.request('GET', NS, { auth })).status).to.equal(200);
    expect(await stored(), 'used less than a day ago: not recorded again').to.include({ last_used: recent, last_ip: '192.0.2.1' });

    await storeUsage(unixNow() - DAY - 60, '192.0.2.1');
    start = unixNow();
    expect((await t.request('GET', NS, { auth })).status).to.equal(200);
    const again = await stored();
    expect(again.last_used, 'used over a day ago: recorded again').to.be.within(start, unixNow());
    expect(again.last_ip).to.equal('127.0.0.1');
  });
});
