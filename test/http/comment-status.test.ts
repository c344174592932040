// The comment_status events are written with: closed, as the plugin writes them, unless TEC's
// "Show comments" option gives events comment support (then WordPress's default_comment_status).
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { siteOptions } from '../support/site-options.ts';

const API = '/wp-json/tribe/events/v1';

async function commentStatusOfNewEvent(t: TestServer): Promise<string> {
  const admin = await t.userWithRole('administrator', 'admin');
  const res = await t.request('POST', `${API}/events`, {
    auth: admin, body: { title: 'Comments?', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' },
  });
  expect(res.status, res.text).to.equal(201);
  const row = await t.server.db.kysely.selectFrom('posts').select('comment_status').where('ID', '=', res.json.id).executeTakeFirstOrThrow();
  return row.comment_status;
}

forEachDatabase('comment_status of new events', (kind) => {
  it('is closed with TEC\'s default options', async () => {
    const t = await startTestServer(kind);
    try {
      expect(await commentStatusOfNewEvent(t)).to.equal('closed');
    } finally {
      await t.close();
    }
  });

  it('follows default_comment_status when TEC shows comments', async () => {
    const t = await startTestServer(kind, { before: siteOptions('UTC', { showComments: true }) });
    try {
      expect(await commentStatusOfNewEvent(t)).to.equal('open');
    } finally {
      await t.close();
    }
  });
});
