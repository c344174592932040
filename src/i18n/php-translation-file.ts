// WordPress's PHP translation files (`.l10n.php`, WordPress 6.5+), read without running PHP. They
// are written by WP_Translation_File_PHP::export() and `wp i18n make-php`: `<?php return [...];`
// with the array in var_export()'s notation — single-quoted strings (a NUL byte spliced in as
// `'…' . "\0" . '…'`), integers, floats, true, false, NULL, and `[…]` arrays of `key=>value`
// entries or plain items, minified or pretty-printed. Anything else is refused, never run.
//
// The array holds headers (`plural-forms`, `language`, …) and `messages`: original → translation,
// a context before "\4" in the original, plural forms joined by "\0" in the translation.
import type { GetTextTranslations } from 'gettext-parser';

export class TranslationFileError extends Error {}

type PhpScalar = string | number | boolean | null;
interface PhpArray {
  entries: Array<[key: string, value: PhpData]>;
}
type PhpData = PhpScalar | PhpArray;

const isArray = (value: PhpData): value is PhpArray => value !== null && typeof value === 'object';

/** A cursor over the file's text that knows how to say where it is. */
class Reader {
  #at = 0;

  constructor(private readonly text: string, private readonly file: string) {}

  get position(): number {
    return this.#at;
  }

  fail(expected: string, at = this.#at): never {
    const before = this.text.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    const found = at >= this.text.length ? 'the end of the file' : JSON.stringify(this.text.slice(at, at + 12));
    throw new TranslationFileError(
      `${this.file}: not a PHP translation file as WordPress writes them (line ${line}, column ${column}: expected ${expected}, found ${found}); wpcal reads these files without running them`,
    );
  }

  skipSpace(): void {
    while (' \t\r\n'.includes(this.text[this.#at] ?? '_')) this.#at++;
  }

  /** Consumes `token` (after any space) if it comes next. */
  accept(token: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(token, this.#at)) return false;
    this.#at += token.length;
    return true;
  }

  expect(token: string, what = JSON.stringify(token)): void {
    if (!this.accept(token)) this.fail(what);
  }

  /** Consumes what matches `pattern` (sticky) right here, if it does. */
  match(pattern: RegExp): string | null {
    pattern.lastIndex = this.#at;
    const found = pattern.exec(this.text);
    if (!found) return null;
    this.#at += found[0].length;
    return found[0];
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.#at >= this.text.length;
  }
}

const SINGLE_QUOTED = /'(?:[^'\\]|\\[\s\S])*'/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:E[+-]?\d+)?/iy;
const CONSTANT = /(?:true|false|null)\b/iy;

/** A single-quoted PHP string: only `\\` and `\'` are escapes. */
const unquote = (literal: string): string => literal.slice(1, -1).replace(/\\([\\'])/g, '$1');

function readString(reader: Reader): string | null {
  const pieces: string[] = [];
  do {
    reader.skipSpace();
    const quoted = reader.match(SINGLE_QUOTED);
    if (quoted !== null) pieces.push(unquote(quoted));
    else if (reader.accept('"\\0"')) pieces.push('\0');
    else if (pieces.length) reader.fail('a string after "."');
    else return null;
  } while (reader.accept('.'));
  return pieces.join('');
}

function readValue(reader: Reader): PhpData {
  reader.skipSpace();
  if (reader.accept('[')) return readArray(reader);
  const text = readString(reader);
  if (text !== null) return text;
  const number = reader.match(NUMBER);
  if (number !== null) return Number(number);
  const constant = reader.match(CONSTANT)?.toLowerCase();
  if (constant !== undefined) return constant === 'null' ? null : constant === 'true';
  return reader.fail('a string, a number, true, false, NULL or [');
}

/** The entries of `[…]`, `[` read; plain items take the next integer key, as in PHP. */
function readArray(reader: Reader): PhpArray {
  const entries = new Map<string, PhpData>();
  let nextIndex = 0;
  while (!reader.accept(']')) {
    const start = reader.position;
    const first = readValue(reader);
    let key: string;
    let value: PhpData;
    if (reader.accept('=>')) {
      if (isArray(first) || first === null || typeof first === 'boolean') reader.fail('a string or integer key', start);
      key = String(first);
      value = readValue(reader);
    } else {
      key = String(nextIndex);
      value = first;
    }
    // PHP keeps an integer-like string key as an integer.
    if (/^(?:0|-?[1-9]\d*)$/.test(key)) nextIndex = Math.max(nextIndex, Number(key) + 1);
    entries.set(key, value);
    if (!reader.accept(',')) {
      reader.expect(']', '"," or "]"');
      break;
    }
  }
  return { entries: [...entries] };
}

/** The array a `.l10n.php` file returns, read without running it. */
function readReturnedArray(text: string, file: string): PhpArray {
  const reader = new Reader(text, file);
  if (!reader.match(/<\?php\s/y)) reader.fail('"<?php" and a space at the start');
  reader.expect('return');
  reader.expect('[', 'an array after "return"');
  const returned = readArray(reader);
  reader.expect(';');
  if (!reader.atEnd()) reader.fail('the end of the file after ";"');
  return returned;
}

/** The translations of a `.l10n.php` file, shaped as gettext-parser shapes a catalog's. */
export function parsePhpTranslationFile(text: string, file: string): GetTextTranslations {
  const returned = readReturnedArray(text, file);
  const refuse = (why: string): never => {
    throw new TranslationFileError(`${file}: not a PHP translation file as WordPress writes them (${why})`);
  };
  const headers: Record<string, string> = {};
  const translations: GetTextTranslations['translations'] = { '': {} };
  for (const [key, value] of returned.entries) {
    if (key !== 'messages') {
      // Header names are read in lower case, as WordPress reads them.
      if (!isArray(value) && value !== null) headers[key.toLowerCase()] = String(value);
      continue;
    }
    if (!isArray(value)) return refuse('its messages are not an array');
    for (const [original, translation] of value.entries) {
      if (typeof translation !== 'string') return refuse(`the translation of ${JSON.stringify(original)} is not a string`);
      const split = original.indexOf('\u0004');
      const msgctxt = split === -1 ? '' : original.slice(0, split);
      const msgid = original.slice(split + 1);
      (translations[msgctxt] ??= {})[msgid] = { msgctxt: msgctxt || undefined, msgid, msgstr: translation.split('\0') };
    }
  }
  return { charset: 'utf-8', headers, translations };
}
