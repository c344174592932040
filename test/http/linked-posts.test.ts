// Venues and organizers (venues-organizers.md): one suite run for both types and both databases.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { siteOptions } from '../support/site-options.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { seedEvent, seedLinkedPost } from '../support/seed-events.ts';
import { addMeta, insertPost, loadPostMeta, getPost } from '../../src/data/posts.ts';
import { phpSerialize } from '../../src/php/serialize.ts';
import { SAMPLES } from '../support/plugin-samples.ts';

const NS = '/wp-json/tribe/events/v1';
const NOW = new Date('2026-11-22T13:30:35Z');

function sampleBody(file: string): any {
  const text = readFileSync(`${SAMPLES}/${file}`, 'utf8');
  const body = text.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  return JSON.parse(body);
}

interface Kind {
  word: 'venue' | 'organizer';
  base: string;
  type: string;
  linkKey: string;
  createBody: Record<string, string>;
  createSample: string;
  singleSample: string;
  listSample: string;
  /** A searchable custom field and its meta key. */
  searchField: [string, string];
}

const KINDS: Kind[] = [
  {
    word: 'venue', base: 'venues', type: 'tribe_venue', linkKey: '_EventVenueID',
    createBody: { venue: 'Oracle Hall', address: '1 Main St', city: 'Springfield', country: 'United States', state: 'IL', zip: '62701', phone: '555-0100', website: 'http://example.com/hall' },
    createSample: '07-create-venue.txt', singleSample: '29-venue-single.txt', listSample: '28-venues-list.txt',
    searchField: ['address', '_VenueAddress'],
  },
  {
    word: 'organizer', base: 'organizers', type: 'tribe_organizer', linkKey: '_EventOrganizerID',
    createBody: { organizer: 'Oracle Org', email: 'org@example.com', phone: '555-0199', website: 'http://example.com/org' },
    createSample: '08-create-organizer.txt', singleSample: '31-organizer-single.txt', listSample: '30-organizers-list.txt',
    searchField: ['phone', '_OrganizerPhone'],
  },
];

/** Replaces the sample's ids, host and (for the list) nothing else. */
function expected(sample: any, id: number): any {
  const text = JSON.stringify(sample)
    .replaceAll('http://127.0.0.1:8881', 'BASE')
    .replaceAll('127.0.0.1?id=4', `127.0.0.1?id=${id}`).replaceAll('127.0.0.1?id=5', `127.0.0.1?id=${id}`);
  return JSON.parse(text);
}

function withBase(value: any, base: string): any {
  return JSON.parse(JSON.stringify(value).replaceAll('BASE', base));
}

