// Descriptions written in the block editor, rendered as WordPress 7 renders them (samples 65–66),
// with what they read from the database: a media-library image's attachment and an embed's
// oEmbed cache entry. Checked in the JSON description and excerpt, json_ld and the iCalendar feed.
import { expect } from 'chai';
import ICAL from 'ical.js';
import { insertPost } from '../../src/data/posts.ts';
import { embedCacheKey } from '../../src/text/autoembed.ts';
import { forEachDatabase } from '../support/databases.ts';
import { makeImage } from '../support/image-server.ts';
import { readSample } from '../support/plugin-samples.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';
const NOW = new Date('2026-11-25T13:00:00Z');
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const IFRAME = '<iframe title="Set 1" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" allowfullscreen></iframe>';

/** Block markup as the editor saves it. */
const block = (name: string, html: string, attrs?: object) => `<!-- wp:${name}${attrs ? ` ${JSON.stringify(attrs)}` : ''} -->\n${html}\n<!-- /wp:${name} -->`;
const embed = (url: string, provider: string) => block('embed', `<figure class="wp-block-embed is-type-video is-provider-${provider} wp-block-embed-${provider}"><div class="wp-block-embed__wrapper">\n${url}\n</div></figure>`, { url, type: 'video', providerNameSlug: provider });
const button = (text: string) => `<!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://tickets.example/">${text}</a></div>\n<!-- /wp:button -->`;

