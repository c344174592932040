// WordPress's sub-size geometry: image_resize_dimensions, over the default sizes and
// wp_constrain_dimensions of text/image-sizes.ts.
import { constrainDimensions, type SizeDefinition } from '../text/image-sizes.ts';

export { DEFAULT_SIZES, constrainDimensions, type SizeDefinition } from '../text/image-sizes.ts';

/**
 * WordPress's `big_image_size_threshold`: a larger original (not a PNG) is stood for by a copy
 * scaled down to fit 2560×2560, `NAME-scaled.EXT`.
 */
export const BIG_IMAGE: SizeDefinition = { name: 'scaled', width: 2560, height: 2560, crop: false };

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
    if (!newWidth) newWidth = Math.round(newHeight * aspect);
    if (!newHeight) newHeight = Math.round(newWidth / aspect);
    const ratio = Math.max(newWidth / width, newHeight / height);
    const cropWidth = Math.round(newWidth / ratio);
    const cropHeight = Math.round(newHeight / ratio);
    source = { left: Math.floor((width - cropWidth) / 2), top: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
  } else {
    [newWidth, newHeight] = constrainDimensions(width, height, size.width, size.height);
  }
  // wp_fuzzy_number_match with its default precision of 1 pixel.
  if (Math.abs(newWidth - width) <= 1 && Math.abs(newHeight - height) <= 1) return null;
  return { width: newWidth, height: newHeight, source };
}
