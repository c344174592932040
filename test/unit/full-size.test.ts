// What wp_create_image_subsizes() makes of an original before its sub-sizes: the `-scaled` copy
// of a big image, the `-rotated` copy of a JPEG with an EXIF orientation, or nothing.
import { expect } from 'chai';
import { planFullSize } from '../../src/media/full-size.ts';
import type { DecodedImage } from '../../src/media/image-files.ts';

function image(format: 'jpeg' | 'png' | 'gif' | 'webp', width: number, height: number): DecodedImage {
  const mimeType = `image/${format}`;
  return { type: { mimeType, extension: format, extensions: [format], format }, width, height, blocks: { jpeg: format === 'jpeg' } };
}

describe('media/full-size (wp_create_image_subsizes)', () => {
  it('keeps an image within 2560 pixels without an orientation as it is', () => {
    expect(planFullSize(image('jpeg', 2560, 1200), 1)).to.deep.equal({ upright: false, width: 2560, height: 1200, copy: null });
  });

  it('scales a bigger JPEG, GIF or WebP down to fit 2560×2560', () => {
    for (const format of ['jpeg', 'gif', 'webp'] as const) {
      expect(planFullSize(image(format, 3000, 2000), 0).copy).to.deep.equal({ suffix: 'scaled', width: 2560, height: 1707 });
    }
    expect(planFullSize(image('jpeg', 1000, 6000), 0).copy).to.deep.equal({ suffix: 'scaled', width: 427, height: 2560 });
  });

  it('never scales a PNG, nor turns it', () => {
    expect(planFullSize(image('png', 5000, 4000), 6)).to.deep.equal({ upright: false, width: 5000, height: 4000, copy: null });
  });

  it('turns a JPEG with an orientation of 2 to 8 upright into a `-rotated` copy, swapping the sides for 5 to 8', () => {
    expect(planFullSize(image('jpeg', 400, 300), 3)).to.deep.equal({ upright: true, width: 400, height: 300, copy: { suffix: 'rotated', width: 400, height: 300 } });
    expect(planFullSize(image('jpeg', 400, 300), 6)).to.deep.equal({ upright: true, width: 300, height: 400, copy: { suffix: 'rotated', width: 300, height: 400 } });
    expect(planFullSize(image('jpeg', 400, 300), 9).copy).to.equal(null);
    expect(planFullSize(image('webp', 400, 300), 6).copy).to.equal(null);
  });

  it('scales and turns a big JPEG with an orientation into one `-scaled` copy; the sub-sizes come from the upright original', () => {
    expect(planFullSize(image('jpeg', 3000, 2000), 8)).to.deep.equal({ upright: true, width: 2000, height: 3000, copy: { suffix: 'scaled', width: 1707, height: 2560 } });
  });

  it('makes no copy when the scaled size is within a pixel of the original (image_resize_dimensions gives none), leaving it unturned', () => {
    expect(planFullSize(image('jpeg', 2561, 1000), 6)).to.deep.equal({ upright: true, width: 1000, height: 2561, copy: null });
  });
});
