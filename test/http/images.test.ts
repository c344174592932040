// Images by URL (samples 45–49, 71): downloaded by WordPress's safe-request rules, stored as
// WordPress stores attachments, with its default sub-sizes; files served under /wp-content/uploads/.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { filesUnder, makeImage, startImageServer, type ImageServer } from '../support/image-server.ts';
import { SAMPLES, sampleJson } from '../support/plugin-samples.ts';
import { getPost, loadPostMeta } from '../../src/data/posts.ts';
import { phpUnserialize } from '../../src/php/serialize.ts';

const NS = '/wp-json/tribe/events/v1';
const NOW = new Date('2026-11-25T13:10:48Z');
const EVENT = { title: 'Photo walk', start_date: '2026-12-10 10:00:00', end_date: '2026-12-10 12:00:00' };

/** A GET with exactly these headers (fetch adds Cache-Control: no-cache to conditional requests). */
function plainGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

forEachDatabase('images by URL', (kind) => {
  let web: ImageServer;
  let t: TestServer;
  let admin: string;
  let site: string;

  before(async () => {
    web = await startImageServer();
    site = web.url;
    // The site's URL is the image server's: the site's own host, on its own port, may be fetched from.
    // Its port is also allowed for any host (WordPress's http_allowed_safe_ports filter), so that
    // only the address check refuses `localhost` (a loopback address under another name).
    t = await startTestServer(kind, { now: () => NOW, siteUrl: site, imageMaxBytes: 2 * 1024 * 1024, imageTimeoutMs: 1500, imagePorts: [80, 443, 8080, web.port] });
    web.upstream = t.url;
    admin = await t.userWithRole('administrator');
    web.files.set('/sample-photo.jpg', { body: await makeImage(1600, 1000, 'jpeg'), type: 'image/jpeg' });
    web.files.set('/photo.jpg', { body: await makeImage(400, 300, 'jpeg'), type: 'image/jpeg' });
    web.files.set('/not-an-image.txt', { body: Buffer.from('not an image'), type: 'text/plain' });
    web.files.set('/private.jpg', { body: await makeImage(300, 200, 'jpeg'), type: 'image/jpeg' });
    web.files.set('/fake.jpg', { body: Buffer.from('not an image either'), type: 'image/jpeg' });
    web.files.set('/huge.png', { body: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(3 * 1024 * 1024)]), type: 'image/png' });
  });
  after(async () => {
    await t?.close();
    await web?.close();
  });

  const createEvent = (body: Record<string, unknown>) => t.request('POST', `${NS}/events`, { auth: admin, body: { ...EVENT, ...body } });
  const kysely = () => t.server.db.kysely;
  const eventCount = async () => Number((await kysely().selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).where('post_type', '=', 'tribe_events').executeTakeFirstOrThrow()).n);

  it('downloads an image URL into an attachment with WordPress\'s sub-sizes: the event\'s image is sample 45\'s', async () => {
    const res = await createEvent({ image: `${site}/sample-photo.jpg` });
    expect(res.status).to.equal(201);
    const image = res.json.image;
    const expected = sampleJson('45-create-event-image-url.txt').image as any;
    const name = /\/2026\/11\/(sample-photo-[A-Za-z0-9]{6})\.jpg$/.exec(image.url)?.[1];
    expect(name, image.url).to.be.a('string');
    expect(Object.keys(image)).to.deep.equal(Object.keys(expected));
    expect(Object.keys(image.sizes)).to.deep.equal(Object.keys(expected.sizes));
    const dir = path.join(t.uploads, '2026/11');
    const sizeOf = (file: string) => fs.statSync(path.join(dir, file)).size;
    const rewritten = JSON.parse(JSON.stringify(expected).replaceAll('http://127.0.0.1:8881', site).replaceAll('sample-photo-HFF3dH', name!));
    rewritten.id = image.id;
    rewritten.filesize = sizeOf(`${name}.jpg`);
    for (const size of Object.values<any>(rewritten.sizes)) size.filesize = sizeOf(path.basename(size.url));
    expect(image).to.deep.equal(rewritten);
    expect(filesUnder(t.uploads)).to.deep.equal(['', '-1024x640', '-150x150', '-1536x960', '-300x188', '-768x480'].map((s) => `2026/11/${name}${s}.jpg`).sort());
    expect(fs.readFileSync(path.join(dir, `${name}.jpg`)).equals(web.files.get('/sample-photo.jpg')!.body)).to.equal(true);
  });

  it('stores the attachment rows as WordPress does (sample 71)', async () => {
    const res = await createEvent({ image: `${site}/photo.jpg` });
    const id = res.json.image.id as number;
    const post = (await getPost(kysely(), id))!;
    const file = /uploads\/(2026\/11\/(photo-[A-Za-z0-9]{6})\.jpg)$/.exec(res.json.image.url)!;
    expect(post).to.include({
      post_type: 'attachment', post_status: 'inherit', post_mime_type: 'image/jpeg', post_title: file[2], post_name: file[2]!.toLowerCase(),
      guid: `${site}/wp-content/uploads/${file[1]}`, comment_status: 'open', ping_status: 'closed', post_content: '', post_excerpt: '',
      post_date: '2026-11-25 13:10:48', post_date_gmt: '2026-11-25 13:10:48',
    });
    expect(Number(post.post_parent)).to.equal(0);
    const meta = await loadPostMeta(kysely(), id);
    expect(meta.get('_wp_attached_file')).to.deep.equal([file[1]]);
    expect(meta.get('_tribe_importer_original_url')).to.deep.equal([`${site}/photo.jpg`]);
    const metadata = phpUnserialize(meta.get('_wp_attachment_metadata')![0]!) as any;
    const sample71 = fs.readFileSync(path.join(SAMPLES, '71-attachment-rows-after-image-url.txt'), 'utf8');
    const sampleMetadata = phpUnserialize(/_wp_attachment_metadata\t(.*)/.exec(sample71)![1]!) as any;
    expect(Object.keys(metadata)).to.deep.equal(Object.keys(sampleMetadata));
    expect(metadata.image_meta).to.deep.equal(sampleMetadata.image_meta);
    expect(metadata).to.deep.include({ width: 400, height: 300, file: file[1], filesize: web.files.get('/photo.jpg')!.body.length });
    // 400×300: only medium (300×225) and thumbnail (150×150) are smaller.
    expect(Object.keys(metadata.sizes)).to.deep.equal(['medium', 'thumbnail']);
    expect(metadata.sizes.medium).to.deep.equal({
      file: `${file[2]}-300x225.jpg`, width: 300, height: 225, 'mime-type': 'image/jpeg',
      filesize: fs.statSync(path.join(t.uploads, '2026/11', `${file[2]}-300x225.jpg`)).size,
    });
    expect((await loadPostMeta(kysely(), res.json.id)).get('_thumbnail_id')).to.deep.equal([String(id)]);
  });

  it('reuses the attachment made from the same URL (sample 46), for venues and inline organizers too', async () => {
    const first = await createEvent({ image: `${site}/sample-photo.jpg` });
    const venue = await t.request('POST', `${NS}/venues`, { auth: admin, body: { venue: 'Gallery Hall', city: 'Boston', image: `${site}/sample-photo.jpg` } });
    expect(venue.status).to.equal(201);
    expect(venue.json.image).to.deep.equal(first.json.image);
    const before = filesUnder(t.uploads).length;
    const inline = await createEvent({ organizer: [{ organizer: 'Lens Club', image: `${site}/sample-photo.jpg` }] });
    expect(inline.status, inline.text).to.equal(201);
    expect(inline.json.organizer[0].image.id).to.equal(first.json.image.id);
    expect(filesUnder(t.uploads).length).to.equal(before);
  });

  it('downloads for inline venues, following at most 5 redirects', async () => {
    web.files.set('/photo.jpg', { body: await makeImage(320, 200, 'png'), type: 'image/png' });
    const res = await createEvent({ venue: { venue: 'Redirected Hall', image: `${site}/redirect/4` } });
    expect(res.status, res.text).to.equal(201);
    // The bytes are a PNG: the file is named by them, not by the URL.
    expect(res.json.venue.image.url).to.match(/\/2026\/11\/photo-[A-Za-z0-9]{6}\.png$/);
    expect(res.json.venue.image.sizes.medium).to.include({ width: 300, height: 188, 'mime-type': 'image/png' });
    expect((await createEvent({ image: `${site}/redirect/5` })).status).to.equal(400);
  });

  describe('refusals: 400 rest_invalid_param for image (samples 48–49), nothing written', () => {
    const refused: [string, () => string][] = [
      ['bytes that are not an image (sample 48)', () => `${site}/not-an-image.txt`],
      ['an image name over bytes that are not an image', () => `${site}/fake.jpg`],
      ['a private address (sample 49)', () => 'http://10.1.2.3/photo.jpg'],
      ['a loopback address under another name than the site\'s, before connecting', () => `http://localhost:${web.port}/private.jpg`],
      ['a redirect to a loopback address, before following it', () => `${site}/to-private`],
      ['a port other than the allowed ones and the site\'s', () => `http://example.com:${web.port + 1}/photo.jpg`],
      ['a body over the size limit', () => `${site}/huge.png`],
      ['a body slower than the time limit', () => `${site}/slow.jpg`],
      ['a missing file', () => `${site}/missing.jpg`],
      ['a scheme other than http and https', () => 'ftp://example.com/photo.jpg'],
      ['credentials in the URL', () => `http://user:pass@127.0.0.1:${web.port}/photo.jpg`],
    ];
    for (const [what, url] of refused) {
      it(what, async () => {
        const events = await eventCount();
        const files = filesUnder(t.uploads);
        const res = await createEvent({ title: 'Bad image', image: url() });
        expect(res.status, res.text).to.equal(400);
        const sample = what.includes('sample 49') ? '49-create-event-image-private-address-400.txt' : '48-create-event-image-not-image-400.txt';
        expect(res.json).to.deep.equal(sampleJson(sample));
        expect(await eventCount()).to.equal(events);
        expect(filesUnder(t.uploads)).to.deep.equal(files);
        expect(web.hits.get('/private.jpg') ?? 0).to.equal(0);
      });
    }

    it('a URL for a caller without upload_files, before anything is downloaded', async () => {
      const contributor = await t.userWithRole('contributor');
      const hits = web.hits.get('/photo.jpg') ?? 0;
      const res = await t.request('POST', `${NS}/events`, { auth: contributor, body: { ...EVENT, image: `${site}/photo.jpg?x=1` } });
      expect(res.status).to.equal(400);
      expect(web.hits.get('/photo.jpg') ?? 0).to.equal(hits);
    });

    it('an inline venue with a refused image: 400 venue, no file left behind', async () => {
      const files = filesUnder(t.uploads);
      const res = await createEvent({ venue: { venue: 'Bad Hall', image: `${site}/fake.jpg` } });
      expect(res.status).to.equal(400);
      expect(res.json.data.params).to.have.property('venue');
      expect(filesUnder(t.uploads)).to.deep.equal(files);
    });

    it('a write refused after the download (bad date) leaves no file behind', async () => {
      web.files.set('/other.jpg', { body: await makeImage(200, 200, 'jpeg'), type: 'image/jpeg' });
      const files = filesUnder(t.uploads);
      const res = await createEvent({ image: `${site}/other.jpg`, end_date: '2026-12-09 10:00:00' });
      expect(res.status).to.equal(400);
      expect(filesUnder(t.uploads)).to.deep.equal(files);
    });
  });

  describe('the files at /wp-content/uploads/', () => {
    let url: string;
    let bytes: Buffer;
    before(async () => {
      const res = await createEvent({ image: `${site}/sample-photo.jpg` });
      url = res.json.image.url.replace(site, t.url);
      bytes = fs.readFileSync(path.join(t.uploads, res.json.image.url.slice(`${site}/wp-content/uploads/`.length)));
    });

    it('serves a stored image with its type, validators and a long cache lifetime (also through the site URL)', async () => {
      const res = await fetch(url);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/jpeg');
      expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000');
      expect(res.headers.get('accept-ranges')).to.equal('bytes');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).to.equal(true);
      const etag = res.headers.get('etag')!;
      expect(await plainGet(url, { 'If-None-Match': etag })).to.equal(304);
      expect(await plainGet(url, { 'If-Modified-Since': res.headers.get('last-modified')! })).to.equal(304);
      expect(await plainGet(url, { 'If-None-Match': '"other"' })).to.equal(200);
      const viaSite = await fetch(url.replace(t.url, site));
      expect(Buffer.from(await viaSite.arrayBuffer()).equals(bytes)).to.equal(true);
    });

    it('answers byte ranges', async () => {
      const part = await fetch(url, { headers: { Range: 'bytes=10-19' } });
      expect(part.status).to.equal(206);
      expect(part.headers.get('content-range')).to.equal(`bytes 10-19/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).to.equal(true);
      const tail = await fetch(url, { headers: { Range: 'bytes=-5' } });
      expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 5))).to.equal(true);
      const beyond = await fetch(url, { headers: { Range: `bytes=${bytes.length}-` } });
      expect(beyond.status).to.equal(416);
      expect(beyond.headers.get('content-range')).to.equal(`bytes */${bytes.length}`);
    });

    it('lists no folder, leaves the folder by no path, serves no dotfile', async () => {
      fs.writeFileSync(path.join(t.uploads, '.htaccess'), 'secret');
      for (const tried of ['/wp-content/uploads/2026/11/', '/wp-content/uploads/2026', '/wp-content/uploads/%2e%2e/x',
        '/wp-content/uploads/2026/..%2f..%2fetc%2fpasswd', '/wp-content/uploads/.htaccess', '/wp-content/uploads/2026/11/missing.jpg']) {
        const res = await fetch(t.url + tried);
        expect(res.status, tried).to.equal(404);
        expect(await res.text(), tried).to.not.include('secret');
      }
    });
  });
});
