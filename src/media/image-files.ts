// Images judged by their bytes, and the files made of them (sub-sizes, scaled and upright copies)
// with sharp (libvips) in the original's format, as WordPress's image editors make them (metadata
// stripped, JPEG quality 82).
import type { Sharp, SharpInput } from 'sharp';
import { resizeDimensions, DEFAULT_SIZES, type Resize } from './dimensions.ts';
import type { MetadataBlocks } from './image-meta.ts';

/**
 * sharp, loaded when an image is first read: libvips, which it maps with it, takes some 6 MB of
 * the resident memory of a server that may never take an upload.
 */
let loadedSharp: Promise<(input: SharpInput) => Sharp> | undefined;
function sharpLoaded(): Promise<(input: SharpInput) => Sharp> {
  return loadedSharp ??= import('sharp').then((module) => module.default);
}

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
  /** The size as stored (before any EXIF orientation is applied). */
  width: number;
  height: number;
  /** The EXIF, IPTC and XMP blocks the file carries. */
  blocks: MetadataBlocks;
}

/** The image's type, size and metadata blocks, or null when the bytes are not a JPEG, PNG, GIF or WebP libvips can read. */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage | null> {
  const type = sniffImage(bytes);
  if (!type) return null;
  const sharp = await sharpLoaded();
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format !== type.format || !meta.width || !meta.height) return null;
    // Reading the pixels catches a truncated or corrupt body the header alone does not show.
    await sharp(bytes).stats();
    const blocks = { jpeg: type.format === 'jpeg', exif: meta.exif, iptc: meta.iptc, xmp: meta.xmp };
    return { type, width: meta.width, height: meta.height, blocks };
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

/** How one file is made from the uploaded image. */
export interface Rendering {
  /** Turn the pixels upright by the EXIF orientation first (WordPress's maybe_exif_rotate). */
  upright: boolean;
  /** The region of the (upright) image taken; all of it when absent. */
  source?: Resize['source'];
  width: number;
  height: number;
}

/** A file made from the image (a sub-size, or the scaled or rotated copy), in the original's format. */
export async function renderImage(bytes: Uint8Array, image: DecodedImage, rendering: Rendering): Promise<Buffer> {
  let pipeline = (await sharpLoaded())(bytes);
  if (rendering.upright) pipeline = pipeline.autoOrient();
  const { source } = rendering;
  if (source) pipeline = pipeline.extract(source);
  pipeline = pipeline.resize(rendering.width, rendering.height, { fit: 'fill' });
  switch (image.type.format) {
    case 'jpeg': return pipeline.jpeg({ quality: 82 }).toBuffer();
    case 'webp': return pipeline.webp({ quality: 86 }).toBuffer();
    case 'png': return pipeline.png().toBuffer();
    case 'gif': return pipeline.gif().toBuffer();
  }
}
