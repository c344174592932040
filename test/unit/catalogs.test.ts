// The catalogs wpcal ships (src/i18n/languages/) and the lookup through them: the template is the code's,
// every shipped language translates all of it, and lookups honour contexts, plural forms and order.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { po } from 'gettext-parser';
import { TEMPLATE, templateEntries, templateText } from '../support/make-pot.ts';
import { Catalog } from '../../src/i18n/catalog.ts';
import { Translator } from '../../src/i18n/translator.ts';
import { Languages, SHIPPED_LANGUAGES } from '../../src/i18n/languages.ts';
import { __, _n, _x } from '../../src/i18n/phrase.ts';
import { SHIPPED_LOCALES, poText } from '../support/catalogs.ts';

// `%l` is wp_sprintf()'s list.
const placeholders = (text: string): string => (text.match(/%(\d+\$)?[sdl]/g) ?? []).sort().join(' ');

describe('the shipped catalogs', () => {
  const entries = templateEntries();

  it('have a template that is the code\'s (run `npm run pot` after adding a string)', () => {
    expect(entries.length).to.be.greaterThan(300);
    expect(fs.readFileSync(TEMPLATE, 'utf8')).to.equal(templateText(entries));
  });

  it('template every argument description, the /doc prose and the marked messages', () => {
    const ids = new Set(entries.map((entry) => entry.msgid));
    for (const msgid of ['The archive page to return', 'The Events Calendar REST API', 'Returns all the venues matching the search criteria',
      'No route was found matching the URL and request method.', 'Invalid parameter(s): %s', 'Free', 'The venue is already trashed']) {
      expect(ids, msgid).to.include(msgid);
    }
  });

  for (const locale of SHIPPED_LOCALES) {
    it(`${locale} translates every string of the template, its placeholders kept`, () => {
      const parsed = po.parse(fs.readFileSync(path.join(SHIPPED_LANGUAGES, `wpcal-${locale}.po`)));
      expect(parsed.headers.Language).to.equal(locale);
      const missing: string[] = [];
      const forms = Number(/nplurals\s*=\s*(\d+)/.exec(parsed.headers['Plural-Forms'] ?? '')?.[1]);
      for (const { msgid, msgctxt, msgid_plural } of entries) {
        const entry = parsed.translations[msgctxt ?? '']?.[msgid];
        // Every plural form of a plural entry, with the plural's placeholders beyond the first.
        const originals = msgid_plural ? Array.from({ length: forms }, (_, form) => (form === 0 ? msgid : msgid_plural)) : [msgid];
        const texts = originals.map((_, form) => entry?.msgstr[form] ?? '');
        if (texts.includes('') || entry?.comments?.flag?.includes('fuzzy')) missing.push(msgid);
        else texts.forEach((text, form) => expect(placeholders(text), `${locale}: ${msgid} [${form}]`).to.equal(placeholders(originals[form]!)));
      }
      expect(missing).to.deep.equal([]);
    });
  }
});

describe('catalog lookups', () => {
  const polish = new Catalog(po.parse(poText(
    'nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
    [
      { id: '%d event', plural: '%d events', str: ['%d wydarzenie', '%d wydarzenia', '%d wydarzeń'] },
      { id: 'Post', ctxt: 'noun', str: ['Wpis'] },
      { id: 'Post', str: ['Opublikuj'] },
      { id: 'Untranslated', str: [''] },
    ],
  )), 'test');

  it('picks plural forms with the catalog\'s own Plural-Forms expression', () => {
    const translator = new Translator('pl_PL', [polish]);
    expect([1, 2, 5, 22, 112].map((n) => translator.phrase(_n('%d event', '%d events', n, n)))).to.deep.equal([
      '1 wydarzenie', '2 wydarzenia', '5 wydarzeń', '22 wydarzenia', '112 wydarzeń',
    ]);
  });

  it('tells contexts apart', () => {
    const translator = new Translator('pl_PL', [polish]);
    expect(translator.phrase(_x('Post', 'noun'))).to.equal('Wpis');
    expect(translator.phrase(__('Post'))).to.equal('Opublikuj');
    expect(translator.phrase(_x('Post', 'verb'))).to.equal('Post');
  });

  it('falls back string by string: to later catalogs, then to English (empty translations count as none)', () => {
    const first = new Catalog(po.parse(poText('nplurals=2; plural=(n != 1);', [{ id: 'Free', str: ['Umsonst'] }])), 'first');
    const second = new Catalog(po.parse(poText('nplurals=2; plural=(n != 1);', [
      { id: 'Free', str: ['Kostenlos'] }, { id: 'Invalid parameter.', str: ['Ungültiger Parameter.'] },
    ])), 'second');
    const translator = new Translator('de_DE', [first, polish, second]);
    expect(translator.text('Free')).to.equal('Umsonst');
    expect(translator.text('Invalid parameter.')).to.equal('Ungültiger Parameter.');
    expect(translator.text('Untranslated')).to.equal('Untranslated');
    expect(translator.phrase(_n('%d event', '%d events', 3, 3))).to.equal('3 wydarzenia');
    expect(new Translator('en_US', []).phrase(_n('%d event', '%d events', 3, 3))).to.equal('3 events');
  });

  it('answers English for en_US, unknown locales and names that are no locale', () => {
    const languages = new Languages();
    expect(languages.translator('de_DE').text('Free')).to.equal('Kostenlos');
    for (const locale of ['en_US', 'xx_XX', '../de_DE', '']) {
      expect(languages.translator(locale).text('Free'), locale).to.equal('Free');
    }
  });
});
