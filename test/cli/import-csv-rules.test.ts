// The TEC CSV import rules of the plugin's importer, through the real `wpcal import`: organizer
// cells holding IDs or names (names with commas too) linked to the existing organizers, headers
// in upper case and without their `Event`/`Venue`/`Organizer` prefix, and `--map`. Checked in
// the rows and through the API.
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/data/connect.ts';
import { NS, freshDatabases, migrate, postCounts, scratchFiles, serve, wpcal } from '../support/cli-transfer.ts';
import { forEachDatabase, type DatabaseKind, type TestDatabase } from '../support/databases.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/csv-rules');
const fixture = (name: string): string => path.join(FIXTURES, name);
const scratch = scratchFiles('wpcal-csv-rules-');

async function rows(db: TestDatabase, query: string): Promise<Array<Record<string, unknown>>> {
  const opened = await openDatabase(db.url, 'wp_');
  try {
    return (await sql.raw<Record<string, unknown>>(query).execute(opened.kysely)).rows;
  } finally {
    await opened.close();
  }
}

/** The fixture with each `{id:TITLE}` replaced by the ID of the organizer of that title. */
async function withOrganizerIds(db: TestDatabase, name: string): Promise<string> {
  const ids = new Map((await rows(db, "SELECT ID, post_title FROM wp_posts WHERE post_type = 'tribe_organizer'"))
    .map((row) => [row.post_title as string, Number(row.ID)]));
  const text = fs.readFileSync(fixture(name), 'utf8').replace(/\{id:([^}]+)\}/g, (_, title: string) => String(ids.get(title)));
  return scratch.write(name, text);
}

/** Event title → the titles of its organizers, in the order of their `_EventOrganizerID` rows. */
async function organizersOfEvents(db: TestDatabase): Promise<Record<string, string[]>> {
  const links = await rows(db, `SELECT e.post_title AS event, o.post_title AS organizer FROM wp_postmeta m
    INNER JOIN wp_posts e ON e.ID = m.post_id AND e.post_type = 'tribe_events'
    INNER JOIN wp_posts o ON o.ID = CAST(m.meta_value AS UNSIGNED)
    WHERE m.meta_key = '_EventOrganizerID' ORDER BY e.ID, m.meta_id`);
  const byEvent: Record<string, string[]> = {};
  for (const { event, organizer } of links) (byEvent[event as string] ??= []).push(organizer as string);
  return byEvent;
}

const titlesTwice = (db: TestDatabase): Promise<Array<Record<string, unknown>>> => rows(db,
  "SELECT post_title FROM wp_posts WHERE post_type = 'tribe_organizer' GROUP BY post_title HAVING COUNT(*) > 1");

