// `wpcal migrate`'s event step (events.md §9.3): TEC 6 rows built from TEC 5 / hand-written postmeta.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { migrateEvents, planEventRows } from '../../src/setup/migrate-events.ts';
import { loadPostMeta, type PostMeta } from '../../src/data/posts.ts';
import { runCli } from '../support/cli.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { loadWordPressSite } from '../support/load-sql.ts';

const LA = 'America/Los_Angeles';
const NOW = new Date('2026-11-22T13:30:35Z');
/** `tec_occurrences.hash` as events.md §9.3 documents it: SHA-1 hex of the values joined by `:`. */
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

function meta(rows: Record<string, string>): PostMeta {
  return new Map(Object.entries(rows).map(([key, value]) => [key, [value]]));
}

const TEC6 = {
  _EventStartDate: '2026-12-10 19:00:00', _EventEndDate: '2026-12-10 22:30:00',
  _EventStartDateUTC: '2026-12-11 03:00:00', _EventEndDateUTC: '2026-12-11 06:30:00',
  _EventDuration: '12600', _EventTimezone: LA, _EventTimezoneAbbr: 'PST',
};

describe('planEventRows', () => {
  it('takes consistent TEC meta as it is', () => {
    expect(planEventRows(meta(TEC6), 'UTC')).to.deep.equal({
      ok: true,
      dates: { startLocal: '2026-12-10 19:00:00', endLocal: '2026-12-10 22:30:00', startUtc: '2026-12-11 03:00:00', endUtc: '2026-12-11 06:30:00', timezone: LA, duration: '12600' },
      addMeta: [],
    });
  });

  it('derives a missing time zone, abbreviation and UTC dates from the site time zone', () => {
    const plan = planEventRows(meta({ _EventStartDate: '2026-07-01 18:00:00', _EventEndDate: '2026-07-01 20:00:00' }), LA);
    expect(plan).to.deep.equal({
      ok: true,
      dates: { startLocal: '2026-07-01 18:00:00', endLocal: '2026-07-01 20:00:00', startUtc: '2026-07-02 01:00:00', endUtc: '2026-07-02 03:00:00', timezone: LA, duration: undefined },
      addMeta: [['_EventTimezone', LA], ['_EventTimezoneAbbr', 'PDT'], ['_EventStartDateUTC', '2026-07-02 01:00:00'], ['_EventEndDateUTC', '2026-07-02 03:00:00']],
    });
  });

  it('uses the event time zone, not the site one, for missing UTC dates; UTC±N zones are fixed offsets', () => {
    const plan = planEventRows(meta({ _EventStartDate: '2026-07-01 18:00:00', _EventEndDate: '2026-07-01 20:00:00', _EventTimezone: 'UTC+2' }), LA);
    expect(plan.ok && plan.addMeta).to.deep.equal([['_EventTimezoneAbbr', 'UTC+2'], ['_EventStartDateUTC', '2026-07-01 16:00:00'], ['_EventEndDateUTC', '2026-07-01 18:00:00']]);
  });

  const invalid: Array<[string, Record<string, string>, string]> = [
    ['a missing start', { ...TEC6, _EventStartDate: '' }, 'missing start date'],
    ['a missing end', { _EventStartDate: '2026-12-10 19:00:00' }, 'missing end date'],
    ['a start that is no DB datetime', { ...TEC6, _EventStartDate: 'next tuesday' }, 'invalid start date "next tuesday"'],
    ['an end that is no DB datetime', { ...TEC6, _EventEndDate: '2026-12-10' }, 'invalid end date "2026-12-10"'],
    ['an unknown time zone', { ...TEC6, _EventTimezone: 'Mars/Olympus' }, 'invalid time zone "Mars/Olympus"'],
    ['an end before the start', { ...TEC6, _EventEndDate: '2026-12-10 18:00:00', _EventEndDateUTC: '2026-12-11 02:00:00' }, 'end date before start date'],
    ['UTC dates of another zone', { ...TEC6, _EventStartDateUTC: '2026-12-10 19:00:00' }, `UTC dates do not match the local dates in ${LA}`],
    ['a duration beyond the end', { ...TEC6, _EventDuration: '99999' }, 'invalid duration "99999"'],
    ['a negative duration', { ...TEC6, _EventDuration: '-5' }, 'invalid duration "-5"'],
  ];
  for (const [title, rows, reason] of invalid) {
    it(`refuses ${title}`, () => {
      expect(planEventRows(meta(rows), LA)).to.deep.equal({ ok: false, reason });
    });
  }
});

