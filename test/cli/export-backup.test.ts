// An unfiltered `wpcal export` is a backup: imported into an empty database it gives the same API
// answers, every venue, organizer, category and tag included, used by an event or not. And
// `wpcal import --dry-run` over several files counts what the real run counts.
import { expect } from 'chai';
import path from 'node:path';
import { LISTED_BY_DEFAULT } from '../../src/domain/post-types.ts';
import { createUser } from '../../src/users/manage.ts';
import { DEMO, NS, freshDatabases, postCounts, scratchFiles, serve, withoutVolatile, wpcal, type ServedDatabase } from '../support/cli-transfer.ts';
import { forEachDatabase, type DatabaseKind, type TestDatabase } from '../support/databases.ts';
import { basicAuth, request } from '../support/server.ts';

const TEC_CSV = ['venues.csv', 'organizers.csv', 'events.csv'].map((name) => path.resolve(import.meta.dirname, '../fixtures/tec-csv', name));
const scratch = scratchFiles('wpcal-export-backup-');
after(() => scratch.remove());

type Item = Record<string, any>;

/** Authorization of each database's administrator, by URL. */
const admins = new Map<string, string>();

/** A server over the database, acting as an administrator (who reads drafts, private posts and protected events). */
async function adminApi(db: TestDatabase): Promise<ServedDatabase & { send: (method: string, path: string, body?: unknown) => Promise<Item> }> {
  const api = await serve(db);
  const login = 'backup-admin';
  if (!admins.has(db.url)) admins.set(db.url, basicAuth(login, (await createUser(api.server.db, login, 'administrator', undefined)).password));
  const auth = admins.get(db.url)!;
  const send = async (method: string, route: string, body?: unknown): Promise<Item> => {
    const answer = await request(api.server.url, method, NS + route, { auth, body });
    expect(answer.status, `${method} ${route}: ${answer.text}`).to.be.oneOf([200, 201]);
    return answer.json;
  };
  return { ...api, get: (route) => api.get(route, auth), send };
}

/**
 * Beside what the TEC CSV examples and the demo fixture bring: a draft venue and a private
 * organizer no event uses, a renamed venue (its slug stays), a trashed venue (in no answer), an
 * unused category under a used one, an unused tag, a deleted category (a gap in the term IDs),
 * a draft event and a password-protected one.
 */
async function seed(db: TestDatabase): Promise<void> {
  for (const files of [TEC_CSV, [DEMO]]) {
    const imported = await wpcal(db, 'import', ...files);
    expect(imported.code, imported.stderr).to.equal(0);
  }
  const api = await adminApi(db);
  try {
    await api.send('POST', '/venues', { venue: 'Back Room', status: 'draft', city: 'Oslo', country: 'Norway' });
    await api.send('POST', '/organizers', { organizer: 'Silent Partner', status: 'private', email: 'silent@example.org' });
    const atlantis = (await api.send('GET', '/venues?search=Atlantis')).venues[0];
    await api.send('POST', `/venues/${atlantis.id}`, { venue: 'Atlantis (sunken)' });
    const closed = await api.send('POST', '/venues', { venue: 'Closed Hall', city: 'Nowhere' });
    await api.send('DELETE', `/venues/${closed.id}`);
    const temporary = await api.send('POST', '/categories', { name: 'Temporary' });
    const jazz = (await api.send('GET', '/categories?search=Jazz')).categories[0];
    await api.send('POST', '/categories', { name: 'Bebop', parent: jazz.id, description: 'Fast tempos' });
    await api.send('POST', '/tags', { name: 'Outdoor', description: 'Held in the open air' });
    await api.send('DELETE', `/categories/${temporary.id}?force=true`);
    await api.send('POST', '/events', { title: 'Planning meeting', status: 'draft', start_date: '2031-03-02 09:00:00', end_date: '2031-03-02 10:00:00' });
    await api.send('POST', '/events', {
      title: 'Members night', password: 'secret', start_date: '2031-03-05 19:00:00', end_date: '2031-03-05 22:00:00', tags: ['Free'],
    });
  } finally {
    await api.close();
  }
}

/** Every status an export holds (all but trash and auto-draft: `any` is not an argument the plugin takes). */
const ANY = `status=${LISTED_BY_DEFAULT.join(',')}`;

const LISTS = {
  events: `/events?${ANY}&start_date=2000-01-01&end_date=2099-12-31&per_page=50`,
  venues: `/venues?${ANY}&per_page=50`,
  organizers: `/organizers?${ANY}&per_page=50`,
  categories: '/categories?hide_empty=0&per_page=50',
  tags: '/tags?hide_empty=0&per_page=50',
} as const;

/** Hidden from lists ("Hide" in events.csv): read by slug, then by ID. */
const UNLISTED = ['/events/by-slug/five-star-limousines-of-tx-inc'];

