// `wpcal serve` in the site's languages: `--wordpress DIR` finds the catalogs of a WordPress install
// (its language packs in wp-content/languages, WordPress's own catalog there, the plugin's lang/ and
// common/lang/ folders), `--languages DIR` adds folders of catalogs, `--locale` overrides WPLANG;
// WordPress 6.5+'s .l10n.php files are read before the .mo beside them; a folder that is not there
// is a usage error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { mo, po } from 'gettext-parser';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { runCli, serveCli, type ServingCli } from '../support/cli.ts';
import { poText } from '../support/catalogs.ts';
import { basicAuth, request } from '../support/server.ts';
import { openDatabase } from '../../src/data/connect.ts';
import { setOption } from '../../src/data/options.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { createUser } from '../../src/users/manage.ts';

const INDEX = '/wp-json/tribe/events/v1';
const L10N_PHP = path.resolve(import.meta.dirname, '../fixtures/l10n-php');

type Json = Record<string, any>;

const pageDescription = (index: Json): string => index.routes['/tribe/events/v1/events'].endpoints[0].args.page.description;
const perPageDescription = (index: Json): string => index.routes['/tribe/events/v1/events'].endpoints[0].args.per_page.description;

/** A compiled .mo catalog of `[msgid, msgstr]` pairs. */
const moCatalog = (...entries: Array<[string, string]>): Buffer =>
  mo.compile(po.parse(poText('nplurals=2; plural=(n != 1);', entries.map(([id, str]) => ({ id, str: [str] })))));

