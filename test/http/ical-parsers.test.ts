// The iCalendar feed read by two common parsers (node-ical and ical.js): stored content with CRLF
// line breaks and control characters, and an event in an offset zone (`UTC+3:30`).
import { expect } from 'chai';
import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { updatePost } from '../../src/data/posts.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

forEachDatabase('iCalendar feed in common parsers', (kind) => {
  let t: TestServer;
  let feed: string;
  before(async () => {
    t = await startTestServer(kind, { now: () => new Date('2030-01-01T00:00:00Z') });
    const admin = await t.userWithRole('administrator', 'admin');
    const create = async (title: string, body: Record<string, unknown>) => {
      const res = await t.request('POST', `${API}/events`, { auth: admin, body: { title, ...body } });
      expect(res.status).to.equal(201);
      return res.json.id as number;
    };
    const texts = await create('Texts', { start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 11:00:00', timezone: 'UTC' });
    // Stored as WordPress content often is: CRLF line breaks, and stray control characters.
    await t.server.db.write((trx) => updatePost(trx, texts, {
      post_title: 'Tab\there\u0001 and escape\u001b gone',
      post_content: 'Line one\r\nLine two\u0001\r\n\r\nLine \u001bthree',
    }));
    await create('Tehran offset', { start_date: '2030-03-01 10:00:00', end_date: '2030-03-01 11:30:00', timezone: 'UTC+3:30' });
    feed = (await t.request('GET', '/wp-json/wpcal/v1/events.ics?start_date=2030-01-01&end_date=2030-12-31')).text;
  });
  after(async () => t?.close());

  it('writes no CR outside line ends and no control characters', () => {
    expect(feed.replace(/\r\n/g, '')).to.not.match(/[\r\u0000-\u0008\u000B-\u001F\u007F]/);
  });

  it('gives node-ical the description, the summary and the offset zone\'s instants', () => {
    const parsed = Object.values(nodeIcal.sync.parseICS(feed)).filter((entry) => entry?.type === 'VEVENT') as VEvent[];
    const texts = parsed.find((event) => String(event.summary).startsWith('Tab'))!;
    expect(String(texts.summary)).to.equal('Tab\there and escape gone');
    expect(String(texts.description)).to.equal('Line one\nLine two\n\nLine three');
    const tehran = parsed.find((event) => String(event.summary) === 'Tehran offset')!;
    expect(tehran.start.toISOString()).to.equal('2030-03-01T06:30:00.000Z');
    expect(tehran.end?.toISOString()).to.equal('2030-03-01T08:00:00.000Z');
  });

  it('gives ical.js the same', () => {
    const calendar = new ICAL.Component(ICAL.parse(feed));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const texts = events.find((event) => event.summary.startsWith('Tab'))!;
    expect(texts.summary).to.equal('Tab\there and escape gone');
    expect(texts.description).to.equal('Line one\nLine two\n\nLine three');
    const tehran = events.find((event) => event.summary === 'Tehran offset')!;
    expect(tehran.startDate.toJSDate().toISOString()).to.equal('2030-03-01T06:30:00.000Z');
    expect(tehran.endDate.toJSDate().toISOString()).to.equal('2030-03-01T08:00:00.000Z');
  });
});
