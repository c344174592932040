// The_content's filters that read the database, with their data given: WP_Embed::autoembed()
// over the oEmbed cache, and wp_filter_content_tags() over attachments' metadata, as WordPress
// runs them in a REST request (no global post, outside the main loop).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { autoembed, embedCacheKey, embedCacheKeys } from '../../src/text/autoembed.ts';
import { attachmentIdsIn, filterContentTags, type MediaLibrary } from '../../src/text/content-tags.ts';
import { renderContent, renderExcerpt } from '../../src/text/render.ts';

const FIXTURE = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/blocks/layout-hashes.json'), 'utf8'));

const UPLOADS = 'http://site.test/wp-content/uploads/';
/** A 2048×1536 upload of 2026/11 with WordPress's default sub-sizes. */
const PHOTO = {
  width: 2048, height: 1536, file: '2026/11/photo.jpg', filesize: 1000,
  sizes: {
    medium: { file: 'photo-300x225.jpg', width: 300, height: 225, 'mime-type': 'image/jpeg' },
    large: { file: 'photo-1024x768.jpg', width: 1024, height: 768, 'mime-type': 'image/jpeg' },
    thumbnail: { file: 'photo-150x150.jpg', width: 150, height: 150, 'mime-type': 'image/jpeg' },
    medium_large: { file: 'photo-768x576.jpg', width: 768, height: 576, 'mime-type': 'image/jpeg' },
    '1536x1536': { file: 'photo-1536x1152.jpg', width: 1536, height: 1152, 'mime-type': 'image/jpeg' },
  },
  image_meta: {},
};
const library: MediaLibrary = { metadata: (id) => (id === 5 ? PHOTO : undefined), uploadsBaseUrl: UPLOADS };
const SRCSET = [
  'photo-1024x768.jpg 1024w', 'photo-300x225.jpg 300w', 'photo-768x576.jpg 768w', 'photo-1536x1152.jpg 1536w', 'photo.jpg 2048w',
].map((entry) => `${UPLOADS}2026/11/${entry}`).join(', ');

describe('wp_filter_content_tags()', () => {
  it('gives every image decoding="async", and lazy loading when it has both dimensions (wp_img_tag_add_loading_optimization_attrs)', () => {
    expect(filterContentTags('<img src="a.png" alt="">', library)).to.equal('<img decoding="async" src="a.png" alt="">');
    expect(filterContentTags('<p><img src="a.png" width="10" height="20"></p>', library)).to.equal('<p><img loading="lazy" decoding="async" src="a.png" width="10" height="20"></p>');
    // An explicit loading or decoding stays; `eager` means in view, so no lazy loading.
    expect(filterContentTags('<img loading="eager" decoding="sync" src="a.png" width="10" height="20">', library))
      .to.equal('<img loading="eager" decoding="sync" src="a.png" width="10" height="20">');
    // No src="…", nothing added.
    expect(filterContentTags("<img src='a.png' width='1' height='1'>", library)).to.equal("<img src='a.png' width='1' height='1'>");
  });

  it('sizes a media-library image from its metadata and lists the same-ratio sizes in srcset, the shown one first', () => {
    const html = `<figure class="wp-block-image size-large"><img src="${UPLOADS}2026/11/photo-1024x768.jpg" alt="" class="wp-image-5"/></figure>`;
    expect(filterContentTags(html, library)).to.equal(
      `<figure class="wp-block-image size-large"><img loading="lazy" decoding="async" width="1024" height="768" src="${UPLOADS}2026/11/photo-1024x768.jpg" alt="" class="wp-image-5" srcset="${SRCSET}" sizes="auto, (max-width: 1024px) 100vw, 1024px" /></figure>`,
    );
    // A style width scales the dimensions (wp_img_tag_add_width_and_height_attr).
    expect(filterContentTags(`<img class="wp-image-5" style="width: 512px;" src="${UPLOADS}2026/11/photo.jpg">`, library))
      .to.match(/^<img loading="lazy" decoding="async" width="512" height="384" class="wp-image-5"/);
  });

  it('leaves an image of another file, a missing attachment and an edited one without srcset', () => {
    expect(filterContentTags('<img class="wp-image-5" src="https://elsewhere.test/other.jpg" width="5" height="5">', library))
      .to.equal('<img loading="lazy" decoding="async" class="wp-image-5" src="https://elsewhere.test/other.jpg" width="5" height="5">');
    expect(filterContentTags('<img class="wp-image-6" src="x.jpg">', library)).to.equal('<img decoding="async" class="wp-image-6" src="x.jpg">');
    const edited: MediaLibrary = { ...library, metadata: () => ({ ...PHOTO, file: '2026/11/photo-e1700000000000.jpg' }) };
    expect(filterContentTags(`<img class="wp-image-5" src="${UPLOADS}2026/11/photo-1024x768.jpg" width="1024" height="768">`, edited)).to.not.include('srcset');
  });

  it('lazy-loads iframes with a source and dimensions, and replaces every copy of a tag', () => {
    expect(filterContentTags('<iframe src="https://v.test/e" width="500" height="281"></iframe>', library))
      .to.equal('<iframe loading="lazy" src="https://v.test/e" width="500" height="281"></iframe>');
    expect(filterContentTags('<iframe src="https://v.test/e"></iframe>', library)).to.equal('<iframe src="https://v.test/e"></iframe>');
    expect(filterContentTags('<img src="a.png"> and <img src="a.png">', library)).to.equal('<img decoding="async" src="a.png"> and <img decoding="async" src="a.png">');
  });

  it('names the attachments the content shows', () => {
    expect(attachmentIdsIn('<img class="wp-image-5" src="a"><IMG class="wp-image-7"><img alt="wp-image-9 x" src="b"><p class="wp-image-8">')).to.deep.equal([5, 9]);
  });
});

