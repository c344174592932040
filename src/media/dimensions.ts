// WordPress's sub-size geometry: wp_constrain_dimensions, image_resize_dimensions and the default
// sizes, in the order _wp_make_subsizes creates them (medium, large, thumbnail, medium_large first).

export interface SizeDefinition {
  name: string;
  width: number;
  height: number;
  crop: boolean;
}

export const DEFAULT_SIZES: readonly SizeDefinition[] = [
  { name: 'medium', width: 300, height: 300, crop: false },
  { name: 'large', width: 1024, height: 1024, crop: false },
  { name: 'thumbnail', width: 150, height: 150, crop: true },
  { name: 'medium_large', width: 768, height: 0, crop: false },
  { name: '1536x1536', width: 1536, height: 1536, crop: false },
  { name: '2048x2048', width: 2048, height: 2048, crop: false },
];

/**
 * WordPress's `big_image_size_threshold`: a larger original (not a PNG) is stood for by a copy
 * scaled down to fit 2560×2560, `NAME-scaled.EXT`.
 */
export const BIG_IMAGE: SizeDefinition = { name: 'scaled', width: 2560, height: 2560, crop: false };

/** PHP round() for the non-negative values here (half away from zero). */
const round = (value: number): number => Math.round(value);

/** wp_constrain_dimensions: the size fitting in max_width × max_height (0: unbounded), a pixel short rounded up. */
export function constrainDimensions(width: number, height: number, maxWidth: number, maxHeight: number): [number, number] {
  if (!maxWidth && !maxHeight) return [width, height];
  let widthRatio = 1;
  let heightRatio = 1;
  let didWidth = false;
  let didHeight = false;
  if (maxWidth > 0 && width > 0 && width > maxWidth) {
    widthRatio = maxWidth / width;
    didWidth = true;
  }
  if (maxHeight > 0 && height > 0 && height > maxHeight) {
    heightRatio = maxHeight / height;
    didHeight = true;
  }
  const smaller = Math.min(widthRatio, heightRatio);
  const larger = Math.max(widthRatio, heightRatio);
  const ratio = round(width * larger) > maxWidth || round(height * larger) > maxHeight ? smaller : larger;
  let w = Math.max(1, round(width * ratio));
  let h = Math.max(1, round(height * ratio));
  if (didWidth && w === maxWidth - 1) w = maxWidth;
  if (didHeight && h === maxHeight - 1) h = maxHeight;
  return [w, h];
}

export interface Resize {
  width: number;
  height: number;
  /** The region of the original taken (all of it unless cropped). */
  source: { left: number; top: number; width: number; height: number };
}

/** image_resize_dimensions (centre crop); null when the size would not be smaller than the original. */
export function resizeDimensions(width: number, height: number, size: SizeDefinition): Resize | null {
  if (width <= 0 || height <= 0 || (size.width <= 0 && size.height <= 0)) return null;
  let newWidth: number;
  let newHeight: number;
  let source = { left: 0, top: 0, width, height };
  if (size.crop) {
    const aspect = width / height;
    newWidth = Math.min(size.width, width);
    newHeight = Math.min(size.height, height);
    if (!newWidth) newWidth = round(newHeight * aspect);
    if (!newHeight) newHeight = round(newWidth / aspect);
    const ratio = Math.max(newWidth / width, newHeight / height);
    const cropWidth = round(newWidth / ratio);
    const cropHeight = round(newHeight / ratio);
    source = { left: Math.floor((width - cropWidth) / 2), top: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
  } else {
    [newWidth, newHeight] = constrainDimensions(width, height, size.width, size.height);
  }
  // wp_fuzzy_number_match with its default precision of 1 pixel.
  if (Math.abs(newWidth - width) <= 1 && Math.abs(newHeight - height) <= 1) return null;
  return { width: newWidth, height: newHeight, source };
}
