// A small calendar for the front-end tests: published events with a venue, organizers, terms,
// cost, description and image (the venue, the second organizer and the category have two events),
// beside a draft, a private, a trashed and a password-protected event.
import { expect } from 'chai';
import type { Db } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { openDatabase } from '../../src/data/connect.ts';
import { setOption } from '../../src/data/options.ts';
import { insertPost } from '../../src/data/posts.ts';
import type { DatabaseKind } from './databases.ts';
import { seedEvent } from './seed-events.ts';
import { startTestServer, type TestServer } from './server.ts';

export const NOW = new Date('2026-11-22T13:30:35Z');
/** A 2×2 PNG, as the GUID of the image attachment, so that a browser really loads the image. */
export const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAhKAMBN6O8VgAAAABJRU5ErkJggg==';

export interface FrontEndSite {
  t: TestServer;
  admin: string;
  /** The full event (venue, two organizers, category, tag, cost, description, image). */
  event: any;
  draftId: number;
  privateId: number;
  trashedId: number;
  protectedId: number;
  draftVenueId: number;
}

async function insertImage(db: Db): Promise<number> {
  const date = '2026-11-01 00:00:00';
  return db.write((trx) => insertPost(trx, {
    post_author: 1, post_date: date, post_date_gmt: date, post_modified: date, post_modified_gmt: date,
    post_title: 'poster', post_status: 'inherit', post_name: 'poster', post_type: 'attachment',
    post_mime_type: 'image/png', guid: PNG,
  }));
}

/** Starts a server whose site has these options (e.g. `permalink_structure` = '' for plain permalinks), and fills the calendar. */
export async function startFrontEndSite(kind: DatabaseKind, options: Record<string, string> = {}): Promise<FrontEndSite> {
  const t = await startTestServer(kind, {
    now: () => NOW,
    before: async (database) => {
      const db = await openDatabase(database.url, 'wp_');
      try {
        await prepareDatabase(db);
        for (const [name, value] of Object.entries({ timezone_string: 'UTC', ...options })) await db.write((trx) => setOption(trx, name, value));
      } finally {
        await db.close();
      }
    },
  });
  try {
    return await fill(t);
  } catch (error) {
    await t.close();
    throw error;
  }
}

async function fill(t: TestServer): Promise<FrontEndSite> {
  const admin = await t.userWithRole('administrator');
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.request('POST', `/wp-json/tribe/events/v1/${path}`, { auth: admin, body });
    expect(res.status, res.text).to.equal(201);
    return res.json;
  };
  const music = await post('categories', { name: 'Music' });
  const free = await post('tags', { name: 'Free' });
  const image = await insertImage(t.server.db);
  const event = await post('events', {
    title: 'Event at draft venue',
    description: '<p>Live jazz &amp; <em>friends</em>.</p>',
    start_date: '2026-12-10 19:00:00',
    end_date: '2026-12-10 22:30:00',
    timezone: 'Europe/Rome',
    cost: '25',
    venue: { venue: 'Oracle Hall', address: '1 Main St', city: 'Springfield', country: 'United States' },
    organizer: [{ organizer: 'Oracle Org', email: 'org@example.com' }, { organizer: 'Second Org' }],
    categories: [music.id],
    tags: [free.id],
    image: String(image),
  });
  // At the same venue, and the second organizer's too: their pages list two events.
  await post('events', {
    title: 'All-day fair', start_date: '2026-12-12 00:00:00', end_date: '2026-12-13 23:59:59', all_day: true,
    categories: [music.id], venue: event.venue.id, organizer: [event.organizer[1].id],
  });
  const db = t.server.db;
  const draftVenue = await post('venues', { venue: 'Hidden Hall', status: 'draft' });
  return {
    t,
    admin,
    event,
    draftId: await seedEvent(db, { title: 'Draft party', start: '2026-12-20 10:00:00', end: '2026-12-20 11:00:00', status: 'draft' }),
    privateId: await seedEvent(db, { title: 'Private party', start: '2026-12-21 10:00:00', end: '2026-12-21 11:00:00', status: 'private' }),
    trashedId: await seedEvent(db, { title: 'Trashed party', start: '2026-12-22 10:00:00', end: '2026-12-22 11:00:00', status: 'trash' }),
    protectedId: await seedEvent(db, {
      title: 'Secret party', start: '2026-12-23 10:00:00', end: '2026-12-23 11:00:00', password: 'sesame', content: 'The secret plan',
    }),
    draftVenueId: draftVenue.id,
  };
}
