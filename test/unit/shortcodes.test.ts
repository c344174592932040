// WordPress's shortcode parser (get_shortcode_regex, shortcode_parse_atts, do_shortcode) and the
// core shortcodes as the_content renders them. Expected values were worked out from
// wp-includes/shortcodes.php and media.php of WordPress 7; the parser's were checked with PHP's PCRE.
import { expect } from 'chai';
import { parseShortcodeAttrs, doShortcode, type ShortcodeHandler } from '../../src/text/shortcodes.ts';
import { renderContent } from '../../src/text/render.ts';
import type { GalleryAttachment } from '../../src/text/gallery-shortcode.ts';
import { renderShortcodes } from '../../src/text/content-shortcodes.ts';
import { autoembed, embedCacheKey, embedCacheKeys } from '../../src/text/autoembed.ts';

const entries = (text: string) => [...parseShortcodeAttrs(text)];

/** Prints each shortcode as {tag|attributes|content}. */
const show: ShortcodeHandler = (attrs, content, tag) => `{${tag}|${JSON.stringify([...attrs])}|${content}}`;
const shown = (text: string) => doShortcode(text, { gallery: show, caption: show });

describe('shortcodes', () => {
  describe('attributes (shortcode_parse_atts)', () => {
    it('reads double-quoted, single-quoted and bare values, names lower-cased, positional values numbered', () => {
      expect(entries(`ids="1,2" columns='4' size=medium`)).to.deep.equal([['ids', '1,2'], ['columns', '4'], ['size', 'medium']]);
      expect(entries(`a = "x" B='y' c=z flag "q" 'r'`)).to.deep.equal([['a', 'x'], ['b', 'y'], ['c', 'z'], [0, 'flag'], [1, 'q'], [2, 'r']]);
    });

    it('empties a value holding an unclosed tag, reads no-break spaces as spaces and decodes C escapes', () => {
      expect(entries('caption="<b>x</b>" bad="<b" x')).to.deep.equal([['caption', '<b>x</b>'], ['bad', ''], [0, 'x']]);
      expect(entries('name="a\u00a0b"\u00a0other=1')).to.deep.equal([['name', 'a b'], ['other', '1']]);
      expect(entries('k="a\\tb\\x41\\101\\q"')).to.deep.equal([['k', 'a\tbAAq']]);
    });

    it('skips a name PHP finds empty ("0") and empty quoted values; reads nothing from blank text', () => {
      expect(entries('0="zero" "" \'\' k=1')).to.deep.equal([['k', '1']]);
      expect(entries('  ')).to.deep.equal([]);
    });
  });

  describe('finding shortcodes (get_shortcode_regex, do_shortcode)', () => {
    it('matches self-closing, enclosing and bare forms; an unclosed one encloses nothing', () => {
      expect(shown('[gallery]')).to.equal('{gallery|[]|}');
      expect(shown('[gallery ids="1"/]')).to.equal('{gallery|[["ids","1"]]|}');
      expect(shown('[gallery a="/path/x" /]')).to.equal('{gallery|[["a","/path/x"]]|}');
      expect(shown('[caption]a [b] c[/caption] d')).to.equal('{caption|[]|a [b] c} d');
      expect(shown('[caption width=1]x')).to.equal('{caption|[["width","1"]]|}x');
      expect(shown('[caption a=1]one[/caption][caption]two[/caption]')).to.equal('{caption|[["a","1"]]|one}{caption|[]|two}');
      expect(shown('[caption]no close')).to.equal('{caption|[]|}no close');
    });

    it('prints an escaped [[shortcode]] without its outer brackets, and leaves longer names and unknown tags alone', () => {
      expect(shown('[[gallery]] x')).to.equal('[gallery] x');
      expect(shown('[gallery-x] [gallery_x] [galleryx] [tribe_events view="list"]')).to.equal('[gallery-x] [gallery_x] [galleryx] [tribe_events view="list"]');
    });

    it('closes on the first closing tag (no nesting of the same shortcode)', () => {
      expect(shown('[caption][caption]in[/caption][/caption]')).to.equal('{caption|[]|[caption]in}[/caption]');
    });

    it('runs no shortcode inside an HTML tag, and rewrites &#91; / &#93; as &#091; / &#093; when it runs', () => {
      expect(shown('<a title="[gallery]">x</a> &#91;gallery&#93;')).to.equal('<a title="[gallery]">x</a> &#091;gallery&#093;');
      expect(shown('<!-- [gallery] --> [gallery]')).to.equal('<!-- [gallery] --> {gallery|[]|}');
      expect(shown('&#91; no shortcode')).to.equal('&#91; no shortcode');
    });
  });
});