forEachDatabase('venues and organizers', (db) => {
  for (const k of KINDS) {
    describe(`/${k.base}`, () => {
      let t: TestServer;
      let admin: string;
      let editor: string;
      let author: string;
      let contributor: string;
      let subscriber: string;
      let now = NOW;
      before(async () => {
        t = await startTestServer(db, { now: () => now });
        // One at a time: concurrent user creation deadlocks on MariaDB.
        admin = await t.userWithRole('administrator');
        editor = await t.userWithRole('editor');
        author = await t.userWithRole('author');
        contributor = await t.userWithRole('contributor');
        subscriber = await t.userWithRole('subscriber');
      });
      after(async () => t.close());

      const kysely = () => t.server.db.kysely;
      const create = (body: Record<string, unknown>, auth = admin) => t.request('POST', `${NS}/${k.base}`, { body, auth });

      async function insertEvent(status: string, start: string, links: number[], hidden = false): Promise<number> {
        const id = await t.server.db.write(async (trx) => {
          const inserted = await insertPost(trx, {
            post_type: 'tribe_events', post_status: status, post_title: `Event ${status} ${start}`,
            post_date: '2026-01-01 00:00:00', post_date_gmt: '2026-01-01 00:00:00',
            post_modified: '2026-01-01 00:00:00', post_modified_gmt: '2026-01-01 00:00:00',
          });
          for (const link of links) await addMeta(trx, inserted, k.linkKey, String(link));
          await addMeta(trx, inserted, '_EventStartDate', start);
          if (hidden) await addMeta(trx, inserted, '_EventHideFromUpcoming', 'yes');
          return inserted;
        });
        const end = start.replace(/ \d\d:/, ' 23:');
        const inserted = await kysely().insertInto('tec_events').values({
          post_id: id, start_date: start, end_date: end, timezone: 'UTC', start_date_utc: start, end_date_utc: end, duration: 3600, hash: `h${id}`,
        }).executeTakeFirstOrThrow();
        await kysely().insertInto('tec_occurrences').values({
          event_id: Number(inserted.insertId), post_id: id, start_date: start, start_date_utc: start, end_date: end, end_date_utc: end, duration: 3600, hash: `o${id}`,
        }).execute();
        return id;
      }

      it('declares its routes exactly as sample 01 shows them', async () => {
        const index = sampleBody('01-namespace-index.txt');
        const res = await t.request('GET', NS);
        for (const pattern of [`/tribe/events/v1/${k.base}`, `/tribe/events/v1/${k.base}/(?P<id>\\d+)`, `/tribe/events/v1/${k.base}/by-slug/(?P<slug>[^/]+)`]) {
          const want = JSON.parse(JSON.stringify(index.routes[pattern]).replaceAll('http://127.0.0.1:8881', t.url));
          expect(res.json.routes[pattern], pattern).to.deep.equal(want);
        }
      });

      let firstId = 0;
      it('creates like sample 07/08: 201, same keys and values, meta stored', async () => {
        const res = await create(k.createBody);
        expect(res.status).to.equal(201);
        firstId = res.json.id;
        const want = withBase(expected(sampleBody(k.createSample), firstId), t.url);
        want.id = firstId;
        want.author = String((await getPost(kysely(), firstId))!.post_author);
        expect(Object.keys(res.json)).to.deep.equal(Object.keys(want));
        expect(res.json).to.deep.equal(want);
        expect(res.headers.get('allow')).to.equal('GET, POST');
        const row = (await getPost(kysely(), firstId))!;
        expect(row.post_type).to.equal(k.type);
        expect(row.post_name).to.equal(want.slug);
        expect(row.guid).to.equal(want.url);
        expect(row.comment_status).to.equal('closed');
        expect(row.ping_status).to.equal('closed');
        expect(row.post_date_gmt).to.equal('2026-11-22 13:30:35');
        const meta = await loadPostMeta(kysely(), firstId);
        if (k.word === 'venue') {
          expect(meta.get('_VenueAddress')).to.deep.equal(['1 Main St']);
          expect(meta.get('_VenueURL')).to.deep.equal(['http://example.com/hall']);
          expect(meta.get('_VenueStateProvince')).to.deep.equal(['IL']);
          expect(meta.get('_VenueShowMap')).to.deep.equal(['1']);
          expect(meta.get('_EventShowMapLink')).to.deep.equal(['1']);
          expect(meta.has('_VenueProvince')).to.equal(false);
        } else {
          expect(meta.get('_OrganizerEmail')).to.deep.equal(['org@example.com']);
          expect(meta.get('_OrganizerWebsite')).to.deep.equal(['http://example.com/org']);
          expect(meta.get('_OrganizerPhone')).to.deep.equal(['555-0199']);
        }
      });

      it('reads one like sample 29/31, by id and by slug, with json_ld', async () => {
        const sample = sampleBody(k.singleSample);
        for (const path of [`${k.base}/${firstId}`, `${k.base}/by-slug/${k.word === 'venue' ? 'oracle-hall' : 'ORACLE-ORG'}`]) {
          const res = await t.request('GET', `${NS}/${path}`);
          expect(res.status, path).to.equal(200);
          const want = withBase(expected(sample, firstId), t.url);
          want.id = firstId;
          want.author = String((await getPost(kysely(), firstId))!.post_author);
          expect(Object.keys(res.json)).to.deep.equal(Object.keys(want));
          if (k.word === 'organizer') {
            const written = res.json.json_ld.email as string;
            expect(written.replace(/&#(\d+);/g, (_m: string, c: string) => String.fromCharCode(Number(c)))).to.equal('org@example.com');
            // Entities as antispambot mixes them, the same mix in every answer.
            expect(written).to.include('&#64;').and.match(/[a-z]/).and.match(/&#(?!64;)\d+;/);
            expect((await t.request('GET', `${NS}/${path}?context=view`)).json.json_ld.email, 'a second answer, built again').to.equal(written);
            res.json.json_ld.email = want.json_ld.email;
          }
          expect(res.json).to.deep.equal(want);
          expect(res.headers.get('allow')).to.equal('GET');
        }
      });

      it('lists like sample 28/30 with X-TEC headers', async () => {
        const res = await t.request('GET', `${NS}/${k.base}`);
        expect(res.status).to.equal(200);
        const want = withBase(expected(sampleBody(k.listSample), firstId), t.url);
        want[k.base][0].id = firstId;
        want[k.base][0].author = String((await getPost(kysely(), firstId))!.post_author);
        expect(res.json).to.deep.equal(want);
        expect(res.headers.get('x-tec-total')).to.equal('1');
        expect(res.headers.get('x-tec-totalpages')).to.equal('1');
      });

      it('reuses an identical post on create (case-insensitive title)', async () => {
        const res = await create({ [k.word]: k.createBody[k.word]!.toUpperCase(), phone: '555-7777' });
        expect(res.status).to.equal(201);
        expect(res.json.id).to.equal(firstId);
        expect(res.json.phone).to.equal('555-7777');
        const count = await kysely().selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).where('post_type', '=', k.type).executeTakeFirst();
        expect(Number(count!.n)).to.equal(1);
      });

      it('rejects bad input with 400 before checking permissions', async () => {
        const missing = await t.request('POST', `${NS}/${k.base}`, { body: {} });
        expect(missing.status).to.equal(400);
        expect(missing.json.code).to.equal('rest_missing_callback_param');
        expect(missing.json.message).to.equal(`Missing parameter(s): ${k.word}`);
        for (const body of [{ [k.word]: '' }, { [k.word]: 'x', website: 'venue.com' }, { [k.word]: 'x', status: 'kinda_thinking_about_it' },
          { [k.word]: 'x', author: 9999 }, { [k.word]: 'x', date: 'foo' }, { [k.word]: 'x', image: '999' }]) {
          const res = await create(body);
          expect(res.status, JSON.stringify(body)).to.equal(400);
          expect(res.json.code).to.equal('rest_invalid_param');
          expect(res.json.message).to.equal(`Invalid parameter(s): ${Object.keys(body).at(-1)}`);
        }
        const typedArg = k.word === 'venue' ? 'show_map' : 'phone';
        const typed = await create({ [k.word]: 'x', [typedArg]: true });
        expect(typed.status).to.equal(400);
        expect(typed.json.data.params[typedArg]).to.equal(k.word === 'venue' ? 'show_map is not of type string.' : 'Invalid parameter.');
        const anonBad = await t.request('DELETE', `${NS}/${k.base}/999999`);
        expect(anonBad.status).to.equal(400);
        for (const path of [`${k.base}/999999`, `${k.base}/by-slug/non-existing-slug`]) {
          const res = await t.request('GET', `${NS}/${path}`);
          expect(res.status).to.equal(400);
          expect(res.json.code).to.equal('rest_invalid_param');
        }
        const noRoute = await t.request('GET', `${NS}/${k.base}/foo`);
        expect(noRoute.status).to.equal(404);
        expect(noRoute.json.code).to.equal('rest_no_route');
      });

      it('applies the permission matrix to create, read, update and delete', async () => {
        expect((await create({ [k.word]: 'Anon' }, '')).status).to.equal(401);
        expect((await create({ [k.word]: 'Sub' }, subscriber)).status).to.equal(403);
        const contrib = await create({ [k.word]: 'By Contributor', status: 'publish' }, contributor);
        expect(contrib.status).to.equal(201);
        expect(contrib.json.status).to.equal('pending');
        const contribDraft = await create({ [k.word]: 'Contributor Draft' }, contributor);
        expect(contribDraft.json.status).to.equal('draft');
        expect(contribDraft.json.slug).to.equal(undefined);
        expect(contribDraft.json.url).to.equal(`${t.url}/?post_type=${k.type}&p=${contribDraft.json.id}`);
        const byAuthor = await create({ [k.word]: 'By Author' }, author);
        expect(byAuthor.json.status).to.equal('publish');
        const privateOne = await create({ [k.word]: 'Private One', status: 'private' }, admin);
        const adminDraft = await create({ [k.word]: 'Admin Draft', status: 'draft' }, admin);

        const read = async (id: number, auth?: string) => (await t.request('GET', `${NS}/${k.base}/${id}`, { auth })).status;
        // anonymous / subscriber: only published
        for (const auth of [undefined, subscriber]) {
          expect(await read(byAuthor.json.id, auth)).to.equal(200);
          expect(await read(privateOne.json.id, auth)).to.equal(403);
          expect(await read(adminDraft.json.id, auth)).to.equal(403);
        }
        const denied = await t.request('GET', `${NS}/${k.base}/${adminDraft.json.id}`);
        expect(denied.json).to.deep.equal({ code: `${k.word}-not-accessible`, message: `The requested ${k.word} is not accessible`, data: { status: 403 } });
        expect(await read(contribDraft.json.id, contributor)).to.equal(200);
        expect(await read(adminDraft.json.id, contributor)).to.equal(403);
        expect(await read(privateOne.json.id, author)).to.equal(403);
        expect(await read(privateOne.json.id, editor)).to.equal(200);
        expect(await read(adminDraft.json.id, editor)).to.equal(200);

        const update = (id: number, auth: string | undefined, body: Record<string, unknown> = { phone: '1' }) =>
          t.request('PUT', `${NS}/${k.base}/${id}`, { body, auth });
        expect((await update(byAuthor.json.id, undefined)).status).to.equal(401);
        expect((await update(byAuthor.json.id, contributor)).status).to.equal(403);
        expect((await update(contribDraft.json.id, contributor)).status).to.equal(200);
        expect((await update(contrib.json.id, author)).status).to.equal(403);
        expect((await update(byAuthor.json.id, author)).status).to.equal(200);
        expect((await update(privateOne.json.id, editor)).status).to.equal(200);
        // by slug keeps the ownership check
        const bySlug = await t.request('PATCH', `${NS}/${k.base}/by-slug/by-author`, { body: { phone: '2' }, auth: contributor });
        expect(bySlug.status).to.equal(403);

        const del = (id: number, auth: string | undefined) => t.request('DELETE', `${NS}/${k.base}/${id}`, { auth });
        expect((await del(byAuthor.json.id, undefined)).status).to.equal(401);
        expect((await del(byAuthor.json.id, contributor)).status).to.equal(403);
        expect((await del(adminDraft.json.id, author)).status).to.equal(403);
        expect((await del(contribDraft.json.id, contributor)).status).to.equal(200);
      });

      /** The IDs of this type stored with one of the statuses, ascending. */
      async function storedIds(statuses: string[]): Promise<number[]> {
        const rows = await kysely().selectFrom('posts').select('ID').where('post_type', '=', k.type).where('post_status', 'in', statuses).execute();
        return rows.map((row) => Number(row.ID)).sort((a, b) => a - b);
      }
      const idOfTitle = async (title: string) => Number((await kysely().selectFrom('posts').select('ID')
        .where('post_type', '=', k.type).where('post_title', '=', title).executeTakeFirstOrThrow()).ID);
      const listed = (items: any[]) => ({
        statuses: [...new Set(items.map((item) => item.status as string))].sort(),
        ids: items.map((item) => item.id as number).sort((a, b) => a - b),
      });

      it('lists statuses per caller and validates status', async () => {
        const anon = await t.request('GET', `${NS}/${k.base}?per_page=50`);
        const published = await storedIds(['publish']);
        expect(published).to.include.members([firstId, await idOfTitle('By Author')]);
        expect(listed(anon.json[k.base])).to.deep.equal({ statuses: ['publish'], ids: published });
        expect(anon.json.rest_url).to.equal(`${t.url}/wp-json/tribe/events/v1/${k.base}/?page=1&per_page=50&status=publish`);
        const contrib = await t.request('GET', `${NS}/${k.base}?per_page=50`, { auth: contributor });
        const statuses = new Set(contrib.json[k.base].map((item: any) => item.status));
        expect([...statuses].sort()).to.deep.equal(['draft', 'pending', 'private', 'publish']);
        expect(contrib.json.rest_url).to.contain('status=any');
        expect((await t.request('GET', `${NS}/${k.base}?status=draft`)).status).to.equal(400);
        expect((await t.request('GET', `${NS}/${k.base}?status=publish,publish`)).status).to.equal(400);
        expect((await t.request('GET', `${NS}/${k.base}?status=foo,%20bar,publish`, { auth: editor })).status).to.equal(400);
        const drafts = await t.request('GET', `${NS}/${k.base}?status=draft,%20pending`, { auth: contributor });
        expect(drafts.status).to.equal(200);
        // No author restriction: the contributor also gets the administrator's draft.
        const draftsAndPending = await storedIds(['draft', 'pending']);
        expect(draftsAndPending).to.include.members([await idOfTitle('By Contributor'), await idOfTitle('Admin Draft')]);
        expect(listed(drafts.json[k.base])).to.deep.equal({ statuses: ['draft', 'pending'], ids: draftsAndPending });
        expect(drafts.json.rest_url).to.contain('status=draft%2Cpending');
        const trash = await t.request('GET', `${NS}/${k.base}?status=trash`, { auth: editor });
        expect(trash.json[k.base].map((item: any) => item.status)).to.deep.equal(['trash']);
        for (const bad of ['page=0', 'page=foo', 'per_page=-1', 'search=', 'event=foo', `event=${firstId}`]) {
          const res = await t.request('GET', `${NS}/${k.base}?${bad}`);
          expect(res.status, bad).to.equal(400);
          expect(res.json.code).to.equal('rest_invalid_param');
        }
      });

      it('pages, caps per_page at 50 and answers 404 past the end', async () => {
        const one = await t.request('GET', `${NS}/${k.base}?per_page=1&page=2`, { auth: editor });
        expect(one.status).to.equal(200);
        expect(one.json[k.base]).to.have.length(1);
        expect(one.json.next_rest_url).to.equal(`${t.url}/wp-json/tribe/events/v1/${k.base}/?per_page=1&status=any&page=3`);
        expect(one.json.previous_rest_url).to.equal(`${t.url}/wp-json/tribe/events/v1/${k.base}/?per_page=1&status=any`);
        expect(one.json.total_pages).to.equal(one.json.total);
        const capped = await t.request('GET', `${NS}/${k.base}?per_page=500`);
        expect(capped.json.rest_url).to.contain('per_page=50&');
        const past = await t.request('GET', `${NS}/${k.base}?page=99`);
        expect(past.status).to.equal(404);
        expect(past.json).to.deep.equal({ code: `${k.word}-archive-page-not-found`, message: `The requested ${k.word} archive page does not exist`, data: { status: 404 } });
      });

      it('filters by search (title, content, custom fields, all words in one field)', async () => {
        const target = await create({ [k.word]: 'Searchable Place', description: 'Deep content words', [k.searchField[0]]: '100, Avenue du Temple' });
        const find = async (search: string) => (await t.request('GET', `${NS}/${k.base}?search=${encodeURIComponent(search)}`)).json;
        expect((await find('temple avenue'))[k.base].map((i: any) => i.id)).to.deep.equal([target.json.id]);
        expect((await find('DEEP words'))[k.base].map((i: any) => i.id)).to.deep.equal([target.json.id]);
        expect((await find('searchable'))[k.base].map((i: any) => i.id)).to.deep.equal([target.json.id]);
        const none = await find('temple searchable');
        expect(none[k.base]).to.deep.equal([]);
        expect(none.total).to.equal(0);
        expect((await find('!!!')).total).to.equal(0);
        expect((await find('temple')).total).to.equal(1);
      });

      it('filters by event, has_events and only_with_upcoming', async () => {
        const linked = (await create({ [k.word]: 'Linked Published' })).json.id;
        const linkedDraftEvent = (await create({ [k.word]: 'Linked Draft Event' })).json.id;
        const linkedPast = (await create({ [k.word]: 'Linked Past' })).json.id;
        const linkedTrashEvent = (await create({ [k.word]: 'Linked Trash Event' })).json.id;
        const linkedHidden = (await create({ [k.word]: 'Linked Hidden' })).json.id;
        const upcoming = await insertEvent('publish', '2026-12-01 10:00:00', [linked]);
        await insertEvent('draft', '2026-12-02 10:00:00', [linkedDraftEvent]);
        await insertEvent('publish', '2025-01-01 10:00:00', [linkedPast]);
        await insertEvent('trash', '2026-12-03 10:00:00', [linkedTrashEvent]);
        await insertEvent('publish', '2026-12-04 10:00:00', [linkedHidden], true);
        const ids = async (query: string, auth?: string) =>
          ((await t.request('GET', `${NS}/${k.base}?per_page=50&${query}`, { auth })).json[k.base] as any[]).map((i) => i.id).sort((a, b) => a - b);
        expect(await ids(`event=${upcoming}`)).to.deep.equal([linked]);
        expect(await ids('has_events=yes')).to.deep.equal([linked, linkedPast, linkedTrashEvent, linkedHidden].sort((a, b) => a - b));
        const without = await ids('has_events=');
        expect(without).to.include(firstId);
        expect(without).to.include(linkedDraftEvent);
        expect(without).to.not.include(linked);
        expect(await ids('only_with_upcoming=1')).to.deep.equal([linked]);
        expect(await ids('only_with_upcoming=1', editor)).to.deep.equal([linked, linkedDraftEvent]);
        expect(await ids('only_with_upcoming=no')).to.include(linkedPast);
        const url = (await t.request('GET', `${NS}/${k.base}?event=${upcoming}&has_events=yes&only_with_upcoming=1&search=linked`)).json.rest_url;
        expect(url).to.equal(`${t.url}/wp-json/tribe/events/v1/${k.base}/?page=1&per_page=10&event=${upcoming}&has_events=yes&status=publish`);
      });

      it('PATCH updates only the fields sent and keeps status, image and flags', async () => {
        const made = await create({ [k.word]: 'Partial', description: 'Body', phone: '123', status: 'draft', ...(k.word === 'venue' ? { show_map: 'false', state: 'NY' } : {}) });
        const id = made.json.id;
        const res = await t.request('PATCH', `${NS}/${k.base}/${id}`, { body: { website: 'http://example.org/x' }, auth: admin });
        expect(res.status).to.equal(200);
        expect(res.json.status).to.equal('draft');
        expect(res.json.phone).to.equal('123');
        expect(res.json.description).to.equal('<p>Body</p>');
        expect(res.json.website).to.equal('http://example.org/x');
        expect(res.headers.get('allow')).to.equal('GET, DELETE, POST, PUT, PATCH');
        if (k.word === 'venue') {
          expect(res.json.show_map).to.equal(false);
          expect(res.json.show_map_link).to.equal(true);
          expect(res.json.stateprovince).to.equal('NY');
        }
        const cleared = await t.request('PATCH', `${NS}/${k.base}/${id}`, { body: { phone: '', [k.word]: 'Partial Renamed', status: 'publish' }, auth: admin });
        expect(cleared.json.phone).to.equal(undefined);
        expect(cleared.json[k.word]).to.equal('Partial Renamed');
        expect(cleared.json.status).to.equal('publish');
        expect(cleared.json.slug).to.equal('partial-renamed');
        const row = (await getPost(kysely(), id))!;
        expect(row.post_modified_gmt).to.equal('2026-11-22 13:30:35');
        expect(row.post_date_gmt).to.equal('2026-11-22 13:30:35');
        const dated = await t.request('PUT', `${NS}/${k.base}/${id}`, { body: { date_utc: '2026-01-02 03:04:05' }, auth: admin });
        expect(dated.json.date_utc).to.equal('2026-01-02 03:04:05');
        expect(dated.json.date).to.equal('2026-01-02 03:04:05');
        const future = await t.request('PUT', `${NS}/${k.base}/${id}`, { body: { date: '2030-01-01 00:00:00' }, auth: admin });
        expect(future.json.status).to.equal('future');
      });

      it('sets and clears the featured image by attachment ID', async () => {
        const attachment = await t.server.db.write(async (trx) => {
          const inserted = await insertPost(trx, {
            post_type: 'attachment', post_status: 'inherit', post_mime_type: 'image/jpeg', guid: `${t.url}/wp-content/uploads/2026/11/hall.jpg`,
            post_date: '2026-01-01 00:00:00', post_date_gmt: '2026-01-01 00:00:00', post_modified: '2026-01-01 00:00:00', post_modified_gmt: '2026-01-01 00:00:00',
          });
          await addMeta(trx, inserted, '_wp_attached_file', '2026/11/hall.jpg');
          await addMeta(trx, inserted, '_wp_attachment_metadata', phpSerialize({
            width: 1200, height: 800, file: '2026/11/hall.jpg', filesize: 51234,
            sizes: { thumbnail: { file: 'hall-150x150.jpg', width: 150, height: 150, 'mime-type': 'image/jpeg', filesize: 4321 } },
            image_meta: { aperture: '0' },
          }));
          return inserted;
        });
        const made = await create({ [k.word]: 'With Image', image: String(attachment) });
        expect(made.json.image).to.deep.equal({
          url: `${t.url}/wp-content/uploads/2026/11/hall.jpg`, id: attachment, extension: 'jpg', width: 1200, height: 800, filesize: 51234,
          sizes: { thumbnail: { width: 150, height: 150, 'mime-type': 'image/jpeg', filesize: 4321, url: `${t.url}/wp-content/uploads/2026/11/hall-150x150.jpg` } },
        });
        expect((await loadPostMeta(kysely(), made.json.id)).get('_thumbnail_id')).to.deep.equal([String(attachment)]);
        const byUrl = await create({ [k.word]: 'With Image Url', image: `${t.url}/wp-content/uploads/2026/11/hall.jpg` });
        expect(byUrl.json.image.id).to.equal(attachment);
        const single = await t.request('GET', `${NS}/${k.base}/${made.json.id}`);
        expect(single.json.json_ld.image).to.equal(`${t.url}/wp-content/uploads/2026/11/hall.jpg`);
        const kept = await t.request('PATCH', `${NS}/${k.base}/${made.json.id}`, { body: { phone: '9' }, auth: admin });
        expect(kept.json.image.id).to.equal(attachment);
        const cleared = await t.request('PUT', `${NS}/${k.base}/${made.json.id}`, { body: { image: '' }, auth: admin });
        expect(cleared.json.image).to.equal(undefined);
        expect((await loadPostMeta(kysely(), made.json.id)).has('_thumbnail_id')).to.equal(false);
      });

      it('hides password-protected fields unless the password is given', async () => {
        const made = await create({ [k.word]: 'Secret', description: 'Hidden', phone: '42' });
        await kysely().updateTable('posts').set({ post_password: 'pw' }).where('ID', '=', made.json.id).execute();
        const locked = await t.request('GET', `${NS}/${k.base}/${made.json.id}`);
        expect(locked.json[k.word]).to.deep.equal([]);
        expect(locked.json.description).to.equal('');
        expect(locked.json.phone).to.equal('');
        expect(locked.json.json_ld).to.equal(undefined);
        const open = await t.request('GET', `${NS}/${k.base}/${made.json.id}?password=pw`);
        expect(open.json[k.word]).to.equal('Secret');
        expect(open.json.phone).to.equal('42');
        expect(open.json.json_ld['@type']).to.equal(k.word === 'venue' ? 'Place' : 'Person');
      });

      it('filters the HTML of authors and contributors (kses), not of editors', async () => {
        const dirty = { [k.word]: 'Name <script>x()</script><b onclick="y">bold</b>', description: '<p onclick="z" class="c">Desc <a href="javascript:alert(1)">l</a></p><iframe src="http://evil.example/"></iframe>' };
        for (const role of [author, contributor]) {
          const res = await create(dirty, role);
          expect(res.status, res.text).to.equal(201);
          const row = (await getPost(kysely(), res.json.id))!;
          expect([row.post_title, row.post_content]).to.deep.equal(['Name x()<b>bold</b>', '<p class="c">Desc <a href="alert(1)">l</a></p>']);
          const updated = await t.request('POST', `${NS}/${k.base}/${res.json.id}`, { auth: role, body: { [k.word]: '<i onclick="q">Renamed</i><style>a{}</style>' } });
          expect(updated.status, updated.text).to.equal(200);
          expect((await getPost(kysely(), res.json.id))!.post_title).to.equal('<i>Renamed</i>a{}');
        }
        const raw = await create({ ...dirty, [k.word]: `${dirty[k.word]} raw` }, editor);
        const row = (await getPost(kysely(), raw.json.id))!;
        expect([row.post_title, row.post_content]).to.deep.equal([`${dirty[k.word]} raw`, dirty.description]);
      });

      it('an update out of the trash restores the slug and drops the trash bookkeeping', async () => {
        const made = await create({ [k.word]: 'Comes Back' });
        await t.request('DELETE', `${NS}/${k.base}/${made.json.id}`, { auth: admin });
        const trashed = await loadPostMeta(kysely(), made.json.id);
        expect(trashed.get('_wp_desired_post_slug')).to.deep.equal(['comes-back']);
        const back = await t.request('PATCH', `${NS}/${k.base}/${made.json.id}`, { auth: admin, body: { status: 'publish' } });
        expect(back.status, back.text).to.equal(200);
        expect(back.json).to.include({ status: 'publish', slug: 'comes-back' });
        const meta = await loadPostMeta(kysely(), made.json.id);
        for (const key of ['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug']) expect(meta.has(key), key).to.equal(false);
        expect((await t.request('GET', `${NS}/${k.base}/by-slug/comes-back`)).json.id).to.equal(made.json.id);
      });

      it('trashes, unlinks events, then answers 410', async () => {
        const made = await create({ [k.word]: 'To Trash' });
        const event = await insertEvent('publish', '2026-12-10 10:00:00', [made.json.id, firstId]);
        const first = await t.request('DELETE', `${NS}/${k.base}/by-slug/to-trash`, { auth: admin });
        expect(first.status).to.equal(200);
        expect(first.json.status).to.equal('trash');
        expect(first.json.slug).to.equal('to-trash__trashed');
        const meta = await loadPostMeta(kysely(), made.json.id);
        expect(meta.get('_wp_trash_meta_status')).to.deep.equal(['publish']);
        expect(meta.get('_wp_trash_meta_time')).to.deep.equal([String(Math.floor(NOW.getTime() / 1000))]);
        expect(meta.get('_wp_desired_post_slug')).to.deep.equal(['to-trash']);
        expect((await loadPostMeta(kysely(), event)).get(k.linkKey)).to.deep.equal([String(firstId)]);
        const second = await t.request('DELETE', `${NS}/${k.base}/${made.json.id}`, { auth: admin });
        expect(second.status).to.equal(410);
        expect(second.json).to.deep.equal({ code: `${k.word}-is-in-trash`, message: `The ${k.word} is already trashed`, data: { status: 410 } });
        expect((await t.request('GET', `${NS}/${k.base}/${made.json.id}`)).status).to.equal(403);
        expect((await t.request('GET', `${NS}/${k.base}/${made.json.id}`, { auth: editor })).status).to.equal(200);
      });
    });
  }
});


// venues-organizers.md §4.3 step 3: the plugin's upcoming-event query, side effects included.
forEachDatabase('venues and organizers: only_with_upcoming keeps the plugin\'s event query', (kind) => {
  interface LinkedPair {
    venue: number;
    organizer: number;
    /** The `_EventVenueID`/`_EventOrganizerID` rows linking both to an event. */
    meta: [string, string][];
  }
  /** A venue and an organizer named after the label. */
  async function linkedPair(t: TestServer, label: string): Promise<LinkedPair> {
    const venue = await seedLinkedPost(t.server.db, 'tribe_venue', `Hall ${label}`);
    const organizer = await seedLinkedPost(t.server.db, 'tribe_organizer', `Org ${label}`);
    return { venue, organizer, meta: [['_EventVenueID', String(venue)], ['_EventOrganizerID', String(organizer)]] };
  }
  const upcoming = async (t: TestServer, base: string): Promise<number[]> => {
    const res = await t.request('GET', `${NS}/${base}?only_with_upcoming=1&per_page=50`);
    expect(res.status, res.text).to.equal(200);
    return (res.json[base] as any[]).map((item) => item.id).sort((a, b) => a - b);
  };
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

  describe('only the first N upcoming events count, N being TEC\'s postsPerPage', () => {
    let t: TestServer;
    const pairs: Record<string, LinkedPair> = {};
    before(async () => {
      t = await startTestServer(kind, { now: () => NOW, before: siteOptions('UTC', { postsPerPage: 3 }) });
      // Inserted out of start order; the hidden event starts first but takes no place in the N.
      for (const [label, day, hidden] of [['4th', 4, false], ['2nd', 2, false], ['hidden', 1, true], ['1st', 1, false], ['3rd', 3, false]] as const) {
        const pair = await linkedPair(t, label);
        pairs[label] = pair;
        await seedEvent(t.server.db, {
          title: `Upcoming ${label}`, start: `2026-12-0${day} ${hidden ? '09' : '10'}:00:00`, end: `2026-12-0${day} 11:00:00`,
          meta: [...pair.meta, ...(hidden ? [['_EventHideFromUpcoming', 'yes'] as [string, string]] : [])],
        });
      }
    });
    after(async () => t.close());

    it('lists the venues and organizers of the 3 earliest unhidden upcoming events, not of the 4th', async () => {
      const first = ['1st', '2nd', '3rd'].map((label) => pairs[label]!);
      expect(await upcoming(t, 'venues')).to.deep.equal(sorted(first.map((pair) => pair.venue)));
      expect(await upcoming(t, 'organizers')).to.deep.equal(sorted(first.map((pair) => pair.organizer)));
      const all = await t.request('GET', `${NS}/venues?per_page=50`);
      expect(all.json.total).to.equal(5);
    });
  });

  describe('"now" is the UTC wall clock, compared with the event-local start', () => {
    let t: TestServer;
    let newYork: LinkedPair;
    let tokyo: LinkedPair;
    before(async () => {
      t = await startTestServer(kind, { now: () => NOW, before: siteOptions('America/New_York', {}) });
      newYork = await linkedPair(t, 'New York');
      tokyo = await linkedPair(t, 'Tokyo');
      // NOW is 13:30:35 UTC (08:30:35 in the site zone). New York's 10:00 is 15:00 UTC, still ahead,
      // but 10:00 < 13:30 leaves it out; Tokyo's 20:00 is 11:00 UTC, already started, but counts.
      await seedEvent(t.server.db, { title: 'New York morning', timezone: 'America/New_York', start: '2026-11-22 10:00:00', end: '2026-11-22 12:00:00', meta: newYork.meta });
      await seedEvent(t.server.db, { title: 'Tokyo evening', timezone: 'Asia/Tokyo', start: '2026-11-22 20:00:00', end: '2026-11-22 23:00:00', meta: tokyo.meta });
    });
    after(async () => t.close());

    it('counts an event already under way in Tokyo and not one still ahead in New York', async () => {
      expect(await upcoming(t, 'venues')).to.deep.equal([tokyo.venue]);
      expect(await upcoming(t, 'organizers')).to.deep.equal([tokyo.organizer]);
    });
  });
});
