// What WordPress does to an image before its sub-sizes (wp_create_image_subsizes): a big one is
// stood for by a `-scaled` copy, a JPEG with an EXIF orientation by an upright `-rotated` one, and
// its EXIF/IPTC data fills `image_meta` and names the attachment. Uploads and downloads alike.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { filesUnder, startImageServer, type ImageServer } from '../support/image-server.ts';
import { halvesImage } from '../support/image-metadata.ts';
import { getPost, loadPostMeta } from '../../src/data/posts.ts';
import { phpUnserialize } from '../../src/php/serialize.ts';

const MEDIA = '/wp-json/wp/v2/media';
const NOW = new Date('2026-11-25T17:24:55Z');
const MONTH = '2026/11';

/** The colour at the middle of the picture's top and bottom rows: which half ended up where. */
async function topAndBottom(file: string): Promise<[string, string]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const colour = (y: number): string => {
    const i = (y * info.width + Math.floor(info.width / 2)) * info.channels;
    return data[i]! > 200 && data[i + 2]! < 60 ? 'red' : data[i]! < 60 && data[i + 2]! > 200 ? 'blue' : 'mixed';
  };
  return [colour(1), colour(info.height - 2)];
}

async function sizeOnDisk(file: string): Promise<[number, number]> {
  const meta = await sharp(file).metadata();
  return [meta.width!, meta.height!];
}