forEachDatabase('migrateEvents on WordPress data', (kind) => {
  let target: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    target = await kind.create();
    await loadWordPressSite(target, 'cal_', ['calendar.sql']);
    db = await openDatabase(target.url, 'cal_');
  });

  afterEach(async () => {
    await db.close();
    await target.drop();
  });

  async function rowsOf(postId: number) {
    const event = await db.kysely.selectFrom('tec_events')
      .select(['post_id', 'start_date', 'end_date', 'timezone', 'start_date_utc', 'end_date_utc', 'duration', 'hash'])
      .where('post_id', '=', postId).execute();
    const occurrences = await db.kysely.selectFrom('tec_occurrences as o').innerJoin('tec_events as e', 'e.event_id', 'o.event_id')
      .select(['o.post_id', 'o.start_date', 'o.end_date', 'o.start_date_utc', 'o.end_date_utc', 'o.duration', 'o.hash', 'o.updated_at'])
      .where('o.post_id', '=', postId).execute();
    return { event, occurrences };
  }

  it('builds the rows of TEC 5 events, completes missing meta and reports the events it cannot migrate', async () => {
    const result = await migrateEvents(db, { now: () => NOW });
    expect(result).to.deep.equal({
      migrated: 2,
      skipped: [{ id: 16, reason: 'missing end date' }, { id: 17, reason: 'invalid start date "next tuesday"' }],
    });
    expect(await rowsOf(14)).to.deep.equal({
      event: [{ post_id: 14, start_date: '2026-12-12 00:00:00', end_date: '2026-12-12 23:59:59', timezone: LA, start_date_utc: '2026-12-12 08:00:00', end_date_utc: '2026-12-13 07:59:59', duration: 86399, hash: '' }],
      occurrences: [{
        post_id: 14, start_date: '2026-12-12 00:00:00', end_date: '2026-12-12 23:59:59', start_date_utc: '2026-12-12 08:00:00', end_date_utc: '2026-12-13 07:59:59',
        duration: 86399, hash: sha1('14:2026-12-12 00:00:00:2026-12-12 23:59:59:2026-12-12 08:00:00:2026-12-13 07:59:59:86399'), updated_at: '2026-11-22 13:30:35',
      }],
    });
    const poetry = await loadPostMeta(db.kysely, 15);
    expect(Object.fromEntries(poetry)).to.deep.equal({
      _EventStartDate: ['2026-12-15 18:00:00'], _EventEndDate: ['2026-12-15 20:00:00'], _EventDuration: ['7200'],
      _EventTimezone: [LA], _EventTimezoneAbbr: ['PST'], _EventStartDateUTC: ['2026-12-16 02:00:00'], _EventEndDateUTC: ['2026-12-16 04:00:00'],
    });
    expect((await rowsOf(15)).occurrences[0]).to.include({ start_date_utc: '2026-12-16 02:00:00', end_date_utc: '2026-12-16 04:00:00', duration: 7200 });
    for (const skipped of [16, 17]) expect(await rowsOf(skipped)).to.deep.equal({ event: [], occurrences: [] });
    expect(Object.fromEntries(await loadPostMeta(db.kysely, 16)), 'skipped events keep their meta').to.deep.equal({
      _EventStartDate: ['2026-12-16 18:00:00'], _EventTimezone: [LA],
    });
  });

  it('leaves TEC\'s known date range rebuilt with the events it migrated: first start and last end in UTC, each with its event', async () => {
    const option = async () => (await db.kysely.selectFrom('options').select('option_value')
      .where('option_name', '=', 'tribe_events_calendar_options').executeTakeFirstOrThrow()).option_value;
    const settings = /^a:11:\{(.*)\}$/s.exec(await option())![1];
    await migrateEvents(db, { now: () => NOW });
    // 13 had rows already; 15, migrated, ends last; 20 is a draft. The site's settings keep their bytes.
    expect(await option()).to.equal(`a:15:{${settings}s:13:"earliest_date";s:19:"2026-12-11 03:00:00";s:21:"earliest_date_markers";a:1:{i:0;i:13;}`
      + 's:11:"latest_date";s:19:"2026-12-16 04:00:00";s:19:"latest_date_markers";a:1:{i:0;i:15;}}');
  });

  it('leaves existing rows, auto-drafts and other post types alone', async () => {
    const before = await rowsOf(13);
    await migrateEvents(db, { now: () => NOW });
    expect(await rowsOf(13)).to.deep.equal(before);
    expect((await rowsOf(20)).occurrences[0]?.updated_at).to.equal('2026-11-21 17:00:00');
    for (const id of [18, 22, 23]) expect(await rowsOf(id)).to.deep.equal({ event: [], occurrences: [] });
    expect(Object.fromEntries(await loadPostMeta(db.kysely, 23))).to.deep.equal({
      _price: ['12'], _EventStartDate: ['2026-12-01 10:00:00'], _EventEndDate: ['2026-12-01 11:00:00'],
    });
  });

  it('is idempotent: a second run only reports the events still lacking rows', async () => {
    await migrateEvents(db, { now: () => NOW });
    const counts = async () => [
      Number((await db.kysely.selectFrom('tec_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
      Number((await db.kysely.selectFrom('postmeta').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    ];
    const first = await counts();
    const again = await migrateEvents(db, { now: () => NOW });
    expect(again).to.deep.equal({ migrated: 0, skipped: [{ id: 16, reason: 'missing end date' }, { id: 17, reason: 'invalid start date "next tuesday"' }] });
    expect(await counts()).to.deep.equal(first);
  });

  it('commits batch by batch and resumes after an interruption', async () => {
    const progress: Array<[number, number]> = [];
    const interrupted = migrateEvents(db, {
      batchSize: 1,
      now: () => NOW,
      onProgress: (done, total) => {
        progress.push([done, total]);
        if (done === 1) throw new Error('interrupted');
      },
    });
    const error = await interrupted.then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('interrupted');
    expect(progress).to.deep.equal([[0, 4], [1, 4]]);
    expect((await rowsOf(14)).event, 'the first batch is committed').to.have.length(1);
    expect((await rowsOf(15)).event).to.deep.equal([]);
    const resumed: Array<[number, number]> = [];
    const result = await migrateEvents(db, { batchSize: 2, now: () => NOW, onProgress: (done, total) => resumed.push([done, total]) });
    expect(result.migrated).to.equal(1);
    expect(resumed).to.deep.equal([[0, 3], [2, 3], [3, 3]]);
    expect((await rowsOf(15)).event).to.have.length(1);
  });

  it('`wpcal migrate` prints the summary and one line per skipped event', async () => {
    await db.close();
    const res = await runCli(['migrate', '--db', target.url, '--table-prefix', 'cal_']);
    db = await openDatabase(target.url, 'cal_');
    expect(res.code, res.stderr).to.equal(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines.slice(1)).to.deep.equal([
      'migrated 2 events, skipped 2',
      'skipped event 16: missing end date',
      'skipped event 17: invalid start date "next tuesday"',
    ]);
    expect(res.stderr, 'no progress bar when stderr is not a terminal').to.equal('');
    expect((await rowsOf(15)).event).to.have.length(1);
  });
});
