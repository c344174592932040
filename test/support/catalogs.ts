// Catalog helpers shared by the catalog and language tests.

export const SHIPPED_LOCALES = ['de_DE', 'fr_FR', 'es_ES', 'it_IT', 'nl_NL', 'pt_BR'];

/** A catalog from .po text: header lines, then [msgctxt?, msgid, msgid_plural?, msgstr…] entries. */
export function poText(pluralForms: string, entries: Array<{ ctxt?: string; id: string; plural?: string; str: string[] }>): string {
  const quote = (text: string) => JSON.stringify(text);
  const body = entries.map(({ ctxt, id, plural, str }) => [
    ...(ctxt ? [`msgctxt ${quote(ctxt)}`] : []),
    `msgid ${quote(id)}`,
    ...(plural ? [`msgid_plural ${quote(plural)}`, ...str.map((text, i) => `msgstr[${i}] ${quote(text)}`)] : [`msgstr ${quote(str[0]!)}`]),
  ].join('\n'));
  return [`msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: ${pluralForms}\\n"`, ...body].join('\n\n') + '\n';
}
