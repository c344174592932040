// An import keeps a cost of "0" as the plugin's own save does (the event shows "Free"); only the
// REST endpoint drops it (array_filter over its arguments).
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/data/connect.ts';
import { runCli } from '../support/cli.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';

forEachDatabase('wpcal import of a cost of "0"', (kind) => {
  let database: TestDatabase;
  let dir: string;
  before(async () => {
    database = await kind.create();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-import-cost-'));
  });
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  });

  it('stores the 0', async () => {
    const file = path.join(dir, 'free.json');
    fs.writeFileSync(file, JSON.stringify({
      wpcal: 1,
      events: { free: { title: 'Free entry', start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 11:00:00', cost: '0' } },
    }));
    const res = await runCli(['import', file, '--db', database.url]);
    expect(res.code, res.stderr).to.equal(0);
    const db = await openDatabase(database.url, 'wp_');
    try {
      const rows = await db.kysely.selectFrom('postmeta').select('meta_value').where('meta_key', '=', '_EventCost').execute();
      expect(rows.map((row) => row.meta_value)).to.deep.equal(['0']);
    } finally {
      await db.close();
    }
  });
});
