// One catalog: gettext's .po or .mo, read with gettext-parser, or WordPress's .l10n.php; plural
// forms are evaluated with the catalog's own Plural-Forms expression (@tannin/plural-forms, what
// WordPress's JavaScript uses).
import fs from 'node:fs';
import { mo, po, type GetTextTranslations } from 'gettext-parser';
import pluralFormsModule from '@tannin/plural-forms';
import { parsePhpTranslationFile } from './php-translation-file.ts';

// The package is CommonJS (`module.exports = pluralForms`) typed as an ES module's default export.
const pluralForms = pluralFormsModule as unknown as (expression: string) => (n: number) => number;

const GERMANIC_PLURAL = 'n != 1';

function pluralExpression(headers: Record<string, string>): string {
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'plural-forms')?.[1] ?? '';
  return /plural\s*=\s*([^;]+)/.exec(header)?.[1]?.trim() ?? GERMANIC_PLURAL;
}

export class Catalog {
  readonly #table: GetTextTranslations['translations'];
  readonly #pluralIndex: (n: number) => number;

  constructor(parsed: GetTextTranslations, readonly source: string) {
    this.#table = parsed.translations;
    this.#pluralIndex = pluralForms(pluralExpression(parsed.headers));
  }

  static read(file: string): Catalog {
    const bytes = fs.readFileSync(file);
    if (file.endsWith('.l10n.php')) return new Catalog(parsePhpTranslationFile(bytes.toString('utf8'), file), file);
    return new Catalog(file.endsWith('.po') || file.endsWith('.pot') ? po.parse(bytes) : mo.parse(bytes), file);
  }

  /** The translation, or undefined when this catalog has none (absent, empty or fuzzy). */
  lookup(msgid: string, context: string | undefined, count: number | undefined): string | undefined {
    const entry = this.#table[context ?? '']?.[msgid];
    if (!entry || entry.comments?.flag?.includes('fuzzy')) return undefined;
    const form = count === undefined ? 0 : this.#pluralIndex(count);
    const text = entry.msgstr[form] ?? '';
    return text === '' ? undefined : text;
  }
}
