// Natural-language event dates over HTTP: sample 50 ("next wednesday 4pm" in Europe/Rome),
// replayed on the clock it was captured at.
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { readSample } from '../support/plugin-samples.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const NS = '/wp-json/tribe/events/v1';
const SAMPLE = readSample('50-create-event-natural-language.txt');
const CAPTURED_AT = new Date(SAMPLE.headers.get('date')!);
const DATE_KEYS = [
  'start_date', 'start_date_details', 'end_date', 'end_date_details',
  'utc_start_date', 'utc_start_date_details', 'utc_end_date', 'utc_end_date_details',
  'timezone', 'timezone_abbr', 'all_day',
];

function dateFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(DATE_KEYS.map((key) => [key, body[key]]));
}

forEachDatabase('natural-language event dates', (kind) => {
  let t: TestServer;
  let admin: string;
  before(async () => {
    t = await startTestServer(kind, { siteUrl: 'http://127.0.0.1:8881', now: () => CAPTURED_AT });
    admin = await t.userWithRole('administrator', 'admin');
  });
  after(async () => t.close());

  it('creates "next wednesday 4pm" in Europe/Rome as sample 50', async () => {
    const res = await t.request('POST', `${NS}/events`, { auth: admin, body: SAMPLE.requestJson });
    expect(res.status).to.equal(SAMPLE.status);
    const expected = JSON.parse(SAMPLE.body) as Record<string, unknown>;
    expect(dateFields(res.json as Record<string, unknown>)).to.deep.equal(dateFields(expected));
  });

  it('reads "tomorrow noon" on a PATCH in the stored event zone', async () => {
    const created = await t.request('POST', `${NS}/events`, { auth: admin, body: SAMPLE.requestJson });
    const id = (created.json as { id: number }).id;
    // PATCH keeps the stored zone (a POST update resets it to the site's).
    const res = await t.request('PATCH', `${NS}/events/${id}`, { auth: admin, body: { start_date: 'tomorrow noon', end_date: 'tomorrow 1pm' } });
    expect(res.status).to.equal(200);
    expect(res.json).to.include({ start_date: '2026-11-26 12:00:00', end_date: '2026-11-26 13:00:00', utc_start_date: '2026-11-26 11:00:00' });
  });
});