/** `modified` (the import's time) and `author` (users are not exported: imported posts have none) cannot be equal. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'author').map(([key, inner]) => [key, comparable(inner)]));
}

/** Every list answer, and each listed item's answer by ID (and by slug for posts), by route. */
async function everyAnswer(db: TestDatabase): Promise<Map<string, unknown>> {
  const api = await adminApi(db);
  const answers = new Map<string, unknown>();
  const read = async (route: string): Promise<Item> => {
    const answer = await api.get(NS + route);
    expect(answer.status, `GET ${route}`).to.equal(200);
    answers.set(route, comparable(withoutVolatile(answer.json)));
    return answer.json;
  };
  try {
    for (const [name, route] of Object.entries(LISTS)) {
      for (const item of (await read(route))[name] as Item[]) {
        await read(`/${name}/${item.id}`);
        if (name in { events: 1, venues: 1, organizers: 1 } && item.slug) await read(`/${name}/by-slug/${item.slug}`);
      }
    }
    for (const route of UNLISTED) await read(`/events/${(await read(route)).id}`);
  } finally {
    await api.close();
  }
  return answers;
}

forEachDatabase('wpcal export as a backup', (kind: DatabaseKind) => {
  const fresh = freshDatabases(kind);

  describe('an unfiltered export', function () {
    this.timeout(300_000);
    let source: TestDatabase;
    let expected: Map<string, unknown>;
    before(async () => {
      source = await fresh();
      await seed(source);
      expected = await everyAnswer(source);
    });

    it('holds what the API serves, unused venues, organizers and terms included', () => {
      const listed = (name: keyof typeof LISTS) => (expected.get(LISTS[name]) as Item)[name] as Item[];
      expect(listed('venues').map((v) => v.venue)).to.include.members(['Back Room', 'Atlantis (sunken)']);
      expect(listed('venues').map((v) => v.venue)).not.to.include('Closed Hall');
      expect(listed('organizers').map((o) => o.organizer)).to.include('Silent Partner');
      expect(listed('categories').map((c) => c.name)).to.include('Bebop');
      expect(listed('tags').map((t) => t.name)).to.include('Outdoor');
      expect(listed('venues')).to.have.length(13);
      expect(listed('events')).to.have.length(9);
    });

    for (const format of ['json', 'wxr'] as const) {
      it(`${format}: imported into an empty database, gives the same answer on every list and item route`, async () => {
        const exported = await wpcal(source, 'export', '--format', format);
        expect(exported.code, exported.stderr).to.equal(0);
        const target = await fresh();
        const imported = await wpcal(target, 'import', scratch.write(`backup-${kind.name}.${format === 'json' ? 'json' : 'xml'}`, exported.stdout));
        expect(imported.stderr).to.equal('');
        expect(imported.code).to.equal(0);
        const actual = await everyAnswer(target);
        expect([...actual.keys()]).to.deep.equal([...expected.keys()]);
        for (const [route, answer] of expected) expect(actual.get(route), route).to.deep.equal(answer);
      });
    }

    it('a filtered export still holds only what its events use', async () => {
      const exported = JSON.parse((await wpcal(source, 'export', '--format', 'json', '--category', 'jazz')).stdout);
      expect(Object.values(exported.venues).map((v: any) => v.venue)).to.deep.equal(['Riverside Hall']);
      expect(Object.values(exported.organizers).map((o: any) => o.organizer)).to.deep.equal(['Portland Jazz Society']);
      expect(Object.keys(exported.categories)).to.have.members(['music', 'jazz']);
      expect(Object.keys(exported.tags)).to.deep.equal([]);
    });
  });

  describe('--dry-run over several files', function () {
    this.timeout(120_000);
    const TRUNCATED = path.resolve(import.meta.dirname, '../fixtures/wxr/truncated.xml');

    it('counts what the real run counts (later files see the venues and organizers of earlier ones)', async () => {
      const db = await fresh();
      const dry = await wpcal(db, 'import', '--dry-run', ...TEC_CSV);
      expect(dry.stderr.trim()).to.equal('dry run: nothing was written');
      expect(await postCounts(db)).to.deep.equal({});
      const real = await wpcal(db, 'import', ...TEC_CSV);
      expect(real.code, real.stderr).to.equal(0);
      expect(dry.stdout).to.equal(real.stdout);
      expect(real.stdout.trim()).to.equal('created 21, updated 0, skipped 0, failed 0');
    });

    it('with a file that fails as a whole among them, counts and reports what the real run does', async () => {
      const db = await fresh();
      const files = [TEC_CSV[0]!, TRUNCATED, TEC_CSV[1]!, TEC_CSV[2]!];
      const dry = await wpcal(db, 'import', '--dry-run', ...files);
      const real = await wpcal(db, 'import', ...files);
      expect(real.code).to.equal(1);
      expect(dry.code).to.equal(1);
      expect(dry.stdout).to.equal(real.stdout);
      expect(real.stdout.trim()).to.equal('created 21, updated 0, skipped 0, failed 1');
      expect(dry.stderr).to.equal(`${real.stderr}dry run: nothing was written\n`);
    });
  });
});
