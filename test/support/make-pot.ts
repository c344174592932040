// Writes src/i18n/languages/wpcal.pot, the template of every string wpcal passes through its catalogs: the
// argument descriptions of every route (namespace indexes and OPTIONS), the prose of /doc, and the
// phrases marked in the source with __(), _x() and _n() (error messages, the cost text `Free`).
// `npm run pot` after adding an argument or a message; test/unit/catalogs.test.ts fails until then.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { po, type GetTextTranslation } from 'gettext-parser';
import { buildRegistry } from '../../src/api/routes.ts';
import { buildDocument } from '../../src/api/doc/route.ts';
import { buildSettings } from '../../src/site/settings.ts';
import { Translator } from '../../src/i18n/translator.ts';
import { SHIPPED_LANGUAGES, WPCAL_DOMAIN } from '../../src/i18n/languages.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEMPLATE = path.join(SHIPPED_LANGUAGES, `${WPCAL_DOMAIN}.pot`);

export interface TemplateEntry {
  msgid: string;
  msgctxt?: string;
  msgid_plural?: string;
  /** Where the string shows, for translators. */
  origin: string;
}

/** Records every string /doc asks to translate. */
class RecordingTranslator extends Translator {
  readonly seen: string[] = [];

  constructor() {
    super('en_US', []);
  }

  override text(msgid: string): string {
    this.seen.push(msgid);
    return msgid;
  }
}

const LITERAL = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;
const MARKERS: Array<{ pattern: RegExp; entry: (a: string, b?: string) => Omit<TemplateEntry, 'origin'> }> = [
  { pattern: new RegExp(String.raw`\b__\(\s*${LITERAL}`, 'g'), entry: (msgid) => ({ msgid }) },
  { pattern: new RegExp(String.raw`\b_x\(\s*${LITERAL}\s*,\s*${LITERAL}`, 'g'), entry: (msgid, msgctxt) => ({ msgid, msgctxt }) },
  { pattern: new RegExp(String.raw`\b_n\(\s*${LITERAL}\s*,\s*${LITERAL}`, 'g'), entry: (msgid, msgid_plural) => ({ msgid, msgid_plural }) },
];

function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/g, '$1');
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function markedPhrases(): TemplateEntry[] {
  const found: TemplateEntry[] = [];
  for (const file of sourceFiles(path.join(ROOT, 'src')).sort()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const { pattern, entry } of MARKERS) {
      for (const match of text.matchAll(pattern)) {
        found.push({ ...entry(unquote(match[1]!), match[2] === undefined ? undefined : unquote(match[2])), origin: path.relative(ROOT, file) });
      }
    }
  }
  return found;
}

function argumentDescriptions(): TemplateEntry[] {
  return buildRegistry().routes.flatMap((route) => route.endpoints.flatMap((endpoint) => Object.values(endpoint.args)
    .flatMap((spec) => (typeof spec.description === 'string' ? [{ msgid: spec.description, origin: 'route arguments' }] : []))));
}

function documentProse(): TemplateEntry[] {
  const recorder = new RecordingTranslator();
  buildDocument(buildRegistry(), buildSettings(new Map(), 'http://localhost'), recorder);
  return recorder.seen.map((msgid) => ({ msgid, origin: '/doc' }));
}

/** The template's entries, each string once (first origin kept), in a stable order. */
export function templateEntries(): TemplateEntry[] {
  const entries = new Map<string, TemplateEntry>();
  for (const entry of [...argumentDescriptions(), ...documentProse(), ...markedPhrases()]) {
    const key = `${entry.msgctxt ?? ''}\u0004${entry.msgid}`;
    if (!entries.has(key)) entries.set(key, entry);
  }
  return [...entries.values()];
}

export function templateText(entries: readonly TemplateEntry[] = templateEntries()): string {
  const translations: Record<string, Record<string, GetTextTranslation>> = { '': { '': { msgid: '', msgstr: [''] } } };
  for (const { msgid, msgctxt, msgid_plural, origin } of entries) {
    const context = (translations[msgctxt ?? ''] ??= {});
    context[msgid] = {
      msgid, msgctxt, msgid_plural, msgstr: msgid_plural ? ['', ''] : [''], comments: { reference: origin },
    };
  }
  const headers = {
    'Project-Id-Version': 'wpcal',
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=UTF-8',
    'Content-Transfer-Encoding': '8bit',
    'X-Domain': WPCAL_DOMAIN,
  };
  return po.compile({ charset: 'utf-8', headers, translations }, { foldLength: 0 }).toString('utf8') + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entries = templateEntries();
  fs.writeFileSync(TEMPLATE, templateText(entries));
  console.log(`wrote ${path.relative(ROOT, TEMPLATE)}: ${entries.length} strings`);
}
