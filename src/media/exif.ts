// The EXIF fields wp_read_image_metadata() reads, named and shaped as PHP's exif_read_data() gives
// them: IFD0 and the Exif sub-IFD in one record, texts cut at their first NUL, the user comment
// without its character-code prefix, the Windows XP tags (`Comments`, `Author`) as text.
import readExif from 'exif-reader';

export interface ExifFields {
  ImageDescription?: string;
  /** exif_read_data's COMPUTED.UserComment. */
  UserComment?: string;
  /** XPComment. */
  Comments?: string;
  Artist?: string;
  /** XPAuthor. */
  Author?: string;
  Copyright?: string;
  Model?: string;
  /** Rationals as numbers (numerator / denominator; 0 for a zero denominator, as wp_exif_frac2dec). */
  FNumber?: number;
  FocalLength?: number;
  ExposureTime?: number;
  /** Several values when the camera wrote several. */
  ISOSpeedRatings?: number | number[];
  /** `YYYY:MM:DD HH:MM:SS` read as UTC, as WordPress's strtotime() reads it. */
  DateTimeDigitized?: Date;
  Orientation?: number;
}

/** A text tag: exif-reader gives a Buffer when the bytes are not ASCII. */
function text(value: unknown): string | undefined {
  const raw = Buffer.isBuffer(value) ? value.toString('utf8') : typeof value === 'string' ? value : undefined;
  if (raw === undefined) return undefined;
  const nul = raw.indexOf('\0');
  return nul === -1 ? raw : raw.slice(0, nul);
}

/** A Windows XP tag: UCS-2LE bytes, NUL-terminated. */
function xpText(value: unknown): string | undefined {
  if (!Array.isArray(value) || !value.every((byte) => typeof byte === 'number')) return undefined;
  return text(Buffer.from(value as number[]).toString('utf16le'));
}

/** The UserComment: an 8-byte character code (ASCII, UNICODE, JIS or undefined), then the text. */
function userComment(value: unknown, bigEndian: boolean): string | undefined {
  if (!Buffer.isBuffer(value)) return text(value);
  if (value.length < 8) return text(value);
  const code = value.toString('latin1', 0, 8);
  const body = value.subarray(8);
  if (code === 'UNICODE\0') return text(bigEndian ? Buffer.from(body).swap16().toString('utf16le') : body.toString('utf16le'));
  // PHP also drops the trailing spaces some cameras pad the comment with.
  return text(body)?.replace(/ +$/, '');
}

function rational(value: unknown): number | undefined {
  if (typeof value !== 'number') return undefined;
  return Number.isFinite(value) ? value : 0;
}

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The fields of an EXIF block (as sharp gives it); empty when it cannot be read. */
export function exifFields(block: Uint8Array | undefined): ExifFields {
  if (!block) return {};
  let parsed: ReturnType<typeof readExif>;
  try {
    parsed = readExif(Buffer.from(block.buffer, block.byteOffset, block.byteLength));
  } catch {
    return {};
  }
  const tags: Record<string, unknown> = { ...parsed.Image, ...parsed.Photo };
  const iso = tags.ISOSpeedRatings;
  const digitized = tags.DateTimeDigitized;
  const fields: ExifFields = {
    ImageDescription: text(tags.ImageDescription),
    UserComment: userComment(tags.UserComment, parsed.bigEndian),
    Comments: xpText(tags.XPComment),
    Artist: text(tags.Artist),
    Author: xpText(tags.XPAuthor),
    Copyright: text(tags.Copyright),
    Model: text(tags.Model),
    FNumber: rational(tags.FNumber),
    FocalLength: rational(tags.FocalLength),
    ExposureTime: rational(tags.ExposureTime),
    ISOSpeedRatings: typeof iso === 'number' || (Array.isArray(iso) && iso.every((v) => typeof v === 'number')) ? iso as number | number[] : undefined,
    DateTimeDigitized: digitized instanceof Date && !Number.isNaN(digitized.getTime()) ? digitized : undefined,
    Orientation: number(tags.Orientation),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as ExifFields;
}
