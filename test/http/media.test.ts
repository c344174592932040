// WordPress's wp/v2/media routes (samples 72–79): uploads by raw body and by multipart form, read,
// delete; the files land in the uploads folder with their sub-sizes.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { makeImage } from '../support/image-server.ts';
import { readSample } from '../support/plugin-samples.ts';
import { getPost, loadPostMeta } from '../../src/data/posts.ts';

const MEDIA = '/wp-json/wp/v2/media';
const NOW = new Date('2026-11-25T17:24:55Z');

/** The sample's JSON with its site, IDs and file sizes made this server's. */
function expectedBody(sampleName: string, site: string, ids: Record<number, number>, authorId: number, uploads: string): any {
  let text = readSample(sampleName).body.replaceAll('http:\\/\\/127.0.0.1:8881', site.replaceAll('/', '\\/'));
  for (const [from, to] of Object.entries(ids)) {
    text = text.replaceAll(`"id":${from},`, `"id":${to},`).replaceAll(`media\\/${from}"`, `media\\/${to}"`)
      .replaceAll(`post-${from}"`, `post-${to}"`).replaceAll(`attachment_id=${from}"`, `attachment_id=${to}"`)
      .replaceAll(`comments?post=${from}"`, `comments?post=${to}"`);
  }
  text = text.replaceAll('"author":1,', `"author":${authorId},`).replaceAll('users\\/1"', `users\\/${authorId}"`);
  const body = JSON.parse(text);
  const withSizes = (item: any) => {
    if (!item?.media_details) return;
    const dir = path.join(uploads, path.dirname(item.media_details.file));
    item.media_details.filesize = item.filesize = fs.statSync(path.join(uploads, item.media_details.file)).size;
    for (const size of Object.values<any>(item.media_details.sizes)) {
      if ('filesize' in size) size.filesize = fs.statSync(path.join(dir, size.file)).size;
    }
  };
  withSizes(body.previous ?? body);
  return body;
}

