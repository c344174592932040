// do_blocks() as WordPress 7 renders saved block markup, with Twenty Twenty-Five as the theme (see
// src/text/blocks/theme.ts). Each expectation names the WordPress function that adds what it
// checks; container-class hashes are those PHP computes (test/fixtures/blocks/layout-hashes.json).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { doBlocks, excerptRemoveBlocks } from '../../src/text/blocks/render.ts';
import { parseBlocks } from '../../src/text/blocks/parse.ts';
import { uniqueIdFromValues } from '../../src/text/blocks/layout.ts';

const FIXTURE = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/blocks/layout-hashes.json'), 'utf8'));

/** A block of `name` with these attributes around `html`. */
const block = (name: string, html: string, attrs?: object) => `<!-- wp:${name}${attrs ? ` ${JSON.stringify(attrs)}` : ''} -->${html}<!-- /wp:${name} -->`;

describe('block rendering (do_blocks)', () => {
  describe('text blocks', () => {
    it('adds wp-block-paragraph to the first P of a paragraph (block_core_paragraph_render)', () => {
      expect(doBlocks(block('paragraph', '\n<p>Hello</p>\n'))).to.equal('\n<p class="wp-block-paragraph">Hello</p>\n');
      expect(doBlocks(block('paragraph', '<span>a</span><p class="has-text-align-center">b</p><p>c</p>')))
        .to.equal('<span>a</span><p class="has-text-align-center wp-block-paragraph">b</p><p>c</p>');
    });

    it('rewrites the class attribute as WP_HTML_Tag_Processor does: lower-case name, double quotes, escaped, duplicates dropped', () => {
      const paragraph = (html: string) => doBlocks(block('paragraph', html));
      expect(paragraph('<p CLASS = \'u\'>a</p>')).to.equal('<p class="u wp-block-paragraph">a</p>');
      expect(paragraph('<p class=foo title="x>y">a</p>')).to.equal('<p class="foo wp-block-paragraph" title="x>y">a</p>');
      expect(paragraph('<p class="a  b a" class="c">a</p>')).to.equal('<p class="a  b wp-block-paragraph" >a</p>');
      expect(paragraph('<p class="$\'&amp;">hi</p>')).to.equal('<p class="$&#039;&amp; wp-block-paragraph">hi</p>');
      expect(paragraph('<!-- <p> --><p title=\' class="z"\'>a</p>')).to.equal('<!-- <p> --><p class="wp-block-paragraph" title=\' class="z"\'>a</p>');
      // Nothing to add: the tag is left as written.
      expect(paragraph("<p class='wp-block-paragraph'>a</p>")).to.equal("<p class='wp-block-paragraph'>a</p>");
    });

    it('adds wp-block-heading to the first H1–H6 and wp-block-list to the first OL/UL (block_core_heading_render, block_core_list_render)', () => {
      expect(doBlocks(block('heading', '<h3>Title</h3>', { level: 3 }))).to.equal('<h3 class="wp-block-heading">Title</h3>');
      expect(doBlocks(block('list', `<ol>${block('list-item', '<li>One</li>')}</ol>`, { ordered: true })))
        .to.equal('<ol class="wp-block-list"><li>One</li></ol>');
    });

    it('gives quotes the flow layout classes, leaves separators, HTML and embeds as saved, and wraps shortcode blocks in paragraphs', () => {
      // wp_render_layout_support_flag(): flow layout, no styles of its own, so no container class.
      expect(doBlocks(block('quote', `<blockquote class="wp-block-quote">${block('paragraph', '<p>Q</p>')}</blockquote>`)))
        .to.equal('<blockquote class="wp-block-quote is-layout-flow wp-block-quote-is-layout-flow"><p class="wp-block-paragraph">Q</p></blockquote>');
      expect(doBlocks(block('separator', '<hr class="wp-block-separator has-alpha-channel-opacity"/>')))
        .to.equal('<hr class="wp-block-separator has-alpha-channel-opacity"/>');
      expect(doBlocks(block('html', '<div onclick="x">raw</div>'))).to.equal('<div onclick="x">raw</div>');
      const embed = '\n<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div></figure>\n';
      expect(doBlocks(block('embed', embed, { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'video' }))).to.equal(embed);
      // render_block_core_shortcode(): wpautop() of the content.
      expect(doBlocks(block('shortcode', '\n[gallery ids="1,2"]\n'))).to.equal('<p>[gallery ids="1,2"]</p>\n');
    });
  });

  describe('layout (wp_render_layout_support_flag)', () => {
    it('hashes the layout inputs as PHP does (wp_unique_id_from_values: md5 of wp_json_encode)', () => {
      for (const { values, hash } of FIXTURE.layout) expect(uniqueIdFromValues(JSON.parse(values), ''), values).to.equal(hash);
    });

    it('renders groups: flow by default, constrained with has-global-padding, a container class only with styles of their own', () => {
      const inner = block('paragraph', '<p>In</p>');
      expect(doBlocks(block('group', `<div class="wp-block-group">${inner}</div>`)))
        .to.equal('<div class="wp-block-group is-layout-flow wp-block-group-is-layout-flow"><p class="wp-block-paragraph">In</p></div>');
      // has-global-padding: Twenty Twenty-Five's useRootPaddingAwareAlignments.
      expect(doBlocks(block('group', `<div class="wp-block-group">${inner}</div>`, { layout: { type: 'constrained' } })))
        .to.equal('<div class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained"><p class="wp-block-paragraph">In</p></div>');
      // A legacy content width makes the layout constrained (type appended) and gives it styles.
      expect(doBlocks(block('group', `<section class="wp-block-group">${inner}</section>`, { tagName: 'section', layout: { contentSize: '800px' } })))
        .to.equal('<section class="wp-block-group has-global-padding is-layout-constrained wp-container-core-group-is-layout-da756f45 wp-block-group-is-layout-constrained"><p class="wp-block-paragraph">In</p></section>');
      expect(doBlocks(block('group', `<div class="wp-block-group">${inner}</div>`, { layout: { type: 'flex', flexWrap: 'nowrap' } })))
        .to.match(/^<div class="wp-block-group is-nowrap is-layout-flex wp-container-core-group-is-layout-[0-9a-f]{8} wp-block-group-is-layout-flex">/);
    });

    it('puts the classes on the element that wraps the inner blocks', () => {
      const html = `<div class="wp-block-group"><div class="wp-block-group__inner-container">${block('paragraph', '<p>In</p>')}</div></div>`;
      expect(doBlocks(block('group', html)))
        .to.equal('<div class="wp-block-group"><div class="wp-block-group__inner-container is-layout-flow wp-block-group-is-layout-flow"><p class="wp-block-paragraph">In</p></div></div>');
    });

    it('renders columns (flex, no wrap: always a container class) and their columns (flow)', () => {
      const column = block('column', `<div class="wp-block-column">${block('paragraph', '<p>A</p>')}</div>`);
      expect(doBlocks(block('columns', `<div class="wp-block-columns">${column}</div>`))).to.equal(
        '<div class="wp-block-columns is-layout-flex wp-container-core-columns-is-layout-1fb078be wp-block-columns-is-layout-flex">'
        + '<div class="wp-block-column is-layout-flow wp-block-column-is-layout-flow"><p class="wp-block-paragraph">A</p></div></div>',
      );
    });

    it('renders buttons (flex) and drops a button with nothing in its link (render_block_core_button)', () => {
      const button = (inner: string) => block('button', `<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://example.test/">${inner}</a></div>`);
      const buttons = (inner: string, attrs?: object) => doBlocks(block('buttons', `<div class="wp-block-buttons">${inner}</div>`, attrs));
      expect(buttons(button('Tickets') + button('') + button('<!-- nothing -->'))).to.equal(
        '<div class="wp-block-buttons is-layout-flex wp-block-buttons-is-layout-flex"><div class="wp-block-button">'
        + '<a class="wp-block-button__link wp-element-button" href="https://example.test/">Tickets</a></div></div>',
      );
      expect(buttons(button(' '))).to.include('href="https://example.test/"> </a>');
      expect(buttons(button('<img src="i.png" alt="go">'))).to.include('<img src="i.png" alt="go">');
      expect(buttons(button('Go'), { layout: { type: 'flex', justifyContent: 'center' } })).to.match(
        /^<div class="wp-block-buttons is-content-justification-center is-layout-flex wp-container-core-buttons-is-layout-35f06ea7 wp-block-buttons-is-layout-flex">/,
      );
    });
  });

  describe('images (render_block_core_image)', () => {
    const image = (html: string, attrs?: object) => doBlocks(block('image', html, attrs));

    it('renders nothing without an IMG that has a src', () => {
      expect(image('<figure class="wp-block-image"></figure>')).to.equal('');
      expect(image('<figure class="wp-block-image"><img alt=""/></figure>')).to.equal('');
      expect(image('<figure class="wp-block-image"><img src="" alt=""/></figure>')).to.equal('');
    });

    it('removes an empty caption (comments allowed inside) and keeps one with text; the lightbox is not rendered', () => {
      const img = '<img src="https://example.test/a.jpg" alt="" class="wp-image-5"/>';
      expect(image(`<figure class="wp-block-image size-large">${img}<figcaption class="wp-element-caption"><!-- x --></figcaption></figure>`, { id: 5 }))
        .to.equal(`<figure class="wp-block-image size-large">${img}</figure>`);
      expect(image(`<figure class="wp-block-image">${img}<figcaption class="wp-element-caption">Stage</figcaption></figure>`))
        .to.equal(`<figure class="wp-block-image">${img}<figcaption class="wp-element-caption">Stage</figcaption></figure>`);
      expect(image(`<figure class="wp-block-image">${img}</figure>`, { lightbox: { enabled: true } })).to.equal(`<figure class="wp-block-image">${img}</figure>`);
    });
  });

  describe('visibility (wp_render_block_visibility_support)', () => {
    it('renders nothing for a hidden block, classes per hidden viewport (sorted) and fetchpriority="auto" on the images after the first tag', () => {
      expect(doBlocks(block('paragraph', '<p>Gone</p>', { metadata: { blockVisibility: false } }))).to.equal('');
      const group = `<div class="wp-block-group"><img src="a.png">${block('paragraph', '<p>x</p>')}</div>`;
      expect(doBlocks(block('group', group, { metadata: { blockVisibility: { viewport: { tablet: false, mobile: false, desktop: true, watch: false } } } })))
        .to.equal('<div class="wp-block-group is-layout-flow wp-block-group-is-layout-flow wp-block-hidden-mobile wp-block-hidden-tablet"><img fetchpriority="auto" src="a.png"><p class="wp-block-paragraph">x</p></div>');
    });

    it('hides every registered block, those without a render callback of their own too, and leaves other plugins\' blocks alone', () => {
      const hidden = { metadata: { blockVisibility: false } };
      expect(doBlocks(block('table', '<figure class="wp-block-table"><table><tr><td>secret</td></tr></table></figure>', hidden))).to.equal('');
      expect(doBlocks(block('pullquote', '<figure class="wp-block-pullquote"><blockquote><p>q</p></blockquote></figure>', hidden))).to.equal('');
      expect(doBlocks(block('tribe/event-website', '<div>site</div>', hidden))).to.equal('');
      expect(doBlocks(block('acme/widget', '<div>kept</div>', hidden))).to.equal('<div>kept</div>');
    });
  });

  describe('parsing (WP_Block_Parser)', () => {
    it('keeps unknown and other plugins\' blocks\' inner HTML and renders self-closing ones as nothing', () => {
      expect(doBlocks('<!-- wp:acme/widget {"a":"-> x"} --><div>kept</div><!-- /wp:acme/widget -->')).to.equal('<div>kept</div>');
      expect(doBlocks('a<!-- wp:tribe/event-datetime /-->b<!-- /wp:latest-posts /-->c')).to.equal('abc');
    });

    it('reads a delimiter only as WordPress\'s pattern does: whitespace before -->, attributes up to "} -->"', () => {
      expect(parseBlocks('<!-- wp:paragraph {"a":"--> x"} --><p>x</p><!-- /wp:paragraph -->')[0]).to.deep.include({ name: 'core/paragraph', attrs: { a: '--> x' } });
      // No space before -->: not a delimiter; the closer then has no open block, so everything is freeform.
      expect(doBlocks('<!-- wp:paragraph--><p>x</p><!-- /wp:paragraph -->')).to.equal('<!-- wp:paragraph--><p>x</p><!-- /wp:paragraph -->');
      expect(parseBlocks('<!-- wp:group {not json} -->x<!-- /wp:group -->')[0]).to.deep.include({ name: 'core/group', attrs: {} });
    });

    it('closes blocks as WordPress does: the innermost whatever the closer\'s name, open ones at the end each at the top level', () => {
      expect(doBlocks('before<!-- wp:latest-posts /-->after<!-- /wp:paragraph --><!-- wp:paragraph --><p>x</p>'))
        .to.equal('beforeafter<!-- /wp:paragraph --><!-- wp:paragraph --><p>x</p>');
      expect(doBlocks('<!-- wp:paragraph --><p>a</p><!-- /wp:core/heading -->')).to.equal('<p class="wp-block-paragraph">a</p>');
      expect(doBlocks('<!-- wp:group --><div><!-- wp:paragraph --><p>unclosed</p>'))
        .to.equal('<p class="wp-block-paragraph">unclosed</p><div class="is-layout-flow wp-block-group-is-layout-flow"><!-- wp:paragraph --><p>unclosed</p>');
    });
  });

  describe('excerpt_remove_blocks() (TEC\'s JSON-LD description)', () => {
    it('keeps the text blocks, opens groups and columns up, leaves out the rest and lists of list items', () => {
      const content = block('paragraph', '<p>Jazz</p>')
        + block('image', '<figure class="wp-block-image"><img src="a.jpg" alt=""/><figcaption>Caption</figcaption></figure>')
        + block('buttons', `<div class="wp-block-buttons">${block('button', '<div class="wp-block-button"><a class="wp-block-button__link">Tickets</a></div>')}</div>`)
        + block('group', `<div class="wp-block-group">${block('heading', '<h2>Line-up</h2>')}${block('embed', 'https://v.test/1')}${block('paragraph', '<p>Hidden</p>', { metadata: { blockVisibility: false } })}</div>`)
        + block('list', `<ul>${block('list-item', '<li>Item</li>')}</ul>`)
        + block('quote', `<blockquote class="wp-block-quote">${block('paragraph', '<p>Q</p>')}</blockquote>`);
      expect(excerptRemoveBlocks(content)).to.equal(
        '<p class="wp-block-paragraph">Jazz</p><h2 class="wp-block-heading">Line-up</h2>'
        + '<blockquote class="wp-block-quote is-layout-flow wp-block-quote-is-layout-flow"><p class="wp-block-paragraph">Q</p></blockquote>',
      );
      expect(excerptRemoveBlocks('Classic <b>text</b>')).to.equal('Classic <b>text</b>');
    });
  });
});
