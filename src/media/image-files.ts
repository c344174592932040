// Images judged by their bytes, and their sub-sizes made with sharp (libvips) in the original's
// format, as WordPress's image editors make them (metadata stripped, JPEG quality 82).
import sharp from 'sharp';
import { resizeDimensions, DEFAULT_SIZES, type Resize } from './dimensions.ts';

export interface ImageType {
  mimeType: string;
  /** The extension WordPress gives the type when a file name's own does not fit it. */
  extension: string;
  /** Every extension WordPress maps to the type. */
  extensions: readonly string[];
  format: 'jpeg' | 'png' | 'gif' | 'webp';
}

const TYPES: readonly ImageType[] = [
  { mimeType: 'image/jpeg', extension: 'jpg', extensions: ['jpg', 'jpeg', 'jpe'], format: 'jpeg' },
  { mimeType: 'image/png', extension: 'png', extensions: ['png'], format: 'png' },
  { mimeType: 'image/gif', extension: 'gif', extensions: ['gif'], format: 'gif' },
  { mimeType: 'image/webp', extension: 'webp', extensions: ['webp'], format: 'webp' },
];

const startsWith = (bytes: Uint8Array, ascii: string, at = 0): boolean => Buffer.from(bytes.subarray(at, at + ascii.length)).toString('latin1') === ascii;

/** The image type the bytes are (by their signature), or null. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const byFormat = (format: ImageType['format']) => TYPES.find((type) => type.format === format)!;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return byFormat('jpeg');
  if (startsWith(bytes, '\x89PNG\r\n\x1a\n')) return byFormat('png');
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return byFormat('gif');
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return byFormat('webp');
  return null;
}

export interface DecodedImage {
  type: ImageType;
  width: number;
  height: number;
  /** The EXIF orientation, null when the file has none. */
  orientation: number | null;
}

/** The image's type and size, or null when the bytes are not a JPEG, PNG, GIF or WebP libvips can read. */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage | null> {
  const type = sniffImage(bytes);
  if (!type) return null;
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format !== type.format || !meta.width || !meta.height) return null;
    // Reading the pixels catches a truncated or corrupt body the header alone does not show.
    await sharp(bytes).stats();
    return { type, width: meta.width, height: meta.height, orientation: meta.orientation ?? null };
  } catch {
    return null;
  }
}

export interface SubSize extends Resize {
  name: string;
}

/** The default sizes WordPress would make of an image this large, in its order. */
export function subSizesOf(width: number, height: number): SubSize[] {
  return DEFAULT_SIZES.flatMap((size) => {
    const resize = resizeDimensions(width, height, size);
    return resize ? [{ name: size.name, ...resize }] : [];
  });
}

/** One sub-size, encoded in the original's format. */
export async function renderSubSize(bytes: Uint8Array, image: DecodedImage, size: Resize): Promise<Buffer> {
  const { source } = size;
  let pipeline = sharp(bytes);
  if (source.width !== image.width || source.height !== image.height) pipeline = pipeline.extract(source);
  pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  switch (image.type.format) {
    case 'jpeg': return pipeline.jpeg({ quality: 82 }).toBuffer();
    case 'webp': return pipeline.webp({ quality: 86 }).toBuffer();
    case 'png': return pipeline.png().toBuffer();
    case 'gif': return pipeline.gif().toBuffer();
  }
}
