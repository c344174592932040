// A `--table-prefix` that names no WordPress site of the database is refused (exit code 2, naming
// the prefixes the database has) instead of creating a second, empty site. Only `migrate --yes`
// creates tables beside another site; `serve`, `import` and `migrate` create them in a database
// without WordPress tables of any prefix (a first start).
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase } from '../../src/data/connect.ts';
import { listTables, wordPressPrefixes } from '../../src/data/table-discovery.ts';
import { BIN, runCli, type CliResult } from '../support/cli.ts';
import { DEMO, NS } from '../support/cli-transfer.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';

const wpcal = (db: TestDatabase, ...args: string[]): Promise<CliResult> => runCli([...args, '--db', db.url], {}, 60_000);

async function inDatabase<T>(db: TestDatabase, read: (opened: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const opened = await openDatabase(db.url, 'wp_');
  try {
    return await read(opened);
  } finally {
    await opened.close();
  }
}

const tables = (db: TestDatabase): Promise<string[]> => inDatabase(db, async (opened) => (await listTables(opened)).sort());
const prefixes = (db: TestDatabase): Promise<string[]> => inDatabase(db, wordPressPrefixes);

/** Every command but `migrate`, as run with a prefix of the test's choosing. */
const COMMANDS: ReadonlyArray<readonly string[]> = [
  ['export'], ['export', '--format', 'wxr'], ['import', DEMO], ['user', 'add', 'ann', '--role', 'editor'], ['user', 'password', 'ann'],
  ['serve', '--port', '0'],
];

/** `wpcal serve` on a free port until it listens; answers `GET route`, then stops it with SIGTERM. */
async function serveOnce(db: TestDatabase, route: string): Promise<{ status: number; code: number | null }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--db', db.url, '--port', '0'], { env: { ...process.env, WPCAL_LOG: 'info' } });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const listening = /"url":"(http:[^"]+)"/.exec(out);
      if (listening) resolve(listening[1]!);
    });
    child.on('close', () => reject(new Error(`wpcal serve exited early: ${out}`)));
  });
  const { status } = await fetch(url + route);
  const code = await new Promise<number | null>((resolve) => {
    child.on('close', resolve);
    child.kill('SIGTERM');
  });
  return { status, code };
}

forEachDatabase('the table prefix guard', (kind) => {
  let db: TestDatabase;
  afterEach(async () => db?.drop());

  describe('a database with the wp_ site', function () {
    this.timeout(120_000);
    let before: string[];
    beforeEach(async () => {
      db = await kind.create();
      expect((await wpcal(db, 'migrate')).code).to.equal(0);
      before = await tables(db);
    });

    it('export, import, user and serve stop with exit code 2 on a prefix it does not have, naming the one it has, and create nothing', async () => {
      for (const command of COMMANDS) {
        const result = await wpcal(db, ...command, '--table-prefix', 'typo_');
        expect(result.code, command.join(' ')).to.equal(2);
        expect(result.stderr.trim(), command.join(' ')).to.equal('wpcal: no tables with prefix "typo_"; this database has "wp_"');
        expect(result.stdout, command.join(' ')).to.equal('');
      }
      const fromEnvironment = await runCli(['export', '--db', db.url], { WPCAL_TABLE_PREFIX: 'typo_' });
      expect([fromEnvironment.code, fromEnvironment.stderr.trim()]).to.deep.equal([2, 'wpcal: no tables with prefix "typo_"; this database has "wp_"']);
      expect(await tables(db)).to.deep.equal(before);
    });

    it('migrate creates a second site beside it only with --yes', async () => {
      const refused = await wpcal(db, 'migrate', '--table-prefix', 'typo_');
      expect(refused.code).to.equal(2);
      expect(refused.stderr.trim()).to.equal('wpcal: no tables with prefix "typo_"; this database has "wp_" (add --yes to create the "typo_" tables beside them)');
      expect(await tables(db)).to.deep.equal(before);

      const confirmed = await wpcal(db, 'migrate', '--table-prefix', 'typo_', '--yes');
      expect(confirmed.code, confirmed.stderr).to.equal(0);
      expect(confirmed.stdout).to.match(/: 11 tables,/);
      expect(await prefixes(db)).to.deep.equal(['typo_', 'wp_']);
      const exported = await wpcal(db, 'export', '--table-prefix', 'typo_');
      expect(exported.code, exported.stderr).to.equal(0);
      expect(JSON.parse(exported.stdout).events).to.deep.equal({});
      const other = await wpcal(db, 'export', '--table-prefix', 'other_');
      expect(other.stderr.trim()).to.equal('wpcal: no tables with prefix "other_"; this database has "typo_", "wp_"');
    });
  });

  describe('a database without WordPress tables', function () {
    this.timeout(120_000);
    beforeEach(async () => {
      db = await kind.create();
      // Tables of another application do not make a WordPress site.
      await inDatabase(db, (opened) => sql`CREATE TABLE app_settings (name VARCHAR(20))`.execute(opened.kysely));
    });

    it('export and user stop with exit code 2 and "run wpcal migrate", and create nothing', async () => {
      for (const command of COMMANDS.filter(([name]) => name === 'export' || name === 'user')) {
        const result = await wpcal(db, ...command);
        expect(result.code, command.join(' ')).to.equal(2);
        expect(result.stderr.trim(), command.join(' ')).to.equal('wpcal: no tables with prefix "wp_": this database has no WordPress tables; run wpcal migrate');
      }
      expect(await tables(db)).to.deep.equal(['app_settings']);
    });

    it('serve creates the calendar on its first start', async () => {
      expect(await serveOnce(db, `${NS}/events`)).to.deep.equal({ status: 200, code: 0 });
      expect(await prefixes(db)).to.deep.equal(['wp_']);
    });

    it('import creates the calendar too', async () => {
      const imported = await wpcal(db, 'import', DEMO);
      expect(imported.code, imported.stderr).to.equal(0);
      expect(imported.stdout.trim()).to.equal('created 13, updated 0, skipped 0, failed 0');
      expect(await prefixes(db)).to.deep.equal(['wp_']);
    });

    it('migrate creates it with any prefix', async () => {
      expect((await wpcal(db, 'migrate', '--table-prefix', 'cal_')).code).to.equal(0);
      expect(await prefixes(db)).to.deep.equal(['cal_']);
    });
  });
});
