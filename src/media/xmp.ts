// The alt text an image carries in its XMP packet: IPTC's "Alt Text (Accessibility)" property
// (Iptc4xmpCore:AltTextAccessibility), which WordPress 7 keeps as `image_meta.alt`.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The property's text (its first language alternative), trimmed; '' when the packet has none. */
export function xmpAltText(packet: Uint8Array | undefined): string {
  if (!packet) return '';
  const xmp = Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength).toString('utf8');
  const property = /<Iptc4xmpCore:AltTextAccessibility\b[^>]*>([\s\S]*?)<\/Iptc4xmpCore:AltTextAccessibility>/.exec(xmp);
  if (!property) return '';
  const alternative = /<rdf:li\b[^>]*>([\s\S]*?)<\/rdf:li>/.exec(property[1]!);
  return decodeXml(alternative ? alternative[1]! : property[1]!).trim();
}
