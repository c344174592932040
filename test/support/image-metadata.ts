// Images carrying the metadata cameras and photo tools write: EXIF (with its orientation), IPTC
// datasets in a JPEG's APP13 segment (which sharp cannot write, so it is spliced in here) and an
// XMP packet with IPTC's alt text.
import sharp from 'sharp';

export interface ImageMetadata {
  /** EXIF tags by IFD, as sharp's withExif() takes them (IFD0: image, IFD2: Exif sub-IFD). */
  exif?: { IFD0?: Record<string, string>; IFD2?: Record<string, string> };
  orientation?: number;
  /** IPTC record-2 datasets: number → values, in order. */
  iptc?: Record<number, string[]>;
  /** Iptc4xmpCore:AltTextAccessibility, as written in the packet (XML-escaped). */
  xmpAlt?: string;
}

/** A picture whose left half is red and right half blue, so a turn shows in its pixels. */
export async function halvesImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp', metadata: ImageMetadata = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (metadata.exif) image = image.withExif(metadata.exif);
  if (metadata.orientation) image = image.withMetadata({ orientation: metadata.orientation });
  if (metadata.xmpAlt !== undefined) image = image.withXmp(xmpPacket(metadata.xmpAlt));
  const bytes = await image.toFormat(format).toBuffer();
  return metadata.iptc && format === 'jpeg' ? withIptc(bytes, metadata.iptc) : bytes;
}

function xmpPacket(alt: string): string {
  return '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
    + '<rdf:Description rdf:about="" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">'
    + `<Iptc4xmpCore:AltTextAccessibility><rdf:Alt><rdf:li xml:lang="x-default">${alt}</rdf:li></rdf:Alt></Iptc4xmpCore:AltTextAccessibility>`
    + '</rdf:Description></rdf:RDF></x:xmpmeta>';
}

/** The JPEG with an APP13 segment (Photoshop 3.0, one 8BIM IPTC resource) right after its SOI marker. */
export function withIptc(jpeg: Buffer, datasets: Record<number, string[]>): Buffer {
  const records = Object.entries(datasets).flatMap(([dataset, values]) => values.map((value) => {
    const data = Buffer.from(value, 'utf8');
    const header = Buffer.alloc(5);
    header.writeUInt8(0x1c, 0);
    header.writeUInt8(2, 1);
    header.writeUInt8(Number(dataset), 2);
    header.writeUInt16BE(data.length, 3);
    return Buffer.concat([header, data]);
  }));
  const iptc = Buffer.concat(records);
  const resource = Buffer.alloc(12);
  resource.write('8BIM', 0, 'latin1');
  resource.writeUInt16BE(0x0404, 4);
  resource.writeUInt32BE(iptc.length, 8);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource, iptc, Buffer.alloc(iptc.length % 2)]);
  const marker = Buffer.alloc(4);
  marker.writeUInt16BE(0xffed, 0);
  marker.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), marker, payload, jpeg.subarray(2)]);
}
