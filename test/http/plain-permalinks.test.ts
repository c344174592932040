// A site without pretty permalinks (`permalink_structure` = ''): permalinks use query variables,
// REST URLs go through `index.php?rest_route=` (events.md §0, §3.7, venues-organizers.md §4.6,
// §5, terms.md §1, §5).
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { openDatabase } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { setOption } from '../../src/data/options.ts';

const HOME = 'http://plain.example';
const API = `${HOME}/index.php?rest_route=`;
const NOW = new Date('2026-11-22T13:30:35Z');

forEachDatabase('plain permalinks', (kind) => {
  let t: TestServer;
  let admin: string;
  const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

  before(async () => {
    t = await startTestServer(kind, {
      siteUrl: HOME,
      now: () => NOW,
      before: async (database) => {
        const db = await openDatabase(database.url, 'wp_');
        try {
          await prepareDatabase(db);
          await db.write((trx) => setOption(trx, 'permalink_structure', ''));
          await db.write((trx) => setOption(trx, 'timezone_string', 'UTC'));
        } finally {
          await db.close();
        }
      },
    });
    admin = await t.userWithRole('administrator');
  });
  after(async () => t.close());

  // Requests still use the wpcal URL; only the URLs written in responses follow the setting.
  const post = (path: string, body: Record<string, unknown>) => t.request('POST', `/wp-json/tribe/events/v1/${path}`, { auth: admin, body });
  const get = (path: string) => t.request('GET', `/index.php?rest_route=/tribe/events/v1/${path}`);

  it('event, venue, organizer and term links of a written event', async () => {
    const category = await post('categories', { name: 'Plain Cat' });
    const tag = await post('tags', { name: 'Plain Tag' });
    const res = await post('events', {
      ...dates, title: 'Plain Event', venue: { venue: 'Plain Hall' }, organizer: [{ organizer: 'Plain Org' }],
      categories: [category.json.id], tags: [tag.json.id],
    });
    expect(res.status, res.text).to.equal(201);
    const { id } = res.json;
    expect(res.json.url).to.equal(`${HOME}/?tribe_events=plain-event`);
    expect(res.json.rest_url).to.equal(`${API}/tribe/events/v1/events/${id}`);
    expect(res.json.website).to.equal(`${HOME}/?tribe_events=plain-event`);
    expect(res.json.venue.url).to.equal(`${HOME}/?tribe_venue=plain-hall`);
    expect(res.json.organizer[0].url).to.equal(`${HOME}/?tribe_organizer=plain-org`);
    expect(res.json.categories[0].urls).to.deep.equal({
      self: `${API}/tribe/events/v1/categories/${category.json.id}`,
      collection: `${API}/tribe/events/v1/categories`,
    });
    expect(res.json.tags[0].urls.self).to.equal(`${API}/tribe/events/v1/tags/${tag.json.id}`);

    const draft = await post('events', { ...dates, title: 'Plain Draft', status: 'draft' });
    expect(draft.json.url).to.equal(`${HOME}/?post_type=tribe_events&p=${draft.json.id}`);
    const single = await get(`events/${id}`);
    expect(single.status, single.text).to.equal(200);
    expect(single.json.json_ld.url).to.equal(`${HOME}/?tribe_events=plain-event`);
    // Without pretty permalinks the plugin's JSON-LD link of a draft is its permalink as it is.
    const draftSingle = await t.request('GET', `/index.php?rest_route=/tribe/events/v1/events/${draft.json.id}`, { auth: admin });
    expect(draftSingle.json.json_ld.url).to.equal(`${HOME}/?post_type=tribe_events&p=${draft.json.id}`);
  });

  it('event list rest_url / next / previous re-encode the rest_route value', async () => {
    for (let i = 0; i < 3; i++) await post('events', { ...dates, title: `Paged ${i}` });
    const res = await get('events&per_page=1&page=2');
    expect(res.status, res.text).to.equal(200);
    const base = `${HOME}/index.php?rest_route=%2Ftribe%2Fevents%2Fv1%2Fevents%2F`;
    expect(res.json.rest_url).to.equal(`${base}&page=2&per_page=1&start_date=2026-11-21 00:00:00&end_date=2028-11-22 23:59:59&status=publish`);
    expect(res.json.next_rest_url).to.equal(`${base}&per_page=1&start_date=2026-11-21+00%3A00%3A00&end_date=2028-11-22+23%3A59%3A59&status=publish&page=3`);
    expect(res.json.previous_rest_url).to.equal(`${base}&per_page=1&start_date=2026-11-21+00%3A00%3A00&end_date=2028-11-22+23%3A59%3A59&status=publish`);
  });

  it('venue and organizer list URLs and single links', async () => {
    await post('venues', { venue: 'Second Hall' });
    const res = await get('venues&per_page=1&page=2');
    expect(res.status, res.text).to.equal(200);
    const base = `${HOME}/index.php?rest_route=%2Ftribe%2Fevents%2Fv1%2Fvenues%2F`;
    expect(res.json.rest_url).to.equal(`${base}&page=2&per_page=1&status=publish`);
    expect(res.json.previous_rest_url).to.equal(`${base}&per_page=1&status=publish`);
    const organizers = await get('organizers');
    expect(organizers.json.rest_url).to.equal(`${HOME}/index.php?rest_route=%2Ftribe%2Fevents%2Fv1%2Forganizers%2F&page=1&per_page=10&status=publish`);
    expect(organizers.json.organizers[0].url).to.match(new RegExp(`^${HOME.replaceAll('.', '\\.')}/\\?tribe_organizer=`));
  });

  it('term lists, single terms and their WordPress _links', async () => {
    await post('categories', { name: 'Second Cat' });
    const events = await post('events', { ...dates, title: 'Counting', categories: 'Second Cat' });
    expect(events.status, events.text).to.equal(201);
    const list = await get('categories&per_page=1&page=1&hide_empty=0');
    expect(list.status, list.text).to.equal(200);
    expect(list.json.rest_url).to.equal(`${API}/tribe/events/v1/categories/`);
    expect(list.json.next_rest_url).to.equal(`${HOME}/index.php?rest_route=%2Ftribe%2Fevents%2Fv1%2Fcategories%2F&page=2`);

    const created = await post('categories', { name: 'Linked Cat', parent: list.json.categories[0].id });
    expect(created.status, created.text).to.equal(201);
    const { id } = created.json;
    expect(created.headers.get('location')).to.equal(`${API}/wp/v2/tribe_events_cat/${id}`);
    expect(created.json.url).to.equal(`${HOME}/?tribe_events_cat=linked-cat`);
    expect(created.json._links.self[0].href).to.equal(`${API}/wp/v2/tribe_events_cat/${id}`);
    expect(created.json._links.collection).to.deep.equal([{ href: `${API}/wp/v2/tribe_events_cat` }]);
    expect(created.json._links.about).to.deep.equal([{ href: `${API}/wp/v2/taxonomies/tribe_events_cat` }]);
    expect(created.json._links.up[0].href).to.equal(`${API}/wp/v2/tribe_events_cat/${list.json.categories[0].id}`);

    const tag = await post('tags', { name: 'Linked Tag' });
    const single = await get(`tags/${tag.json.id}`);
    expect(single.json.url).to.equal(`${HOME}/?tag=linked-tag`);
    expect(single.json.urls).to.deep.equal({
      self: `${API}/tribe/events/v1/tags/${tag.json.id}`,
      collection: `${API}/tribe/events/v1/tags`,
    });
  });

  it('wp:post_type links re-encode rest_route the way add_query_arg does', async () => {
    const tag = await post('tags', { name: 'Query Arg Tag' });
    expect(tag.json._links['wp:post_type']).to.deep.equal([
      { href: `${HOME}/index.php?rest_route=%2Fwp%2Fv2%2Fposts&tags=${tag.json.id}` },
      { href: `${HOME}/index.php?rest_route=%2Fwp%2Fv2%2Ftribe_events&tags=${tag.json.id}` },
      { href: `${HOME}/index.php?rest_route=%2Fwp%2Fv2%2Ftec_calendar_embed&tags=${tag.json.id}` },
    ]);
  });
});
