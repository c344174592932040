// Descriptions written in the block editor, rendered as WordPress 7 renders them (samples 65–66).
import { expect } from 'chai';
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
