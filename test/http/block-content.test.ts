// Descriptions written in the block editor, rendered as WordPress 7 renders them (samples 65–66).
import { expect } from 'chai';
import { doBlocks } from '../../src/text/blocks.ts';
import { forEachDatabase } from '../support/databases.ts';
import { readSample } from '../support/plugin-samples.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

forEachDatabase('block-editor content', (kind) => {
  let t: TestServer;
  let admin: string;
  before(async () => {
    t = await startTestServer(kind);
    admin = await t.userWithRole('administrator', 'admin');
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
});

describe('doBlocks', () => {
  it('adds a render class once, after the classes the tag has, to the block\'s first tag only', () => {
    expect(doBlocks('<!-- wp:paragraph -->\n<p class="wp-block-paragraph x">A <span>b</span></p>\n<!-- /wp:paragraph -->'))
      .to.equal('\n<p class="wp-block-paragraph x">A <span>b</span></p>\n');
    expect(doBlocks("<!-- wp:quote -->\n<blockquote class='wp-block-quote'><p>Q</p></blockquote>\n<!-- /wp:quote -->"))
      .to.equal("\n<blockquote class='wp-block-quote is-layout-flow wp-block-quote-is-layout-flow'><p>Q</p></blockquote>\n");
  });

  it('keeps unknown and dynamic blocks\' inner HTML, drops self-closing ones, parses as WordPress does', () => {
    expect(doBlocks('<!-- wp:acme/widget {"a":"-> x"} --><div>kept</div><!-- /wp:acme/widget -->')).to.equal('<div>kept</div>');
    // A closer with no block open ends the parse: the rest stays as it is.
    expect(doBlocks('before<!-- wp:latest-posts /-->after<!-- /wp:paragraph --><!-- wp:paragraph --><p>x</p>'))
      .to.equal('beforeafter<!-- /wp:paragraph --><!-- wp:paragraph --><p>x</p>');
    // A closer closes the innermost block whatever its name; blocks left open are rendered.
    expect(doBlocks('<!-- wp:paragraph --><p>a</p><!-- /wp:core/heading -->')).to.equal('<p class="wp-block-paragraph">a</p>');
    expect(doBlocks('<!-- wp:group --><div><!-- wp:paragraph --><p>unclosed</p>')).to.equal('<div><p class="wp-block-paragraph">unclosed</p>');
  });

  it('reads the first tag as a browser does: comments skipped, quotes respected, any case, unquoted values', () => {
    const paragraph = (html: string) => doBlocks(`<!-- wp:paragraph -->${html}<!-- /wp:paragraph -->`);
    expect(paragraph('<!-- note <b> --><p>a</p>')).to.equal('<!-- note <b> --><p class="wp-block-paragraph">a</p>');
    expect(paragraph('<p title="a>b" class="x">a</p>')).to.equal('<p title="a>b" class="x wp-block-paragraph">a</p>');
    expect(paragraph('<p title=\' class="z"\'>a</p>')).to.equal('<p class="wp-block-paragraph" title=\' class="z"\'>a</p>');
    expect(paragraph('<p CLASS="u">a</p>')).to.equal('<p CLASS="u wp-block-paragraph">a</p>');
    expect(paragraph('<p class=foo>a</p>')).to.equal('<p class="foo wp-block-paragraph">a</p>');
  });

  it('adds classes as text: a class value holding $\' or $& is kept as written', () => {
    const html = '<!-- wp:paragraph --><p class="$\'" title="onmouseover=alert(1) x">hi</p><!-- /wp:paragraph -->';
    expect(doBlocks(html)).to.equal('<p class="$\' wp-block-paragraph" title="onmouseover=alert(1) x">hi</p>');
  });
});
