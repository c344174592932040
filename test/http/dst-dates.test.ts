// Events across a DST change store what the plugin stores (issue 16, item 8): an ambiguous local
// time at a fall-back change is read as PHP reads it (Paris 02:30 → the second pass, CET), and
// `_EventDuration` with the TEC 6 `duration` columns hold elapsed seconds, not the wall-clock
// difference.
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { siteOptions } from '../support/site-options.ts';

const API = '/wp-json/tribe/events/v1';

forEachDatabase('event dates across a DST change', (kind) => {
  let t: TestServer;
  let auth: string;
  before(async () => {
    t = await startTestServer(kind, { before: siteOptions('Europe/Paris', {}) });
    auth = await t.userWithRole('administrator');
  });
  after(async () => t?.close());

  async function stored(body: Record<string, unknown>) {
    const res = await t.request('POST', `${API}/events`, { auth, body });
    expect(res.status, res.text).to.equal(201);
    const id = res.json.id as number;
    const meta = await t.server.db.kysely.selectFrom('postmeta').select(['meta_key', 'meta_value']).where('post_id', '=', id)
      .where('meta_key', 'in', ['_EventStartDateUTC', '_EventEndDateUTC', '_EventTimezoneAbbr', '_EventDuration']).execute();
    const tec = await t.server.db.kysely.selectFrom('tec_events').select(['start_date_utc', 'duration']).where('post_id', '=', id).executeTakeFirstOrThrow();
    const occurrence = await t.server.db.kysely.selectFrom('tec_occurrences').select(['start_date_utc', 'duration']).where('post_id', '=', id).executeTakeFirstOrThrow();
    return {
      json: { utc_start_date: res.json.utc_start_date, timezone_abbr: res.json.timezone_abbr },
      meta: Object.fromEntries(meta.map((row) => [row.meta_key, row.meta_value])),
      tec: { ...tec, duration: Number(tec.duration) },
      occurrence: { ...occurrence, duration: Number(occurrence.duration) },
    };
  }

  it('reads 02:30 on the Paris fall-back day as its second pass (CET, 01:30 UTC)', async () => {
    const paris = await stored({ title: 'Night', start_date: '2027-10-31 02:30:00', end_date: '2027-10-31 04:00:00', timezone: 'Europe/Paris' });
    expect(paris.json).to.deep.equal({ utc_start_date: '2027-10-31 01:30:00', timezone_abbr: 'CET' });
    expect(paris.meta).to.deep.equal({
      _EventStartDateUTC: '2027-10-31 01:30:00', _EventEndDateUTC: '2027-10-31 03:00:00', _EventTimezoneAbbr: 'CET', _EventDuration: '5400',
    });
    expect(paris.tec).to.deep.equal({ start_date_utc: '2027-10-31 01:30:00', duration: 5400 });
  });

  it('stores the elapsed seconds of a New York event over the fall-back hour (01:30 EDT → 03:00 EST: 9000 s)', async () => {
    const york = await stored({ title: 'Late show', start_date: '2027-11-07 01:30:00', end_date: '2027-11-07 03:00:00', timezone: 'America/New_York' });
    expect(york.json).to.deep.equal({ utc_start_date: '2027-11-07 05:30:00', timezone_abbr: 'EDT' });
    expect(york.meta._EventDuration).to.equal('9000');
    expect(york.tec).to.deep.equal({ start_date_utc: '2027-11-07 05:30:00', duration: 9000 });
    expect(york.occurrence).to.deep.equal({ start_date_utc: '2027-11-07 05:30:00', duration: 9000 });
  });

  it('keeps the dates of an event a resetting update cannot read in the site zone (a start in its spring-forward gap)', async () => {
    const created = await t.request('POST', `${API}/events`, {
      auth, body: { title: 'Gap', start_date: '2026-03-29 02:30:00', end_date: '2026-03-29 03:10:00', timezone: 'America/New_York' },
    });
    expect(created.status, created.text).to.equal(201);
    const renamed = await t.request('POST', `${API}/events/${created.json.id}`, { auth, body: { title: 'Gap, renamed' } });
    expect(renamed.status, renamed.text).to.equal(200);
    expect(renamed.json).to.include({ title: 'Gap, renamed', start_date: '2026-03-29 02:30:00', end_date: '2026-03-29 03:10:00', timezone: 'America/New_York' });
  });
});
