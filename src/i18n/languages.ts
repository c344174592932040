// The catalogs of each language, looked up as WordPress loads a plugin's text domains: the site's
// own catalogs first (each `--languages` folder: a `wp-content/languages` folder with its language
// packs under plugins/, or the plugin's own lang/ folder), then the catalogs wpcal ships. The text
// domains are looked up together, so a language pack of either domain, or WordPress's own catalog
// of the locale (core's REST messages), translates the strings it has.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalog } from './catalog.ts';
import { ENGLISH, Translator } from './translator.ts';

export const SHIPPED_LANGUAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'languages');

/** wpcal's own text domain: its shipped catalogs are `languages/wpcal-<locale>.po`. */
export const WPCAL_DOMAIN = 'wpcal';

const TEXT_DOMAINS = ['the-events-calendar', 'tribe-common'];

/** A locale name as WordPress writes them (de_DE, pt_BR, de_DE_formal); anything else is unknown. */
const LOCALE_NAME = /^[A-Za-z]{2,3}(?:_[A-Za-z0-9]+)*$/;

export const DEFAULT_LOCALE = 'en_US';

/** Candidate files of one site folder, in lookup order: .mo as WordPress reads them, else .po. */
function siteCatalogFiles(dir: string, locale: string): string[] {
  const names = [
    ...TEXT_DOMAINS.map((domain) => path.join('plugins', `${domain}-${locale}`)),
    ...TEXT_DOMAINS.map((domain) => `${domain}-${locale}`),
    locale,
  ];
  return names.flatMap((name) => [`${name}.mo`, `${name}.po`]).map((name) => path.join(dir, name));
}

export class Languages {
  readonly #translators = new Map<string, Translator>();

  constructor(
    /** The site's catalog folders, first first. */
    readonly siteFolders: readonly string[] = [],
    readonly shippedFolder: string = SHIPPED_LANGUAGES,
  ) {}

  /** The translator of a locale, its catalogs read once; an unknown locale answers in English. */
  translator(locale: string): Translator {
    if (locale === DEFAULT_LOCALE || !LOCALE_NAME.test(locale)) return ENGLISH;
    let translator = this.#translators.get(locale);
    if (!translator) this.#translators.set(locale, translator = new Translator(locale, this.#catalogs(locale)));
    return translator;
  }

  #catalogs(locale: string): Catalog[] {
    const files = [
      ...this.siteFolders.flatMap((dir) => siteCatalogFiles(dir, locale)),
      path.join(this.shippedFolder, `${WPCAL_DOMAIN}-${locale}.po`),
    ];
    return files.filter((file) => fs.existsSync(file)).map((file) => Catalog.read(file));
  }
}
