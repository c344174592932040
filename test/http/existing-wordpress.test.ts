// Serving a real WordPress + TEC database in place (MariaDB: the dump is MySQL syntax).
import { expect } from 'chai';
import { databaseKinds } from '../support/databases.ts';
import { basicAuth, startTestServer, type TestServer } from '../support/server.ts';
import { loadWordPressDump } from '../support/mysql-script.ts';
import { hashApplicationPassword } from '../../src/auth/password-hashes.ts';
import { newApplicationPasswordItem, serializeApplicationPasswords } from '../../src/auth/application-passwords.ts';
import { setUserMeta } from '../../src/data/users.ts';
import { setOption } from '../../src/data/options.ts';

const mysql = databaseKinds().find((k) => k.name === 'mysql');

// Declared only when a MySQL server is configured (WPCAL_TEST_MYSQL), like every MySQL suite.
if (mysql) describe('an existing WordPress database [mysql]', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(mysql, { before: (database) => loadWordPressDump(database.url) });
  });
  after(async () => t?.close());

  it('serves the site settings WordPress keeps in wp_options', async () => {
    const res = await t.request('GET', '/wp-json/');
    expect(res.status).to.equal(200);
    expect(res.json.name).to.equal('TEC REST v1 Tests');
    expect(res.json.url).to.equal('http://wordpress.test');
    expect(res.json.home).to.equal('http://wordpress.test');
    expect(res.json.timezone_string).to.equal('America/Los_Angeles');
    expect(res.json.gmt_offset).to.equal('');
    expect(res.headers.get('link')).to.equal('<http://wordpress.test/wp-json/>; rel="https://api.w.org/"');
  });

  it('keeps the existing options and users unchanged', async () => {
    const db = t.server.db.kysely;
    const blogname = await db.selectFrom('options').select('option_value').where('option_name', '=', 'blogname').execute();
    expect(blogname).to.deep.equal([{ option_value: 'TEC REST v1 Tests' }]);
    const admin = await db.selectFrom('users').select(['ID', 'user_pass']).where('user_login', '=', 'admin').executeTakeFirst();
    expect(admin).to.deep.equal({ ID: 1, user_pass: '$P$Bbi7rKX5wWlVNoZRWKY8n6gduwL0rE0' });
  });

  it('authenticates a WordPress user with an application password stored in an older hash format', async () => {
    const password = 'abcdEFGHijklMNOPqrstUVWX';
    const item = newApplicationPasswordItem('legacy', hashApplicationPassword(password, 'phpass'), 1700000000);
    await t.server.db.write((trx) => setUserMeta(trx, 1, '_application_passwords', serializeApplicationPasswords([item])));
    const anonymousWhileUnused = await t.request('GET', '/wp-json/tribe/events/v1', { auth: basicAuth('admin', password) });
    expect(anonymousWhileUnused.headers.get('cache-control'), 'ignored until in use').to.equal(null);
    await t.server.db.write((trx) => setOption(trx, 'using_application_passwords', '1'));
    const res = await t.request('GET', '/wp-json/tribe/events/v1', { auth: basicAuth('admin', 'abcd EFGH ijkl MNOP qrst UVWX') });
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.contain('no-cache');
  });
});