const UPLOADS = 'https://ex.test/wp-content/uploads/';
const BAND: GalleryAttachment = {
  id: 11, title: 'Band', excerpt: "Band's set", url: `${UPLOADS}2026/11/band.jpg`, link: 'https://ex.test/band/', alt: 'Band <b>live</b>',
  status: 'inherit', mimeType: 'image/jpeg', menuOrder: 0,
  metadata: {
    width: 1200, height: 800, file: '2026/11/band.jpg',
    sizes: { thumbnail: { file: 'band-150x150.jpg', width: 150, height: 150, 'mime-type': 'image/jpeg' }, medium: { file: 'band-300x200.jpg', width: 300, height: 200 } },
  },
};
const POSTER: GalleryAttachment = {
  id: 12, title: 'Poster', excerpt: '  ', url: `${UPLOADS}2026/11/poster.png`, link: 'https://ex.test/poster/', alt: '',
  status: 'inherit', mimeType: 'image/png', menuOrder: 0, metadata: { width: 100, height: 140, file: '2026/11/poster.png', sizes: {} },
};
const PDF: GalleryAttachment = { ...POSTER, id: 13, mimeType: 'application/pdf', url: `${UPLOADS}2026/11/menu.pdf` };
const LIBRARY = { attachment: (id: number) => [BAND, POSTER, PDF].find((a) => a.id === id), uploadsBaseUrl: UPLOADS, embeds: () => undefined, metadata: () => undefined };

