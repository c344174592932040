// A WXR export carries every post's author, modified dates and permalink, and importing it keeps the dates.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/data/connect.ts';
import { runCli } from '../support/cli.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';

const MODIFIED_UTC = '2024-05-06 07:08:09';

async function postDates(url: string): Promise<Map<number, { type: string; modifiedUtc: string; modified: string }>> {
  const db = await openDatabase(url, 'wp_');
  try {
    const rows = await db.kysely.selectFrom('posts').select(['ID', 'post_type', 'post_modified', 'post_modified_gmt'])
      .where('post_type', 'in', ['tribe_events', 'tribe_venue', 'tribe_organizer']).execute();
    return new Map(rows.map((row) => [Number(row.ID), { type: row.post_type, modifiedUtc: row.post_modified_gmt, modified: row.post_modified }]));
  } finally {
    await db.close();
  }
}

forEachDatabase('WXR export and import of modified dates', (kind) => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  let wxr: string;
  before(async () => {
    source = await kind.create();
    target = await kind.create();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-wxr-dates-'));
    expect((await runCli(['import', 'fixtures/demo.json', '--db', source.url])).code).to.equal(0);
    const added = await runCli(['user', 'add', 'editor-ann', '--role', 'editor', '--email', 'ann@example.org', '--db', source.url]);
    expect(added.code).to.equal(0);
    const db = await openDatabase(source.url, 'wp_');
    try {
      const ann = await db.kysely.selectFrom('users').select('ID').where('user_login', '=', 'editor-ann').executeTakeFirstOrThrow();
      await db.write((trx) => trx.updateTable('posts').set({ post_modified_gmt: MODIFIED_UTC, post_modified: MODIFIED_UTC, post_author: ann.ID })
        .where('post_type', 'in', ['tribe_events', 'tribe_venue', 'tribe_organizer']).execute());
    } finally {
      await db.close();
    }
    const exported = await runCli(['export', '--format', 'wxr', '--db', source.url, '--site-url', 'https://cal.example.org']);
    expect(exported.code).to.equal(0);
    wxr = exported.stdout;
    fs.writeFileSync(path.join(dir, 'calendar.xml'), wxr);
  });
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await source?.drop();
    await target?.drop();
  });

  it('declares the authors and names each item\'s', () => {
    const channel = wxr.slice(0, wxr.indexOf('<item>'));
    expect(channel).to.match(/<wp:author><wp:author_id>\d+<\/wp:author_id><wp:author_login><!\[CDATA\[editor-ann\]\]><\/wp:author_login><wp:author_email><!\[CDATA\[ann@example\.org\]\]><\/wp:author_email>/);
    const items = wxr.split('<item>').slice(1);
    expect(items.length).to.be.greaterThan(3);
    for (const item of items) expect(item).to.contain('<dc:creator><![CDATA[editor-ann]]></dc:creator>');
  });

  it('declares no author in a filtered export, and keeps authors out of JSON exports', async () => {
    const filtered = await runCli(['export', '--format', 'wxr', '--status', 'publish', '--db', source.url]);
    expect(filtered.code).to.equal(0);
    expect(filtered.stdout).to.not.contain('<wp:author>');
    expect(filtered.stdout).to.contain('<dc:creator><![CDATA[editor-ann]]></dc:creator>');
    const json = await runCli(['export', '--format', 'json', '--db', source.url]);
    expect(json.stdout).to.not.match(/author/i);
  });

  it('writes the modified dates and the permalink of venues and organizers', () => {
    const linkedItems = wxr.split('<item>').slice(1).filter((item) => /<wp:post_type><!\[CDATA\[tribe_(venue|organizer)\]\]>/.test(item));
    expect(linkedItems.length).to.be.greaterThan(1);
    for (const item of linkedItems) {
      expect(item).to.contain(`<wp:post_modified_gmt><![CDATA[${MODIFIED_UTC}]]></wp:post_modified_gmt>`);
      expect(item).to.not.contain('<wp:post_modified><![CDATA[]]>');
      expect(item).to.match(/<link>https:\/\/cal\.example\.org\/(venue|organizer)\/[^<]+\/<\/link>/);
    }
  });

  it('keeps them when the export is imported into an empty database', async () => {
    const imported = await runCli(['import', path.join(dir, 'calendar.xml'), '--db', target.url]);
    expect(imported.code, imported.stderr).to.equal(0);
    const before = await postDates(source.url);
    const after = await postDates(target.url);
    expect([...after.keys()].sort()).to.deep.equal([...before.keys()].sort());
    for (const [id, dates] of after) expect(dates, `post ${id}`).to.deep.equal(before.get(id));
  });
});
