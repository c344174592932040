// `wpcal import` and `wpcal export` as real child processes against fresh databases, checked
// through the API of a server over the same database and through its rows.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/data/connect.ts';
import { transferContext } from '../../src/transfer/context.ts';
import { readExportEvents } from '../../src/transfer/export-reader.ts';
import { BIN } from '../support/cli.ts';
import { DEMO, NS, WIDE, freshDatabases, migrate, postCounts, scratchFiles, serve, withoutVolatile, wpcal } from '../support/cli-transfer.ts';
import { forEachDatabase, type DatabaseKind, type TestDatabase } from '../support/databases.ts';
import { TEC_CSV } from '../support/plugin-samples.ts';

const scratch = scratchFiles('wpcal-import-');
const file = scratch.write;

forEachDatabase('wpcal import / export', (kind: DatabaseKind) => {
  const fresh = freshDatabases(kind);

  describe('the demo fixture', function () {
    this.timeout(180_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
    });

    it('imports it, then re-imports it as updates without duplicates', async () => {
      const first = await wpcal(db, 'import', DEMO);
      expect(first.stderr).to.equal('');
      expect(first.code).to.equal(0);
      expect(first.stdout.trim()).to.equal('created 13, updated 0, skipped 0, failed 0');
      const again = await wpcal(db, 'import', DEMO);
      expect(again.code).to.equal(0);
      expect(again.stdout.trim()).to.equal('created 0, updated 13, skipped 0, failed 0');
      // The update of each event saved its first revision, as wp_update_post does.
      expect(await postCounts(db, true)).to.deep.equal({ tribe_events: 4, tribe_organizer: 2, tribe_venue: 2, revision: 4 });

      const api = await serve(db);
      try {
        const list = await api.get(`${NS}/events?per_page=50`);
        expect(list.status).to.equal(200);
        expect(list.json.total).to.equal(4);
        const jazz = list.json.events.find((e: { title: string }) => e.title === 'Jazz Night by the River');
        expect(jazz.venue.venue).to.equal('Riverside Hall');
        expect(jazz.organizer.map((o: { organizer: string }) => o.organizer)).to.deep.equal(['Portland Jazz Society']);
        expect(jazz.categories.map((c: { name: string; parent: number }) => c.name)).to.deep.equal(['Jazz']);
        expect(jazz.featured).to.equal(true);
        expect(jazz.cost).to.equal('$15');
        const studio = list.json.events.find((e: { title: string }) => e.title === 'Open Studio Weekend');
        expect(studio.all_day).to.equal(true);
        expect(studio.tags.map((t: { name: string }) => t.name)).to.deep.equal(['Family friendly']);
        const categories = await api.get(`${NS}/categories`);
        const jazzCategory = categories.json.categories.find((c: { name: string }) => c.name === 'Jazz');
        const music = categories.json.categories.find((c: { name: string }) => c.name === 'Music');
        expect(jazzCategory.parent).to.equal(music.id);
        const tags = await api.get(`${NS}/tags`);
        expect(tags.json.tags.find((t: { name: string }) => t.name === 'Family friendly').count).to.equal(3);
      } finally {
        await api.close();
      }
    });

    it('exports JSON that imports into an empty database with the same API output', async () => {
      const exported = await wpcal(db, 'export', '--format', 'json');
      expect(exported.code, exported.stderr).to.equal(0);
      const parsed = JSON.parse(exported.stdout);
      expect(Object.keys(parsed.events)).to.deep.equal(['jazz-night', 'repair-cafe', 'open-studio', 'big-band']);
      const target = await fresh();
      const imported = await wpcal(target, 'import', file(`export-${kind.name}.json`, exported.stdout));
      expect(imported.stdout.trim()).to.equal('created 13, updated 0, skipped 0, failed 0');
      const [source, copy] = [await serve(db), await serve(target)];
      try {
        for (const route of [`/events${WIDE}`, '/venues', '/organizers', '/categories', '/tags', '/events/5']) {
          const [a, b] = [await source.get(NS + route), await copy.get(NS + route)];
          expect(b.status, route).to.equal(200);
          expect(withoutVolatile(b.json), route).to.deep.equal(withoutVolatile(a.json));
        }
      } finally {
        await source.close();
        await copy.close();
      }
      const again = await wpcal(target, 'export', '--format', 'json');
      expect(again.stdout).to.equal(exported.stdout);
    });

    it('filters the export and reads it in pages', async () => {
      const byTag = await wpcal(db, 'export', '--tag', 'free');
      expect(Object.keys(JSON.parse(byTag.stdout).events)).to.deep.equal(['repair-cafe']);
      const unknown = await wpcal(db, 'export', '--category', 'nope');
      expect(unknown.code, 'a bad value is a usage error').to.equal(2);
      expect(unknown.stderr.trim()).to.equal('wpcal: --category "nope" matches no category');
      const badDate = await wpcal(db, 'export', '--start-date', 'someday');
      expect(badDate.code).to.equal(2);
      expect(badDate.stderr.trim()).to.equal('wpcal: --start-date "someday" is not a date');

      const opened = await openDatabase(db.url, 'wp_');
      try {
        const context = await transferContext(opened);
        const pages: number[][] = [];
        const titles: string[] = [];
        for await (const event of readExportEvents(opened.kysely, context.site, {}, { pageSize: 3, onPage: (ids) => pages.push(ids) })) {
          titles.push(event.title);
          // The second page is read only once the first one has been consumed.
          expect(pages.length).to.equal(titles.length <= 3 ? 1 : 2);
        }
        expect(pages.map((ids) => ids.length)).to.deep.equal([3, 1]);
        expect(titles).to.have.length(4);
      } finally {
        await opened.close();
      }
    });
  });

  describe('WXR and broken pipes', function () {
    this.timeout(180_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
      const extra = file(`sticky-${kind.name}.json`, JSON.stringify({ events: { locked: {
        title: 'Members only', start_date: '2030-02-01 10:00', end_date: '2030-02-01 11:00', sticky: true, password: 'secret', tags: ['free'],
      } } }));
      expect((await wpcal(db, 'import', DEMO, extra)).stdout.trim()).to.equal('created 14, updated 0, skipped 0, failed 0');
    });

    it('declares the categories with their hierarchy and descriptions, and the tags, of the exported events', async () => {
      const all = await wpcal(db, 'export', '--format', 'wxr');
      expect(all.code, all.stderr).to.equal(0);
      const terms = [...all.stdout.matchAll(/<wp:term>([\s\S]*?)<\/wp:term>/g)].map(([, body]) => ({
        slug: /<wp:term_slug><!\[CDATA\[(.*?)\]\]>/.exec(body!)?.[1],
        parent: /<wp:term_parent><!\[CDATA\[(.*?)\]\]>/.exec(body!)?.[1],
        description: /<wp:term_description><!\[CDATA\[(.*?)\]\]>/.exec(body!)?.[1],
      }));
      expect(terms).to.deep.equal([
        { slug: 'music', parent: '', description: 'Concerts and jam sessions' },
        { slug: 'workshops', parent: '', description: undefined },
        { slug: 'jazz', parent: 'music', description: undefined },
      ]);
      const tags = [...all.stdout.matchAll(/<wp:tag_slug><!\[CDATA\[(.*?)\]\]>/g)].map(([, slug]) => slug);
      expect(tags.sort()).to.deep.equal(['family-friendly', 'free']);
      const locked = /<item>(?:(?!<\/item>)[\s\S])*Members only[\s\S]*?<\/item>/.exec(all.stdout)![0];
      expect(locked).to.contain('<wp:menu_order>-1</wp:menu_order>');
      expect(locked).to.contain('<wp:post_password><![CDATA[secret]]></wp:post_password>');

      // Only the terms of the events the filters select (and the ancestors of their categories).
      const jazz = await wpcal(db, 'export', '--format', 'wxr', '--category', 'jazz');
      expect([...jazz.stdout.matchAll(/<wp:term_slug><!\[CDATA\[(.*?)\]\]>/g)].map(([, slug]) => slug)).to.deep.equal(['music', 'jazz']);
      expect([...jazz.stdout.matchAll(/<wp:tag_slug><!\[CDATA\[(.*?)\]\]>/g)]).to.have.length(0);
    });

    for (const format of ['json', 'ics', 'wxr']) {
      it(`ends quietly with exit code 0 when its reader goes away (${format})`, async () => {
        const child = spawn(process.execPath, [BIN, 'export', '--format', format, '--db', db.url], {
          env: { ...process.env, WPCAL_LOG: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'],
        });
        // As `| head` does once it has read enough: here before the first byte, so every write fails.
        child.stdout.destroy();
        let stderr = '';
        child.stderr.on('data', (chunk) => { stderr += chunk; });
        const [code] = await once(child, 'close');
        expect(stderr).to.equal('');
        expect(code).to.equal(0);
      });
    }
  });

  describe('the TEC CSV examples', function () {
    this.timeout(180_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
    });

    it('imports every example file and reads them back through the API', async () => {
      const files = ['venues.csv', 'venues-address-venues.csv', 'venues-description-venues.csv', 'organizers.csv',
        'organizers-description-organizers.csv', 'events.csv', 'event-description-events.csv', 'excerpt-events.csv',
        'event-currency-code-events.csv'].map((name) => path.join(TEC_CSV, name));
      const result = await wpcal(db, 'import', ...files);
      expect(result.stderr).to.equal('');
      expect(result.code).to.equal(0);
      // 10 venues (then twice updated), 4 organizers (then updated), 4 events (then 3 times updated),
      // and the 3 categories the events name (Concert, Conference, Convention).
      expect(result.stdout.trim()).to.equal('created 21, updated 36, skipped 0, failed 0');
      expect(await postCounts(db)).to.deep.equal({ tribe_events: 4, tribe_organizer: 4, tribe_venue: 10 });

      const api = await serve(db);
      try {
        const venues = (await api.get(`${NS}/venues?per_page=50`)).json.venues as Array<Record<string, string>>;
        const atlantis = venues.find((v) => v.venue === 'Atlantis')!;
        expect(atlantis.address).to.equal("Bottom o' the ocean Just past the Kraken");
        expect(atlantis.country).to.equal('Atlantic');
        const perk = venues.find((v) => v.venue === 'Central Perk')!;
        expect([perk.city, perk.stateprovince, perk.zip, perk.phone]).to.deep.equal(['Manhattan', 'New York', '10001', '555-8972']);
        expect(perk.description).to.contain('Kinda like Central Park.');
        const organizers = (await api.get(`${NS}/organizers`)).json.organizers as Array<Record<string, string>>;
        const abed = organizers.find((o) => o.organizer === 'Abed Nadir')!;
        expect([abed.email, abed.phone]).to.deep.equal(['iambatman@gmail.com', '(303) 555-1902']);
        expect(abed.description).to.contain('The good ol');

        // The limousines event has "Hide" = true: it is left out of lists.
        const events = (await api.get(`${NS}/events?start_date=2014-11-01&end_date=2014-12-01`)).json.events as Array<Record<string, any>>;
        expect(events.map((e) => e.title)).to.deep.equal(['Mccaleb, John A Esq', 'Marriott Hotels Resorts Suites', 'Ankh-Sto Associates']);
        const [mccaleb, marriott, ankh] = events;
        const limousines = (await api.get(`${NS}/events/by-slug/five-star-limousines-of-tx-inc`)).json;
        expect([mccaleb.start_date, mccaleb.end_date, mccaleb.all_day]).to.deep.equal(['2014-11-10 09:30:00', '2014-11-10 17:30:00', false]);
        expect(mccaleb.venue.venue).to.equal('The Shire');
        expect(mccaleb.organizer[0].organizer).to.equal('Elvis');
        expect(mccaleb.cost).to.equal('$92');
        expect(marriott.categories.map((c: { name: string }) => c.name)).to.deep.equal(['Concert', 'Conference']);
        expect(marriott.website).to.equal('http://tri.be');
        expect(marriott.excerpt).to.contain('Pura Vida');
        expect(marriott.cost_details.currency_code).to.equal('INR');
        expect([limousines.all_day, limousines.start_date, limousines.end_date]).to.deep.equal([true, '2014-11-19 00:00:00', '2014-11-19 23:59:59']);
        expect(limousines.hide_from_listings).to.equal(true);
        expect(limousines.sticky).to.equal(true);
        expect(limousines.categories.map((c: { name: string }) => c.name)).to.deep.equal(['Conference', 'Convention']);
        expect(ankh.show_map).to.equal(true);
        expect(ankh.show_map_link).to.equal(false);
        expect(ankh.cost_details.currency_code).to.equal('AUD');
      } finally {
        await api.close();
      }

      const again = await wpcal(db, 'import', path.join(TEC_CSV, 'events.csv'));
      expect(again.stdout.trim()).to.equal('created 0, updated 4, skipped 0, failed 0');
      expect((await postCounts(db)).tribe_events).to.equal(4);
    });
  });

  describe('files of several chunks', function () {
    this.timeout(300_000);
    const EVENTS = 2500;
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
    });

    /** Events over three chunks: repeated titles, wanted IDs, and venues first named in the second chunk. */
    function chunkedFixture(): string {
      const events: Record<string, Record<string, unknown>> = {};
      for (let i = 0; i < EVENTS; i++) {
        const day = String(1 + (i % 28)).padStart(2, '0');
        events[`e${i}`] = {
          title: i % 400 === 7 ? 'Same title' : `Event ${i}`,
          start_date: `2031-03-${day} 10:00:00`,
          end_date: `2031-03-${day} 12:00:00`,
          venue: i < 1500 ? 'hall' : `Late venue ${i % 2}`,
          categories: [i % 3 ? 'Talks' : 'Music'],
          ...(i % 1000 === 3 ? { id: 90_000 + i } : {}),
        };
      }
      return JSON.stringify({ venues: { hall: { venue: 'Main Hall' } }, events });
    }

    async function rows(query: string): Promise<Array<Record<string, unknown>>> {
      const opened = await openDatabase(db.url, 'wp_');
      try {
        return (await sql.raw<Record<string, unknown>>(query).execute(opened.kysely)).rows;
      } finally {
        await opened.close();
      }
    }

    it('imports them with unique slugs, kept IDs and consistent TEC rows, then re-imports them as updates', async () => {
      const fixture = file(`chunks-${kind.name}.json`, chunkedFixture());
      const first = await wpcal(db, 'import', fixture);
      expect(first.stderr).to.equal('');
      // The events, the file's venue, and what the events name that the file lacks: 2 venues, 2 categories.
      expect(first.stdout.trim()).to.equal(`created ${EVENTS + 5}, updated 0, skipped 0, failed 0`);
      const counts = { tribe_events: EVENTS, tribe_venue: 3 };
      expect(await postCounts(db)).to.deep.equal(counts);

      const check = async (): Promise<void> => {
        expect(await rows("SELECT post_name FROM wp_posts WHERE post_type = 'tribe_events' GROUP BY post_name HAVING COUNT(*) > 1")).to.deep.equal([]);
        const same = await rows("SELECT post_name FROM wp_posts WHERE post_title = 'Same title' AND post_type = 'tribe_events' ORDER BY ID");
        expect(same.map((row) => row.post_name)).to.deep.equal(['same-title', 'same-title-2', 'same-title-3', 'same-title-4', 'same-title-5', 'same-title-6', 'same-title-7']);
        const kept = await rows('SELECT ID, post_title FROM wp_posts WHERE ID IN (90003, 91003, 92003) ORDER BY ID');
        expect(kept.map((row) => [Number(row.ID), row.post_title])).to.deep.equal([[90003, 'Event 3'], [91003, 'Event 1003'], [92003, 'Event 2003']]);
        const [tec] = await rows(`SELECT COUNT(*) AS n, COUNT(DISTINCT e.event_id) AS ids FROM wp_tec_events e
          INNER JOIN wp_tec_occurrences o ON o.event_id = e.event_id AND o.post_id = e.post_id
          INNER JOIN wp_posts p ON p.ID = e.post_id AND p.post_type = 'tribe_events'`);
        expect([Number(tec!.n), Number(tec!.ids)]).to.deep.equal([EVENTS, EVENTS]);
        const late = await rows(`SELECT v.post_title, COUNT(*) AS n FROM wp_postmeta m INNER JOIN wp_posts v ON v.ID = CAST(m.meta_value AS UNSIGNED)
          WHERE m.meta_key = '_EventVenueID' GROUP BY v.post_title ORDER BY v.post_title`);
        expect(late.map((row) => [row.post_title, Number(row.n)])).to.deep.equal([['Late venue 0', 500], ['Late venue 1', 500], ['Main Hall', 1500]]);
      };
      await check();

      const again = await wpcal(db, 'import', fixture);
      expect(again.stderr).to.equal('');
      expect(again.stdout.trim()).to.equal(`created 0, updated ${EVENTS + 1}, skipped 0, failed 0`);
      expect(await postCounts(db)).to.deep.equal(counts);
      await check();
    });

    it('reads quoted cells spanning lines, and names the line a row ends on', async () => {
      const csv = file('quoted.csv', [
        'Event Name,Event Description,Event Start Date,Event Start Time,Event End Date,Event End Time',
        '"Quoted, with a comma","First line\nsecond line, ""quoted""",11/19/2014,7:30:00,11/19/2014,9:30:00',
        'Bad date,"Also\nspanning",13/45/2014,7:00:00,11/19/2014,9:00:00',
        '',
      ].join('\r\n'));
      const result = await wpcal(db, 'import', csv);
      expect(result.stderr.trim()).to.equal(`${csv}:5: Event Start Date "13/45/2014 7:00:00" is not a date`);
      expect(result.stdout.trim()).to.equal('created 1, updated 0, skipped 0, failed 1');
      const [event] = await rows("SELECT post_content FROM wp_posts WHERE post_title = 'Quoted, with a comma'");
      expect(event!.post_content).to.equal('First line\nsecond line, "quoted"');
    });
  });

  describe('TEC\'s known date range', function () {
    this.timeout(180_000);

    it('an import leaves it as TEC\'s imports do: rebuilt from the published events\' occurrences', async () => {
      const db = await fresh();
      const json = file('range.json', JSON.stringify({ events: {
        middle: { title: 'Middle', start_date: '2030-06-15 10:00:00', end_date: '2030-06-15 11:00:00' },
        first: { title: 'First', start_date: '2030-06-10 09:00:00', end_date: '2030-06-10 10:00:00' },
        last: { title: 'Last', start_date: '2030-06-20 18:00:00', end_date: '2030-06-20 23:00:00' },
        drafted: { title: 'Drafted', start_date: '2030-01-01 09:00:00', end_date: '2030-12-31 10:00:00', status: 'draft' },
      } }));
      const result = await wpcal(db, 'import', json);
      expect(result.stdout.trim()).to.equal('created 4, updated 0, skipped 0, failed 0');
      const opened = await openDatabase(db.url, 'wp_');
      try {
        const ids = Object.fromEntries((await opened.kysely.selectFrom('posts').select(['ID', 'post_title']).where('post_type', '=', 'tribe_events').execute())
          .map((row) => [row.post_title, Number(row.ID)]));
        const option = await opened.kysely.selectFrom('options').select('option_value').where('option_name', '=', 'tribe_events_calendar_options').executeTakeFirst();
        expect(option?.option_value).to.equal('a:4:{s:13:"earliest_date";s:19:"2030-06-10 09:00:00";'
          + `s:21:"earliest_date_markers";a:1:{i:0;i:${ids.First};}s:11:"latest_date";s:19:"2030-06-20 23:00:00";`
          + `s:19:"latest_date_markers";a:1:{i:0;i:${ids.Last};}}`);
      } finally {
        await opened.close();
      }
    });
  });

  describe('dry runs and broken files', function () {
    this.timeout(180_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
      await migrate(db);
    });

    it('--dry-run counts everything and writes nothing', async () => {
      const result = await wpcal(db, 'import', '--dry-run', DEMO, path.join(TEC_CSV, 'venues.csv'));
      expect(result.code).to.equal(0);
      expect(result.stdout.trim()).to.equal('created 23, updated 0, skipped 0, failed 0');
      expect(result.stderr.trim()).to.equal('dry run: nothing was written');
      expect(await postCounts(db)).to.deep.equal({});
    });

    it('refuses whole files that are not UTF-8, lack required columns or are truncated, writing nothing', async () => {
      const latin1 = file('latin1.csv', Buffer.concat([Buffer.from('Venue Name,Venue City\n'), Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from(',Paris\n')]));
      const noStart = file('no-start.csv', 'Event Name,Event Description\nA party,Fun\n');
      const noKind = file('no-kind.csv', 'Title,Town\nA,B\n');
      const truncated = file('truncated.json', fs.readFileSync(DEMO, 'utf8').slice(0, 700));
      const unclosed = file('unclosed.csv', 'Venue Name,Venue City\n"The Hall,Portland\nOther,Place\n');
      const result = await wpcal(db, 'import', latin1, noStart, noKind, truncated, unclosed);
      expect(result.code).to.equal(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).to.have.length(5);
      expect(lines[0]).to.equal(`${latin1}: not UTF-8 text (save the file as UTF-8 and import it again)`);
      expect(lines[1]).to.equal(`${noStart}: missing required column "Event Start Date"`);
      expect(lines[2]).to.equal(`${noKind}: the header row has no "Event Name", "Venue Name" or "Organizer Name" column`);
      expect(lines[3]).to.match(new RegExp(`^${truncated.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not valid JSON`));
      expect(lines[4]).to.match(/unclosed\.csv: not a readable CSV file \(.*Quote Not Closed/);
      expect(result.stdout.trim()).to.equal('created 0, updated 0, skipped 0, failed 5');
      expect(await postCounts(db)).to.deep.equal({});
    });

    it('reports bad rows with file and line, in file order, imports the rest, and exits 1', async () => {
      const csv = file('bad-dates.csv', [
        'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,All Day Event',
        'Good one,11/19/2014,7:30:00,11/19/2014,9:30:00,FALSE',
        'Bad date,13/45/2014,7:00:00,11/19/2014,9:00:00,FALSE',
        'Backwards,11/19/2014,10:00:00,11/18/2014,9:00:00,FALSE',
        'Bad flag,11/19/2014,10:00:00,11/19/2014,11:00:00,maybe',
        ',11/19/2014,10:00:00,11/19/2014,11:00:00,FALSE',
      ].join('\n'));
      const json = file('bad-entry.json', JSON.stringify({ events: { ok: { title: 'Fine', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' }, 'no-dates': { title: 'No dates' }, odd: { title: 'Odd', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', status: 'bogus' } } }));
      const result = await wpcal(db, 'import', csv, json);
      expect(result.code).to.equal(1);
      expect(result.stderr.trim().split('\n')).to.deep.equal([
        `${csv}:3: Event Start Date "13/45/2014 7:00:00" is not a date`,
        `${csv}:4: the end "2014-11-18 09:00:00" is before the start "2014-11-19 10:00:00"`,
        `${csv}:5: All Day Event "maybe" is not a yes/no value`,
        `${csv}:6: Event Name is empty`,
        `${json}: event "no-dates": "start_date" is required`,
        `${json}: event "odd": unknown status "bogus"`,
      ]);
      expect(result.stdout.trim()).to.equal('created 2, updated 0, skipped 0, failed 6');
      expect((await postCounts(db)).tribe_events).to.equal(2);
    });
  });
});

after(() => scratch.remove());