describe('core shortcodes as the_content renders them', () => {
  it('renders [caption] as an HTML5 figure: width, ids, alignment, the caption after the image texturized with the rest', () => {
    const raw = '[caption id="attachment_7" align="aligncenter" width="300"]<img class="size-medium wp-image-7" src="https://ex.test/a.jpg" alt="" width="300" height="200" /> Jazz "night"[/caption]\n\nAfter.';
    expect(renderContent(raw)).to.equal(
      '<figure id="attachment_7" aria-describedby="caption-attachment-7" style="width: 300px" class="wp-caption aligncenter">'
      + '<img loading="lazy" decoding="async" class="size-medium wp-image-7" src="https://ex.test/a.jpg" alt="" width="300" height="200" />'
      + '<figcaption id="caption-attachment-7" class="wp-caption-text">Jazz &#8220;night&#8221;</figcaption></figure>\n<p>After.</p>',
    );
    // The caption attribute (kses-filtered), a caption_id, extra classes; the linked image kept whole.
    expect(renderShortcodes('[wp_caption width="120.5" caption="<em>Hi</em><script>x</script>" caption_id="c 1" class="big"]<a href="/x"><img src="a.jpg" /></a>[/wp_caption]', LIBRARY)).to.equal(
      '<figure aria-describedby="c1" style="width: 120px" class="wp-caption alignnone big"><a href="/x"><img src="a.jpg" /></a>'
      + '<figcaption id="c1" class="wp-caption-text"><em>Hi</em>x</figcaption></figure>',
    );
  });

  it('renders [audio] and [video] players numbered in the text, the first of each with the old-IE shim', () => {
    const audio = '<audio class="wp-audio-shortcode" id="audio-0-1" preload="none" style="width: 100%;" controls="controls">'
      + '<source type="audio/mpeg" src="https://ex.test/a.mp3?_=1" /><a href="https://ex.test/a.mp3">https://ex.test/a.mp3</a></audio>';
    expect(renderContent('[audio src="https://ex.test/a.mp3"]')).to.equal(`<!--[if lt IE 9]><script>document.createElement('audio');</script><![endif]-->\n${audio}`);
    expect(renderShortcodes('[video src="https://youtu.be/abc?feature=shared&t=3" width="800" height="450" /] [video mp4="https://ex.test/v.mp4" webm="https://ex.test/v.webm?x=1&y" loop="on" muted="yes" preload=""]<track src="t.vtt">\n[/video]', LIBRARY)).to.equal(
      '<div style="width: 800px;" class="wp-video"><!--[if lt IE 9]><script>document.createElement(\'video\');</script><![endif]-->\n'
      + '<video class="wp-video-shortcode" id="video-0-1" width="800" height="450" preload="metadata" controls="controls">'
      + '<source type="video/youtube" src="https://youtu.be/abc?t=3&#038;_=1" /><a href="https://youtu.be/abc?t=3">https://youtu.be/abc?t=3</a></video></div> '
      + '<div style="width: 640px;" class="wp-video"><video class="wp-video-shortcode" id="video-0-2" width="640" height="360" loop="1" muted="1" controls="controls">'
      + '<source type="video/mp4" src="https://ex.test/v.mp4?_=2" /><source type="" src="https://ex.test/v.webm?x=1&#038;y&#038;_=2" />'
      + '<track src="t.vtt"><a href="https://ex.test/v.mp4">https://ex.test/v.mp4</a></video></div>',
    );
  });

  it('links a player source that is not a media file, and prints nothing for a player without a file', () => {
    expect(renderShortcodes('[audio src="https://ex.test/a.txt"]|[video src="https://ex.test/v.mov"]|[audio]', LIBRARY)).to.equal(
      '<a class="wp-embedded-audio" href="https://ex.test/a.txt">https://ex.test/a.txt</a>|<a class="wp-embedded-video" href="https://ex.test/v.mov">https://ex.test/v.mov</a>|',
    );
  });

  it('renders [gallery] with the images of its IDs in their order: thumbnails linked to their pages, captions, orientation', () => {
    expect(renderShortcodes('[gallery ids="12,11,13,99" columns="2"]', LIBRARY)).to.equal(
      "<div id='gallery-1' class='gallery galleryid-0 gallery-columns-2 gallery-size-thumbnail'>"
      + "<figure class='gallery-item'>\n\t\t\t<div class='gallery-icon portrait'>\n\t\t\t\t"
      + `<a href='https://ex.test/poster/'><img width="100" height="140" src="${UPLOADS}2026/11/poster.png" class="attachment-thumbnail size-thumbnail" alt="" /></a>`
      + '\n\t\t\t</div></figure>'
      + "<figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t"
      + `<a href='https://ex.test/band/'><img width="150" height="150" src="${UPLOADS}2026/11/band-150x150.jpg" class="attachment-thumbnail size-thumbnail" alt="Band live" aria-describedby="gallery-1-11" /></a>`
      + "\n\t\t\t</div>\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-11'>\n\t\t\t\tBand&#8217;s set\n\t\t\t\t</figcaption></figure>"
      + '\n\t\t</div>\n',
    );
  });

  it('renders a second gallery of medium images linked to their files, with srcset, through the content filters', () => {
    expect(renderContent('[gallery ids="99"]\n\n[gallery include="11" size="medium" link="file" itemtag="section" captiontag="nope"]', LIBRARY)).to.equal(
      "<div id='gallery-2' class='gallery galleryid-0 gallery-columns-3 gallery-size-medium'><section class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t"
      + `<a href='${UPLOADS}2026/11/band.jpg'><img loading="lazy" decoding="async" width="300" height="200" src="${UPLOADS}2026/11/band-300x200.jpg" class="attachment-medium size-medium" alt="Band live" aria-describedby="gallery-2-11"`
      + ` srcset="${UPLOADS}2026/11/band-300x200.jpg 300w, ${UPLOADS}2026/11/band.jpg 1200w" sizes="auto, (max-width: 300px) 100vw, 300px" /></a>`
      + "\n\t\t\t</div>\n\t\t\t\t<dd class='wp-caption-text gallery-caption' id='gallery-2-11'>\n\t\t\t\tBand&#8217;s set\n\t\t\t\t</dd></section>\n\t\t</div>",
    );
  });
});

