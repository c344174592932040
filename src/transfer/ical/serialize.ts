// iCalendar text of ical.js components with RFC 5545 §3.1 folding: ical.js folds at 75 octets
// of content and then prefixes the continuation with a space (76 octets), so wpcal folds itself.
import ICAL from 'ical.js';

const MAX_OCTETS = 75;
const CRLF = '\r\n';

function octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** One content line folded so that no physical line exceeds 75 octets, never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = octets(char.codePointAt(0)!);
    if (size + length > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** A component (and its subcomponents) as CRLF-terminated, folded content lines. */
export function componentText(component: ICAL.Component): string {
  const name = component.name.toUpperCase();
  let text = `BEGIN:${name}${CRLF}`;
  for (const property of component.getAllProperties()) {
    text += foldLine(ICAL.stringify.property(property.toJSON(), ICAL.design.icalendar, true)) + CRLF;
  }
  for (const sub of component.getAllSubcomponents()) text += componentText(sub);
  return `${text}END:${name}${CRLF}`;
}

/**
 * A value fit for a TEXT property: line breaks of any kind become LF (escaped as `\n` on output;
 * a CR left in would reach parsers raw), and control characters, which RFC 5545 excludes from
 * TEXT, are dropped (tabs stay).
 */
export function icsText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
}

/** A TEXT property line (RFC 5545 §3.3.11 escaping), for the calendar's own properties. */
export function propertyLine(name: string, value: string): string {
  const escaped = icsText(value).replace(/[\\;,]/g, '\\$&').replace(/\n/g, '\\n');
  return foldLine(`${name}:${escaped}`) + CRLF;
}
