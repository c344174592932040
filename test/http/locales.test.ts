// The language of answers (issue 17): the site's locale (WPLANG, `serve --locale`), the user's on
// JSON requests with `_locale=user`, the site's catalogs before wpcal's own, and nothing but
// descriptions and messages changing with the language.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { mo, po } from 'gettext-parser';
import SwaggerParser from '@apidevtools/swagger-parser';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { basicAuth, startTestServer, type TestServer } from '../support/server.ts';
import { openDatabase } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { setOption } from '../../src/data/options.ts';
import { createUser, setUserLocale } from '../../src/users/manage.ts';
import { poText, SHIPPED_LOCALES } from '../support/catalogs.ts';

const INDEX = '/wp-json/tribe/events/v1';
const JSON_ACCEPT = { Accept: 'application/json' };

type Json = Record<string, any>;

function wplang(locale: string): (database: TestDatabase) => Promise<void> {
  return async (database) => {
    const db = await openDatabase(database.url, 'wp_');
    try {
      await prepareDatabase(db);
      await db.write((trx) => setOption(trx, 'WPLANG', locale));
    } finally {
      await db.close();
    }
  };
}

const pageDescription = (index: Json): string => index.routes['/tribe/events/v1/events'].endpoints[0].args.page.description;

/** The value with every `description` (and /doc's title) taken out: what must not change with the language. */
function withoutDescriptions(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutDescriptions(item));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value)
    .filter(([name, item]) => !(typeof item === 'string' && (name === 'description' || (key === 'info' && name === 'title'))))
    .map(([name, item]) => [name, withoutDescriptions(item, name)]));
}

async function user(t: TestServer, login: string, locale: string): Promise<string> {
  const created = await createUser(t.server.db, login, 'administrator', `${login}@example.test`, locale);
  return basicAuth(login, created.password);
}

