// The responsive-image rules of wp-includes/media.php an attachment's metadata
// (`_wp_attachment_metadata`) feeds: an image's dimensions from its file name
// (wp_image_src_get_dimensions), its `srcset` (wp_calculate_image_srcset) and `sizes`
// (wp_calculate_image_sizes).
import type { PhpValue } from '../php/serialize.ts';
import { constrainDimensions } from './image-sizes.ts';

export type PhpRecord = { [key: string]: PhpValue };

export const isPhpRecord = (value: PhpValue | undefined): value is PhpRecord => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The sub-sizes of a metadata record, in their stored order (a PHP list counts too). */
function sizesOf(meta: PhpRecord): PhpValue[] {
  const { sizes } = meta;
  if (Array.isArray(sizes)) return sizes;
  return isPhpRecord(sizes) ? Object.values(sizes) : [];
}

const phpInt = (value: PhpValue | undefined): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseInt(value, 10) : value === true ? 1 : 0;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

/** wp_basename(): the last path segment. */
export function basename(path: string): string {
  const trimmed = path.replace(/[/\\]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
}

/** _wp_get_attachment_relative_path(): the folder of the file under the uploads folder. */
function relativeFolder(file: string): string {
  const slash = file.lastIndexOf('/');
  let folder = slash === -1 ? '' : file.slice(0, slash);
  const uploads = folder.indexOf('wp-content/uploads');
  if (uploads !== -1) folder = folder.slice(uploads + 18).replace(/^\/+/, '');
  return folder;
}

/** wp_image_src_get_dimensions(): the full size when the src names the file, else the sub-size of that file name. */
export function imageSrcDimensions(src: string, meta: PhpRecord): [number, number] | null {
  if (typeof meta.file === 'string' && src.includes(basename(meta.file))) return [phpInt(meta.width), phpInt(meta.height)];
  const name = basename(src);
  for (const size of sizesOf(meta)) {
    if (isPhpRecord(size) && size.file === name) return [phpInt(size.width), phpInt(size.height)];
  }
  return null;
}

/** wp_image_matches_ratio(): the larger image scaled to the smaller one's width is within a pixel of it. */
function matchesRatio(width: number, height: number, otherWidth: number, otherHeight: number): boolean {
  const [constrained, expected] = width > otherWidth
    ? [constrainDimensions(width, height, otherWidth, 0), [otherWidth, otherHeight]]
    : [constrainDimensions(otherWidth, otherHeight, width, 0), [width, height]];
  return Math.abs(constrained[0] - expected[0]!) <= 1 && Math.abs(constrained[1] - expected[1]!) <= 1;
}

const MAX_SRCSET_WIDTH = 2048;

/** wp_calculate_image_srcset(): the sources of the same aspect ratio, the src first; null for fewer than two. */
export function calculateSrcset(size: [number, number], src: string, meta: PhpRecord, uploadsBaseUrl: string): string | null {
  const file = typeof meta.file === 'string' ? meta.file : '';
  const declared = sizesOf(meta);
  if (!declared.length || file.length < 4) return null;
  const [width, height] = size;
  if (width < 1) return null;
  const thumbnail = isPhpRecord(meta.sizes) ? meta.sizes.thumbnail : undefined;
  const candidates = [...declared];
  if (!isPhpRecord(thumbnail) || thumbnail['mime-type'] !== 'image/gif') {
    candidates.push({ width: meta.width ?? null, height: meta.height ?? null, file: basename(file) });
  } else if (src.includes(file)) {
    return null;
  }
  const folder = relativeFolder(file);
  const dir = folder ? `${folder}/` : '';
  const baseUrl = `${uploadsBaseUrl.replace(/\/+$/, '')}/${dir}`;
  const editHash = /-e[0-9]{13}/.exec(basename(src))?.[0];
  // Keyed by width; the src's entry goes first.
  let sources = new Map<number, string>();
  let srcMatched = false;
  for (const candidate of candidates) {
    if (!isPhpRecord(candidate)) continue;
    const name = typeof candidate.file === 'string' ? candidate.file : '';
    let isSrc = false;
    if (!srcMatched && src.includes(dir + name)) srcMatched = isSrc = true;
    if (editHash && !(name.indexOf(editHash) > 0)) continue;
    const candidateWidth = phpInt(candidate.width);
    if (candidateWidth > MAX_SRCSET_WIDTH && !isSrc) continue;
    if (!matchesRatio(width, height, candidateWidth, phpInt(candidate.height))) continue;
    const url = baseUrl + name;
    if (isSrc) sources = new Map([[candidateWidth, url], ...[...sources].filter(([w]) => w !== candidateWidth)]);
    else sources.set(candidateWidth, url);
  }
  if (!srcMatched || sources.size < 2) return null;
  return [...sources].map(([w, url]) => `${url.replaceAll(' ', '%20')} ${w}w`).join(', ');
}

/** wp_calculate_image_sizes() for a width. */
export function calculateSizes(width: number): string | null {
  return width ? `(max-width: ${width}px) 100vw, ${width}px` : null;
}
