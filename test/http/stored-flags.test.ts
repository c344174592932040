// The JSON and the exports read an event's stored yes/no meta the same way (domain/events/stored-flags.ts).
import { expect } from 'chai';
import { setMeta } from '../../src/data/posts.ts';
import { readExportEvents } from '../../src/transfer/export-reader.ts';
import { transferContext } from '../../src/transfer/context.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const API = '/wp-json/tribe/events/v1';

forEachDatabase('stored flags, read alike by the JSON and the exports', (kind) => {
  let t: TestServer;
  let admin: string;
  before(async () => {
    t = await startTestServer(kind);
    admin = await t.userWithRole('administrator', 'admin');
  });
  after(async () => t?.close());

  // Stored as other writers leave them: tribe_is_truthy words, padded numbers, "false".
  const cases: Array<{ stored: Record<string, string>; venue: Record<string, string>; json: Record<string, boolean>; venueJson: Record<string, boolean> }> = [
    {
      stored: { _EventAllDay: 'enable', _tribe_featured: ' 1' },
      venue: { _VenueShowMap: 'false', _VenueShowMapLink: 'On' },
      json: { all_day: true, featured: true },
      venueJson: { show_map: false, show_map_link: true },
    },
    {
      stored: { _EventAllDay: ' yes', _tribe_featured: 'yes' },
      venue: { _VenueShowMap: '0', _VenueShowMapLink: 'enabled' },
      json: { all_day: false, featured: false },
      venueJson: { show_map: false, show_map_link: true },
    },
  ];

  for (const [index, { stored, venue, json, venueJson }] of cases.entries()) {
    it(`agree on ${JSON.stringify({ ...stored, ...venue })}`, async () => {
      const created = await t.request('POST', `${API}/events`, {
        auth: admin,
        body: { title: `Flags ${index}`, start_date: '2030-03-01 10:00:00', end_date: '2030-03-01 11:00:00', venue: { venue: `Flag hall ${index}` } },
      });
      expect(created.status).to.equal(201);
      const id: number = created.json.id;
      const venueId: number = created.json.venue.id;
      await t.server.db.write(async (trx) => {
        for (const [key, value] of Object.entries(stored)) await setMeta(trx, id, key, value);
        for (const [key, value] of Object.entries(venue)) await setMeta(trx, venueId, key, value);
      });
      const answer = (await t.request('GET', `${API}/events/${id}`)).json;
      expect({ all_day: answer.all_day, featured: answer.featured }).to.deep.equal(json);
      expect({ show_map: answer.venue.show_map, show_map_link: answer.venue.show_map_link }).to.deep.equal(venueJson);

      const { site } = await transferContext(t.server.db);
      const exported = [];
      for await (const event of readExportEvents(t.server.db.kysely, site)) if (event.id === id) exported.push(event);
      expect(exported).to.have.length(1);
      expect({ all_day: exported[0]!.allDay, featured: exported[0]!.featured }).to.deep.equal(json);
      expect({ show_map: exported[0]!.venue!.showMap, show_map_link: exported[0]!.venue!.showMapLink }).to.deep.equal(venueJson);
    });
  }
});
