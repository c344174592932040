// WordPress's default image sizes (the `{size}_size_w`/`_h` options at their defaults), in the
// order _wp_make_subsizes creates them, and wp_constrain_dimensions().

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

