// wp_kses_normalize_entities(): every `&` that does not start a valid HTML 4 character
// reference becomes `&amp;`; numeric references are normalised (`&#39;` → `&#039;`).

const HTML4_ENTITY_NAMES = new Set(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute ' +
    'micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring ' +
    'AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml ' +
    'times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil ' +
    'egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ' +
    'ugrave uacute ucirc uuml yacute thorn yuml quot amp lt gt OElig oelig Scaron scaron Yuml circ tilde ensp ' +
    'emsp thinsp zwnj zwj lrm rlm ndash mdash lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo ' +
    'rsaquo euro fnof Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho ' +
    'Sigma Tau Upsilon Phi Chi Psi Omega alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi ' +
    'omicron pi rho sigmaf sigma tau upsilon phi chi psi omega thetasym upsih piv bull hellip prime Prime oline ' +
    'frasl weierp image real trade alefsym larr uarr rarr darr harr crarr lArr uArr rArr dArr hArr forall part ' +
    'exist empty nabla isin notin ni prod sum minus lowast radic prop infin ang and or cap cup int there4 sim ' +
    'cong asymp ne equiv le ge sub sup nsub sube supe oplus otimes perp sdot lceil rceil lfloor rfloor lang rang ' +
    'loz spades clubs hearts diams'
  ).split(' '),
);

/** valid_unicode(): code points allowed in XML text. */
function isValidCodePoint(n: number): boolean {
  return (
    n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff)
  );
}

const stripLeadingZeros = (digits: string): string => digits.replace(/^0+/, '');

export function normalizeEntities(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replace(/&amp;([A-Za-z]{2,8}[0-9]{0,2});/g, (whole, name: string) => (HTML4_ENTITY_NAMES.has(name) ? `&${name};` : whole))
    .replace(/&amp;#(0*[0-9]{1,7});/g, (whole, digits: string) =>
      isValidCodePoint(Number(digits)) ? `&#${stripLeadingZeros(digits).padStart(3, '0')};` : whole,
    )
    .replace(/&amp;#[Xx](0*[0-9A-Fa-f]{1,6});/g, (_whole, hex: string) =>
      isValidCodePoint(parseInt(hex, 16)) ? `&#x${stripLeadingZeros(hex)};` : `&amp;#x${hex};`,
    );
}