forEachDatabase('block-editor content', (kind) => {
  let t: TestServer;
  let admin: string;
  let imageId: number;
  let uploads: string;

  before(async () => {
    t = await startTestServer(kind, { now: () => NOW });
    admin = await t.userWithRole('administrator', 'admin');
    const upload = await fetch(`${t.url}/wp-json/wp/v2/media`, {
      method: 'POST', body: new Uint8Array(await makeImage(1600, 1200, 'jpeg')),
      headers: { Authorization: admin, 'Content-Type': 'image/jpeg', 'Content-Disposition': 'attachment; filename="stage.jpg"' },
    });
    imageId = ((await upload.json()) as { id: number }).id;
    uploads = `${t.url}/wp-content/uploads/2026/11/`;
    // WordPress's cache of the YouTube embed, as WP_Embed stores it outside any post.
    await t.server.db.write((trx) => insertPost(trx, {
      post_type: 'oembed_cache', post_status: 'publish', post_name: embedCacheKey(VIDEO), post_content: IFRAME,
      post_date: '2026-11-20 10:00:00', post_date_gmt: '2026-11-20 10:00:00', post_modified: '2026-11-20 10:00:00', post_modified_gmt: '2026-11-20 10:00:00',
    }));
  });
  after(async () => t?.close());

  for (const name of ['65-create-event-block-content.txt', '66-create-event-plain-paragraphs.txt']) {
    it(`describes the event of ${name} as the plugin does`, async () => {
      const captured = readSample(name);
      const res = await t.request('POST', `${API}/events`, { auth: admin, body: captured.requestJson as Record<string, unknown> });
      expect(res.status, res.text).to.equal(201);
      expect(res.json.description).to.equal(JSON.parse(captured.body).description);
    });
  }

  const dates = { start_date: '2026-12-22 18:00:00', end_date: '2026-12-22 20:00:00' };

  it('renders images, buttons, groups, columns and embeds with their attachment and oEmbed cache, in lists and single reads', async () => {
    const description = [
      block('paragraph', '<p>Doors open, bring "friends".</p>'),
      block('image', `<figure class="wp-block-image size-large"><img src="${uploads}stage-1024x768.jpg" alt="Stage" class="wp-image-${imageId}"/><figcaption class="wp-element-caption"></figcaption></figure>`, { id: imageId, sizeSlug: 'large', linkDestination: 'none' }),
      block('buttons', `<div class="wp-block-buttons">${button('Tickets')}\n\n${button('')}</div>`),
      block('group', `<div class="wp-block-group">${block('columns', `<div class="wp-block-columns">${block('column', `<div class="wp-block-column">${block('heading', '<h3 class="wp-block-heading">Set 1</h3>', { level: 3 })}</div>`)}</div>`)}</div>`, { layout: { type: 'constrained' } }),
      embed(VIDEO, 'youtube'),
      embed('https://vimeo.com/1?a=1&amp;b=2', 'vimeo'),
      block('paragraph', '<p>Hidden</p>', { metadata: { blockVisibility: false } }),
      '<!-- wp:tribe/event-datetime /-->',
    ].join('\n\n');
    const excerpt = `Doors at 7 <img class="wp-image-${imageId}" src="${uploads}stage-300x225.jpg">`;
    const created = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'Blocks night', description, excerpt, ...dates } });
    expect(created.status, created.text).to.equal(201);

    const srcset = (first: string) => [first, ...['stage-300x225.jpg 300w', 'stage-1024x768.jpg 1024w', 'stage-768x576.jpg 768w', 'stage-1536x1152.jpg 1536w', 'stage.jpg 1600w']
      .filter((entry) => entry !== first)].map((entry) => uploads + entry).join(', ');
    const expectedDescription = [
      '<p class="wp-block-paragraph">Doors open, bring &#8220;friends&#8221;.</p>\n',
      // render_block_core_image() drops the empty caption; wp_filter_content_tags() adds the rest.
      `\n<figure class="wp-block-image size-large"><img loading="lazy" decoding="async" width="1024" height="768" src="${uploads}stage-1024x768.jpg" alt="Stage" class="wp-image-${imageId}" srcset="${srcset('stage-1024x768.jpg 1024w')}" sizes="auto, (max-width: 1024px) 100vw, 1024px" /></figure>\n`,
      // The empty button renders nothing (render_block_core_button).
      '\n<div class="wp-block-buttons is-layout-flex wp-block-buttons-is-layout-flex">\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://tickets.example/">Tickets</a></div>\n\n\n</div>\n',
      '\n<div class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">\n'
        + '<div class="wp-block-columns is-layout-flex wp-container-core-columns-is-layout-1fb078be wp-block-columns-is-layout-flex">\n'
        + '<div class="wp-block-column is-layout-flow wp-block-column-is-layout-flow">\n<h3 class="wp-block-heading">Set 1</h3>\n</div>\n</div>\n</div>\n',
      `\n<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\n${IFRAME.replace('<iframe', '<iframe loading="lazy"')}\n</div></figure>\n`,
      // Not cached: the URL stays, its &amp; made & by WP_Embed and &#038; by wptexturize.
      '\n<figure class="wp-block-embed is-type-video is-provider-vimeo wp-block-embed-vimeo"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/1?a=1&#038;b=2\n</div></figure>',
    ].join('\n\n');
    const expectedExcerpt = `<p>Doors at 7 <img loading="lazy" decoding="async" width="300" height="225" class="wp-image-${imageId}" src="${uploads}stage-300x225.jpg" srcset="${srcset('stage-300x225.jpg 300w')}" sizes="auto, (max-width: 300px) 100vw, 300px" /></p>`;
    expect(created.json.description).to.equal(expectedDescription);
    expect(created.json.excerpt).to.equal(expectedExcerpt);

    const single = await t.request('GET', `${API}/events/${created.json.id}`);
    expect(single.json.description).to.equal(expectedDescription);
    const listed = await t.request('GET', `${API}/events?start_date=2026-12-01`);
    expect(listed.json.events.find((event: any) => event.id === created.json.id).description).to.equal(expectedDescription);
  });

  it('builds json_ld.description from the excerpt blocks only, and the iCalendar feed from the rendered blocks', async () => {
    const description = [
      block('paragraph', '<p>Jazz night.</p>'),
      block('image', '<figure class="wp-block-image"><img src="https://example.test/poster.jpg" alt=""/><figcaption class="wp-element-caption">Poster caption</figcaption></figure>'),
      block('buttons', `<div class="wp-block-buttons">${button('Tickets')}</div>`),
      block('group', `<div class="wp-block-group">${block('heading', '<h2 class="wp-block-heading">Line-up</h2>')}${block('paragraph', '<p>Hidden</p>', { metadata: { blockVisibility: false } })}</div>`),
      block('list', `<ul class="wp-block-list">${block('list-item', '<li>Item</li>')}</ul>`),
      block('image', '<figure class="wp-block-image"><img alt="no file"/><figcaption class="wp-element-caption">Lost caption</figcaption></figure>'),
    ].join('\n\n');
    const created = await t.request('POST', `${API}/events`, { auth: admin, body: { title: 'Teaser night', description, ...dates } });
    expect(created.status, created.text).to.equal(201);
    const single = await t.request('GET', `${API}/events/${created.json.id}`);
    // tribe_events_get_the_excerpt(): excerpt_remove_blocks(), then 55 words, as paragraphs, JavaScript-escaped.
    expect(single.json.json_ld.description).to.equal('&lt;p&gt;Jazz night. Line-up&lt;/p&gt;\\n');

    const feed = await t.request('GET', '/wp-json/wpcal/v1/events.ics?start_date=2026-12-01');
    const vevent = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('summary') === 'Teaser night')!;
    // The hidden paragraph and the image without a file leave no text.
    expect(vevent.getFirstPropertyValue('description')).to.equal('Jazz night.\n\nPoster caption\n\nTickets\n\nLine-up\n\nItem');
  });
});
