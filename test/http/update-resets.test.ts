// Updates (spec README, "Decided already"): POST and PUT reset the fields they omit as the plugin's
// updates do (samples 19, 20, 53–54), PATCH changes only the fields it sends (wpcal's extension; the
// plugin's PATCH is its POST, sample 55). Events, venues and organizers, against the samples.
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/data/connect.ts';
import { addMeta, insertPost, loadPostMeta } from '../../src/data/posts.ts';
import { setOption } from '../../src/data/options.ts';
import { forEachDatabase } from '../support/databases.ts';
import { SAMPLES, expectLikeSampleBody, readSample, sampleJson } from '../support/plugin-samples.ts';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.ts';

const NS = '/wp-json/tribe/events/v1';
const SITE = 'http://127.0.0.1:8881';

async function meta(db: Db, id: number): Promise<Record<string, string[]>> {
  return Object.fromEntries(await loadPostMeta(db.kysely, id));
}

async function postRow(db: Db, id: number) {
  return db.kysely.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirstOrThrow();
}

function ok(res: HttpResult, status = 200): Record<string, any> {
  expect(res.status, res.text).to.equal(status);
  return res.json;
}

/** The image attachment of samples 45 and 53, with the rows WordPress wrote for it (sample 71); returns its ID. */
async function insertSampleImage(db: Db): Promise<number> {
  const text = fs.readFileSync(path.join(SAMPLES, '71-attachment-rows-after-image-url.txt'), 'utf8');
  const row = (name: string) => new RegExp(`^\\s*${name}: (.*)$`, 'm').exec(text)![1]!;
  const metaValue = (key: string) => new RegExp(`^${key}\\t(.*)$`, 'm').exec(text)![1]!;
  return db.write(async (trx) => {
    const id = await insertPost(trx, {
      post_type: 'attachment', post_status: 'inherit', post_mime_type: row('post_mime_type'), post_title: row('post_title'),
      post_name: row('post_name'), guid: row('guid'), post_date: row('post_date'), post_date_gmt: row('post_date_gmt'),
      post_modified: row('post_modified'), post_modified_gmt: row('post_modified_gmt'),
    });
    for (const key of ['_wp_attached_file', '_wp_attachment_metadata']) await addMeta(trx, id, key, metaValue(key));
    return id;
  });
}

