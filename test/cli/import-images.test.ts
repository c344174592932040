// Featured images through `wpcal import` and `wpcal export`: CSV image columns, JSON `image` URLs
// and WXR attachment items downloaded (from a loopback server standing for the web) into
// attachments; a broken image fails its record only; `--no-images`; exports that carry the images
// and import back into an empty database with the same ones.
import path from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { startServer, type RunningServer } from '../../src/server.ts';
import { runCli, type CliResult } from '../support/cli.ts';
import { NS, WIDE, freshDatabases, postCounts, scratchFiles } from '../support/cli-transfer.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { filesUnder, makeImage, startImageServer, type ImageServer } from '../support/image-server.ts';
import { request } from '../support/server.ts';

type Json = Record<string, any>;

forEachDatabase('import and export of featured images', (kind) => {
  const fresh = freshDatabases(kind);
  const scratch = scratchFiles(`wpcal-import-images-${kind.name}-`);
  let web: ImageServer;
  let site: string;
  const servers: RunningServer[] = [];

  before(async () => {
    web = await startImageServer();
    site = web.url;
    web.files.set('/photo.jpg', { body: await makeImage(400, 300, 'jpeg'), type: 'image/jpeg' });
    web.files.set('/hall.png', { body: await makeImage(320, 200, 'png'), type: 'image/png' });
    web.files.set('/team.webp', { body: await makeImage(200, 160, 'webp'), type: 'image/webp' });
    web.files.set('/fresh.jpg', { body: await makeImage(500, 260, 'jpeg'), type: 'image/jpeg' });
    web.files.set('/broken.jpg', { body: Buffer.from('not an image at all'), type: 'image/jpeg' });
  });
  after(async () => {
    for (const server of servers) await server.close();
    await web?.close();
    scratch.remove();
  });

  /** `wpcal` with the site at the loopback server's URL (the site's own host may be fetched from), its port allowed. */
  const wpcal = (db: TestDatabase, uploads: string, ...args: string[]): Promise<CliResult> =>
    runCli([...args, '--db', db.url, '--uploads', uploads], { WPCAL_SITE_URL: site, WPCAL_IMAGE_PORTS: `80,443,8080,${web.port}` }, 60000);

  /** A server over the database, its files served from `uploads`. */
  async function serve(db: TestDatabase, uploads: string): Promise<{ get: (p: string) => Promise<Json>; server: RunningServer }> {
    const server = await startServer({ db: db.url, tablePrefix: 'wp_', host: '127.0.0.1', port: 0, siteUrl: site, uploads, logger: pino({ level: 'silent' }) });
    servers.push(server);
    return { server, get: async (p) => (await request(server.url, 'GET', p)).json };
  }

  const byTitle = (list: Json[], key: string) => Object.fromEntries(list.map((item) => [item[key], item]));

  /** The database the imports fill and the exports read. */
  let db: TestDatabase;
  let uploads: string;
  const dir = () => path.dirname(scratch.write('.keep', ''));
  before(async () => {
    db = await fresh();
    uploads = path.join(dir(), 'uploads');
  });

  describe('imports', () => {

    it('CSV image columns: each URL downloaded once into an attachment; a broken image fails its record only', async () => {
      const venues = scratch.write('venues.csv', [
        'Venue Name,Venue City,Venue Featured Image',
        `Town Hall,Springfield,${site}/hall.png`,
        `Broken Barn,Shelbyville,${site}/broken.jpg`,
      ].join('\n'));
      const organizers = scratch.write('organizers.csv', ['Organizer Name,Organizer Featured Image', `Team,${site}/team.webp`].join('\n'));
      const events = scratch.write('events.csv', [
        'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Venue Name,Event Organizer Name,Event Featured Image',
        `Jazz night,2026-12-01,19:00,2026-12-01,22:00,Town Hall,Team,${site}/photo.jpg`,
        `Jazz matinee,2026-12-02,15:00,2026-12-02,17:00,Town Hall,,${site}/photo.jpg`,
        `Broken gig,2026-12-03,19:00,2026-12-03,22:00,Town Hall,,${site}/broken.jpg`,
        'Plain gig,2026-12-04,19:00,2026-12-04,22:00,,,',
      ].join('\n'));
      const res = await wpcal(db, uploads, 'import', venues, organizers, events);
      expect(res.code, res.stderr).to.equal(1);
      expect(res.stdout.trim()).to.equal('created 5, updated 0, skipped 0, failed 2');
      expect(res.stderr).to.include(`venues.csv:3: image "${site}/broken.jpg": not a JPEG, PNG, GIF or WebP image`);
      expect(res.stderr).to.include(`events.csv:4: image "${site}/broken.jpg": not a JPEG, PNG, GIF or WebP image`);
      expect(web.hits.get('/photo.jpg')).to.equal(1);
      expect(await postCounts(db)).to.include({ attachment: 3, tribe_venue: 1, tribe_organizer: 1, tribe_events: 3 });

      const api = await serve(db, uploads);
      const list = byTitle((await api.get(`${NS}/events${WIDE}`)).events, 'title');
      expect(Object.keys(list).sort()).to.deep.equal(['Jazz matinee', 'Jazz night', 'Plain gig']);
      const photo = list['Jazz night'].image;
      expect(photo).to.include({ width: 400, height: 300, extension: 'jpg' });
      expect(photo.url).to.match(new RegExp(`^${site}/wp-content/uploads/\\d{4}/\\d{2}/photo-[A-Za-z0-9]{6}\\.jpg$`));
      expect(Object.keys(photo.sizes)).to.deep.equal(['medium', 'thumbnail']);
      expect(list['Jazz matinee'].image.id).to.equal(photo.id);
      expect(list['Plain gig'].image).to.equal(false);
      expect(list['Jazz night'].venue.image).to.include({ width: 320, height: 200, extension: 'png' });
      expect(list['Jazz night'].organizer[0].image).to.include({ width: 200, height: 160, extension: 'webp' });
      // The file is served, and nothing of the broken image was kept.
      const served = await fetch(photo.url.replace(site, api.server.url));
      expect(Buffer.from(await served.arrayBuffer()).equals(web.files.get('/photo.jpg')!.body)).to.equal(true);
      expect(filesUnder(uploads).filter((file) => file.includes('broken'))).to.deep.equal([]);
    });

    it('JSON image URLs and attachment IDs; --no-images links existing attachments and downloads nothing', async () => {
      const api = await serve(db, uploads);
      const photo = byTitle((await api.get(`${NS}/events${WIDE}`)).events, 'title')['Jazz night'].image;
      const fixture = (events: Json) => JSON.stringify({ wpcal: 1, events, venues: {}, organizers: {}, categories: {}, tags: {} });
      const noImages = scratch.write('no-images.json', fixture({
        'by-url': { title: 'Not downloaded', start_date: '2026-12-05 10:00:00', end_date: '2026-12-05 11:00:00', image: `${site}/fresh.jpg` },
        'by-known-url': { title: 'Known URL', start_date: '2026-12-06 10:00:00', end_date: '2026-12-06 11:00:00', image: `${site}/photo.jpg` },
        'by-id': { title: 'By ID', start_date: '2026-12-07 10:00:00', end_date: '2026-12-07 11:00:00', image: photo.id },
      }));
      const skipped = await wpcal(db, uploads, 'import', '--no-images', noImages);
      expect(skipped.code, skipped.stderr).to.equal(0);
      expect(web.hits.get('/fresh.jpg')).to.equal(undefined);
      let list = byTitle((await api.get(`${NS}/events${WIDE}`)).events, 'title');
      expect(list['Not downloaded'].image).to.equal(false);
      expect(list['Known URL'].image.id).to.equal(photo.id);
      expect(list['By ID'].image.id).to.equal(photo.id);

      const again = scratch.write('images.json', fixture({
        'by-url': { title: 'Not downloaded', start_date: '2026-12-05 10:00:00', end_date: '2026-12-05 11:00:00', image: `${site}/fresh.jpg` },
        'bad-id': { title: 'Bad ID', start_date: '2026-12-08 10:00:00', end_date: '2026-12-08 11:00:00', image: 999999 },
      }));
      const downloaded = await wpcal(db, uploads, 'import', again);
      expect(downloaded.code).to.equal(1);
      expect(downloaded.stdout.trim()).to.equal('created 0, updated 1, skipped 0, failed 1');
      expect(downloaded.stderr).to.include(`images.json: event "bad-id": image "999999" is neither an image attachment ID nor an image URL`);
      list = byTitle((await api.get(`${NS}/events${WIDE}`)).events, 'title');
      expect(list['Not downloaded'].image).to.include({ width: 500, height: 260 });
      expect(list).not.to.have.property('Bad ID');
    });

    it('WXR attachment items: the posts naming them by _thumbnail_id get the file downloaded from wp:attachment_url', async () => {
      const wxrDb = await fresh();
      const wxrUploads = path.join(dir(), 'uploads-wxr');
      const item = (fields: string, meta: Array<[string, string]>) => `<item>${fields}${meta.map(([key, value]) =>
        `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value><![CDATA[${value}]]></wp:meta_value></wp:postmeta>`).join('')}</item>`;
      const xml = scratch.write('site.xml', `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/">
<channel><wp:wxr_version>1.2</wp:wxr_version>
${item('<title>Poster</title><wp:post_id>41</wp:post_id><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status>'
  + `<wp:attachment_url>${site}/fresh.jpg</wp:attachment_url>`, [['_wp_attached_file', '2020/01/fresh.jpg']])}
${item('<title>Unused</title><wp:post_id>42</wp:post_id><wp:post_type>attachment</wp:post_type>'
  + `<wp:attachment_url>${site}/team.webp</wp:attachment_url>`, [])}
${item('<title>Poster show</title><wp:post_id>50</wp:post_id><wp:post_type>tribe_events</wp:post_type><wp:status>publish</wp:status>',
  [['_EventStartDate', '2026-12-10 10:00:00'], ['_EventEndDate', '2026-12-10 12:00:00'], ['_thumbnail_id', '41']])}
${item('<title>Elsewhere</title><wp:post_id>51</wp:post_id><wp:post_type>tribe_events</wp:post_type><wp:status>publish</wp:status>',
  [['_EventStartDate', '2026-12-11 10:00:00'], ['_EventEndDate', '2026-12-11 12:00:00'], ['_thumbnail_id', '77']])}
</channel></rss>`);
      const res = await wpcal(wxrDb, wxrUploads, 'import', xml);
      expect(res.code, res.stderr).to.equal(0);
      // Attachment items are no records (skipped); the one not in the file is the exporting site's only.
      expect(res.stdout.trim()).to.equal('created 2, updated 0, skipped 2, failed 0');
      expect(web.hits.get('/team.webp')).to.equal(1);
      const api = await serve(wxrDb, wxrUploads);
      const list = byTitle((await api.get(`${NS}/events${WIDE}`)).events, 'title');
      expect(list['Poster show'].image).to.include({ width: 500, height: 260, extension: 'jpg' });
      expect(list.Elsewhere.image).to.equal(false);
    });
  });

  describe('exports', () => {
    const exported = async (format: 'json' | 'wxr'): Promise<string> => {
      const res = await runCli(['export', '--format', format, '--db', db.url], { WPCAL_SITE_URL: site });
      expect(res.code, res.stderr).to.equal(0);
      return res.stdout;
    };

    it('JSON carries each image\'s URL and ID; WXR attachment items with wp:attachment_url, and the owners\' _thumbnail_id', async () => {
      const api = await serve(db, uploads);
      const list = byTitle((await api.get(`${NS}/events${WIDE}`)).events, 'title');
      const photo = list['Jazz night'].image;
      const hall = list['Jazz night'].venue.image;
      const json = JSON.parse(await exported('json'));
      const events = byTitle(Object.values(json.events), 'title');
      expect(events['Jazz night'].image).to.deep.equal({ url: photo.url, id: photo.id });
      expect(events['Plain gig']).not.to.have.property('image');
      expect(byTitle(Object.values(json.venues), 'venue')['Town Hall'].image).to.deep.equal({ url: hall.url, id: hall.id });
      expect(Object.values(json.organizers)[0]).to.have.nested.property('image.url', list['Jazz night'].organizer[0].image.url);

      const wxr = await exported('wxr');
      const attachments = [...wxr.matchAll(/<item>((?:(?!<\/item>)[\s\S])*)<\/item>/g)].map((m) => m[1]!).filter((item) => item.includes('<wp:post_type><![CDATA[attachment]]>'));
      expect(attachments).to.have.length(4);
      const photoItem = attachments.find((item) => item.includes(`<wp:post_id>${photo.id}</wp:post_id>`))!;
      expect(photoItem).to.include(`<wp:attachment_url><![CDATA[${photo.url}]]></wp:attachment_url>`);
      expect(photoItem).to.match(/<wp:meta_key><!\[CDATA\[_wp_attached_file\]\]><\/wp:meta_key>\s*<wp:meta_value><!\[CDATA\[\d{4}\/\d{2}\/photo-\w{6}\.jpg\]\]>/);
      const thumbnail = (id: number) => new RegExp(`<wp:meta_key><!\\[CDATA\\[_thumbnail_id\\]\\]></wp:meta_key>\\s*<wp:meta_value><!\\[CDATA\\[${id}\\]\\]>`);
      expect(wxr).to.match(thumbnail(photo.id));
      expect(wxr).to.match(thumbnail(hall.id));
    });

    /** The images of every event, venue and organizer, without what another download changes: IDs and the random suffix of file names. */
    async function imagesOf(api: { get: (p: string) => Promise<Json> }): Promise<Json> {
      const strip = (image: Json | false) => (image ? JSON.parse(JSON.stringify({ ...image, id: 0 }).replace(/(-[A-Za-z0-9]{6})+(?=(-\d+x\d+)?\.\w+")/g, '')) : image);
      const events = (await api.get(`${NS}/events${WIDE}`)).events as Json[];
      return Object.fromEntries(events.map((event) => [event.title, {
        image: strip(event.image), venue: strip(event.venue?.image ?? false), organizers: (event.organizer ?? []).map((o: Json) => strip(o.image ?? false)),
      }]));
    }

    for (const format of ['json', 'wxr'] as const) {
      it(`a ${format.toUpperCase()} export imports into an empty database with the same images, downloaded from the exporting site`, async () => {
        const source = await serve(db, uploads);
        web.upstream = source.server.url;
        const file = scratch.write(`export.${format === 'json' ? 'json' : 'xml'}`, await exported(format));
        const served = () => [...web.hits].filter(([p]) => p.startsWith('/wp-content/uploads/')).reduce((n, [, hits]) => n + hits, 0);
        const before = served();
        const target = await fresh();
        const targetUploads = path.join(dir(), `uploads-${format}`);
        const res = await wpcal(target, targetUploads, 'import', file);
        expect(res.code, res.stderr).to.equal(0);
        expect(served() - before).to.equal(4);
        const expected = await imagesOf(source);
        expect(expected['Jazz night'].image).to.include({ width: 400, height: 300 });
        expect(await imagesOf(await serve(target, targetUploads))).to.deep.equal(expected);
      });
    }
  });
});
