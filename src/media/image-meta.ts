// wp_read_image_metadata(): the `image_meta` of an attachment, from the IPTC and EXIF data of a
// JPEG and the XMP alt text of any image, typed as WordPress stores it: every value passes
// wp_kses_post_deep(), so numbers become strings ("0", "2.8") and text is kses-filtered.
import type { PhpValue } from '../php/serialize.ts';
import { ksesPost } from '../text/kses.ts';
import { phpNumberString, phpRound, phpTrim } from '../text/php.ts';
import { strtotimeUtc } from '../time/strtotime.ts';
import { exifFields, type ExifFields } from './exif.ts';
import { parseIptc } from './iptc.ts';
import { xmpAltText } from './xmp.ts';

/** What an image's metadata blocks hold, as sharp reads them. */
export interface MetadataBlocks {
  /** WordPress reads IPTC and EXIF from JPEG files only. */
  jpeg: boolean;
  exif?: Uint8Array;
  /** The APP13 segment. */
  iptc?: Uint8Array;
  xmp?: Uint8Array;
}

export interface ImageMeta {
  aperture: string;
  credit: string;
  camera: string;
  caption: string;
  created_timestamp: string;
  copyright: string;
  focal_length: string;
  iso: string;
  shutter_speed: string;
  title: string;
  /** The EXIF orientation as read; 1 (a number, as WordPress sets it) once the pixels are turned upright. */
  orientation: string | number;
  keywords: string[];
  alt: string;
  [key: string]: PhpValue;
}

/** PHP empty() for what the readers give: undefined, '', '0' and 0. */
const isEmpty = (value: string | number | false | undefined): boolean => value === undefined || value === '' || value === '0' || value === 0 || value === false;

/** `mbstring_binary_safe_encoding(); strlen()`: the length in bytes. */
const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/** strtotime() as WordPress runs it (UTC): seconds, or false. */
function timestamp(text: string): number | false {
  const ms = strtotimeUtc(text, Date.now());
  return ms === null ? false : Math.floor(ms / 1000);
}

interface RawMeta {
  aperture: number;
  credit: string;
  camera: string;
  caption: string;
  created_timestamp: number | false;
  copyright: string;
  focal_length: number | string;
  iso: number | string;
  shutter_speed: number | string;
  title: string;
  orientation: number;
  keywords: string[];
  alt: string;
}

function readIptc(meta: RawMeta, app13: Uint8Array): void {
  const iptc = parseIptc(app13);
  const first = (key: string): string | undefined => iptc.get(key)?.[0];
  const headline = first('2#105');
  const objectName = first('2#005');
  if (!isEmpty(headline)) meta.title = phpTrim(headline!);
  else if (!isEmpty(objectName)) meta.title = phpTrim(objectName!);
  const description = first('2#120');
  if (!isEmpty(description)) {
    const caption = phpTrim(description!);
    // A short description doubles as the title.
    if (isEmpty(meta.title) && byteLength(caption) < 80) meta.title = caption;
    meta.caption = caption;
  }
  const credit = first('2#110');
  const byline = first('2#080');
  if (!isEmpty(credit)) meta.credit = phpTrim(credit!);
  else if (!isEmpty(byline)) meta.credit = phpTrim(byline!);
  const created = first('2#055');
  const time = first('2#060');
  if (!isEmpty(created) && !isEmpty(time)) meta.created_timestamp = timestamp(`${created} ${time}`);
  const copyright = first('2#116');
  if (!isEmpty(copyright)) meta.copyright = phpTrim(copyright!);
  if (!isEmpty(first('2#025'))) meta.keywords = iptc.get('2#025')!;
}

/** The caption and title the EXIF description and user comment give, where IPTC gave none. */
function readExifTexts(meta: RawMeta, exif: ExifFields): void {
  const description = isEmpty(exif.ImageDescription) ? '' : phpTrim(exif.ImageDescription!);
  const comment = isEmpty(exif.UserComment) ? '' : phpTrim(exif.UserComment!);
  if (!isEmpty(description)) {
    if (isEmpty(meta.title) && byteLength(description) < 80) meta.title = description;
    if (isEmpty(meta.caption) && !isEmpty(comment)) {
      if (!isEmpty(meta.title) && description === meta.title) meta.caption = comment;
      else meta.caption = description === comment ? description : phpTrim(`${description} ${comment}`);
    }
    if (isEmpty(meta.caption) && !isEmpty(comment)) meta.caption = comment;
    if (isEmpty(meta.caption)) meta.caption = description;
  } else if (isEmpty(meta.caption) && !isEmpty(comment)) {
    meta.caption = comment;
    if (isEmpty(meta.title) && byteLength(comment) < 80) meta.title = comment;
  } else if (isEmpty(meta.caption) && !isEmpty(exif.Comments)) {
    meta.caption = phpTrim(exif.Comments!);
  }
}

function readExif(meta: RawMeta, exif: ExifFields): void {
  readExifTexts(meta, exif);
  if (isEmpty(meta.credit)) {
    if (!isEmpty(exif.Artist)) meta.credit = phpTrim(exif.Artist!);
    else if (!isEmpty(exif.Author)) meta.credit = phpTrim(exif.Author!);
  }
  if (isEmpty(meta.copyright) && !isEmpty(exif.Copyright)) meta.copyright = phpTrim(exif.Copyright!);
  if (!isEmpty(exif.FNumber)) meta.aperture = phpRound(exif.FNumber!, 2);
  if (!isEmpty(exif.Model)) meta.camera = phpTrim(exif.Model!);
  if (isEmpty(meta.created_timestamp) && exif.DateTimeDigitized) meta.created_timestamp = Math.floor(exif.DateTimeDigitized.getTime() / 1000);
  if (!isEmpty(exif.FocalLength)) meta.focal_length = phpNumberString(exif.FocalLength!);
  const iso = Array.isArray(exif.ISOSpeedRatings) ? exif.ISOSpeedRatings[0] : exif.ISOSpeedRatings;
  if (!isEmpty(iso)) meta.iso = phpNumberString(iso!);
  if (!isEmpty(exif.ExposureTime)) meta.shutter_speed = phpNumberString(exif.ExposureTime!);
  if (!isEmpty(exif.Orientation)) meta.orientation = exif.Orientation!;
}

/** wp_kses_post() on a scalar: PHP's string form of it, filtered. */
function kses(value: string | number | false): string {
  if (value === false) return '';
  return ksesPost(typeof value === 'number' ? phpNumberString(value) : value);
}

/** The image_meta WordPress stores for an image with these metadata blocks. */
export function readImageMeta(blocks: MetadataBlocks): ImageMeta {
  const meta: RawMeta = {
    aperture: 0, credit: '', camera: '', caption: '', created_timestamp: 0, copyright: '', focal_length: 0,
    iso: 0, shutter_speed: 0, title: '', orientation: 0, keywords: [], alt: xmpAltText(blocks.xmp),
  };
  if (blocks.jpeg && blocks.iptc) readIptc(meta, blocks.iptc);
  if (blocks.jpeg) readExif(meta, exifFields(blocks.exif));
  const filtered = Object.fromEntries(Object.entries(meta).map(([key, value]) => [
    key, Array.isArray(value) ? value.map((item) => kses(item)) : kses(value),
  ]));
  return filtered as ImageMeta;
}

