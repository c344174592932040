// PHP's iptcparse() over a JPEG's APP13 segment (what getimagesize() returns as `APP13`): the
// IPTC-IIM datasets keyed `record#dataset` ("2#105"), each with every value it holds, in order.

/** The datasets of an APP13 segment, or an empty map when it holds none. */
export function parseIptc(app13: Uint8Array): Map<string, string[]> {
  const datasets = new Map<string, string[]>();
  const bytes = Buffer.from(app13.buffer, app13.byteOffset, app13.byteLength);
  // The first tag marker of record 1 or 2; whatever precedes it (the Photoshop resource headers) is skipped.
  let at = 0;
  while (at < bytes.length && !(bytes[at] === 0x1c && (bytes[at + 1] === 0x01 || bytes[at + 1] === 0x02))) at++;
  while (at < bytes.length && bytes[at] === 0x1c) {
    at++;
    if (at + 4 >= bytes.length) break;
    const record = bytes[at++]!;
    const dataset = bytes[at++]!;
    let length: number;
    if (bytes[at]! & 0x80) {
      // An extended dataset: its length is in the four bytes after the length-of-length field.
      if (at + 6 >= bytes.length) break;
      length = bytes.readUInt32BE(at + 2);
      at += 6;
    } else {
      length = bytes.readUInt16BE(at);
      at += 2;
    }
    if (at + length > bytes.length) break;
    const key = `${record}#${String(dataset).padStart(3, '0')}`;
    const values = datasets.get(key) ?? [];
    values.push(bytes.toString('utf8', at, at + length));
    datasets.set(key, values);
    at += length;
  }
  return datasets;
}