forEachDatabase('wp/v2/media', (kind) => {
  let t: TestServer;
  let admin: string;
  let adminId: number;
  let png: Buffer;
  let jpeg: Buffer;

  before(async () => {
    t = await startTestServer(kind, { now: () => NOW });
    admin = await t.userWithRole('administrator');
    adminId = (await t.request('GET', '/wp-json/tribe/events/v1/events', { auth: admin })).status === 200
      ? Number((await t.server.db.kysely.selectFrom('users').select('ID').orderBy('ID', 'desc').executeTakeFirstOrThrow()).ID) : 0;
    png = await makeImage(400, 300, 'png');
    jpeg = await makeImage(640, 480, 'jpeg');
  });
  after(async () => t?.close());

  const uploadRaw = (bytes: Buffer, headers: Record<string, string>, auth = admin) => fetch(t.url + MEDIA, {
    method: 'POST', body: new Uint8Array(bytes), headers: { Authorization: auth, ...headers },
  });
  let rawId: number;
  let multipartId: number;

  it('takes a raw body named by Content-Disposition (sample 72)', async () => {
    const res = await uploadRaw(png, { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="upload.png"' });
    expect(res.status).to.equal(201);
    const body = await res.json() as any;
    rawId = body.id;
    expect(res.headers.get('x-wp-upload-attachment-id')).to.equal(String(rawId));
    expect(res.headers.get('location')).to.equal(`${t.url}${MEDIA}/${rawId}`);
    expect(fs.readFileSync(path.join(t.uploads, '2026/11/upload.png')).equals(png)).to.equal(true);
    const expected = expectedBody('72-media-upload-raw.txt', t.url, { 6: rawId }, adminId, t.uploads);
    expect(Object.keys(body)).to.deep.equal(Object.keys(expected));
    for (const key of Object.keys(expected)) expect(body[key], key).to.deep.equal(expected[key]);
  });

  it('takes a multipart `file` with title and alt text (sample 73)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'poster.jpg');
    form.append('title', 'Poster');
    form.append('alt_text', 'The poster');
    const res = await fetch(t.url + MEDIA, { method: 'POST', body: form, headers: { Authorization: admin } });
    expect(res.status).to.equal(201);
    const body = await res.json() as any;
    multipartId = body.id;
    const expected = expectedBody('73-media-upload-multipart.txt', t.url, { 7: multipartId }, adminId, t.uploads);
    for (const key of Object.keys(expected)) expect(body[key], key).to.deep.equal(expected[key]);
    expect(Object.keys(body)).to.deep.equal(Object.keys(expected));
  });

  it('a second upload of the same name gets the next free name, as wp_unique_filename gives it', async () => {
    const res = await uploadRaw(png, { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="upload.png"' });
    const body = await res.json() as any;
    expect(body.source_url).to.equal(`${t.url}/wp-content/uploads/2026/11/upload-1.png`);
    // WordPress titles an upload sent without one by the file it stored (insert_attachment).
    expect(body.title.raw).to.equal('upload-1');
    expect(body.slug).to.equal('upload-1');
    expect(body.media_details.sizes.medium.file).to.equal('upload-1-300x225.png');
  });

  it('shows an attachment to anyone (sample 74), and its file is served', async () => {
    const res = await t.request('GET', `${MEDIA}/${rawId}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('link')).to.equal(`<${t.url}/upload/>; rel="alternate"; type=text/html`);
    expect(res.json).to.deep.equal(expectedBody('74-media-single-anon.txt', t.url, { 6: rawId }, adminId, t.uploads));
    const file = await fetch(res.json.source_url);
    expect(file.headers.get('content-type')).to.equal('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).to.equal(true);
  });

  it('refuses a user without upload_files (sample 76)', async () => {
    const subscriber = await t.userWithRole('subscriber');
    const res = await uploadRaw(png, { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="upload.png"' }, subscriber);
    const sample = readSample('76-media-upload-subscriber-403.txt');
    expect(res.status).to.equal(sample.status);
    expect(await res.json()).to.deep.equal(JSON.parse(sample.body));
  });

  it('refuses bytes that are not an image with 400 (sample 79 answers 500), leaving no file', async () => {
    const files = fs.readdirSync(path.join(t.uploads, '2026/11')).sort();
    const res = await uploadRaw(Buffer.from('not an image'), { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="fake.png"' });
    expect(res.status).to.equal(400);
    const sample = JSON.parse(readSample('79-media-upload-not-image-400.txt').body);
    expect(await res.json()).to.deep.equal({ ...sample, data: { status: 400 } });
    expect(fs.readdirSync(path.join(t.uploads, '2026/11')).sort()).to.deep.equal(files);
  });

  it('refuses an upload without a file or without a name', async () => {
    const noName = await uploadRaw(png, { 'Content-Type': 'image/png' });
    expect(noName.status).to.equal(400);
    expect(((await noName.json()) as any).code).to.equal('rest_upload_no_content_disposition');
    const form = new FormData();
    form.append('title', 'Nothing');
    const empty = await fetch(t.url + MEDIA, { method: 'POST', body: form, headers: { Authorization: admin } });
    expect(empty.status).to.equal(400);
    expect(((await empty.json()) as any).code).to.equal('rest_upload_no_data');
  });

  it('deletes only with force=true (samples 77, 78): rows, files and the links to it go', async () => {
    const event = await t.request('POST', '/wp-json/tribe/events/v1/events', {
      auth: admin, body: { title: 'With upload', start_date: '2026-12-10 10:00:00', end_date: '2026-12-10 12:00:00', image: String(rawId) },
    });
    expect(event.json.image.id).to.equal(rawId);
    const noForce = await t.request('DELETE', `${MEDIA}/${rawId}`, { auth: admin });
    expect(noForce.status).to.equal(501);
    expect(noForce.json).to.deep.equal(JSON.parse(readSample('77-media-delete-no-force-501.txt').body));
    const expected = expectedBody('78-media-delete-force.txt', t.url, { 6: rawId }, adminId, t.uploads);
    const res = await t.request('DELETE', `${MEDIA}/${rawId}?force=true`, { auth: admin });
    expect(res.status).to.equal(200);
    expect(res.json).to.deep.equal(expected);
    expect(await getPost(t.server.db.kysely, rawId)).to.equal(undefined);
    expect((await loadPostMeta(t.server.db.kysely, rawId)).size).to.equal(0);
    expect((await loadPostMeta(t.server.db.kysely, event.json.id)).has('_thumbnail_id')).to.equal(false);
    expect(fs.readdirSync(path.join(t.uploads, '2026/11')).filter((name) => /^upload(-\d+x\d+)?\.png$/.test(name))).to.deep.equal([]);
    expect((await t.request('GET', `${MEDIA}/${rawId}`)).status).to.equal(404);
  });

  it('lists attachments newest first, with totals and paging links (sample 75)', async () => {
    const res = await t.request('GET', `${MEDIA}?per_page=1`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-wp-total')).to.equal('2');
    expect(res.headers.get('x-wp-totalpages')).to.equal('2');
    expect(res.headers.get('link')).to.equal(`<${t.url}${MEDIA}?per_page=1&page=2>; rel="next"`);
    // The newest: the second upload.png, titled by the name it was stored under.
    expect(res.json.map((item: any) => [item.title.rendered, item.filename])).to.deep.equal([['upload-1', 'upload-1.png']]);
    const sample = JSON.parse(readSample('75-media-list-anon.txt').body)[0];
    expect(Object.keys(res.json[0])).to.deep.equal(Object.keys(sample));
  });

  it('refuses list arguments out of their schema with WordPress\'s messages', async () => {
    const cases = [
      ['per_page=500', 'per_page', 'rest_out_of_bounds', 'per_page must be between 1 (inclusive) and 100 (inclusive)'],
      ['page=0', 'page', 'rest_out_of_bounds', 'page must be greater than or equal to 1'],
      ['context=all', 'context', 'rest_not_in_enum', 'context is not one of view, embed, and edit.'],
    ];
    for (const [query, name, code, message] of cases) {
      const res = await t.request('GET', `${MEDIA}?${query}`);
      expect(res.status, query).to.equal(400);
      expect(res.json, query).to.deep.equal({
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${name}`,
        data: { status: 400, params: { [name!]: message }, details: { [name!]: { code, message, data: null } } },
      });
    }
  });

  it('is listed under the wp/v2 namespace index', async () => {
    const res = await t.request('GET', '/wp-json/wp/v2');
    expect(Object.keys(res.json.routes)).to.deep.equal(['/wp/v2', '/wp/v2/media', '/wp/v2/media/(?P<id>[\\d]+)']);
  });
});
