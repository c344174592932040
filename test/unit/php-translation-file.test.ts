// WordPress's PHP translation files (.l10n.php), read without running PHP: what wpcal reads from each
// fixture of test/fixtures/l10n-php/ is what PHP's `include` of it returns (the .json beside it,
// written by make.php there), anything else is refused, and a site's .l10n.php is read before the
// .mo beside it, as WordPress 6.5+ reads them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { mo, po } from 'gettext-parser';
import { Catalog } from '../../src/i18n/catalog.ts';
import { Languages } from '../../src/i18n/languages.ts';
import { TranslationFileError, parsePhpTranslationFile } from '../../src/i18n/php-translation-file.ts';
import { __, _n, _x } from '../../src/i18n/phrase.ts';
import { Translator } from '../../src/i18n/translator.ts';
import { poText } from '../support/catalogs.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/l10n-php');

/** The file as PHP reads it: headers, and `messages` as original → translation (the forms joined by NUL). */
function asPhpSees(file: string): Record<string, unknown> {
  const parsed = parsePhpTranslationFile(fs.readFileSync(file, 'utf8'), file);
  const messages: Record<string, string> = {};
  for (const [context, entries] of Object.entries(parsed.translations)) {
    for (const [msgid, entry] of Object.entries(entries)) messages[context ? `${context}\u0004${msgid}` : msgid] = entry.msgstr.join('\0');
  }
  return { ...parsed.headers, messages };
}

/** PHP's answer, headers as wpcal keeps them: strings, null left out. */
function phpAnswer(json: string): Record<string, unknown> {
  const returned = JSON.parse(fs.readFileSync(json, 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(returned)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => [key, key === 'messages' ? value : String(value)]));
}

const refusal = (text: string): string => {
  try {
    parsePhpTranslationFile(text, 'de_DE.l10n.php');
  } catch (error) {
    if (error instanceof TranslationFileError) return error.message;
    throw error;
  }
  throw new Error(`read ${JSON.stringify(text)}`);
};

describe('PHP translation files (.l10n.php)', () => {
  for (const name of ['tricky', 'tricky-pretty', 'the-events-calendar-de_DE', 'de_DE']) {
    it(`reads ${name}.l10n.php as PHP's include returns it`, () => {
      const read = asPhpSees(path.join(FIXTURES, `${name}.l10n.php`));
      expect(read).to.deep.equal(phpAnswer(path.join(FIXTURES, `${name}.json`)));
    });
  }

  it('looks up plural forms with the file\'s own plural-forms, contexts, and originals PHP keeps as integer keys', () => {
    const file = path.join(FIXTURES, 'tricky.l10n.php');
    const polish = new Translator('pl_PL', [Catalog.read(file)]);
    expect([1, 3, 5, 22].map((n) => polish.phrase(_n('%d event', '%d events', n, n)))).to.deep.equal([
      '1 wydarzenie', '3 wydarzenia', '5 wydarzeń', '22 wydarzenia',
    ]);
    expect([polish.phrase(_x('Post', 'noun')), polish.phrase(_x('Post', 'verb')), polish.phrase(__('Post'))]).to.deep.equal(['Wpis', 'Opublikuj', 'Post']);
    expect(polish.text('123')).to.equal('sto dwadzieścia trzy');
    expect(polish.text('It\'s a \\ \'quote\'')).to.equal('To jest \\ \'cytat\'');
    expect(polish.text('ends in a backslash \\')).to.equal('kończy się ukośnikiem \\');
  });

  it('refuses what WordPress does not write, saying where, without running it', () => {
    expect(refusal("<?php\nreturn array('a'=>'b');\n")).to.equal(
      'de_DE.l10n.php: not a PHP translation file as WordPress writes them (line 2, column 8: expected an array after "return", found "array(\'a\'=>\'"); wpcal reads these files without running them',
    );
    expect(refusal("<?php\nreturn ['messages'=>['a'=>'b' . PHP_EOL]];\n")).to.match(/line 2, column 33: expected a string after "\."/);
    expect(refusal("<?php\nreturn ['messages'=>['a'=>\"b$c\"]];\n")).to.match(/line 2, column 27: expected a string, a number, true, false, NULL or \[/);
    expect(refusal("<?php\n// a comment\nreturn [];\n")).to.match(/line 2, column 1: expected "return"/);
    expect(refusal("<?php\nreturn ['a'=>'b'];\nexec('rm -rf /');\n")).to.match(/line 3, column 1: expected the end of the file after ";"/);
    expect(refusal("<?php\nreturn ['a'=>'b']\n")).to.match(/line 3, column 1: expected ";", found the end of the file/);
    expect(refusal("<?php\nreturn ['a'=>'b' 'c'];\n")).to.match(/expected "," or "\]"/);
    expect(refusal("<?php\nreturn [true=>'b'];\n")).to.match(/line 2, column 9: expected a string or integer key, found "true/);
    expect(refusal("<?php\nreturn include 'other.php';\n")).to.match(/expected an array after "return"/);
    expect(refusal("<?php return 'messages';")).to.match(/expected an array after "return"/);
    expect(refusal("<?= ['messages'=>[]];")).to.match(/line 1, column 1: expected "<\?php" and a space at the start/);
    expect(refusal("<?php\nreturn ['messages'=>'none'];\n")).to.equal('de_DE.l10n.php: not a PHP translation file as WordPress writes them (its messages are not an array)');
    expect(refusal("<?php\nreturn ['messages'=>['a'=>['b','c']]];\n")).to.equal('de_DE.l10n.php: not a PHP translation file as WordPress writes them (the translation of "a" is not a string)');
  });

  describe('in a site\'s languages folder', () => {
    let folder: string;
    const packs = (dir: string) => path.join(dir, 'plugins');
    const moFile = (text: string) => mo.compile(po.parse(poText('nplurals=2; plural=(n != 1);', [{ id: 'The archive page to return', str: [text] }])));

    beforeEach(() => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-l10n-php-'));
      fs.mkdirSync(packs(folder));
      fs.writeFileSync(path.join(packs(folder), 'the-events-calendar-de_DE.mo'), moFile('Die Archivseite (.mo)'));
    });
    afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

    it('is read before the .mo beside it, as WordPress 6.5+ prefers it', () => {
      fs.copyFileSync(path.join(FIXTURES, 'the-events-calendar-de_DE.l10n.php'), path.join(packs(folder), 'the-events-calendar-de_DE.l10n.php'));
      expect(new Languages([folder]).translator('de_DE').text('The archive page to return')).to.equal('Die Archivseite (PHP-Sprachpaket)');
    });

    it('when it cannot be read, is told of and left out for the .mo beside it, as WordPress falls back to it', () => {
      const broken = path.join(packs(folder), 'the-events-calendar-de_DE.l10n.php');
      fs.writeFileSync(broken, "<?php\nreturn array('The archive page to return' => 'Nie');\n");
      const told: string[] = [];
      const languages = new Languages([folder], undefined, (file, error) => told.push(`${file}: ${error.message}`));
      expect(languages.translator('de_DE').text('The archive page to return')).to.equal('Die Archivseite (.mo)');
      expect(told).to.have.length(1);
      expect(told[0]).to.match(/the-events-calendar-de_DE\.l10n\.php: .*not a PHP translation file as WordPress writes them \(line 2, column 8/);
      expect(() => new Languages([folder]).translator('de_DE'), 'without anyone to tell').to.throw(TranslationFileError);
    });
  });
});
