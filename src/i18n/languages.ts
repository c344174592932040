// The catalogs of each language, looked up as WordPress loads a plugin's text domains: the site's
// own catalogs first (each `--languages` folder: a `wp-content/languages` folder with its language
// packs under plugins/, or the plugin's own lang/ folder), then the catalogs wpcal ships. The text
// domains are looked up together, so a language pack of either domain, or WordPress's own catalog
// of the locale (core's REST messages), translates the strings it has. Each catalog is read from
// the first of its files that can be read: `.l10n.php`, `.mo`, then `.po`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalog } from './catalog.ts';
import { ENGLISH, Translator } from './translator.ts';

/** src/i18n/languages, found from src/i18n/ and from its build in dist/i18n/ alike (both two folders below the package's root). */
export const SHIPPED_LANGUAGES = fileURLToPath(new URL('../../src/i18n/languages', import.meta.url));

/** wpcal's own text domain: its shipped catalogs are `languages/wpcal-<locale>.po`. */
export const WPCAL_DOMAIN = 'wpcal';

const TEXT_DOMAINS = ['the-events-calendar', 'tribe-common'];

/** A locale name as WordPress writes them (de_DE, pt_BR, de_DE_formal); anything else is unknown. */
const LOCALE_NAME = /^[A-Za-z]{2,3}(?:_[A-Za-z0-9]+)*$/;

export const DEFAULT_LOCALE = 'en_US';

/** The catalogs one site folder may hold for a locale, in lookup order, each named without its extension. */
function siteCatalogNames(dir: string, locale: string): string[] {
  const names = [
    ...TEXT_DOMAINS.map((domain) => path.join('plugins', `${domain}-${locale}`)),
    ...TEXT_DOMAINS.map((domain) => `${domain}-${locale}`),
    locale,
  ];
  return names.map((name) => path.join(dir, name));
}

/**
 * The files a catalog may be, in the order WordPress 6.5+ tries them (the PHP file, else the .mo
 * beside it), then the .po that wpcal also reads: the first that can be read is the catalog.
 */
const CATALOG_FILES = ['.l10n.php', '.mo', '.po'];

/** Told of a catalog file that cannot be read; the lookup goes on without it. */
export type UnreadableCatalog = (file: string, error: Error) => void;

const refuse: UnreadableCatalog = (_file, error) => {
  throw error;
};

export class Languages {
  readonly #translators = new Map<string, Translator>();

  constructor(
    /** The site's catalog folders, first first. */
    readonly siteFolders: readonly string[] = [],
    readonly shippedFolder: string = SHIPPED_LANGUAGES,
    private readonly onUnreadable: UnreadableCatalog = refuse,
  ) {}

  /** The translator of a locale, its catalogs read once; an unknown locale answers in English. */
  translator(locale: string): Translator {
    if (locale === DEFAULT_LOCALE || !LOCALE_NAME.test(locale)) return ENGLISH;
    let translator = this.#translators.get(locale);
    if (!translator) this.#translators.set(locale, translator = new Translator(locale, this.#catalogs(locale)));
    return translator;
  }

  #catalogs(locale: string): Catalog[] {
    const site = this.siteFolders.flatMap((dir) => siteCatalogNames(dir, locale)).flatMap((name) => this.#firstReadable(name) ?? []);
    const shipped = path.join(this.shippedFolder, `${WPCAL_DOMAIN}-${locale}.po`);
    return fs.existsSync(shipped) ? [...site, Catalog.read(shipped)] : site;
  }

  #firstReadable(name: string): Catalog | undefined {
    for (const file of CATALOG_FILES.map((extension) => name + extension)) {
      if (!fs.existsSync(file)) continue;
      try {
        return Catalog.read(file);
      } catch (error) {
        // As WordPress does when it cannot load a PHP translation file: on to the .mo beside it.
        this.onUnreadable(file, error instanceof Error ? error : new Error(String(error)));
      }
    }
    return undefined;
  }
}
