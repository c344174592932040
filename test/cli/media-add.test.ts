// `wpcal media add FILE…`: the files become attachments (IDs printed), which the server then
// shows and serves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { runCli } from '../support/cli.ts';
import { makeImage } from '../support/image-server.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { pino } from 'pino';

forEachDatabase('wpcal media add', (kind) => {
  let database: TestDatabase;
  let dir: string;
  let uploads: string;
  let server: RunningServer | undefined;
  before(async () => {
    database = await kind.create();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-media-'));
    uploads = path.join(dir, 'uploads');
    fs.writeFileSync(path.join(dir, 'Team Photo.webp'), await makeImage(800, 400, 'webp'));
    fs.writeFileSync(path.join(dir, 'logo.gif'), await makeImage(120, 90, 'gif'));
    fs.writeFileSync(path.join(dir, 'notes.png'), 'not an image');
  });
  after(async () => {
    await server?.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adds each image, prints its ID, and refuses what is not an image (exit 1)', async () => {
    const files = ['Team Photo.webp', 'notes.png', 'missing.jpg', 'logo.gif'].map((name) => path.join(dir, name));
    const res = await runCli(['media', 'add', ...files, '--db', database.url, '--uploads', uploads, '--site-url', 'http://calendar.example']);
    expect(res.code, res.stderr).to.equal(1);
    const ids = res.stdout.trim().split('\n');
    expect(ids).to.have.length(2);
    expect(ids.every((id) => /^\d+$/.test(id))).to.equal(true);
    expect(res.stderr).to.include(`${files[1]}: not a JPEG, PNG, GIF or WebP image`);
    expect(res.stderr).to.include(`${files[2]}: no such file`);
    const month = fs.readdirSync(uploads)[0]!;
    const folder = path.join(uploads, month, fs.readdirSync(path.join(uploads, month))[0]!);
    // 800×400 WebP: medium 300×150, thumbnail 150×150, medium_large 768×384; the 120×90 GIF is
    // smaller than every size (the 150×150 crop would keep it whole), so it has none.
    expect(fs.readdirSync(folder).sort()).to.deep.equal([
      'Team-Photo-150x150.webp', 'Team-Photo-300x150.webp', 'Team-Photo-768x384.webp', 'Team-Photo.webp', 'logo.gif',
    ]);

    server = await startServer({ db: database.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, uploads, logger: pino({ level: 'silent' }), siteUrl: undefined });
    const media = await (await fetch(`${server.url}/wp-json/wp/v2/media/${ids[0]}`)).json() as any;
    expect(media.title.rendered).to.equal('Team Photo');
    expect(media.mime_type).to.equal('image/webp');
    expect(Object.keys(media.media_details.sizes)).to.deep.equal(['medium', 'thumbnail', 'medium_large', 'full']);
    const file = await fetch(media.source_url.replace('http://calendar.example', server.url));
    expect(file.headers.get('content-type')).to.equal('image/webp');
    expect(Buffer.from(await file.arrayBuffer()).equals(fs.readFileSync(path.join(dir, 'Team Photo.webp')))).to.equal(true);
  });
});