forEachDatabase('Updates: POST and PUT reset what they omit, PATCH keeps it', (kind) => {
  let clock = new Date('2026-11-22T13:30:35Z');
  const at = (instant: string) => { clock = new Date(instant); };

  /** A server on a fresh database, its administrator (user 1) and, when given, its timezone_string. */
  async function startSite(timezoneString?: string): Promise<{ t: TestServer; admin: string; db: Db }> {
    const t = await startTestServer(kind, { now: () => clock, siteUrl: SITE });
    const admin = await t.userWithRole('administrator', 'admin');
    // Before the first request, which reads the site settings for good.
    if (timezoneString !== undefined) await t.server.db.write((trx) => setOption(trx, 'timezone_string', timezoneString));
    return { t, admin, db: t.server.db };
  }

  // Samples 11, 19 and 20 were captured on a site whose timezone_string is UTC.
  describe('events: samples 11, 19 and 20', () => {
    let t: TestServer;
    let admin: string;
    before(async () => {
      ({ t, admin } = await startSite('UTC'));
    });
    after(async () => t.close());

    it('PUT with a title and a cost (sample 19), then POST with a description (sample 20): the website and cost go, the post date is the update’s', async () => {
      at('2026-11-22T13:30:35Z');
      const created = ok(await t.request('POST', `${NS}/events`, { auth: admin, body: readSample('11-create-event-201-simple.txt').requestJson }), 201);
      expectLikeSampleBody(created, sampleJson('11-create-event-201-simple.txt'));
      at('2026-11-22T13:30:36Z');
      const put = ok(await t.request('PUT', `${NS}/events/${created.id}`, { auth: admin, body: readSample('19-event-update-put.txt').requestJson }));
      expectLikeSampleBody(put, sampleJson('19-event-update-put.txt'));
      const post = ok(await t.request('POST', `${NS}/events/${created.id}`, { auth: admin, body: readSample('20-event-update-post.txt').requestJson }));
      expectLikeSampleBody(post, sampleJson('20-event-update-post.txt'));
      const stored = await meta(t.server.db, created.id);
      expect(stored._EventURL).to.deep.equal(['']);
      expect(stored).to.not.have.property('_EventCost');
      expect(await postRow(t.server.db, created.id)).to.include({ post_date: '2026-11-22 13:30:36', post_date_gmt: '2026-11-22 13:30:36' });
    });
  });

  // Samples 51–55 were captured on a site of gmt_offset 0 and no timezone_string: its zone is `UTC+0`.
  describe('events: samples 51–55', () => {
    let t: TestServer;
    let admin: string;
    let db: Db;
    let image: number;
    let venue: number;
    let organizer: number;
    before(async () => {
      ({ t, admin, db } = await startSite(''));
      image = await insertSampleImage(db);
      at('2026-11-25T13:11:03Z');
      const madeOrganizer = ok(await t.request('POST', `${NS}/organizers`, { auth: admin, body: readSample('51-create-organizer-for-update.txt').requestJson }), 201);
      expectLikeSampleBody(madeOrganizer, sampleJson('51-create-organizer-for-update.txt'));
      const madeVenue = ok(await t.request('POST', `${NS}/venues`, { auth: admin, body: readSample('52-create-venue-for-update.txt').requestJson }), 201);
      expectLikeSampleBody(madeVenue, sampleJson('52-create-venue-for-update.txt'));
      [organizer, venue] = [madeOrganizer.id, madeVenue.id];
    });
    after(async () => t.close());

    /** Sample 53's create, with this site's IDs; its answer is the sample's, made within one second. */
    async function createFullEvent(): Promise<Record<string, any>> {
      at('2026-11-25T13:11:12Z');
      const body = { ...readSample('53-create-event-full-for-update.txt').requestJson as object, venue, organizer: [organizer], image: String(image) };
      return ok(await t.request('POST', `${NS}/events`, { auth: admin, body }), 201);
    }

    const full = () => ({ ...sampleJson('53-create-event-full-for-update.txt'), modified: '2026-11-25 13:11:12', modified_utc: '2026-11-25 13:11:12' });
    /**
     * Sample 54, but with UTC dates that agree with the reset zone: the plugin keeps the old zone's
     * (00:00 UTC for 18:00 in UTC+0); wpcal keeps the local times and reads them in the new zone
     * (README, Compatibility notes).
     */
    const inResetZone = (body: Record<string, any>): Record<string, any> => ({
      ...body,
      utc_start_date: body.start_date, utc_start_date_details: body.start_date_details,
      utc_end_date: body.end_date, utc_end_date_details: body.end_date_details,
    });
    const reset = () => inResetZone(sampleJson('54-update-event-title-only.txt'));

    it('PATCH with a title changes the title alone; POST with a title resets the rest (sample 54); PATCH then keeps that (sample 55)', async () => {
      const created = await createFullEvent();
      expectLikeSampleBody(created, full());
      const tecBefore = await db.kysely.selectFrom('tec_events').selectAll().where('post_id', '=', created.id).execute();

      at('2026-11-25T13:11:13Z');
      const patched = ok(await t.request('PATCH', `${NS}/events/${created.id}`, { auth: admin, body: { title: 'Full event renamed' } }));
      expectLikeSampleBody(patched, { ...full(), title: 'Full event renamed', modified: '2026-11-25 13:11:13', modified_utc: '2026-11-25 13:11:13' });

      const posted = ok(await t.request('POST', `${NS}/events/${created.id}`, { auth: admin, body: readSample('54-update-event-title-only.txt').requestJson }));
      expectLikeSampleBody(posted, reset());
      expect(posted.venue.id).to.equal(venue);
      const stored = await meta(db, created.id);
      for (const key of ['_thumbnail_id', '_EventOrganizerID', '_EventCost', '_EventCurrencySymbol', '_EventCurrencyPosition', '_EventHideFromUpcoming', '_tribe_featured']) {
        expect(stored, key).to.not.have.property(key);
      }
      expect(stored).to.deep.include({
        _EventURL: [''], _EventShowMap: [''], _EventShowMapLink: [''], _EventTimezone: ['UTC+0'], _EventTimezoneAbbr: ['UTC+0'],
        _EventStartDate: ['2026-12-20 18:00:00'], _EventStartDateUTC: ['2026-12-20 18:00:00'], _EventVenueID: [String(venue)],
      });
      const tecAfter = await db.kysely.selectFrom('tec_events').select(['start_date', 'start_date_utc', 'timezone']).where('post_id', '=', created.id).execute();
      expect(tecBefore.map((row) => row.start_date_utc), 'before: in America/Chicago').to.deep.equal(['2026-12-21 00:00:00']);
      expect(tecAfter).to.deep.equal([{ start_date: '2026-12-20 18:00:00', start_date_utc: '2026-12-20 18:00:00', timezone: 'UTC+0' }]);
      expect(await postRow(db, created.id)).to.include({ post_date: '2026-11-25 13:11:13', post_date_gmt: '2026-11-25 13:11:13', post_name: 'full-event' });
      expect(Number((await postRow(db, created.id)).menu_order)).to.equal(0);

      const again = ok(await t.request('PATCH', `${NS}/events/${created.id}`, { auth: admin, body: readSample('55-update-event-patch-title-only.txt').requestJson }));
      expectLikeSampleBody(again, inResetZone(sampleJson('55-update-event-patch-title-only.txt')));
    });

    it('PUT resets like POST', async () => {
      const created = await createFullEvent();
      at('2026-11-25T13:11:13Z');
      const put = ok(await t.request('PUT', `${NS}/events/${created.id}`, { auth: admin, body: { title: 'Full event renamed' } }));
      // The second "Full event" has a slug of its own, and its terms now count two events.
      expect(put.slug).to.equal(created.slug);
      const sample = reset();
      const counted = (terms: unknown) => (terms as object[]).map((term) => ({ ...term, count: 2 }));
      expectLikeSampleBody(JSON.parse(JSON.stringify(put).replaceAll(created.slug, 'full-event')), {
        ...sample, categories: counted(sample.categories), tags: counted(sample.tags),
      });
    });

    it('POST without organizer unlinks every organizer, with organizers replaces them; PATCH without keeps them', async () => {
      at('2026-11-25T13:11:20Z');
      const second = ok(await t.request('POST', `${NS}/organizers`, { auth: admin, body: { organizer: 'Second Org' } }), 201).id;
      const event = ok(await t.request('POST', `${NS}/events`, {
        auth: admin, body: { title: 'Organized', start_date: '2026-12-21 10:00', end_date: '2026-12-21 11:00', organizer: [organizer, second] },
      }), 201).id;
      const organizers = async () => (await meta(db, event))._EventOrganizerID;
      const update = (method: string, body: Record<string, unknown>) => t.request(method, `${NS}/events/${event}`, { auth: admin, body });
      expect(ok(await update('PATCH', { excerpt: 'Kept' })).organizer.map((o: { id: number }) => o.id)).to.deep.equal([organizer, second]);
      expect(ok(await update('POST', { organizer: [second] })).organizer.map((o: { id: number }) => o.id)).to.deep.equal([second]);
      expect(await organizers()).to.deep.equal([String(second)]);
      expect(ok(await update('POST', { excerpt: 'Left out' })).organizer).to.deep.equal([]);
      expect(await organizers()).to.equal(undefined);
    });

    it('POST with dates and no timezone takes the site zone; what sample 54 keeps stays (terms, venue, text, status, all-day)', async () => {
      const created = await createFullEvent();
      at('2026-11-25T13:11:30Z');
      const res = ok(await t.request('POST', `${NS}/events/${created.id}`, { auth: admin, body: { start_date: '2026-12-22 09:00', end_date: '2026-12-22 10:00' } }));
      expect(res).to.include({ timezone: 'UTC+0', start_date: '2026-12-22 09:00:00', utc_start_date: '2026-12-22 09:00:00', title: 'Full event', status: 'publish' });
      expect([res.venue.id, res.categories.length, res.tags.length, res.description]).to.deep.equal([venue, 1, 1, '<p>Full description</p>']);
      const tec = await db.kysely.selectFrom('tec_events').select(['timezone', 'start_date_utc']).where('post_id', '=', created.id).executeTakeFirstOrThrow();
      expect(tec).to.deep.equal({ timezone: 'UTC+0', start_date_utc: '2026-12-22 09:00:00' });

      const draft = ok(await t.request('POST', `${NS}/events`, {
        auth: admin, body: { title: 'All-day draft', status: 'draft', all_day: true, start_date: '2026-12-23', end_date: '2026-12-23' },
      }), 201);
      // Not reset (no sample shows it; the plugin's prose says it publishes and clears all_day).
      const kept = ok(await t.request('POST', `${NS}/events/${draft.id}`, { auth: admin, body: { title: 'All-day draft, renamed' } }));
      expect(kept).to.include({ status: 'draft', all_day: true, start_date: '2026-12-23 00:00:00', end_date: '2026-12-23 23:59:59' });
    });
  });

  describe('venues and organizers', () => {
    let t: TestServer;
    let admin: string;
    let db: Db;
    let image: number;
    before(async () => {
      ({ t, admin, db } = await startSite());
      image = await insertSampleImage(db);
    });
    after(async () => t.close());

    const KINDS = [
      { base: 'venues', word: 'venue', extra: { show_map: 'false', show_map_link: '0', state: 'NY', address: '1 Main St' } },
      { base: 'organizers', word: 'organizer', extra: { email: 'org@example.com' } },
    ] as const;

    for (const k of KINDS) {
      it(`${k.base}: POST and PUT reset the image${k.word === 'venue' ? ', map flags and state/province' : ''}; PATCH keeps them`, async () => {
        at('2026-11-25T14:00:00Z');
        const make = async (name: string) => ok(await t.request('POST', `${NS}/${k.base}`, {
          auth: admin, body: { [k.word]: name, description: 'Kept text', phone: '555', status: 'draft', image: String(image), ...k.extra },
        }), 201);
        const made = await make(`Reset ${k.word}`);
        const expectKept = (json: Record<string, any>) => {
          expect(json.image.id).to.equal(image);
          if (k.word === 'venue') expect(json).to.include({ show_map: false, show_map_link: false, stateprovince: 'NY' });
        };
        expectKept(made);
        at('2026-11-25T14:00:05Z');
        const patched = ok(await t.request('PATCH', `${NS}/${k.base}/${made.id}`, { auth: admin, body: { phone: '556' } }));
        expectKept(patched);
        expect(patched.phone).to.equal('556');

        for (const method of ['POST', 'PUT']) {
          const target = method === 'POST' ? made : await make(`Reset ${k.word} by ${method}`);
          const res = ok(await t.request(method, `${NS}/${k.base}/${target.id}`, { auth: admin, body: { phone: '557' } }));
          // Kept: the other fields, the status and the post dates (venues-organizers.md §7.4).
          expect(res).to.include({ phone: '557', description: '<p>Kept text</p>', status: 'draft', date: target.date });
          expect(res).to.not.have.property('image');
          const stored = await meta(db, target.id);
          expect(stored).to.not.have.property('_thumbnail_id');
          if (k.word === 'venue') {
            expect(res).to.include({ show_map: true, show_map_link: true, address: '1 Main St', state: 'NY' });
            expect(res).to.not.have.property('stateprovince');
            expect(stored).to.deep.include({ _VenueShowMap: ['1'], _VenueShowMapLink: ['1'], _EventShowMap: ['1'], _EventShowMapLink: ['1'], _VenueStateProvince: [''] });
          } else {
            expect(res.email).to.equal('org@example.com');
          }
        }
      });
    }
  });
});