forEachDatabase('wpcal import: TEC CSV rules', (kind: DatabaseKind) => {
  const fresh = freshDatabases(kind);

  describe('organizer cells', function () {
    this.timeout(180_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
      const organizers = await wpcal(db, 'import', fixture('organizers.csv'));
      expect(organizers.stderr).to.equal('');
      expect(organizers.stdout.trim()).to.equal('created 7, updated 0, skipped 0, failed 0');
    });

    it('links the existing organizers a cell names by IDs, names and names with commas, creating none of them again', async () => {
      const cells = await withOrganizerIds(db, 'organizer-cells.csv');
      const result = await wpcal(db, 'import', cells);
      const q = (await rows(db, "SELECT ID FROM wp_posts WHERE post_title = 'Q'"))[0]!.ID;
      expect(result.stderr.trim().split('\n')).to.deep.equal([
        `${cells}:14: Event Organizer Name(s) or ID(s) "Q, Nobody, Somebody": no organizer has the ID or exact name "Nobody" or "Somebody"`,
        `${cells}:15: Event Organizer Name(s) or ID(s) "${q} 999999": no organizer has the ID or exact name "999999"`,
      ]);
      expect(result.code).to.equal(1);
      // 12 events, and "Smith, Alice", the one name no organizer had.
      expect(result.stdout.trim()).to.equal('created 13, updated 0, skipped 0, failed 2');
      const expected = {
        'IDs with spaces': ['Q', 'M'],
        'IDs with commas': ['Q', 'M'],
        'IDs with commas and spaces': ['M', 'Q'],
        'One ID': ['Miss Moneypenny'],
        Names: ['Miss Moneypenny', 'Q'],
        'One name with a comma': ['Bond, James'],
        'Names with commas': ['Bond, James', 'Leiter, Felix'],
        'Names and IDs': ['Leiter, Felix', 'Q', 'Miss Moneypenny'],
        'A name with two commas': ['Mccaleb, John A, Esq'],
        'A name with commas and an organizer in it': ['Q, Branch, Research'],
        'A new name': ['Smith, Alice'],
        'The new name again': ['Smith, Alice'],
      };
      expect(await organizersOfEvents(db)).to.deep.equal(expected);
      expect(await postCounts(db)).to.deep.equal({ tribe_organizer: 8, tribe_events: 12 });
      expect(await titlesTwice(db)).to.deep.equal([]);

      const again = await wpcal(db, 'import', cells);
      expect(again.stdout.trim()).to.equal('created 0, updated 12, skipped 0, failed 2');
      expect(await organizersOfEvents(db)).to.deep.equal(expected);
      expect(await postCounts(db)).to.deep.equal({ tribe_organizer: 8, tribe_events: 12 });
    });
  });

  describe('headers without prefix, in upper case, and --map', function () {
    this.timeout(180_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
    });

    it('reads venues, organizers and events files whose headers are unprefixed and in upper case', async () => {
      const files = ['uppercase-venues.csv', 'uppercase-organizers.csv', 'uppercase-events.csv'].map(fixture);
      const result = await wpcal(db, 'import', ...files);
      expect(result.stderr).to.equal('');
      // A venue, an organizer, 2 events, 3 categories and 2 tags.
      expect(result.stdout.trim()).to.equal('created 9, updated 0, skipped 0, failed 0');
      expect(await postCounts(db)).to.deep.equal({ tribe_venue: 1, tribe_organizer: 1, tribe_events: 2 });

      const api = await serve(db);
      try {
        const [venue] = (await api.get(`${NS}/venues`)).json.venues;
        expect([venue.venue, venue.address, venue.city, venue.stateprovince, venue.zip, venue.country, venue.phone, venue.website])
          .to.deep.equal(['Harbour Hall', '1 Quay Street', 'Portland', 'Oregon', '97201', 'United States', '555-0100', 'https://harbour.example']);
        const [organizer] = (await api.get(`${NS}/organizers`)).json.organizers;
        expect([organizer.organizer, organizer.phone, organizer.website]).to.deep.equal(['Portland Jazz Society', '555-0101', 'https://jazz.example']);
        expect(organizer.email.replace(/&#(\d+);/g, (_: string, code: string) => String.fromCharCode(Number(code)))).to.equal('jazz@example.com');

        const events = (await api.get(`${NS}/events?start_date=2031-06-01&end_date=2031-06-03`)).json.events;
        expect(events.map((e: { title: string }) => e.title)).to.deep.equal(['Jazz on the Quay', 'Harbour Fair']);
        const [quay, fair] = events;
        const names = (terms: Array<{ name: string }>): string[] => terms.map((term) => term.name).sort();
        expect([quay.start_date, quay.end_date, quay.all_day, quay.timezone]).to.deep.equal(['2031-06-01 19:00:00', '2031-06-01 22:00:00', false, 'Europe/Rome']);
        expect([quay.venue.id, quay.organizer.map((o: { id: number }) => o.id)]).to.deep.equal([venue.id, [organizer.id]]);
        expect([quay.show_map_link, quay.show_map, quay.cost, quay.website]).to.deep.equal([true, false, '$12', 'https://quay.example']);
        // EVENT DESCRIPTION is the plugin's own reading, DESCRIPTION only wpcal's: the first wins.
        expect(quay.description).to.contain('Music by the water');
        expect([names(quay.categories), names(quay.tags)]).to.deep.equal([['Concert', 'Jazz'], ['Evening', 'Outdoor']]);
        expect([fair.all_day, fair.show_map_link, fair.show_map, names(fair.categories)]).to.deep.equal([true, false, true, ['Fair']]);
      } finally {
        await api.close();
      }
    });

    it('--map reads any header as the plugin column it names, before what the header would be guessed as', async () => {
      const result = await wpcal(db, 'import', fixture('mapped-events.csv'),
        '--map', 'Title=event_name,On=event_start_date,From=event_start_time, Until = event_end_time,Place=event_venue_name',
        '--map', 'hosts=event_organizer_name,Price=event_cost,Notes=event_description,Tags=event_category');
      expect(result.stderr).to.equal('');
      expect(result.stdout.trim()).to.equal('created 1, updated 0, skipped 0, failed 0');
      // The venue and organizer the file names are the existing ones.
      expect(await postCounts(db)).to.deep.equal({ tribe_venue: 1, tribe_organizer: 1, tribe_events: 3 });
      const api = await serve(db);
      try {
        const event = (await api.get(`${NS}/events/by-slug/mapped-concert`)).json;
        expect([event.title, event.start_date, event.end_date, event.cost]).to.deep.equal(['Mapped concert', '2031-07-01 20:00:00', '2031-07-01 22:30:00', '$20']);
        expect([event.venue.venue, event.organizer.map((o: { organizer: string }) => o.organizer)]).to.deep.equal(['Harbour Hall', ['Portland Jazz Society']]);
        // Notes is mapped to the description: the Description column, only guessed as it, is not read.
        expect(event.description).to.contain('Doors open at 19:30');
        // Tags, that would be guessed as the tags, is mapped to the categories (the existing one).
        expect([event.categories.map((c: { name: string }) => c.name), event.tags]).to.deep.equal([['Jazz'], []]);
      } finally {
        await api.close();
      }
    });
  });

  describe('bad --map values', function () {
    this.timeout(180_000);
    let db: TestDatabase;
    before(async () => {
      db = await fresh();
      await migrate(db);
    });

    const cases: Array<[string, string[], string]> = [
      ['an unknown field', ['--map', 'Title=evnt_name'], '--map: unknown field "evnt_name" (fields are the plugin\'s column keys: event_name, event_description,'],
      ['a header in no file', ['--map', 'Title=event_name,Headline=event_excerpt'], '--map: no CSV file has a column "Headline"'],
      ['an entry without a field', ['--map', 'Title'], '--map: "Title" is not HEADER=field'],
      ['a header mapped twice', ['--map', 'Title=event_name', '--map', 'TITLE=event_excerpt'], '--map: "TITLE" is mapped twice'],
      ['columns of two kinds of file', ['--map', 'Title=event_name,Place=venue_city'],
        `--map: ${fixture('mapped-events.csv')}: "Place" is mapped to venue_city, a column of venues files, but the other mapped columns are columns of events files`],
    ];
    for (const [what, args, message] of cases) {
      it(`refuses ${what} as a usage error, writing nothing`, async () => {
        // The venues file comes first: nothing of it is written either.
        const result = await wpcal(db, 'import', fixture('uppercase-venues.csv'), fixture('mapped-events.csv'), ...args);
        expect(result.code).to.equal(2);
        expect(result.stdout).to.equal('');
        expect(result.stderr.trim().split('\n')).to.have.length(1);
        expect(result.stderr.trim()).to.satisfy((line: string) => line.startsWith(`wpcal: ${message}`), result.stderr);
        expect(await postCounts(db)).to.deep.equal({});
      });
    }

    it('is described in the help of wpcal import', async () => {
      const help = await wpcal(db, 'import', '--help');
      expect(help.code).to.equal(0);
      expect(help.stdout.replace(/\s+/g, ' ')).to.contain("--map <HEADER=field,…> CSV files: read the column HEADER as the plugin's column key field");
    });
  });
});

after(() => scratch.remove());