function write(file: string, bytes: Buffer | string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

/**
 * A folder laid out like a WordPress install, with catalogs where WordPress keeps them. German:
 * the plugin's language pack and WordPress's own catalog as .l10n.php files (the fixtures), each
 * with a .mo beside it that WordPress 6.5+ would not read. Spanish: a .l10n.php wpcal cannot read,
 * the .mo beside it. French: a language pack .mo. Italian: in the plugin's own lang/ folder.
 * Dutch: in its common library's common/lang/ folder.
 */
function wordpressInstall(root: string): void {
  const content = path.join(root, 'wp-content');
  const languages = path.join(content, 'languages');
  const plugin = path.join(content, 'plugins', 'the-events-calendar');
  fs.mkdirSync(path.join(content, 'uploads'), { recursive: true });
  write(path.join(languages, 'de_DE.l10n.php'), fs.readFileSync(path.join(L10N_PHP, 'de_DE.l10n.php')));
  write(path.join(languages, 'de_DE.mo'), moCatalog(['No route was found matching the URL and request method.', 'Keine Route (WordPress, .mo)']));
  write(path.join(languages, 'plugins', 'the-events-calendar-de_DE.l10n.php'), fs.readFileSync(path.join(L10N_PHP, 'the-events-calendar-de_DE.l10n.php')));
  write(path.join(languages, 'plugins', 'the-events-calendar-de_DE.mo'), moCatalog(['The archive page to return', 'Die Archivseite (.mo)']));
  write(path.join(languages, 'plugins', 'the-events-calendar-es_ES.l10n.php'), "<?php\nreturn array('The archive page to return' => 'No');\n");
  write(path.join(languages, 'plugins', 'the-events-calendar-es_ES.mo'), moCatalog(['The archive page to return', 'La página del archivo (.mo)']));
  write(path.join(languages, 'plugins', 'the-events-calendar-fr_FR.mo'), moCatalog(['The archive page to return', 'La page d’archive (paquet de langue)']));
  write(path.join(plugin, 'lang', 'the-events-calendar-it_IT.mo'), moCatalog(['The archive page to return', 'La pagina di archivio (cartella lang)']));
  write(path.join(plugin, 'common', 'lang', 'tribe-common-nl_NL.mo'), moCatalog(['The archive page to return', 'De archiefpagina (common/lang)']));
}

describe('wpcal serve: language folders that are not there', function () {
  this.timeout(60000);

  it('is a usage error naming the folder', async () => {
    const missing = path.join(os.tmpdir(), 'wpcal-no-such-folder');
    const wordpress = await runCli(['serve', '--db', 'sqlite::memory:', '--wordpress', missing]);
    expect([wordpress.code, wordpress.stderr.trim()]).to.deep.equal([2, `wpcal: no WordPress install in "${missing}" (no wp-content folder)`]);
    const languages = await runCli(['serve', '--db', 'sqlite::memory:', '--languages', missing]);
    expect([languages.code, languages.stderr.trim()]).to.deep.equal([2, `wpcal: no languages folder "${missing}"`]);
    const locale = await runCli(['serve', '--db', 'sqlite::memory:', '--locale', 'de-DE']);
    expect([locale.code, locale.stderr.trim()]).to.deep.equal([2, 'wpcal: invalid locale "de-DE" (expected a WordPress locale such as de_DE)']);
  });
});

forEachDatabase('wpcal serve in the site\'s languages', (kind) => {
  let database: TestDatabase;
  let root: string;
  const auths = new Map<string, string>();
  let server: ServingCli | undefined;

  before(async function () {
    this.timeout(60000);
    database = await kind.create();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-wordpress-'));
    wordpressInstall(root);
    const db = await openDatabase(database.url, 'wp_');
    try {
      await prepareDatabase(db);
      await db.write((trx) => setOption(trx, 'WPLANG', 'de_DE'));
      for (const locale of ['fr_FR', 'it_IT', 'nl_NL', 'es_ES']) {
        const created = await createUser(db, `user_${locale}`, 'subscriber', `${locale}@example.test`, locale);
        auths.set(locale, basicAuth(`user_${locale}`, created.password));
      }
    } finally {
      await db.close();
    }
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  after(async () => {
    fs.rmSync(root, { recursive: true, force: true });
    await database.drop();
  });

  const serve = async (...args: string[]): Promise<ServingCli> => (server = await serveCli(['--db', database.url, '--port', '0', ...args]));
  const get = (route: string, locale?: string) => request(server!.url, 'GET', locale ? `${route}${route.includes('?') ? '&' : '?'}_locale=user` : route, {
    auth: locale ? auths.get(locale) : undefined, headers: { Accept: 'application/json' },
  });

  it('--wordpress: answers a German site from its .l10n.php files, before the .mo beside them', async function () {
    this.timeout(60000);
    await serve('--wordpress', root);
    expect(pageDescription((await get(INDEX)).json)).to.equal('Die Archivseite (PHP-Sprachpaket)');
    expect(perPageDescription((await get(INDEX)).json), 'the shipped catalog for the rest').to.equal('Die Anzahl der Veranstaltungen, die pro Seite zurückgegeben werden');
    expect((await get(`${INDEX}/nothing-here`)).json.message).to.equal('Keine Route (WordPress, PHP-Datei).');
    const outOfSchema = await get('/wp-json/wp/v2/media?per_page=500&context=all');
    expect(outOfSchema.json.data.params).to.deep.equal({
      per_page: 'per_page: von 1 bis 100 (WordPress, PHP-Datei)',
      context: 'context ist keiner der Werte view, embed oder edit.',
    });
  });

  it('--wordpress: finds every catalog folder of the install, for each user\'s language', async function () {
    this.timeout(60000);
    await serve('--wordpress', root);
    const described = async (locale: string) => pageDescription((await get(INDEX, locale)).json);
    expect(await described('fr_FR'), 'wp-content/languages/plugins').to.equal('La page d’archive (paquet de langue)');
    expect(await described('it_IT'), 'the plugin\'s lang/').to.equal('La pagina di archivio (cartella lang)');
    expect(await described('nl_NL'), 'the plugin\'s common/lang/').to.equal('De archiefpagina (common/lang)');
    expect(await described('es_ES'), 'the .mo beside a .l10n.php wpcal cannot read').to.equal('La página del archivo (.mo)');
  });

  it('--locale over WPLANG, and a .l10n.php of the site\'s language that cannot be read told in the log at start', async function () {
    this.timeout(60000);
    await serve('--wordpress', root, '--locale', 'es_ES');
    const warning = server!.output().split('\n').filter((line) => line.includes('"level":40')).map((line) => JSON.parse(line));
    expect(warning).to.have.length(1);
    expect(warning[0].msg).to.equal('a catalog wpcal cannot read is left out');
    expect(warning[0].file).to.equal(path.join(root, 'wp-content', 'languages', 'plugins', 'the-events-calendar-es_ES.l10n.php'));
    expect(warning[0].reason).to.contain('line 2, column 8: expected an array after "return"');
    expect(pageDescription((await get(INDEX)).json)).to.equal('La página del archivo (.mo)');
    expect(perPageDescription((await get(INDEX)).json)).to.equal('El número de eventos que se devolverán en cada página');
  });

  it('--languages, repeated: each folder in turn, before the install\'s and the shipped catalogs', async function () {
    this.timeout(60000);
    const first = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-languages-'));
    const second = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-languages-'));
    try {
      write(path.join(first, 'the-events-calendar-de_DE.mo'), moCatalog(['The archive page to return', 'Die Archivseite (erster Ordner)']));
      write(path.join(second, 'plugins', 'the-events-calendar-de_DE.mo'), moCatalog(
        ['The archive page to return', 'Die Archivseite (zweiter Ordner)'],
        ['The number of events to return on each page', 'Veranstaltungen je Seite (zweiter Ordner)'],
      ));
      await serve('--languages', first, '--languages', second, '--wordpress', root);
      const index = (await get(INDEX)).json;
      expect(pageDescription(index)).to.equal('Die Archivseite (erster Ordner)');
      expect(perPageDescription(index)).to.equal('Veranstaltungen je Seite (zweiter Ordner)');
      expect((await get(`${INDEX}/nothing-here`)).json.message, 'the install\'s after them').to.equal('Keine Route (WordPress, PHP-Datei).');
    } finally {
      fs.rmSync(first, { recursive: true, force: true });
      fs.rmSync(second, { recursive: true, force: true });
    }
  });
});
