// What wp_create_image_subsizes() does with an original before its sub-sizes: a JPEG whose EXIF
// orientation is 2–8 is turned upright; an original (not a PNG) over the big-image threshold is
// stood for by a copy scaled down to fit it (`-scaled`), else a turned JPEG by its upright copy
// (`-rotated`). The sub-sizes are always made from the original, turned upright.
import { BIG_IMAGE, resizeDimensions } from './dimensions.ts';
import type { DecodedImage } from './image-files.ts';

export interface FullSizePlan {
  /** Whether the pixels are turned by the EXIF orientation (JPEG only, orientations 2–8). */
  upright: boolean;
  /** The original's size once turned upright: what the sub-sizes are made from. */
  width: number;
  height: number;
  /** The copy that stands for the original (its name's suffix and upright size), null when the original does. */
  copy: { suffix: 'scaled' | 'rotated'; width: number; height: number } | null;
}

/** The plan for an image with this EXIF orientation (0 when it has none). */
export function planFullSize(image: DecodedImage, orientation: number): FullSizePlan {
  const upright = image.type.format === 'jpeg' && orientation >= 2 && orientation <= 8;
  // Orientations 5–8 turn the image a quarter: width and height swap.
  const turned = (size: { width: number; height: number }): { width: number; height: number } =>
    upright && orientation >= 5 ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  const plan: FullSizePlan = { upright, ...turned(image), copy: null };
  if (image.type.format === 'png') return plan;
  if (image.width > BIG_IMAGE.width || image.height > BIG_IMAGE.height) {
    // A size within a pixel of the original is no resize: WordPress then keeps the original, unturned.
    const scaled = resizeDimensions(image.width, image.height, BIG_IMAGE);
    if (scaled) plan.copy = { suffix: 'scaled', ...turned(scaled) };
  } else if (upright) {
    plan.copy = { suffix: 'rotated', ...turned(image) };
  }
  return plan;
}
