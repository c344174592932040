// Messages that say what went wrong, in the user's terms (a usage error exits 2, a failure 1).
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../support/cli.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';

describe('wpcal messages', () => {
  let dir: string;
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-messages-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('exits 2 on an unknown WPCAL_LOG level, naming the allowed ones', async () => {
    const res = await runCli(['serve', '--db', 'sqlite::memory:', '--port', '0'], { WPCAL_LOG: 'verbose' });
    expect(res.code).to.equal(2);
    expect(res.stderr.trim()).to.equal('wpcal: invalid WPCAL_LOG "verbose" (expected one of fatal, error, warn, info, debug, trace, silent)');
  });

  it('names the SQLite file it cannot open, and creates no folder for it', async () => {
    const missing = path.join(dir, 'no-such-folder', 'calendar.sqlite');
    const res = await runCli(['migrate', '--db', `sqlite:${missing}`]);
    expect(res.code).to.equal(1);
    expect(res.stderr.trim()).to.equal(`wpcal: cannot open SQLite database ${missing}: the folder ${path.dirname(missing)} does not exist`);
    expect(fs.existsSync(path.dirname(missing))).to.equal(false);

    const folderAsFile = await runCli(['migrate', '--db', `sqlite:${dir}`]);
    expect(folderAsFile.code).to.equal(1);
    expect(folderAsFile.stderr.trim()).to.match(new RegExp(`^wpcal: cannot open SQLite database ${dir}: `));
  });
});

forEachDatabase('wpcal import messages', (kind) => {
  let database: TestDatabase;
  let dir: string;
  before(async () => {
    database = await kind.create();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-import-messages-'));
    expect((await runCli(['migrate', '--db', database.url])).code).to.equal(0);
  });
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  });

  it('says a missing file does not exist', async () => {
    const file = path.join(dir, 'nothing-here.json');
    const res = await runCli(['import', file, '--db', database.url]);
    expect(res.code).to.equal(1);
    expect(res.stderr).to.contain(`${file}: cannot read the file (no such file)`);
  });

  it('names an unknown time zone in a CSV row', async () => {
    const file = path.join(dir, 'events.csv');
    fs.writeFileSync(file, [
      'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Time Zone',
      'On Mars,2030-01-02,10:00:00,2030-01-02,11:00:00,Mars/Olympus_Mons',
      'On Earth,2030-01-03,10:00:00,2030-01-03,11:00:00,Europe/Paris',
    ].join('\n'));
    const res = await runCli(['import', file, '--db', database.url]);
    expect(res.code).to.equal(1);
    expect(res.stderr).to.match(/unknown time zone "Mars\/Olympus_Mons"/);
    expect(res.stderr).to.not.contain('cannot read the dates');
    expect(res.stdout).to.match(/created 1\b/);
  });
});

forEachDatabase('wpcal export --site-url', (kind) => {
  let database: TestDatabase;
  before(async () => {
    database = await kind.create();
    expect((await runCli(['import', 'fixtures/demo.json', '--db', database.url])).code).to.equal(0);
  });
  after(async () => database?.drop());

  for (const format of ['ics', 'wxr']) {
    it(`writes ${format} URLs from --site-url instead of the default home`, async () => {
      const plain = await runCli(['export', '--format', format, '--db', database.url]);
      expect(plain.code).to.equal(0);
      expect(plain.stdout).to.contain('127.0.0.1:8080');
      const moved = await runCli(['export', '--format', format, '--db', database.url, '--site-url', 'https://cal.example.org/sub']);
      expect(moved.code).to.equal(0);
      expect(moved.stdout).to.contain('cal.example.org');
      expect(moved.stdout).to.not.contain('127.0.0.1:8080');
      const byEnv = await runCli(['export', '--format', format, '--db', database.url], { WPCAL_SITE_URL: 'https://cal.example.org/sub' });
      expect(byEnv.stdout).to.contain('cal.example.org');
      expect(byEnv.stdout).to.not.contain('127.0.0.1:8080');
    });
  }

  it('refuses a site URL that is not http(s) with exit code 2', async () => {
    const res = await runCli(['export', '--db', database.url, '--site-url', 'cal.example.org']);
    expect(res.code).to.equal(2);
    expect(res.stderr.trim()).to.equal('wpcal: invalid site URL "cal.example.org" (expected http://HOST[:PORT][/PATH])');
  });
});