forEachDatabase('images as WordPress processes them', (kind) => {
  let web: ImageServer;
  let t: TestServer;
  let admin: string;
  let site: string;

  before(async () => {
    web = await startImageServer();
    site = web.url;
    t = await startTestServer(kind, { now: () => NOW, siteUrl: site, imagePorts: [80, 443, 8080, web.port] });
    web.upstream = t.url;
    admin = await t.userWithRole('administrator');
  });
  after(async () => {
    await t?.close();
    await web?.close();
  });

  const upload = async (bytes: Buffer, filename: string) => {
    const res = await fetch(t.url + MEDIA, {
      method: 'POST', body: new Uint8Array(bytes),
      headers: { Authorization: admin, 'Content-Type': 'image/jpeg', 'Content-Disposition': `attachment; filename="${filename}"` },
    });
    expect(res.status).to.equal(201);
    return await res.json() as any;
  };
  const rowsOf = async (id: number) => {
    const meta = await loadPostMeta(t.server.db.kysely, id);
    const raw = meta.get('_wp_attachment_metadata')![0]!;
    return { post: (await getPost(t.server.db.kysely, id))!, meta, raw, metadata: phpUnserialize(raw) as any };
  };
  const inMonth = (file: string) => path.join(t.uploads, MONTH, file);
  const sizesOf = (sizes: Record<string, any>) => Object.fromEntries(Object.entries(sizes).map(([name, size]) => [name, [size.file, size.width, size.height]]));

  let harbour: { id: number; source_url: string };

  it('stands for an image over 2560 pixels by NAME-scaled.EXT, its sub-sizes made from the original', async () => {
    const bytes = await halvesImage(3000, 2000, 'jpeg');
    const body = await upload(bytes, 'harbour.jpg');
    harbour = body;
    expect(body.source_url).to.equal(`${site}/wp-content/uploads/${MONTH}/harbour-scaled.jpg`);
    expect(body.title.raw).to.equal('harbour');
    const details = body.media_details;
    expect(Object.keys(details)).to.deep.equal(['width', 'height', 'file', 'filesize', 'sizes', 'image_meta', 'original_image']);
    expect(details).to.deep.include({ width: 2560, height: 1707, file: `${MONTH}/harbour-scaled.jpg`, filesize: fs.statSync(inMonth('harbour-scaled.jpg')).size, original_image: 'harbour.jpg' });
    // From the 3000×2000 original: 2048×1365 (the 2560×1707 copy would give 2048×1366).
    expect(sizesOf(details.sizes)).to.deep.equal({
      medium: ['harbour-300x200.jpg', 300, 200], large: ['harbour-1024x683.jpg', 1024, 683], thumbnail: ['harbour-150x150.jpg', 150, 150],
      medium_large: ['harbour-768x512.jpg', 768, 512], '1536x1536': ['harbour-1536x1024.jpg', 1536, 1024],
      '2048x2048': ['harbour-2048x1365.jpg', 2048, 1365], full: ['harbour-scaled.jpg', 2560, 1707],
    });

    const { post, meta, raw, metadata } = await rowsOf(body.id);
    expect(meta.get('_wp_attached_file')).to.deep.equal([`${MONTH}/harbour-scaled.jpg`]);
    // The guid stays the URL of the file as uploaded, as wp_insert_attachment wrote it.
    expect(post.guid).to.equal(`${site}/wp-content/uploads/${MONTH}/harbour.jpg`);
    expect(raw).to.match(new RegExp(`^a:7:\\{s:5:"width";i:2560;s:6:"height";i:1707;s:4:"file";s:26:"${MONTH}/harbour-scaled.jpg";s:8:"filesize";i:${details.filesize};s:5:"sizes";`));
    expect(raw).to.match(/s:11:"orientation";s:1:"0";.*s:14:"original_image";s:11:"harbour\.jpg";\}$/);
    expect(metadata.sizes['2048x2048']).to.deep.equal({
      file: 'harbour-2048x1365.jpg', width: 2048, height: 1365, 'mime-type': 'image/jpeg', filesize: fs.statSync(inMonth('harbour-2048x1365.jpg')).size,
    });

    expect(filesUnder(path.join(t.uploads, MONTH))).to.deep.equal(['harbour-1024x683.jpg', 'harbour-150x150.jpg', 'harbour-1536x1024.jpg',
      'harbour-2048x1365.jpg', 'harbour-300x200.jpg', 'harbour-768x512.jpg', 'harbour-scaled.jpg', 'harbour.jpg']);
    expect(fs.readFileSync(inMonth('harbour.jpg')).equals(bytes)).to.equal(true);
    expect(await sizeOnDisk(inMonth('harbour-scaled.jpg'))).to.deep.equal([2560, 1707]);
    const served = await fetch(body.source_url.replace(site, t.url));
    expect(served.headers.get('content-type')).to.equal('image/jpeg');
  });

  it('finds the attachment by the URL of its scaled copy (what answers and exports show) as well as by its guid', async () => {
    const files = filesUnder(t.uploads);
    for (const url of [harbour.source_url, harbour.source_url.replace('-scaled', '')]) {
      const res = await t.request('POST', '/wp-json/tribe/events/v1/events', {
        auth: admin, body: { title: 'Harbour fair', start_date: '2026-12-10 10:00:00', end_date: '2026-12-10 12:00:00', image: url },
      });
      expect(res.status, res.text).to.equal(201);
      expect(res.json.image).to.include({ id: harbour.id, url: harbour.source_url });
    }
    expect(filesUnder(t.uploads)).to.deep.equal(files);
  });

  it('turns a JPEG with EXIF orientation 6 upright into NAME-rotated.EXT, titled and captioned from its IPTC data', async () => {
    const bytes = await halvesImage(400, 300, 'jpeg', {
      orientation: 6,
      exif: { IFD0: { Model: 'Cam 1' }, IFD2: { FNumber: '4/1', ExposureTime: '1/250' } },
      iptc: { 105: ['Pier at dawn'], 120: ['Boats leaving the pier'], 25: ['pier', 'boats'] },
    });
    const body = await upload(bytes, 'pier.jpg');
    expect(body.source_url).to.equal(`${site}/wp-content/uploads/${MONTH}/pier-rotated.jpg`);
    expect(body).to.deep.include({ title: { raw: 'Pier at dawn', rendered: 'Pier at dawn' }, slug: 'pier-at-dawn', exif_orientation: 1 });
    expect(body.caption.raw).to.equal('Boats leaving the pier');
    expect(body.media_details).to.deep.include({ width: 300, height: 400, file: `${MONTH}/pier-rotated.jpg`, original_image: 'pier.jpg' });
    expect(body.media_details.image_meta).to.deep.equal({
      aperture: '4', credit: '', camera: 'Cam 1', caption: 'Boats leaving the pier', created_timestamp: '0', copyright: '', focal_length: '0',
      iso: '0', shutter_speed: '0.004', title: 'Pier at dawn', orientation: 1, keywords: ['pier', 'boats'], alt: '',
    });
    expect(sizesOf(body.media_details.sizes)).to.deep.equal({
      medium: ['pier-225x300.jpg', 225, 300], thumbnail: ['pier-150x150.jpg', 150, 150], full: ['pier-rotated.jpg', 300, 400],
    });

    const { post, meta, raw } = await rowsOf(body.id);
    expect(post).to.include({ post_title: 'Pier at dawn', post_excerpt: 'Boats leaving the pier', post_content: '' });
    expect(meta.get('_wp_attached_file')).to.deep.equal([`${MONTH}/pier-rotated.jpg`]);
    // The orientation WordPress sets once the copy is upright is the number 1, among strings.
    expect(raw).to.include('s:8:"aperture";s:1:"4";');
    expect(raw).to.include('s:13:"shutter_speed";s:5:"0.004";');
    expect(raw).to.include('s:11:"orientation";i:1;s:8:"keywords";a:2:{i:0;s:4:"pier";i:1;s:5:"boats";}s:3:"alt";s:0:"";}s:14:"original_image";s:8:"pier.jpg";}');

    // Stored with its left half red, shown turned a quarter clockwise: red on top.
    expect(await sizeOnDisk(inMonth('pier-rotated.jpg'))).to.deep.equal([300, 400]);
    expect(await topAndBottom(inMonth('pier-rotated.jpg'))).to.deep.equal(['red', 'blue']);
    expect(await topAndBottom(inMonth('pier-225x300.jpg'))).to.deep.equal(['red', 'blue']);
    expect(fs.readFileSync(inMonth('pier.jpg')).equals(bytes)).to.equal(true);
  });

  it('scales and turns a big JPEG with an orientation into one NAME-scaled.EXT', async () => {
    const body = await upload(await halvesImage(3000, 2000, 'jpeg', { orientation: 8 }), 'cliff.jpg');
    expect(body.media_details).to.deep.include({ width: 1707, height: 2560, file: `${MONTH}/cliff-scaled.jpg`, original_image: 'cliff.jpg' });
    expect(body.media_details.image_meta.orientation).to.equal(1);
    expect(sizesOf(body.media_details.sizes)['2048x2048']).to.deep.equal(['cliff-1365x2048.jpg', 1365, 2048]);
    // Orientation 8: turned a quarter counter-clockwise, the left half goes to the bottom.
    expect(await topAndBottom(inMonth('cliff-scaled.jpg'))).to.deep.equal(['blue', 'red']);
    expect(await topAndBottom(inMonth('cliff-1365x2048.jpg'))).to.deep.equal(['blue', 'red']);
    expect(fs.existsSync(inMonth('cliff-rotated.jpg'))).to.equal(false);
  });

  it('keeps a big PNG as it is: WordPress scales no PNG', async () => {
    const body = await upload(await halvesImage(3000, 2000, 'png'), 'chart.png');
    expect(body.source_url).to.equal(`${site}/wp-content/uploads/${MONTH}/chart.png`);
    expect(body.media_details).to.not.have.property('original_image');
    expect(body.media_details).to.include({ width: 3000, height: 2000, file: `${MONTH}/chart.png` });
    expect(sizesOf(body.media_details.sizes)['2048x2048']).to.deep.equal(['chart-2048x1365.png', 2048, 1365]);
    expect(fs.existsSync(inMonth('chart-scaled.png'))).to.equal(false);
  });

  it('takes no name whose -scaled or -rotated copy is in the folder (wp_unique_filename)', async () => {
    fs.writeFileSync(inMonth('stray-rotated.jpg'), 'left behind');
    const body = await upload(await halvesImage(200, 100, 'jpeg'), 'stray.jpg');
    expect(body.source_url).to.equal(`${site}/wp-content/uploads/${MONTH}/stray-1.jpg`);
  });

  it('deletes the original, its copy and its sub-sizes', async () => {
    const body = await upload(await halvesImage(2600, 400, 'jpeg'), 'wide.jpg');
    expect(filesUnder(path.join(t.uploads, MONTH)).filter((file) => file.startsWith('wide'))).to.have.length(8);
    const res = await t.request('DELETE', `${MEDIA}/${body.id}?force=true`, { auth: admin });
    expect(res.status).to.equal(200);
    expect(res.json.previous.media_details.original_image).to.equal('wide.jpg');
    expect(filesUnder(path.join(t.uploads, MONTH)).filter((file) => file.startsWith('wide'))).to.deep.equal([]);
  });

  it('a big image downloaded for an event: its JSON image is the scaled copy, named and described from its metadata (media_handle_sideload)', async () => {
    web.files.set('/lighthouse.jpg', { body: await halvesImage(2800, 1400, 'jpeg', { iptc: { 105: ['Lighthouse'], 120: ['The lighthouse at night'] } }), type: 'image/jpeg' });
    const res = await t.request('POST', '/wp-json/tribe/events/v1/events', {
      auth: admin, body: { title: 'Night walk', start_date: '2026-12-10 20:00:00', end_date: '2026-12-10 22:00:00', image: `${site}/lighthouse.jpg` },
    });
    expect(res.status, res.text).to.equal(201);
    const image = res.json.image;
    const name = /\/2026\/11\/(lighthouse-[A-Za-z0-9]{6})-scaled\.jpg$/.exec(image.url)?.[1];
    expect(name, image.url).to.be.a('string');
    expect(Object.keys(image)).to.deep.equal(['url', 'id', 'extension', 'width', 'height', 'filesize', 'sizes', 'original_image']);
    expect(image).to.deep.include({ extension: 'jpg', width: 2560, height: 1280, filesize: fs.statSync(inMonth(`${name}-scaled.jpg`)).size, original_image: `${name}.jpg` });
    expect(image.sizes['2048x2048']).to.deep.include({ width: 2048, height: 1024, url: `${site}/wp-content/uploads/${MONTH}/${name}-2048x1024.jpg` });

    const { post, meta } = await rowsOf(image.id);
    expect(post).to.include({ post_title: 'Lighthouse', post_name: 'lighthouse', post_excerpt: '', post_content: 'The lighthouse at night', guid: `${site}/wp-content/uploads/${MONTH}/${name}.jpg` });
    expect(meta.get('_wp_attached_file')).to.deep.equal([`${MONTH}/${name}-scaled.jpg`]);
    expect(meta.get('_tribe_importer_original_url')).to.deep.equal([`${site}/lighthouse.jpg`]);
    // The same URL again: the attachment is reused, nothing downloaded.
    const again = await t.request('POST', '/wp-json/tribe/events/v1/events', {
      auth: admin, body: { title: 'Night walk 2', start_date: '2026-12-11 20:00:00', end_date: '2026-12-11 22:00:00', image: `${site}/lighthouse.jpg` },
    });
    expect(again.json.image).to.deep.equal(image);
    expect(web.hits.get('/lighthouse.jpg')).to.equal(1);
  });
});
