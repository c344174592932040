// Category and tag routes (terms.md), compared with samples 01, 09, 10 and 32–35.
import type { Writer } from '../../src/data/executor.ts';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { RoleName } from '../../src/auth/roles.ts';
import { CATEGORIES, TAGS } from '../../src/domain/terms/definition.ts';
import { termFilterIds, termsExist } from '../../src/domain/terms/lookup.ts';
import { presentEventTerms } from '../../src/api/terms/presenter.ts';
import { resolveTermsForWrite } from '../../src/domain/terms/writes.ts';
import { buildSettings } from '../../src/site/settings.ts';
import { insertPost, updatePost } from '../../src/data/posts.ts';
import { getTerm, insertTerm, recountPostTerms, setPostTerms, type Term } from '../../src/data/terms.ts';
import { forEachDatabase } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { SAMPLES } from '../support/plugin-samples.ts';

const NS = '/wp-json/tribe/events/v1';
const SAMPLE_HOST = 'http://127.0.0.1:8881';

/** The JSON body of a sample (its last line), with the sample host replaced. */
function sampleBody(file: string, url: string): any {
  const lines = fs.readFileSync(path.join(SAMPLES, file), 'utf8').trimEnd().split('\n');
  return JSON.parse(lines[lines.length - 1]!.replaceAll(SAMPLE_HOST.replaceAll('/', '\\/'), url.replaceAll('/', '\\/')));
}

interface Taxonomy {
  base: 'categories' | 'tags';
  taxonomy: string;
  wpBase: string;
  hierarchical: boolean;
  prettyBase: string;
  wpPostTypes: string[];
  wpQueryVar: string;
  createSample: string;
  listSample: string;
  singleSample: string;
  /** Roles allowed to create, update and delete (conventions.md §5.6). */
  managers: RoleName[];
}

const TAXONOMIES: Taxonomy[] = [
  {
    base: 'categories', taxonomy: 'tribe_events_cat', wpBase: 'tribe_events_cat', hierarchical: true, prettyBase: 'events/category',
    wpPostTypes: ['tribe_events', 'tec_calendar_embed'], wpQueryVar: 'tribe_events_cat',
    createSample: '09-create-category.txt', listSample: '32-categories-list.txt', singleSample: '33-category-single.txt',
    managers: ['administrator', 'editor', 'author'],
  },
  {
    base: 'tags', taxonomy: 'post_tag', wpBase: 'tags', hierarchical: false, prettyBase: 'tag',
    wpPostTypes: ['posts', 'tribe_events', 'tec_calendar_embed'], wpQueryVar: 'tags',
    createSample: '10-create-tag.txt', listSample: '34-tags-list.txt', singleSample: '35-tag-single.txt',
    managers: ['administrator', 'editor'],
  },
];

const ROLES: RoleName[] = ['subscriber', 'contributor', 'author', 'editor', 'administrator'];

let unique = 0;
/** A fresh lowercase prefix per test so list queries can isolate their terms with `search`. */
const prefix = (): string => `zq${(++unique).toString(36)}x`;

