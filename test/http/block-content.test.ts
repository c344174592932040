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

  it('keeps unknown and dynamic blocks\' inner HTML, drops self-closing ones and stray closers', () => {
    expect(doBlocks('<!-- wp:acme/widget {"a":1} --><div>kept</div><!-- /wp:acme/widget -->')).to.equal('<div>kept</div>');
    expect(doBlocks('before<!-- wp:latest-posts /-->after<!-- /wp:paragraph -->')).to.equal('beforeafter');
    expect(doBlocks('<!-- wp:group --><div><!-- wp:paragraph --><p>unclosed</p>')).to.equal('<div><p>unclosed</p>');
  });
});
