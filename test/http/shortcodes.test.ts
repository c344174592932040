// Shortcodes in descriptions, rendered as the_content renders them in WordPress 7 (do_shortcode
// after wpautop; [embed] before everything): captions, galleries of uploaded images, players,
// cached embeds; other plugins' shortcodes and [playlist] stay as written. Checked in the event's
// JSON, a venue's, json_ld (which drops shortcodes, as the plugin does) and the iCalendar feed.
import { expect } from 'chai';
import ICAL from 'ical.js';
import { insertPost } from '../../src/data/posts.ts';
import { embedCacheKey } from '../../src/text/autoembed.ts';
import { forEachDatabase } from '../support/databases.ts';
import { makeImage } from '../support/image-server.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
const NOW = new Date('2026-11-25T13:00:00Z');
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const IFRAME = '<iframe title="Set 1" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" allowfullscreen></iframe>';
const SIZES = ['300x225', '1024x768', '768x576', '1536x1152'];

forEachDatabase('shortcodes in descriptions', (kind) => {
  let t: TestServer;
  let admin: string;
  let uploads: string;
  const images: { id: number; link: string }[] = [];

  const upload = async (name: string, width: number, height: number, caption: string) => {
    const res = await fetch(`${t.url}/wp-json/wp/v2/media?caption=${encodeURIComponent(caption)}`, {
      method: 'POST', body: new Uint8Array(await makeImage(width, height, 'jpeg')),
      headers: { Authorization: admin, 'Content-Type': 'image/jpeg', 'Content-Disposition': `attachment; filename="${name}.jpg"` },
    });
    const json = (await res.json()) as { id: number; link: string };
    expect(res.status, JSON.stringify(json)).to.equal(201);
    images.push({ id: json.id, link: json.link });
  };

  before(async () => {
    t = await startTestServer(kind, { now: () => NOW });
    admin = await t.userWithRole('administrator', 'admin');
    uploads = `${t.url}/wp-content/uploads/2026/11/`;
    await upload('stage', 1600, 1200, 'The "big" stage');
    await upload('crowd', 900, 1200, '');
    await t.server.db.write((trx) => insertPost(trx, {
      post_type: 'oembed_cache', post_status: 'publish', post_name: embedCacheKey(VIDEO), post_content: IFRAME,
      post_date: '2026-11-20 10:00:00', post_date_gmt: '2026-11-20 10:00:00', post_modified: '2026-11-20 10:00:00', post_modified_gmt: '2026-11-20 10:00:00',
    }));
  });
  after(async () => t?.close());

  /** The srcset WordPress computes for the 4:3 stage image shown at `first`. */
  const stageSrcset = (first: string) => [first, ...[...SIZES.map((size) => `stage-${size}.jpg ${size.split('x')[0]}w`), 'stage.jpg 1600w']
    .filter((entry) => entry !== first)].map((entry) => uploads + entry).join(', ');

  it('renders captions, galleries, players and embeds in GET /events/{id}, leaving unknown shortcodes as written', async () => {
    const [stage, crowd] = images as [{ id: number; link: string }, { id: number; link: string }];
    const description = [
      'Intro "text".',
      `[caption id="attachment_${stage.id}" align="alignright" width="300"]<img class="size-medium wp-image-${stage.id}" src="${uploads}stage-300x225.jpg" alt="" width="300" height="225" /> The stage[/caption]`,
      `[gallery ids="${crowd.id},${stage.id}" size="medium"]`,
      '[audio src="https://cdn.example/set.mp3"]',
      `[embed]${VIDEO}[/embed]`,
      `[tribe_events view="month"] and [playlist ids="${stage.id}"]`,
    ].join('\n\n');
    const created = await t.request('POST', `${API}/events`, {
      auth: admin, body: { title: 'Shortcodes night', description, start_date: '2026-12-22 18:00:00', end_date: '2026-12-22 20:00:00' },
    });
    expect(created.status, created.text).to.equal(201);

    const image = (name: string, width: number, height: number, extra: string, srcset: string) =>
      `<img loading="lazy" decoding="async" width="${width}" height="${height}" src="${uploads}${name}" class="attachment-medium size-medium" alt=""${extra}`
      + ` srcset="${srcset}" sizes="auto, (max-width: ${width}px) 100vw, ${width}px" />`;
    const crowdSrcset = [`crowd-225x300.jpg 225w`, 'crowd-768x1024.jpg 768w', 'crowd.jpg 900w'].map((entry) => uploads + entry).join(', ');
    const expected = [
      '<p>Intro &#8220;text&#8221;.</p>',
      `<figure id="attachment_${stage.id}" aria-describedby="caption-attachment-${stage.id}" style="width: 300px" class="wp-caption alignright">`
        + `<img loading="lazy" decoding="async" class="size-medium wp-image-${stage.id}" src="${uploads}stage-300x225.jpg" alt="" width="300" height="225"`
        + ` srcset="${stageSrcset('stage-300x225.jpg 300w')}" sizes="auto, (max-width: 300px) 100vw, 300px" />`
        + `<figcaption id="caption-attachment-${stage.id}" class="wp-caption-text">The stage</figcaption></figure>`,
      `<div id='gallery-1' class='gallery galleryid-0 gallery-columns-3 gallery-size-medium'>`
        + `<figure class='gallery-item'>\n\t\t\t<div class='gallery-icon portrait'>\n\t\t\t\t<a href='${crowd.link}'>${image('crowd-225x300.jpg', 225, 300, '', crowdSrcset)}</a>\n\t\t\t</div></figure>`
        + `<figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t<a href='${stage.link}'>`
        + image('stage-300x225.jpg', 300, 225, ` aria-describedby="gallery-1-${stage.id}"`, stageSrcset('stage-300x225.jpg 300w'))
        + `</a>\n\t\t\t</div>\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-${stage.id}'>\n\t\t\t\tThe &#8220;big&#8221; stage\n\t\t\t\t</figcaption></figure>`
        + '\n\t\t</div>\n',
      '<!--[if lt IE 9]><script>document.createElement(\'audio\');</script><![endif]-->\n'
        + '<audio class="wp-audio-shortcode" id="audio-0-1" preload="none" style="width: 100%;" controls="controls">'
        + '<source type="audio/mpeg" src="https://cdn.example/set.mp3?_=1" /><a href="https://cdn.example/set.mp3">https://cdn.example/set.mp3</a></audio>',
      `<p>${IFRAME.replace('<iframe', '<iframe loading="lazy"')}</p>`,
      `<p>[tribe_events view=&#8221;month&#8221;] and [playlist ids="${stage.id}"]</p>`,
    ].join('\n');

    const single = await t.request('GET', `${API}/events/${created.json.id}`);
    expect(single.status).to.equal(200);
    expect(single.json.description).to.equal(expected);
    expect(created.json.description).to.equal(expected);
    const listed = await t.request('GET', `${API}/events?start_date=2026-12-01`);
    expect(listed.json.events.find((event: any) => event.id === created.json.id).description).to.equal(expected);

    // tribe_events_get_the_excerpt() removes whatever looks like a shortcode, each within a line.
    expect(single.json.json_ld.description).to.equal(`&lt;p&gt;Intro &quot;text&quot;. The stage ${VIDEO} and&lt;/p&gt;\\n`);

    const feed = await t.request('GET', '/wp-json/wpcal/v1/events.ics?start_date=2026-12-01');
    const vevent = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('summary') === 'Shortcodes night')!;
    // The text of the rendered HTML, line by line (the gallery's markup leaves indentation between its lines).
    const lines = String(vevent.getFirstPropertyValue('description')).split('\n').map((line) => line.trim()).filter(Boolean);
    expect(lines).to.deep.equal(['Intro "text".', 'The stage', 'The \u201cbig\u201d stage', 'https://cdn.example/set.mp3', `[tribe_events view="month"] and [playlist ids="${stage.id}"]`]);
  });

  it('removes from json_ld what the plugin takes for a shortcode: a [ and the nearest ] of its line, excerpts too', async () => {
    const dates = { start_date: '2026-12-23 18:00:00', end_date: '2026-12-23 20:00:00' };
    const fromContent = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'Brackets', description: 'Seats [] left [x]\n[note\ncontinues] end', ...dates } });
    const fromExcerpt = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'Excerpt', description: 'Body', excerpt: '[gallery ids="1"]Short [b]', ...dates } });
    expect((await t.request('GET', `${API}/events/${fromContent.json.id}`)).json.json_ld.description).to.equal('&lt;p&gt;Seats [note continues] end&lt;/p&gt;\\n');
    expect((await t.request('GET', `${API}/events/${fromExcerpt.json.id}`)).json.json_ld.description).to.equal('&lt;p&gt;Short &lt;/p&gt;\\n');
  });

  it('renders shortcodes in venue descriptions too, numbering players from 1 in each text', async () => {
    const venue = await t.request('POST', `${API}/venues`, { auth: admin, body: { venue: 'Hall', description: 'Hear it:\n\n[audio mp3="https://cdn.example/a.mp3"]' } });
    expect(venue.status, venue.text).to.equal(201);
    const read = await t.request('GET', `${API}/venues/${venue.json.id}`);
    expect(read.json.description).to.equal(
      '<p>Hear it:</p>\n<!--[if lt IE 9]><script>document.createElement(\'audio\');</script><![endif]-->\n'
      + '<audio class="wp-audio-shortcode" id="audio-0-1" preload="none" style="width: 100%;" controls="controls">'
      + '<source type="audio/mpeg" src="https://cdn.example/a.mp3?_=1" /><a href="https://cdn.example/a.mp3">https://cdn.example/a.mp3</a></audio>',
    );
  });
});
