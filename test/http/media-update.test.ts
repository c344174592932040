// POST/PUT/PATCH /wp/v2/media/{id}: an attachment's title, caption, description, alt text and
// parent post changed as WordPress's attachments controller changes them, for those who may edit it.
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { makeImage } from '../support/image-server.ts';
import { getPost, loadPostMeta } from '../../src/data/posts.ts';

const MEDIA = '/wp-json/wp/v2/media';
const UPLOADED = new Date('2026-11-25T17:24:55Z');
const EDITED = new Date('2026-11-26T09:30:00Z');

forEachDatabase('wp/v2/media updates', (kind) => {
  let t: TestServer;
  let clock = UPLOADED;
  let admin: string;
  let author: string;
  let png: Buffer;

  before(async () => {
    t = await startTestServer(kind, { now: () => clock });
    admin = await t.userWithRole('administrator');
    author = await t.userWithRole('author');
    png = await makeImage(400, 300, 'png');
  });
  after(async () => t?.close());
  afterEach(() => {
    clock = UPLOADED;
  });

  const upload = async (auth = admin): Promise<number> => {
    const res = await fetch(t.url + MEDIA, {
      method: 'POST', body: new Uint8Array(png),
      headers: { Authorization: auth, 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="photo.png"' },
    });
    expect(res.status).to.equal(201);
    return ((await res.json()) as any).id;
  };
  const post = async (id: number) => (await getPost(t.server.db.kysely, id))!;
  const altOf = async (id: number) => (await loadPostMeta(t.server.db.kysely, id)).get('_wp_attachment_image_alt');

  it('changes title, caption, description, alt text and parent, and answers as GET ?context=edit does', async () => {
    const id = await upload();
    const event = await t.request('POST', '/wp-json/tribe/events/v1/events', {
      auth: admin, body: { title: 'Harbour fair', start_date: '2026-12-10 10:00:00', end_date: '2026-12-10 12:00:00' },
    });
    clock = EDITED;
    const res = await t.request('POST', `${MEDIA}/${id}`, {
      auth: admin, body: { title: 'Harbour', caption: 'Boats at dawn', description: 'Taken from the pier.', alt_text: 'Boats in a harbour', post: event.json.id },
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('location')).to.equal(null);
    expect(res.json).to.deep.include({
      id, title: { raw: 'Harbour', rendered: 'Harbour' }, alt_text: 'Boats in a harbour', post: event.json.id,
      modified: '2026-11-26T09:30:00', modified_gmt: '2026-11-26T09:30:00', date: '2026-11-25T17:24:55', slug: 'photo',
    });
    expect(res.json.caption).to.deep.equal({ raw: 'Boats at dawn', rendered: '<p>Boats at dawn</p>\n' });
    expect(res.json.description.raw).to.equal('Taken from the pier.');
    expect(res.json.description.rendered).to.match(/alt="Boats in a harbour".*<p>Taken from the pier\.<\/p>\n$/s);
    const read = await t.request('GET', `${MEDIA}/${id}?context=edit`, { auth: admin });
    expect(res.json).to.deep.equal(read.json);

    expect(await post(id)).to.include({
      post_title: 'Harbour', post_excerpt: 'Boats at dawn', post_content: 'Taken from the pier.', post_name: 'photo',
      post_modified: '2026-11-26 09:30:00', post_modified_gmt: '2026-11-26 09:30:00', post_date: '2026-11-25 17:24:55',
    });
    expect(Number((await post(id)).post_parent)).to.equal(event.json.id);
    expect(await altOf(id)).to.deep.equal(['Boats in a harbour']);
  });

  it('takes PUT and PATCH, `{ "raw": … }` objects, and changes only what is sent', async () => {
    const id = await upload();
    await t.request('PUT', `${MEDIA}/${id}`, { auth: admin, body: { title: { raw: 'Raw title' }, caption: { raw: 'Raw caption' } } });
    const res = await t.request('PATCH', `${MEDIA}/${id}`, { auth: admin, body: { description: { raw: 'Raw description' }, title: { raw: '' }, post: 0 } });
    expect(res.status).to.equal(200);
    expect(await post(id)).to.include({ post_title: 'Raw title', post_excerpt: 'Raw caption', post_content: 'Raw description' });
    expect(Number((await post(id)).post_parent)).to.equal(0);
    expect(await altOf(id)).to.equal(undefined);
    const form = await t.request('POST', `${MEDIA}/${id}`, { auth: admin, form: { alt_text: '  A <b>bold</b>\n alt ' } });
    expect(form.json.alt_text).to.equal('A bold alt');
    expect(await altOf(id)).to.deep.equal(['A bold alt']);
  });

  it('filters HTML for a user without unfiltered_html, and lets an author edit only his own attachments', async () => {
    const own = await upload(author);
    const res = await t.request('POST', `${MEDIA}/${own}`, { auth: author, body: { title: 'Mine <script>alert(1)</script>', caption: '<em>ok</em><iframe src="x"></iframe>' } });
    expect(res.status).to.equal(200);
    expect(await post(own)).to.include({ post_title: 'Mine alert(1)', post_excerpt: '<em>ok</em>' });
    const others = await upload();
    const title = (await post(others)).post_title;
    const refused = await t.request('POST', `${MEDIA}/${others}`, { auth: author, body: { title: 'Not mine' } });
    expect(refused.status).to.equal(403);
    expect(refused.json).to.deep.equal({ code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this post.', data: { status: 403 } });
    expect((await post(others)).post_title).to.equal(title);
  });

  it('refuses anonymous callers (401) and subscribers (403), and says which methods each may use', async () => {
    const id = await upload();
    const title = (await post(id)).post_title;
    const anonymous = await t.request('PATCH', `${MEDIA}/${id}`, { body: { title: 'x' } });
    expect(anonymous.status).to.equal(401);
    expect(anonymous.json.code).to.equal('rest_cannot_edit');
    const subscriber = await t.userWithRole('subscriber');
    expect((await t.request('PUT', `${MEDIA}/${id}`, { auth: subscriber, body: { title: 'x' } })).status).to.equal(403);
    expect((await post(id)).post_title).to.equal(title);
    expect((await t.request('GET', `${MEDIA}/${id}`)).headers.get('allow')).to.equal('GET');
    expect((await t.request('GET', `${MEDIA}/${id}`, { auth: admin })).headers.get('allow')).to.equal('GET, POST, PUT, PATCH, DELETE');
  });

  it('refuses a revision or attachment as parent (400 Invalid parent type.), a bad post ID and an unknown attachment', async () => {
    const id = await upload();
    const other = await upload();
    const title = (await post(id)).post_title;
    const res = await t.request('POST', `${MEDIA}/${id}`, { auth: admin, body: { post: other, title: 'Changed' } });
    expect(res.status).to.equal(400);
    expect(res.json).to.deep.equal({ code: 'rest_invalid_param', message: 'Invalid parent type.', data: { status: 400 } });
    expect((await post(id)).post_title).to.equal(title);
    const notInteger = await t.request('POST', `${MEDIA}/${id}`, { auth: admin, body: { post: 'abc' } });
    expect(notInteger.status).to.equal(400);
    expect(notInteger.json.data.params).to.have.property('post');
    const missing = await t.request('POST', `${MEDIA}/999999`, { auth: admin, body: { title: 'x' } });
    expect(missing.status).to.equal(404);
    expect(missing.json.code).to.equal('rest_post_invalid_id');
  });

  it('is listed with its arguments under the route', async () => {
    const index = await t.request('GET', '/wp-json/wp/v2');
    const endpoints = index.json.routes['/wp/v2/media/(?P<id>[\\d]+)'].endpoints;
    expect(endpoints.map((endpoint: any) => endpoint.methods)).to.deep.equal([['GET'], ['POST', 'PUT', 'PATCH'], ['DELETE']]);
    expect(Object.keys(endpoints[1].args)).to.deep.equal(['id', 'title', 'caption', 'description', 'alt_text', 'post']);
  });
});