forEachDatabase('term routes', (kind) => {
  let t: TestServer;
  let admin: string;
  const users = new Map<RoleName, string>();
  before(async () => {
    t = await startTestServer(kind);
    admin = await t.userWithRole('administrator');
    for (const role of ROLES) users.set(role, await t.userWithRole(role));
  });
  after(async () => t.close());

  const db = () => t.server.db.kysely;
  const write = <T>(work: (trx: Writer) => Promise<T>): Promise<T> => t.server.db.write(work);

  async function event(status = 'publish', title = 'Event'): Promise<number> {
    return write((trx) => insertPost(trx, {
      post_type: 'tribe_events', post_status: status, post_title: title, post_name: title.toLowerCase(),
      post_date: '2026-01-01 10:00:00', post_date_gmt: '2026-01-01 10:00:00',
      post_modified: '2026-01-01 10:00:00', post_modified_gmt: '2026-01-01 10:00:00',
    }));
  }

  async function termRow(taxonomy: string, id: number): Promise<Term> {
    const term = await getTerm(db(), taxonomy, id);
    expect(term, `term ${id}`).to.not.equal(undefined);
    return term!;
  }

  async function link(postId: number, taxonomy: string, termIds: number[]): Promise<void> {
    const terms = await Promise.all(termIds.map((id) => termRow(taxonomy, id)));
    await write((trx) => setPostTerms(trx, postId, taxonomy, terms));
  }

  async function termRowCount(): Promise<number> {
    const rows = await db().selectFrom('term_taxonomy').select('term_taxonomy_id').execute();
    return rows.length;
  }

  it('deletes WordPress\'s cached category hierarchy (tribe_events_cat_children) on every category change', async () => {
    const cached = 'a:1:{i:5;a:1:{i:0;i:6;}}';
    const seedCache = () => write((trx) => trx.insertInto('options')
      .values({ option_name: 'tribe_events_cat_children', option_value: cached, autoload: 'yes' }).execute());
    const cache = async () => (await db().selectFrom('options').select('option_value')
      .where('option_name', '=', 'tribe_events_cat_children').executeTakeFirst())?.option_value;
    const NS_CATEGORIES = '/wp-json/tribe/events/v1/categories';

    await seedCache();
    const created = await t.request('POST', NS_CATEGORIES, { auth: admin, body: { name: `${prefix()} parent` } });
    expect(created.status).to.equal(201);
    expect(await cache(), 'after a create').to.equal(undefined);

    await seedCache();
    const child = await t.request('POST', NS_CATEGORIES, { auth: admin, body: { name: `${prefix()} child` } });
    expect(await cache(), 'after a second create').to.equal(undefined);
    await seedCache();
    expect((await t.request('POST', `${NS_CATEGORIES}/${child.json.id}`, { auth: admin, body: { parent: created.json.id } })).status).to.equal(200);
    expect(await cache(), 'after an update').to.equal(undefined);

    await seedCache();
    expect((await t.request('DELETE', `${NS_CATEGORIES}/${child.json.id}`, { auth: admin })).status).to.equal(200);
    expect(await cache(), 'after a delete').to.equal(undefined);
  });

  it('declares the four term routes exactly as the namespace index of sample 01', async () => {
    const expected = sampleBody('01-namespace-index.txt', t.url).routes;
    const res = await t.request('GET', NS);
    expect(res.status).to.equal(200);
    for (const route of ['/tribe/events/v1/categories', '/tribe/events/v1/categories/(?P<id>\\d+)', '/tribe/events/v1/tags', '/tribe/events/v1/tags/(?P<id>\\d+)']) {
      expect(res.json.routes[route], route).to.deep.equal(expected[route]);
    }
    const order = Object.keys(res.json.routes).filter((r) => /categories|tags/.test(r));
    expect(order).to.deep.equal(['/tribe/events/v1/categories', '/tribe/events/v1/categories/(?P<id>\\d+)', '/tribe/events/v1/tags', '/tribe/events/v1/tags/(?P<id>\\d+)']);
  });

  for (const tx of TAXONOMIES) {
    describe(`/${tx.base}`, () => {
      const url = (suffix = '') => `${NS}/${tx.base}${suffix}`;
      const def = tx.base === 'categories' ? CATEGORIES : TAGS;

      /** The term of the samples (Music / Jazz), created when an earlier test has not. */
      async function sampleTerm(): Promise<{ id: number; slug: string }> {
        const slug = tx.base === 'categories' ? 'music' : 'jazz';
        const row = await db().selectFrom('terms').select('term_id').where('slug', '=', slug).executeTakeFirst();
        if (row) return { id: Number(row.term_id), slug };
        const body = tx.base === 'categories' ? { name: 'Music', slug, description: 'Music events' } : { name: 'Jazz', slug };
        return { id: (await create(body)).id, slug };
      }

      async function create(body: Record<string, unknown>): Promise<any> {
        const res = await t.request('POST', url(), { auth: admin, body });
        expect(res.status, res.text).to.equal(201);
        return res.json;
      }

      function expectedLinks(id: number, allow: string[], parent = 0): Record<string, unknown> {
        const api = `${t.url}/wp-json`;
        const links: Record<string, unknown> = {
          self: [{ href: `${api}/wp/v2/${tx.wpBase}/${id}`, targetHints: { allow } }],
          collection: [{ href: `${api}/wp/v2/${tx.wpBase}` }],
          about: [{ href: `${api}/wp/v2/taxonomies/${tx.taxonomy}` }],
        };
        if (parent) links.up = [{ embeddable: true, href: `${api}/wp/v2/${tx.wpBase}/${parent}` }];
        links['wp:post_type'] = tx.wpPostTypes.map((type) => ({ href: `${api}/wp/v2/${type}?${tx.wpQueryVar}=${id}` }));
        links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
        return links;
      }

      /** The sample body with this term's ID substituted (samples use category 2, tag 3). */
      function sampleFor(file: string, id: number): any {
        const sampleId = tx.base === 'categories' ? 2 : 3;
        const text = JSON.stringify(sampleBody(file, t.url))
          .replaceAll(`/${tx.base}/${sampleId}"`, `/${tx.base}/${id}"`)
          .replaceAll(`/wp/v2/${tx.wpBase}/${sampleId}"`, `/wp/v2/${tx.wpBase}/${id}"`)
          .replaceAll(`${tx.wpQueryVar}=${sampleId}"`, `${tx.wpQueryVar}=${id}"`);
        const body = JSON.parse(text);
        if ('id' in body) body.id = id;
        return body;
      }

      describe('create', () => {
        it('answers 201 with the representation of the sample, key by key, and a Location header', async () => {
          const slug = tx.base === 'categories' ? 'music' : 'jazz';
          const body = tx.base === 'categories'
            ? { name: 'Music', slug, description: 'Music events' }
            : { name: 'Jazz', slug };
          const res = await t.request('POST', url(), { auth: admin, body });
          expect(res.status).to.equal(201);
          const id = res.json.id;
          expect(id).to.be.a('number');
          expect(res.headers.get('location')).to.equal(`${t.url}/wp-json/wp/v2/${tx.wpBase}/${id}`);
          const expected = sampleFor(tx.createSample, id);
          expect(Object.keys(res.json)).to.deep.equal(Object.keys(expected));
          for (const key of Object.keys(expected)) expect(res.json[key], key).to.deep.equal(expected[key]);
          expect(res.json._links).to.deep.equal(expectedLinks(id, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
          const row = await termRow(tx.taxonomy, id);
          expect(row).to.include({ name: body.name, slug, description: body.description ?? '', parent: 0, count: 0, term_group: 0 });
        });

        it('sanitizes the name like WordPress and derives the slug from it', async () => {
          const p = prefix();
          const json = await create({ name: `  ${p} Food <b>&</b>   Drink ` });
          expect(json.name).to.equal(`${p} Food &amp; Drink`);
          expect(json.slug).to.equal(`${p}-food-drink`);
          const accented = await create({ name: `${p} Café Déjà` });
          expect(accented.slug).to.equal(`${p}-cafe-deja`);
        });

        it('keeps harmless inline HTML in descriptions and drops the rest (tags only: kses keeps their text)', async () => {
          const json = await create({ name: prefix(), description: '<strong>Big</strong> <script>x()</script><div onclick="y">day</div> & <a href="javascript:z()" onclick="w">more</a>' });
          expect(json.description).to.equal('<strong>Big</strong> x()day &amp; <a href="z()">more</a>');
        });

        it('makes a clashing slug unique with -2, -3', async () => {
          const p = prefix();
          const first = await create({ name: `${p} one`, slug: p });
          const second = await create({ name: `${p} two`, slug: p });
          const third = await create({ name: `${p} three`, slug: p });
          expect([first.slug, second.slug, third.slug]).to.deep.equal([p, `${p}-2`, `${p}-3`]);
        });

        it('rejects a duplicate name with term_exists and the existing ID, writing nothing', async () => {
          const p = prefix();
          const existing = await create({ name: `${p} Name` });
          const before = await termRowCount();
          const res = await t.request('POST', url(), { auth: admin, body: { name: `${p} Name` } });
          expect(res.status).to.equal(400);
          expect(res.json).to.deep.equal({
            code: 'term_exists',
            message: tx.hierarchical ? 'A term with the name provided already exists with this parent.' : 'A term with the name provided already exists in this taxonomy.',
            data: { status: 400, term_id: existing.id },
            additional_data: [existing.id, existing.id],
          });
          expect(await termRowCount()).to.equal(before);
          // The same name with the existing slug sent is a duplicate too.
          const again = await t.request('POST', url(), { auth: admin, body: { name: `${p} Name`, slug: existing.slug } });
          expect(again.json.code).to.equal('term_exists');
          // A new, unused slug allows a second term with the same name.
          const other = await create({ name: `${p} Name`, slug: `${p}-other` });
          expect(other.name).to.equal(`${p} Name`);
        });

        if (tx.hierarchical) {
          it('compares names case-sensitively among siblings and allows the same name under another parent', async () => {
            const p = prefix();
            const upper = await create({ name: `${p} Foo`.toUpperCase(), slug: `${p}-upper` });
            const lower = await create({ name: `${p} Foo`.toUpperCase().toLowerCase() });
            expect(lower.id).to.not.equal(upper.id);
            const parent = await create({ name: `${p} Parent` });
            const child = await create({ name: `${p} Foo`.toUpperCase(), parent: parent.id });
            expect(child.parent).to.equal(parent.id);
            expect(child.slug).to.equal(`${p}-foo-${parent.slug}`);
            expect(child.urls.up).to.equal(`${t.url}${url(`/${parent.id}`)}`);
            expect(child.url).to.equal(`${t.url}/events/category/${parent.slug}/${child.slug}/`);
            expect(child._links).to.deep.equal(expectedLinks(child.id, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], parent.id));
          });

          it('rejects an unknown, zero, empty or non-numeric parent', async () => {
            const before = await termRowCount();
            for (const parent of [999999, 0, '', 'foo']) {
              const res = await t.request('POST', url(), { auth: admin, body: { name: prefix(), parent } });
              expect(res.status, String(parent)).to.equal(400);
              expect(res.json.code).to.equal('rest_invalid_param');
              expect(Object.keys(res.json.data.params)).to.deep.equal(['parent']);
            }
            expect(await termRowCount()).to.equal(before);
          });
        } else {
          it('compares tag names ignoring ASCII case', async () => {
            const p = prefix();
            const existing = await create({ name: `${p} Jazz` });
            const res = await t.request('POST', url(), { auth: admin, body: { name: `${p} JAZZ` } });
            expect(res.status).to.equal(400);
            expect(res.json.data.term_id).to.equal(existing.id);
          });

          it('refuses parent on tags with rest_taxonomy_not_hierarchical', async () => {
            const before = await termRowCount();
            const res = await t.request('POST', url(), { auth: admin, body: { name: prefix(), parent: 1 } });
            expect(res.status).to.equal(400);
            expect(res.json).to.deep.include({ code: 'rest_taxonomy_not_hierarchical', message: 'Cannot set parent term, taxonomy is not hierarchical.' });
            expect(await termRowCount()).to.equal(before);
          });
        }

        it('validates name, description and slug', async () => {
          const before = await termRowCount();
          const missing = await t.request('POST', url(), { auth: admin, body: { description: 'x' } });
          expect(missing.status).to.equal(400);
          expect(missing.json).to.deep.equal({
            code: 'rest_missing_callback_param', message: 'Missing parameter(s): name', data: { status: 400, params: ['name'] },
          });
          for (const body of [{ name: '' }, { name: '0' }, { name: 5 }, { name: 'ok', description: '' }, { name: 'ok', slug: '' }]) {
            const res = await t.request('POST', url(), { auth: admin, body });
            expect(res.status, JSON.stringify(body)).to.equal(400);
            expect(res.json.code).to.equal('rest_invalid_param');
          }
          const blank = await t.request('POST', url(), { auth: admin, body: { name: '   ' } });
          expect(blank.status).to.equal(400);
          expect(blank.json.code).to.equal('empty_term_name');
          const tagsOnly = await t.request('POST', url(), { auth: admin, body: { name: '<b></b>' } });
          expect(tagsOnly.status).to.equal(400);
          expect(tagsOnly.json).to.deep.include({ code: 'invalid_term_name', message: 'Invalid term name.' });
          expect(await termRowCount()).to.equal(before);
        });

        it('checks arguments before permissions (anonymous without name → 400)', async () => {
          const res = await t.request('POST', url(), { body: {} });
          expect(res.status).to.equal(400);
          expect(res.json.code).to.equal('rest_missing_callback_param');
        });
      });

      describe('read one', () => {
        it('matches the single sample key by key, with GET-only target hints for anonymous callers', async () => {
          const { id } = await sampleTerm();
          const ev = await event('publish', `single-${tx.base}`);
          await link(ev, tx.taxonomy, [id]);
          const res = await t.request('GET', url(`/${id}`));
          expect(res.status).to.equal(200);
          const expected = sampleFor(tx.singleSample, id);
          expect(Object.keys(res.json)).to.deep.equal(Object.keys(expected));
          for (const key of Object.keys(expected)) expect(res.json[key], key).to.deep.equal(expected[key]);
          expect(res.json._links).to.deep.equal(expectedLinks(id, ['GET']));
          expect(res.headers.get('allow')).to.equal('GET');
          const asAdmin = await t.request('GET', url(`/${id}`), { auth: admin });
          expect(asAdmin.json._links.self[0].targetHints.allow).to.deep.equal(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
          expect(asAdmin.headers.get('allow')).to.equal('GET, POST, PUT, PATCH, DELETE');
          await link(ev, tx.taxonomy, []);
        });

        it('answers 400 for an unknown ID or a term of the other taxonomy, 404 for a non-numeric one', async () => {
          const other = tx.base === 'categories' ? 'tags' : 'categories';
          const foreign = await t.request('POST', `${NS}/${other}`, { auth: admin, body: { name: prefix() } });
          for (const id of [999999, foreign.json.id]) {
            const res = await t.request('GET', url(`/${id}`));
            expect(res.status).to.equal(400);
            expect(res.json).to.deep.equal({
              code: 'rest_invalid_param', message: 'Invalid parameter(s): id', data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
            });
          }
          const res = await t.request('GET', url('/foo'));
          expect(res.status).to.equal(404);
          expect(res.json.code).to.equal('rest_no_route');
        });

        it('honours context=embed', async () => {
          const json = await create({ name: prefix(), description: 'd' });
          const res = await t.request('GET', url(`/${json.id}?context=embed`));
          expect(Object.keys(res.json)).to.deep.equal(['id', 'name', 'slug', 'taxonomy', 'url', 'urls', '_links']);
        });
      });

      describe('list', () => {
        it('matches the list sample: envelope keys, item keys and X-TEC headers', async () => {
          const { id, slug } = await sampleTerm();
          const ev = await event('publish', `list-${tx.base}`);
          await link(ev, tx.taxonomy, [id]);
          const res = await t.request('GET', url(`?slug=${slug}`));
          expect(res.status).to.equal(200);
          const expected = sampleFor(tx.listSample, id);
          expect(Object.keys(res.json)).to.deep.equal(['rest_url', 'total', 'total_pages', tx.base]);
          expect(res.json).to.deep.equal({
            ...expected,
            [tx.base]: [{ ...expected[tx.base][0], id }],
          });
          expect(res.headers.get('x-tec-total')).to.equal('1');
          expect(res.headers.get('x-tec-totalpages')).to.equal('1');
          // wpcal adds WordPress core's totals beside TEC's (README, Compatibility notes).
          expect(res.headers.get('x-wp-total')).to.equal('1');
          expect(res.headers.get('x-wp-totalpages')).to.equal('1');
          expect(res.headers.get('allow')).to.equal('GET');
          await link(ev, tx.taxonomy, []);
        });

        it('pages with next/previous URLs that carry only the page, and 200 past the end', async () => {
          const p = prefix();
          const ev = await event();
          const ids: number[] = [];
          for (let i = 0; i < 5; i++) ids.push((await create({ name: `${p} ${i}` })).id);
          await link(ev, tx.taxonomy, ids);
          const restUrl = `${t.url}${url('/')}`;
          const first = await t.request('GET', url(`?search=${p}&per_page=2`));
          expect(first.json).to.include({ rest_url: restUrl, total: 5, total_pages: 3, next_rest_url: `${restUrl}?page=2` });
          expect(first.json).to.not.have.property('previous_rest_url');
          expect(first.json[tx.base].map((x: any) => x.id)).to.deep.equal(ids.slice(0, 2));
          const second = await t.request('GET', url(`?search=${p}&per_page=2&page=2`));
          expect(second.json).to.include({ next_rest_url: `${restUrl}?page=3`, previous_rest_url: restUrl });
          const third = await t.request('GET', url(`?search=${p}&per_page=2&page=3`));
          expect(third.json).to.include({ previous_rest_url: `${restUrl}?page=2` });
          expect(third.json).to.not.have.property('next_rest_url');
          expect(third.json[tx.base].map((x: any) => x.id)).to.deep.equal(ids.slice(4));
          const past = await t.request('GET', url(`?search=${p}&per_page=2&page=9`));
          expect(past.status).to.equal(200);
          expect(past.json).to.deep.equal({ rest_url: restUrl, total: 5, total_pages: 3, [tx.base]: [], previous_rest_url: `${restUrl}?page=8` });
          expect(past.headers.get('x-tec-total')).to.equal('5');
          expect(past.headers.get('x-tec-totalpages')).to.equal('3');
          await link(ev, tx.taxonomy, []);
        });

        it('defaults per_page to the posts_per_page option (10) and caps it at 50', async () => {
          const p = prefix();
          for (let i = 0; i < 55; i++) await write((trx) => insertTerm(trx, tx.taxonomy, { name: `${p}${String(i).padStart(2, '0')}`, slug: `${p}${i}`, description: '', parent: 0 }));
          const byDefault = await t.request('GET', url(`?search=${p}&hide_empty=false`));
          expect(byDefault.json).to.include({ total: 55, total_pages: 6 });
          expect(byDefault.json[tx.base]).to.have.length(10);
          const capped = await t.request('GET', url(`?search=${p}&hide_empty=false&per_page=100`));
          expect(capped.json).to.include({ total: 55, total_pages: 2 });
          expect(capped.json[tx.base]).to.have.length(50);
          for (const bad of ['0', '-1', 'x', '1.5', '']) {
            const res = await t.request('GET', url(`?per_page=${bad}`));
            expect(res.status, bad).to.equal(400);
            expect(Object.keys(res.json.data.params)).to.deep.equal(['per_page']);
          }
          for (const bad of ['0', 'x', '']) {
            const res = await t.request('GET', url(`?page=${bad}`));
            expect(res.status, bad).to.equal(400);
            expect(Object.keys(res.json.data.params)).to.deep.equal(['page']);
          }
        });

        it('hides empty terms by default, counting only published events', async () => {
          const p = prefix();
          const a = await create({ name: `${p} a` });
          const b = await create({ name: `${p} b` });
          const draft = await event('draft');
          await link(draft, tx.taxonomy, [a.id]);
          const pub = await event('publish');
          await link(pub, tx.taxonomy, [b.id]);
          const list = await t.request('GET', url(`?search=${p}`));
          expect(list.json[tx.base].map((x: any) => [x.id, x.count])).to.deep.equal([[b.id, 1]]);
          expect(list.json.total).to.equal(1);
          for (const value of ['false', '0', 'FALSE']) {
            const all = await t.request('GET', url(`?search=${p}&hide_empty=${value}`));
            expect(all.json[tx.base].map((x: any) => [x.id, x.count]), value).to.deep.equal([[a.id, 0], [b.id, 1]]);
          }
          for (const value of ['true', '1', 'TRUE']) {
            const some = await t.request('GET', url(`?search=${p}&hide_empty=${value}`));
            expect(some.json.total, value).to.equal(1);
          }
          const bad = await t.request('GET', url('?hide_empty=yes'));
          expect(bad.status).to.equal(400);
          expect(bad.json.data.params).to.deep.equal({ hide_empty: 'hide_empty is not of type boolean.' });
        });

        if (tx.hierarchical) {
          it('keeps empty categories with a counted descendant, but totals only counted ones', async () => {
            const p = prefix();
            const root = await create({ name: `${p} root` });
            const mid = await create({ name: `${p} mid`, parent: root.id });
            const leaf = await create({ name: `${p} leaf`, parent: mid.id });
            await create({ name: `${p} lonely` });
            const ev = await event();
            await link(ev, tx.taxonomy, [leaf.id]);
            const res = await t.request('GET', url(`?search=${p}`));
            expect(res.json[tx.base].map((x: any) => x.id)).to.deep.equal([leaf.id, mid.id, root.id]);
            expect(res.json.total).to.equal(1);
            expect(res.json.total_pages).to.equal(1);
            expect(res.json[tx.base][0].url).to.equal(`${t.url}/events/category/${root.slug}/${mid.slug}/${leaf.slug}/`);
            expect(res.json[tx.base][0].urls.up).to.equal(`${t.url}${url(`/${mid.id}`)}`);
          });

          it('filters by parent (direct children only) and validates it', async () => {
            const p = prefix();
            const root = await create({ name: `${p} root` });
            const child = await create({ name: `${p} child`, parent: root.id });
            await create({ name: `${p} grandchild`, parent: child.id });
            const res = await t.request('GET', url(`?parent=${root.id}&hide_empty=0`));
            expect(res.json[tx.base].map((x: any) => x.id)).to.deep.equal([child.id]);
            for (const bad of ['0', '', '999999']) {
              const r = await t.request('GET', url(`?parent=${bad}`));
              expect(r.status, bad).to.equal(400);
              expect(r.json.data.params).to.deep.equal({ parent: 'Invalid parameter.' });
            }
            const bySlug = await t.request('GET', url(`?parent=${root.slug}`));
            expect(bySlug.status).to.equal(400);
            expect(bySlug.json.data.params).to.deep.equal({ parent: 'parent is not of type integer.' });
          });
        }

        it('searches name or slug', async () => {
          const p = prefix();
          const byName = await create({ name: `${p} Alpha`, slug: `${p}-one` });
          const bySlug = await create({ name: 'Unrelated', slug: `${p}-alphaslug` });
          const neither = await create({ name: `${p} Beta` });
          const res = await t.request('GET', url(`?search=alpha&hide_empty=0&include=${byName.id},${bySlug.id},${neither.id}`));
          expect(res.json[tx.base].map((x: any) => x.id).sort()).to.deep.equal([byName.id, bySlug.id].sort());
          for (const bad of ['', '0']) {
            const r = await t.request('GET', url(`?search=${bad}`));
            expect(r.status).to.equal(400);
          }
        });

        it('includes and excludes by ID; slugs pass validation but match nothing; include wins', async () => {
          const p = prefix();
          const a = await create({ name: `${p} a` });
          const b = await create({ name: `${p} b` });
          const c = await create({ name: `${p} c` });
          const ids = async (query: string) => (await t.request('GET', url(`?search=${p}&hide_empty=0&${query}`))).json[tx.base].map((x: any) => x.id);
          expect(await ids(`include=${a.id},${c.id}`)).to.deep.equal([a.id, c.id]);
          expect(await ids(`include[]=${b.id}`)).to.deep.equal([b.id]);
          expect(await ids(`include=${a.id}%2C${b.id}`)).to.deep.equal([a.id, b.id]);
          expect(await ids(`exclude=${a.id}, ${b.id}`)).to.deep.equal([c.id]);
          expect(await ids(`exclude=${a.slug}`)).to.deep.equal([a.id, b.id, c.id]);
          expect(await ids(`include=${a.slug}`)).to.deep.equal([]);
          expect(await ids(`include=${a.id}&exclude=${a.id}`)).to.deep.equal([a.id]);
          for (const bad of ['999999', `${a.id},nope-${p}`, '', 'x[y]=1']) {
            const query = bad.startsWith('x[') ? 'exclude[x][y]=1' : `exclude=${bad}`;
            const r = await t.request('GET', url(`?${query}`));
            expect(r.status, query).to.equal(400);
            expect(r.json.code).to.equal('rest_invalid_param');
          }
        });

        it('orders by every orderby value the plugin accepts, in both directions', async () => {
          const p = prefix();
          // IDs ascending: b, c, a — names: a < b < c; slugs: reversed; descriptions: c < a < b.
          const b = await create({ name: `${p} b`, slug: `${p}-2`, description: 'z' });
          const c = await create({ name: `${p} c`, slug: `${p}-1`, description: 'a' });
          const a = await create({ name: `${p} a`, slug: `${p}-3`, description: 'm' });
          const e1 = await event();
          const e2 = await event();
          await link(e1, tx.taxonomy, [a.id, c.id]);
          await link(e2, tx.taxonomy, [c.id]);
          await db().updateTable('term_relationships').set({ term_order: 5 }).where('object_id', '=', e1).where('term_taxonomy_id', '=', (await termRow(tx.taxonomy, a.id)).term_taxonomy_id).execute();
          await db().updateTable('term_relationships').set({ term_order: 2 }).where('object_id', '=', e1).where('term_taxonomy_id', '=', (await termRow(tx.taxonomy, c.id)).term_taxonomy_id).execute();
          const ids = async (query: string) => {
            const res = await t.request('GET', url(`?search=${p}&hide_empty=0&${query}`));
            expect(res.status, query).to.equal(200);
            return res.json[tx.base].map((x: any) => x.id);
          };
          const byId = [b.id, c.id, a.id];
          const byName = [a.id, b.id, c.id];
          expect(await ids('')).to.deep.equal(byName);
          for (const orderby of ['name', 'NAME', 'unknown', 'include_slugs', 'include']) expect(await ids(`orderby=${orderby}`), orderby).to.deep.equal(byName);
          for (const orderby of ['id', 'term_id', 'term_order', 'term_taxonomy_id']) expect(await ids(`orderby=${orderby}`), orderby).to.deep.equal(byId);
          expect(await ids('orderby=slug')).to.deep.equal([c.id, b.id, a.id]);
          expect(await ids('orderby=description')).to.deep.equal([c.id, a.id, b.id]);
          expect(await ids('orderby=count')).to.deep.equal([b.id, a.id, c.id]);
          expect(await ids('orderby=count&order=desc')).to.deep.equal([c.id, a.id, b.id]);
          for (const orderby of ['term_group', 'parent', 'taxonomy']) expect(await ids(`orderby=${orderby}`), orderby).to.deep.equal(byId);
          expect((await ids('orderby=none')).sort()).to.deep.equal([...byId].sort());
          expect(await ids(`orderby=include&include=${c.id},${a.id},${b.id}`)).to.deep.equal([c.id, a.id, b.id]);
          expect(await ids(`orderby=term_order&post=${e1}`)).to.deep.equal([c.id, a.id]);
          expect(await ids(`orderby=term_order&post=${e1}&order=desc`)).to.deep.equal([a.id, c.id]);
          expect(await ids('order=desc')).to.deep.equal([...byName].reverse());
          expect(await ids('order=ASC')).to.deep.equal(byName);
          expect(await ids('order=sideways')).to.deep.equal([...byName].reverse());
          expect(await ids('orderby=id&order=DESC')).to.deep.equal([...byId].reverse());
          for (const bad of ['orderby=', 'order=', 'orderby=0']) {
            const r = await t.request('GET', url(`?${bad}`));
            expect(r.status, bad).to.equal(400);
            expect(r.json.code).to.equal('rest_invalid_param');
          }
          await link(e1, tx.taxonomy, []);
          await link(e2, tx.taxonomy, []);
        });

        it('filters by post and its alias event (event wins), ignoring hide_empty', async () => {
          const p = prefix();
          const a = await create({ name: `${p} a` });
          const b = await create({ name: `${p} b` });
          const draft = await event('draft');
          const other = await event('draft');
          await link(draft, tx.taxonomy, [a.id, b.id]);
          await link(other, tx.taxonomy, [b.id]);
          const post = await t.request('GET', url(`?post=${draft}`));
          expect(post.json[tx.base].map((x: any) => x.id)).to.deep.equal([a.id, b.id]);
          expect(post.json.total).to.equal(2);
          const alias = await t.request('GET', url(`?event=${other}&post=${draft}`));
          expect(alias.json[tx.base].map((x: any) => x.id)).to.deep.equal([b.id]);
          const page = await write((trx) => insertPost(trx, { post_type: 'page', post_date: '2026-01-01 00:00:00', post_date_gmt: '2026-01-01 00:00:00', post_modified: '2026-01-01 00:00:00', post_modified_gmt: '2026-01-01 00:00:00' }));
          for (const bad of [String(page), '999999', 'foo', '']) {
            for (const name of ['post', 'event']) {
              const r = await t.request('GET', url(`?${name}=${bad}`));
              expect(r.status, `${name}=${bad}`).to.equal(400);
              expect(Object.keys(r.json.data.params)).to.deep.equal([name]);
            }
          }
        });

        it('filters by exact sanitized slug', async () => {
          const p = prefix();
          const term = await create({ name: `${p} Music Events` });
          const res = await t.request('GET', url(`?slug=${encodeURIComponent(`${p} Music Events`)}&hide_empty=0`));
          expect(res.json[tx.base].map((x: any) => x.id)).to.deep.equal([term.id]);
          const partial = await t.request('GET', url(`?slug=${p}-music&hide_empty=0`));
          expect(partial.json[tx.base]).to.deep.equal([]);
          expect((await t.request('GET', url('?slug='))).status).to.equal(400);
        });

        if (!tx.hierarchical) {
          it('lets a non-empty offset override the page offset (WordPress passthrough on /tags)', async () => {
            const p = prefix();
            const ids: number[] = [];
            for (let i = 0; i < 3; i++) ids.push((await create({ name: `${p} ${i}` })).id);
            const res = await t.request('GET', url(`?search=${p}&hide_empty=0&per_page=2&offset=1`));
            expect(res.json[tx.base].map((x: any) => x.id)).to.deep.equal(ids.slice(1, 3));
            expect(res.json).to.include({ total: 3, total_pages: 2 });
          });
        }

        it('escapes LIKE wildcards in search', async () => {
          const p = prefix();
          const literal = await create({ name: `${p} 100% fun` });
          const wildcardMatch = await create({ name: `${p} 1000 fun` });
          const res = await t.request('GET', url(`?search=${encodeURIComponent('100%')}&hide_empty=0&include=${literal.id},${wildcardMatch.id}`));
          expect(res.json[tx.base].map((x: any) => x.id)).to.deep.equal([literal.id]);
        });

        it('answers HEAD like GET without a body', async () => {
          const res = await t.request('HEAD', url());
          expect(res.status).to.equal(200);
          expect(res.text).to.equal('');
          expect(res.headers.get('x-tec-total')).to.match(/^\d+$/);
        });
      });

      describe('update', () => {
        for (const method of ['POST', 'PUT', 'PATCH']) {
          it(`${method} changes only the fields sent (a rename keeps the slug)`, async () => {
            const p = prefix();
            const term = await create({ name: `${p} old`, description: 'keep me' });
            const res = await t.request(method, url(`/${term.id}`), { auth: admin, body: { name: `${p} new & improved` } });
            expect(res.status).to.equal(200);
            expect(res.headers.get('location')).to.equal(null);
            expect(res.json).to.include({ id: term.id, name: `${p} new &amp; improved`, slug: term.slug, description: 'keep me' });
            expect(res.json._links).to.deep.equal(expectedLinks(term.id, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
            const form = await t.request(method, url(`/${term.id}`), { auth: admin, form: { description: 'changed', slug: `${p} Fresh` } });
            expect(form.status, form.text).to.equal(200);
            expect(await termRow(tx.taxonomy, term.id)).to.include({ name: `${p} new &amp; improved`, description: 'changed', slug: `${p}-fresh` });
          });
        }

        it('refuses a slug used by another term with duplicate_term_slug (400, the plugin says 500), writing nothing', async () => {
          const p = prefix();
          const a = await create({ name: `${p} a` });
          const b = await create({ name: `${p} b` });
          const res = await t.request('PUT', url(`/${b.id}`), { auth: admin, body: { slug: a.slug, name: `${p} renamed` } });
          expect(res.status).to.equal(400);
          expect(res.json).to.deep.equal({ code: 'duplicate_term_slug', message: `The slug &#8220;${a.slug}&#8221; is already in use by another term.`, data: { status: 400 } });
          expect(await termRow(tx.taxonomy, b.id)).to.include({ name: `${p} b`, slug: b.slug });
        });

        it('validates the update arguments and the ID', async () => {
          const term = await create({ name: prefix() });
          for (const body of [{ description: '' }, { name: '' }, { slug: '' }, { name: ['x'] }]) {
            const res = await t.request('POST', url(`/${term.id}`), { auth: admin, body });
            expect(res.status, JSON.stringify(body)).to.equal(400);
            expect(res.json.code).to.equal('rest_invalid_param');
          }
          const blank = await t.request('POST', url(`/${term.id}`), { auth: admin, body: { name: ' <i></i> ' } });
          expect(blank.status).to.equal(400);
          expect(blank.json.code).to.equal('empty_term_name');
          const unknown = await t.request('POST', url('/999999'), { auth: admin, body: { name: 'x' } });
          expect(unknown.status).to.equal(400);
          expect(unknown.json.data.params).to.deep.equal({ id: 'Invalid parameter.' });
          expect(await termRow(tx.taxonomy, term.id)).to.include({ name: term.name });
        });

        if (tx.hierarchical) {
          it('moves a category under a parent, making a clashing slug unique; never into its own subtree', async () => {
            const p = prefix();
            const parent = await create({ name: `${p} parent` });
            const clash = await create({ name: `${p} clash` });
            const mover = await create({ name: `${p} mover` });
            const moved = await t.request('PATCH', url(`/${mover.id}`), { auth: admin, body: { parent: parent.id, slug: clash.slug } });
            expect(moved.status, moved.text).to.equal(200);
            expect(moved.json).to.include({ parent: parent.id, slug: `${clash.slug}-${parent.slug}` });
            expect(moved.json.urls.up).to.equal(`${t.url}${url(`/${parent.id}`)}`);
            for (const bad of [0, '']) {
              const r = await t.request('PATCH', url(`/${mover.id}`), { auth: admin, body: { parent: bad } });
              expect(r.status).to.equal(400);
            }
            const loop = await t.request('PATCH', url(`/${parent.id}`), { auth: admin, body: { parent: mover.id } });
            expect(loop.status).to.equal(200);
            expect(loop.json.parent).to.equal(0);
          });
        } else {
          it('refuses parent on a tag update', async () => {
            const term = await create({ name: prefix() });
            const res = await t.request('PATCH', url(`/${term.id}`), { auth: admin, body: { parent: 1, name: 'changed' } });
            expect(res.status).to.equal(400);
            expect(res.json.code).to.equal('rest_taxonomy_not_hierarchical');
            expect((await termRow(tx.taxonomy, term.id)).name).to.equal(term.name);
          });
        }
      });

      describe('delete', () => {
        it('deletes permanently, answering the term as it was (no _links), and removes relationships', async () => {
          const p = prefix();
          const term = await create({ name: `${p} doomed`, description: 'bye' });
          const keep = await create({ name: `${p} keep` });
          const ev = await event();
          await link(ev, tx.taxonomy, [term.id, keep.id]);
          const res = await t.request('DELETE', url(`/${term.id}`), { auth: admin });
          expect(res.status).to.equal(200);
          const { _links: _ignored, ...withoutLinks } = (await t.request('GET', url(`/${keep.id}`))).json;
          expect(Object.keys(res.json)).to.deep.equal(Object.keys(withoutLinks));
          expect(res.json).to.include({ id: term.id, count: 1, name: `${p} doomed`, description: 'bye' });
          expect(res.json).to.not.have.property('_links');
          expect(await getTerm(db(), tx.taxonomy, term.id)).to.equal(undefined);
          expect(await db().selectFrom('terms').select('term_id').where('term_id', '=', term.id).executeTakeFirst()).to.equal(undefined);
          const rels = await db().selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', '=', ev).execute();
          expect(rels.map((r) => Number(r.term_taxonomy_id))).to.deep.equal([(await termRow(tx.taxonomy, keep.id)).term_taxonomy_id]);
          expect((await termRow(tx.taxonomy, keep.id)).count).to.equal(1);
          const again = await t.request('DELETE', url(`/${term.id}`), { auth: admin });
          expect(again.status).to.equal(400);
          expect(again.json.code).to.equal('rest_invalid_param');
        });

        if (tx.hierarchical) {
          it('re-attaches children to the deleted category’s parent', async () => {
            const p = prefix();
            const top = await create({ name: `${p} top` });
            const mid = await create({ name: `${p} mid`, parent: top.id });
            const low = await create({ name: `${p} low`, parent: mid.id });
            const res = await t.request('DELETE', url(`/${mid.id}`), { auth: admin });
            expect(res.json).to.include({ parent: top.id });
            expect(res.json.urls.up).to.equal(`${t.url}${url(`/${top.id}`)}`);
            expect((await termRow(tx.taxonomy, low.id)).parent).to.equal(top.id);
          });
        }
      });

      describe('counts', () => {
        it('follow linking, unlinking, publishing and trashing events', async () => {
          const term = await create({ name: prefix() });
          const count = async () => (await t.request('GET', url(`/${term.id}`))).json.count;
          const ev = await event('draft');
          await link(ev, tx.taxonomy, [term.id]);
          expect(await count()).to.equal(0);
          await write(async (trx) => {
            await updatePost(trx, ev, { post_status: 'publish' });
            await recountPostTerms(trx, ev);
          });
          expect(await count()).to.equal(1);
          const second = await event('publish');
          await link(second, tx.taxonomy, [term.id]);
          expect(await count()).to.equal(2);
          await link(second, tx.taxonomy, []);
          expect(await count()).to.equal(1);
          await write(async (trx) => {
            await updatePost(trx, ev, { post_status: 'trash' });
            await recountPostTerms(trx, ev);
          });
          expect(await count()).to.equal(0);
        });
      });

      describe('permissions', () => {
        for (const role of ['anonymous', ...ROLES] as const) {
          const allowed = role !== 'anonymous' && tx.managers.includes(role);
          it(`${role}: create, update and delete ${allowed ? 'allowed' : 'refused'}`, async () => {
            const auth = role === 'anonymous' ? undefined : users.get(role);
            const status = role === 'anonymous' ? 401 : 403;
            const target = await create({ name: prefix() });
            const before = await termRowCount();
            const created = await t.request('POST', url(), { auth, body: { name: prefix() } });
            const updated = await t.request('PUT', url(`/${target.id}`), { auth, body: { name: `${target.name} changed` } });
            const deleted = await t.request('DELETE', url(`/${target.id}`), { auth });
            if (allowed) {
              expect([created.status, updated.status, deleted.status]).to.deep.equal([201, 200, 200]);
              expect(await termRowCount()).to.equal(before);
            } else {
              for (const res of [created, updated, deleted]) {
                expect(res.status).to.equal(status);
                expect(res.json).to.deep.equal({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status } });
              }
              expect(await termRowCount()).to.equal(before);
              expect((await termRow(tx.taxonomy, target.id)).name).to.equal(target.name);
            }
            const read = await t.request('GET', url(`/${target.id}`), { auth });
            expect(read.status).to.equal(allowed ? 400 : 200);
          });
        }
      });

      describe('helpers for the events routes', () => {
        it('termsExist accepts IDs, slugs and names; termFilterIds resolves slugs then IDs (names match nothing)', async () => {
          const p = prefix();
          const a = await create({ name: `${p} Alpha` });
          const b = tx.hierarchical ? await create({ name: `${p} Beta`, parent: a.id }) : await create({ name: `${p} Beta` });
          expect(await termsExist(db(), def, [a.id, b.slug, `${p} Beta`])).to.equal(true);
          expect(await termsExist(db(), def, `${a.id}, ${b.slug}`)).to.equal(true);
          expect(await termsExist(db(), def, [a.id, 'missing-term'])).to.equal(false);
          expect(await termsExist(db(), def, '')).to.equal(false);
          expect(await termsExist(db(), def, [['nested']])).to.equal(false);
          const tt = async (id: number) => (await termRow(tx.taxonomy, id)).term_taxonomy_id;
          const expected = tx.hierarchical ? [await tt(a.id), await tt(b.id)].sort() : [await tt(a.id)];
          expect((await termFilterIds(db(), def, [a.slug])).sort()).to.deep.equal(expected);
          expect((await termFilterIds(db(), def, String(a.id))).sort()).to.deep.equal(expected);
          const named = await create({ name: `${p} Gamma`, slug: `${p}-other` });
          expect(await termsExist(db(), def, [`${p} Gamma`])).to.equal(true);
          expect(await termFilterIds(db(), def, [`${p} Gamma`])).to.deep.equal([]);
          expect(await termFilterIds(db(), def, [named.slug])).to.deep.equal([await tt(named.id)]);
        });

        it('resolveTermsForWrite links by ID, slug or name, skips unknown IDs and creates the rest', async () => {
          const p = prefix();
          const a = await create({ name: `${p} Alpha` });
          const b = await create({ name: `${p} Beta` });
          const terms = await write((trx) => resolveTermsForWrite(trx, def, [String(a.id), b.slug, `${p} Alpha`, '999999', `${p} New & Shiny`]));
          expect(terms.map((x) => x.term_id).slice(0, 2)).to.deep.equal([a.id, b.id]);
          expect(terms).to.have.length(3);
          expect(terms[2]).to.include({ name: `${p} New &amp; Shiny`, slug: `${p}-new-shiny`, taxonomy: tx.taxonomy });
          expect(await write((trx) => resolveTermsForWrite(trx, def, ''))).to.deep.equal([]);
          const byName = await write((trx) => resolveTermsForWrite(trx, def, `${p} beta`));
          expect(byName.map((x) => x.term_id)).to.deep.equal([b.id]);
        });

        it('presentEventTerms embeds the term objects of events.md §4.5', async () => {
          const p = prefix();
          const parent = tx.hierarchical ? (await create({ name: `${p} Parent` })).id : 0;
          const term = await create(tx.hierarchical ? { name: `${p} T`, parent } : { name: `${p} T` });
          const ev = await event();
          const bare = await event();
          await link(ev, tx.taxonomy, [term.id]);
          const row = await termRow(tx.taxonomy, term.id);
          const map = await presentEventTerms(db(), buildSettings(new Map(), t.url), [ev, bare]);
          const urls: Record<string, string> = { self: `${t.url}${url(`/${term.id}`)}`, collection: `${t.url}${url()}` };
          if (parent) urls.up = `${t.url}${url(`/${parent}`)}`;
          expect(map.get(ev)![tx.base]).to.deep.equal([{
            name: `${p} T`, slug: term.slug, term_group: 0, term_taxonomy_id: row.term_taxonomy_id, taxonomy: tx.taxonomy,
            description: '', parent, count: 1, filter: 'raw', id: term.id, urls,
          }]);
          expect(map.get(bare)).to.deep.equal({ categories: [], tags: [] });
        });
      });
    });
  }
});