forEachDatabase('the language of answers', (kind) => {
  describe('a German site (WPLANG de_DE)', () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(kind, { before: wplang('de_DE') });
    });
    after(async () => t.close());

    it('describes arguments, /doc and errors in German', async () => {
      const index = await t.request('GET', INDEX);
      expect(pageDescription(index.json)).to.equal('Die zurückzugebende Archivseite');
      const doc = await t.request('GET', `${INDEX}/doc`);
      expect(doc.json.info.title).to.equal('Die REST-API von The Events Calendar');
      expect(doc.json.paths['/events'].get.responses['200'].description).to.equal('Gibt alle bevorstehenden Veranstaltungen zurück, die den Suchkriterien entsprechen');
      const missing = await t.request('GET', `${INDEX}/nothing-here`);
      expect(missing.json).to.deep.equal({
        code: 'rest_no_route', message: 'Es wurde keine Route gefunden, die mit der URL und der Request-Methode übereinstimmt.', data: { status: 404 },
      });
      const invalid = await t.request('GET', `${INDEX}/events?page=x`);
      expect(invalid.json.message).to.equal('Ungültige(r) Parameter: page');
      expect(invalid.json.data.params.page).to.equal('Ungültiger Parameter.');
      const mistyped = await t.request('GET', `${INDEX}/categories?hide_empty=maybe`);
      expect(mistyped.json.data.params.hide_empty).to.equal('hide_empty ist nicht vom Typ boolean.');
      expect(mistyped.json.data.details.hide_empty.message).to.equal('hide_empty ist nicht vom Typ boolean.');
      const outOfSchema = await t.request('GET', '/wp-json/wp/v2/media?per_page=500&context=all');
      expect(outOfSchema.json.data.params).to.deep.equal({
        per_page: 'per_page muss zwischen 1 (einschließlich) und 100 (einschließlich) liegen',
        context: 'context ist keiner der Werte view, embed und edit.',
      });
    });

    it('answers OPTIONS in German', async () => {
      const res = await t.request('OPTIONS', `${INDEX}/events`);
      expect(res.json.endpoints[0].args.page.description).to.equal('Die zurückzugebende Archivseite');
    });

    it('writes a zero cost as the plugin\'s catalogs have it', async () => {
      const admin = await t.userWithRole('administrator');
      const created = await t.request('POST', `${INDEX}/events`, {
        auth: admin, body: { title: 'Umsonst', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', cost: '0.00', status: 'publish' },
      });
      expect(created.status).to.equal(201);
      expect(created.json.cost).to.equal('Kostenlos');
      const read = await t.request('GET', `${INDEX}/events/${created.json.id}`);
      expect(read.json.cost).to.equal('Kostenlos');
      expect(read.json.cost_details.values).to.deep.equal(['0.00']);
    });

    it('gives a JSON request with _locale=user its user\'s locale, else the site\'s', async () => {
      const french = await user(t, 'francoise', 'fr_FR');
      const siteLanguage = await user(t, 'siteuser', '');
      const asFrench = await t.request('GET', `${INDEX}?_locale=user`, { auth: french, headers: JSON_ACCEPT });
      expect(pageDescription(asFrench.json)).to.equal('La page d’archive à renvoyer');
      const notJson = await t.request('GET', `${INDEX}?_locale=user`, { auth: french });
      expect(pageDescription(notJson.json)).to.equal('Die zurückzugebende Archivseite');
      const withoutLocale = await t.request('GET', `${INDEX}?_locale=user`, { auth: siteLanguage, headers: JSON_ACCEPT });
      expect(pageDescription(withoutLocale.json)).to.equal('Die zurückzugebende Archivseite');
      const anonymous = await t.request('GET', `${INDEX}?_locale=user`, { headers: JSON_ACCEPT });
      expect(pageDescription(anonymous.json)).to.equal('Die zurückzugebende Archivseite');
      const error = await t.request('GET', `${INDEX}/events/999999?_locale=user`, { auth: french, headers: { 'Content-Type': 'application/json' } });
      expect(error.json.message).to.equal('L’évènement ayant l’ID 999999 n’existe pas.');
    });

    it('keeps reused answers per language: the same request and credentials, JSON or not', async () => {
      const dutch = await user(t, 'nederlander', 'nl_NL');
      const created = await t.request('POST', `${INDEX}/events`, {
        auth: dutch, body: { title: 'Hergebruik', start_date: '2027-01-15 10:00', end_date: '2027-01-15 11:00', cost: '0.00', status: 'publish' },
      });
      expect(created.status).to.equal(201);
      const ask = (headers: Record<string, string>) => t.request('GET', `${INDEX}/events?_locale=user&search=Hergebruik&start_date=2027-01-01`, { auth: dutch, headers });
      const results = [await ask(JSON_ACCEPT), await ask({}), await ask(JSON_ACCEPT), await ask({})];
      expect(results.map((res) => res.json.events[0].cost)).to.deep.equal(['Gratis', 'Kostenlos', 'Gratis', 'Kostenlos']);
      const options = [await t.request('GET', `${INDEX}?_locale=user`, { auth: dutch, headers: JSON_ACCEPT }), await t.request('GET', `${INDEX}?_locale=user`, { auth: dutch })];
      expect(options.map((res) => pageDescription(res.json))).to.deep.equal(['De archiefpagina die teruggegeven wordt', 'Die zurückzugebende Archivseite']);
    });

    it('follows a changed user locale (wpcal user update --locale)', async () => {
      const auth = await user(t, 'wechsler', 'es_ES');
      const ask = () => t.request('GET', `${INDEX}?_locale=user`, { auth, headers: JSON_ACCEPT });
      expect(pageDescription((await ask()).json)).to.equal('La página del archivo que se devolverá');
      await setUserLocale(t.server.db, 'wechsler', 'it_IT');
      expect(pageDescription((await ask()).json)).to.equal('La pagina di archivio da restituire');
    });
  });

  describe('serve --locale over WPLANG, and an anonymous reader before and after the site changes language', () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(kind, { locale: 'pt_BR', before: wplang('de_DE') });
    });
    after(async () => t.close());

    it('answers in the --locale language', async () => {
      const index = await t.request('GET', INDEX);
      expect(pageDescription(index.json)).to.equal('A página de arquivo a ser retornada');
    });
  });

  describe('an English site whose language changes (WPLANG written while serving)', () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(kind);
    });
    after(async () => t.close());

    it('never hands a German reader an English answer kept before, nor the other way round', async function () {
      this.timeout(30000);
      const admin = await t.userWithRole('administrator');
      await t.request('POST', `${INDEX}/events`, {
        auth: admin, body: { title: 'Free', start_date: '2030-02-01 10:00', end_date: '2030-02-01 11:00', cost: '0', status: 'publish' },
      });
      const created = await t.request('POST', `${INDEX}/events`, {
        auth: admin, body: { title: 'Zero', start_date: '2030-02-02 10:00', end_date: '2030-02-02 11:00', cost: '0.00', status: 'publish' },
      });
      const read = () => t.request('GET', `${INDEX}/events/${created.json.id}`);
      expect((await read()).json.cost).to.equal('Free');
      expect((await read()).json.cost).to.equal('Free');
      await t.server.db.write((trx) => setOption(trx, 'WPLANG', 'de_DE'));
      await new Promise((resolve) => setTimeout(resolve, 5200)); // the site settings are read again after 5 s
      expect((await read()).json.cost).to.equal('Kostenlos');
      expect(pageDescription((await t.request('GET', INDEX)).json)).to.equal('Die zurückzugebende Archivseite');
      await t.server.db.write((trx) => setOption(trx, 'WPLANG', ''));
      await new Promise((resolve) => setTimeout(resolve, 5200));
      expect((await read()).json.cost).to.equal('Free');
    });
  });

  describe('the site\'s own catalogs (--languages) before the shipped ones', () => {
    let t: TestServer;
    let folder: string;
    before(async () => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-languages-'));
      fs.mkdirSync(path.join(folder, 'plugins'));
      const pack = po.parse(poText('nplurals=2; plural=(n != 1);', [
        { id: 'The archive page to return', str: ['Die Archivseite (Sprachpaket)'] },
        { id: 'Free', str: ['Gratis (Sprachpaket)'] },
      ]));
      fs.writeFileSync(path.join(folder, 'plugins', 'the-events-calendar-de_DE.mo'), mo.compile(pack));
      // WordPress's own catalog of the locale, where core's REST messages are.
      fs.writeFileSync(path.join(folder, 'de_DE.po'), poText('nplurals=2; plural=(n != 1);', [
        { id: 'No route was found matching the URL and request method.', str: ['Keine Route (WordPress).'] },
        { id: '%1$s must be between %2$d (inclusive) and %3$d (inclusive)', str: ['%1$s: von %2$d bis %3$d (WordPress)'] },
      ]));
      t = await startTestServer(kind, { before: wplang('de_DE'), languages: [folder] });
    });
    after(async () => {
      await t.close();
      fs.rmSync(folder, { recursive: true, force: true });
    });

    it('takes a language pack\'s strings first, and the shipped catalog\'s for the rest', async () => {
      const index = await t.request('GET', INDEX);
      expect(pageDescription(index.json)).to.equal('Die Archivseite (Sprachpaket)');
      expect(index.json.routes['/tribe/events/v1/events'].endpoints[0].args.per_page.description)
        .to.equal('Die Anzahl der Veranstaltungen, die pro Seite zurückgegeben werden');
      const missing = await t.request('GET', `${INDEX}/nothing`);
      expect(missing.json.message).to.equal('Keine Route (WordPress).');
      const outOfBounds = await t.request('GET', '/wp-json/wp/v2/media?per_page=500&page=0');
      expect(outOfBounds.json.data.params).to.deep.equal({
        per_page: 'per_page: von 1 bis 100 (WordPress)', page: 'page muss größer oder gleich 1 sein',
      });
    });
  });

  describe('an unknown locale', () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(kind, { before: wplang('xx_XX') });
    });
    after(async () => t.close());

    it('answers in English', async () => {
      const index = await t.request('GET', INDEX);
      expect(pageDescription(index.json)).to.equal('The archive page to return');
      const missing = await t.request('GET', `${INDEX}/nothing`);
      expect(missing.json.message).to.equal('No route was found matching the URL and request method.');
    });
  });

  describe('every shipped language', () => {
    let t: TestServer;
    const auths = new Map<string, string>();
    before(async () => {
      // A fixed clock: the index shows defaults computed from it (the events list's start_date).
      const now = new Date('2026-06-01T12:00:00Z');
      t = await startTestServer(kind, { now: () => now });
      for (const locale of SHIPPED_LOCALES) auths.set(locale, await user(t, `user_${locale}`, locale));
    });
    after(async () => t.close());

    const inLanguage = (locale: string, route: string, method = 'GET') => t.request(method, `${route}${route.includes('?') ? '&' : '?'}_locale=user`, { auth: auths.get(locale), headers: JSON_ACCEPT });

    for (const locale of SHIPPED_LOCALES) {
      it(`${locale}: the indexes, OPTIONS and /doc differ from English in descriptions only, and /doc is valid OpenAPI`, async () => {
        for (const [route, method] of [[INDEX, 'GET'], ['/wp-json/', 'GET'], [`${INDEX}/events`, 'OPTIONS'], [`${INDEX}/doc`, 'GET']] as const) {
          const english = await t.request(method, route);
          const translated = await inLanguage(locale, route, method);
          expect(translated.status, route).to.equal(200);
          expect(translated.text, route).to.not.equal(english.text);
          expect(withoutDescriptions(translated.json), `${method} ${route}`).to.deep.equal(withoutDescriptions(english.json));
        }
        const doc = (await inLanguage(locale, `${INDEX}/doc`)).json;
        type OpenApi = Parameters<typeof SwaggerParser.validate>[0];
        await SwaggerParser.validate(structuredClone(doc) as unknown as OpenApi);
      });
    }
  });
});