describe('[embed] and media URLs (WP_Embed)', () => {
  const iframe = '<iframe title="Set" width="400" height="225" src="https://player.vimeo.com/video/1"></iframe>';
  const media = { ...LIBRARY, embeds: (key: string) => (key === embedCacheKey('https://vimeo.com/1', { width: '400' }) ? iframe : undefined) };

  it('embeds the cached HTML of the URL and its attributes before the other filters, and links a URL it has none for', () => {
    expect(embedCacheKeys('[embed width="400"]https://vimeo.com/1[/embed] [embed src="https://vimeo.com/2" /]'))
      .to.deep.equal([embedCacheKey('https://vimeo.com/1', { width: '400' }), embedCacheKey('https://vimeo.com/2', { src: 'https://vimeo.com/2' })]);
    expect(renderContent('[embed width="400"]https://vimeo.com/1[/embed]\n\n[embed]https://vimeo.com/1?a=1&amp;b=2[/embed]', media)).to.equal(
      `<p>${iframe.replace('<iframe', '<iframe loading="lazy"')}</p>\n<p><a href="https://vimeo.com/1?a=1&#038;b=2">https://vimeo.com/1?a=1&amp;b=2</a></p>`,
    );
    // An escaped [embed] is printed as a shortcode, which the later do_shortcode() renders as nothing.
    expect(renderContent('a [[embed]]x[[/embed]] b')).to.equal('<p>a  b</p>');
  });

  it('embeds a URL alone on its line or in its paragraph, not one in a tag', () => {
    const cache = (key: string) => (key === embedCacheKey('https://x.test/v') ? '<iframe src="v"></iframe>' : undefined);
    const cases: [string, string][] = [
      ['<a href="https://x.test/v">x</a>\n<b\nclass="y">z</b>', '<a href="https://x.test/v">x</a>\n<b\nclass="y">z</b>'],
      ['<a\nhref="https://x.test/v">x</a>', '<a\nhref="https://x.test/v">x</a>'],
      ['see\nhttps://x.test/v\nmore', 'see\n<iframe src="v"></iframe>\nmore'],
      ['<p>https://x.test/v</p>', '<p><iframe src="v"></iframe></p>'],
      // WP_Embed's own line-break placeholder, written in the content, comes out as a newline.
      ['a <!-- wp-line-break --> <a href="https://x.test/v">x</a>', 'a \n <a href="https://x.test/v">x</a>'],
    ];
    for (const [input, output] of cases) expect(autoembed(input, cache)).to.equal(output);
  });

  it('looks up the URLs alone on their line without any shortcode, and nothing for text without a URL or shortcode', () => {
    expect(embedCacheKeys('see\nhttps://x.test/v\nmore')).to.deep.equal([embedCacheKey('https://x.test/v')]);
    expect(embedCacheKeys('<p>HTTPS://x.test/v</p>')).to.deep.equal([embedCacheKey('HTTPS://x.test/v')]);
    expect(embedCacheKeys('see <a href="https://x.test/v">x</a>')).to.deep.equal([]);
    expect(embedCacheKeys('plain text')).to.deep.equal([]);
  });

  it('makes a URL of an audio or video file a player', () => {
    expect(renderContent('Listen:\nhttps://ex.test/a.mp3\n\n[embed width="320" height="180"]https://ex.test/v.mp4[/embed]')).to.equal(
      '<p>Listen:<br />\n<!--[if lt IE 9]><script>document.createElement(\'audio\');</script><![endif]-->\n'
      + '<audio class="wp-audio-shortcode" id="audio-0-1" preload="none" style="width: 100%;" controls="controls"><source type="audio/mpeg" src="https://ex.test/a.mp3?_=1" />'
      + '<a href="https://ex.test/a.mp3">https://ex.test/a.mp3</a></audio></p>\n'
      + '<div style="width: 320px;" class="wp-video"><!--[if lt IE 9]><script>document.createElement(\'video\');</script><![endif]-->\n'
      + '<video class="wp-video-shortcode" id="video-0-1" width="320" height="180" preload="metadata" controls="controls"><source type="video/mp4" src="https://ex.test/v.mp4?_=1" />'
      + '<a href="https://ex.test/v.mp4">https://ex.test/v.mp4</a></video></div>',
    );
  });
});