describe('WP_Embed::autoembed() over the oEmbed cache', () => {
  const video = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  const wrapper = (url: string) => `<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\n${url}\n</div></figure>`;
  const iframe = '<iframe title="Video" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" allowfullscreen></iframe>';
  const cached = (entries: Record<string, string>) => (key: string) => Object.entries(entries).find(([url]) => embedCacheKey(url) === key)?.[1];

  it('keys the cache as WP_Embed::shortcode() does (md5 of the URL and the default size attributes)', () => {
    for (const { url, key } of FIXTURE.embedKeys) expect(embedCacheKey(url), url).to.equal(key);
  });

  it('replaces a URL alone on its line or in its paragraph with the cached HTML', () => {
    expect(autoembed(wrapper(video), cached({ [video]: iframe }))).to.equal(wrapper(iframe));
    expect(autoembed(`<p>${video}</p>`, cached({ [video]: iframe }))).to.equal(`<p>${iframe}</p>`);
    expect(autoembed(`<p>See ${video}</p>`, cached({ [video]: iframe }))).to.equal(`<p>See ${video}</p>`);
  });

  it('leaves a URL that is not cached, or cached as a failure, as WordPress leaves it when the fetch fails: &amp; as &', () => {
    expect(autoembed(wrapper(video), cached({}))).to.equal(wrapper(video));
    expect(autoembed(wrapper('https://vimeo.com/1/x?a=1&amp;b=2'), cached({ 'https://vimeo.com/1/x?a=1&b=2': '{{unknown}}' })))
      .to.equal(wrapper('https://vimeo.com/1/x?a=1&b=2'));
  });

  it('embeds a youtube.com/embed/ URL as its watch URL (wp_embed_handler_youtube)', () => {
    const watch = 'https://youtube.com/watch?v=abc%3Frel%3D0';
    expect(autoembed(wrapper('https://www.youtube.com/embed/abc?rel=0'), cached({}))).to.equal(wrapper(watch));
    expect(autoembed(wrapper('https://www.youtube.com/embed/abc?rel=0'), cached({ [watch]: iframe }))).to.equal(wrapper(iframe));
    expect(embedCacheKeys(wrapper('https://www.youtube.com/embed/abc?rel=0'))).to.deep.equal([embedCacheKey(watch)]);
  });
});

describe('the_content with its media', () => {
  it('renders an embed block with its cached HTML, lazy-loaded, and an image block with its attachment\'s attributes', () => {
    const video = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const iframe = '<iframe title="Video" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"></iframe>';
    const content = `<!-- wp:embed {"url":"${video}","type":"video","providerNameSlug":"youtube"} -->\n`
      + `<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\n${video}\n</div></figure>\n`
      + '<!-- /wp:embed -->\n\n<!-- wp:image {"id":5,"sizeSlug":"large"} -->\n'
      + `<figure class="wp-block-image size-large"><img src="${UPLOADS}2026/11/photo-1024x768.jpg" alt="" class="wp-image-5"/><figcaption class="wp-element-caption"></figcaption></figure>\n<!-- /wp:image -->`;
    const media = { ...library, attachment: () => undefined, embeds: (key: string) => (key === embedCacheKey(video) ? iframe : undefined) };
    expect(renderContent(content, media)).to.equal(
      '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\n'
      + '<iframe loading="lazy" title="Video" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"></iframe>\n'
      + '</div></figure>\n\n\n\n'
      + `<figure class="wp-block-image size-large"><img loading="lazy" decoding="async" width="1024" height="768" src="${UPLOADS}2026/11/photo-1024x768.jpg" alt="" class="wp-image-5" srcset="${SRCSET}" sizes="auto, (max-width: 1024px) 100vw, 1024px" /></figure>`,
    );
    // Without the cache the URL stays, texturized as text (& → &#038;).
    expect(renderContent(content.replaceAll(video, `${video}&amp;t=1`))).to.include(`\n${video}&#038;t=1\n`);
  });

  it('filters the excerpt\'s images too (the_excerpt runs wp_filter_content_tags)', () => {
    expect(renderExcerpt('Poster: <img class="wp-image-6" src="a.png" width="2" height="3">'))
      .to.equal('<p>Poster: <img loading="lazy" decoding="async" class="wp-image-6" src="a.png" width="2" height="3"></p>');
  });
});
