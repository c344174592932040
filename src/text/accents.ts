// remove_accents() for the default (English) locale: Latin letters with diacritics become
// plain ASCII letters; every other character is left alone.

/** Letters that do not decompose into an ASCII letter plus combining marks. */
const SPECIAL: Readonly<Record<string, string>> = {
  'ª': 'a', 'º': 'o', 'Æ': 'AE', 'Ð': 'D', 'Ø': 'O', 'Þ': 'TH', 'ß': 's', 'æ': 'ae', 'ð': 'd', 'ø': 'o', 'þ': 'th',
  'Đ': 'D', 'đ': 'd', 'Ħ': 'H', 'ħ': 'h', 'ı': 'i', 'Ĳ': 'IJ', 'ĳ': 'ij', 'ĸ': 'k', 'Ŀ': 'L', 'ŀ': 'l', 'Ł': 'L',
  'ł': 'l', 'ŉ': 'n', 'Ŋ': 'N', 'ŋ': 'n', 'Œ': 'OE', 'œ': 'oe', 'Ŧ': 'T', 'ŧ': 't', 'ſ': 's', 'ɑ': 'a',
  '€': 'E', '£': '',
};

/** Code point ranges of WordPress' table whose entries are the base letter of the decomposition. */
const DECOMPOSABLE: readonly (readonly [number, number])[] = [
  [0x00c0, 0x00d6],
  [0x00d8, 0x00f6],
  [0x00f8, 0x00ff],
  [0x0100, 0x017f],
  [0x01a0, 0x01a1],
  [0x01af, 0x01b0],
  [0x01cd, 0x01dc],
  [0x0218, 0x021b],
  [0x1ea0, 0x1ef9],
];

function stripDiacritics(ch: string): string | undefined {
  const special = SPECIAL[ch];
  if (special !== undefined) return special;
  const code = ch.codePointAt(0)!;
  if (!DECOMPOSABLE.some(([from, to]) => code >= from && code <= to)) return undefined;
  const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return /^[A-Za-z]$/.test(base) ? base : undefined;
}

export function removeAccents(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return Array.from(text.normalize('NFC'), (ch) => stripDiacritics(ch) ?? ch).join('');
}
