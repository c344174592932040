// wp_read_image_metadata(): which EXIF, IPTC and XMP values fill `image_meta`, in what order of
// preference, and as what PHP types (every scalar a string after wp_kses_post_deep()).
import { expect } from 'chai';
import { decodeImage } from '../../src/media/image-files.ts';
import { readImageMeta } from '../../src/media/image-meta.ts';
import { phpSerialize } from '../../src/php/serialize.ts';
import { halvesImage, type ImageMetadata } from '../support/image-metadata.ts';

const DEFAULTS = {
  aperture: '0', credit: '', camera: '', caption: '', created_timestamp: '0', copyright: '', focal_length: '0',
  iso: '0', shutter_speed: '0', title: '', orientation: '0', keywords: [], alt: '',
};

async function metaOf(format: 'jpeg' | 'png' | 'webp', metadata: ImageMetadata) {
  const image = await decodeImage(await halvesImage(40, 30, format, metadata));
  return readImageMeta(image!.blocks);
}

const CAMERA: ImageMetadata['exif'] = {
  IFD0: { ImageDescription: 'Harbour at dawn', Artist: 'Ann Lee', Copyright: 'Ann & Bo', Model: 'Cam 1' },
  IFD2: { FNumber: '28/10', ExposureTime: '1/3', FocalLength: '50/1', ISOSpeedRatings: '200', DateTimeDigitized: '2024:05:06 07:08:09', UserComment: 'Boats leaving' },
};

describe('media/image-meta (wp_read_image_metadata)', () => {
  it('gives the defaults, as strings, for an image without metadata (sample 71)', async () => {
    expect(await metaOf('png', {})).to.deep.equal(DEFAULTS);
    expect(phpSerialize(await metaOf('jpeg', {}))).to.equal('a:13:{s:8:"aperture";s:1:"0";s:6:"credit";s:0:"";s:6:"camera";s:0:"";s:7:"caption";s:0:"";'
      + 's:17:"created_timestamp";s:1:"0";s:9:"copyright";s:0:"";s:12:"focal_length";s:1:"0";s:3:"iso";s:1:"0";s:13:"shutter_speed";s:1:"0";'
      + 's:5:"title";s:0:"";s:11:"orientation";s:1:"0";s:8:"keywords";a:0:{}s:3:"alt";s:0:"";}');
  });

  it('reads a camera\'s EXIF: fractions as decimals with 14 digits, the date as a UTC timestamp, text through kses', async () => {
    expect(await metaOf('jpeg', { exif: CAMERA, orientation: 6 })).to.deep.equal({
      aperture: '2.8', credit: 'Ann Lee', camera: 'Cam 1',
      // The description is the title (under 80 bytes), so the user comment alone is the caption.
      caption: 'Boats leaving', created_timestamp: '1714979289', copyright: 'Ann &amp; Bo', focal_length: '50',
      iso: '200', shutter_speed: '0.33333333333333', title: 'Harbour at dawn', orientation: '6', keywords: [], alt: '',
    });
  });

  it('joins a long description and the user comment into the caption, and leaves the title empty', async () => {
    const long = 'A very long description of the harbour at dawn, with the boats leaving for the open sea';
    const meta = await metaOf('jpeg', { exif: { IFD0: { ImageDescription: long }, IFD2: { UserComment: 'Shot from the pier' } } });
    expect(meta).to.include({ title: '', caption: `${long} Shot from the pier` });
  });

  it('takes a short user comment as title and caption when there is no description', async () => {
    const meta = await metaOf('jpeg', { exif: { IFD2: { UserComment: 'Pier at noon', ExposureTime: '1/100000' } } });
    expect(meta).to.include({ title: 'Pier at noon', caption: 'Pier at noon', shutter_speed: '1.0E-5' });
  });

  it('prefers IPTC to EXIF: headline, caption, credit, date with its offset, copyright, keywords', async () => {
    const meta = await metaOf('jpeg', {
      exif: CAMERA,
      iptc: { 105: ['Headline'], 5: ['Object name'], 120: ['The IPTC caption'], 110: ['IPTC credit'], 80: ['By-line'], 55: ['20240506'], 60: ['070809+0200'], 116: ['(c) IPTC'], 25: ['boats', 'dawn'] },
    });
    expect(meta).to.deep.equal({
      aperture: '2.8', credit: 'IPTC credit', camera: 'Cam 1', caption: 'The IPTC caption', created_timestamp: '1714972089',
      copyright: '(c) IPTC', focal_length: '50', iso: '200', shutter_speed: '0.33333333333333', title: 'Headline', orientation: '1',
      keywords: ['boats', 'dawn'], alt: '',
    });
  });

  it('falls back to the object name, a short IPTC caption and the by-line', async () => {
    expect(await metaOf('jpeg', { iptc: { 5: ['  Object name  '], 80: ['By-line'] } })).to.include({ title: 'Object name', credit: 'By-line' });
    expect(await metaOf('jpeg', { iptc: { 120: ['Short caption'] } })).to.include({ title: 'Short caption', caption: 'Short caption' });
  });

  it('filters text as wp_kses_post does', async () => {
    const meta = await metaOf('jpeg', { iptc: { 105: ['<b>Bold</b> <script>x()</script>title'] } });
    expect(meta.title).to.equal('<b>Bold</b> x()title');
  });

  it('reads IPTC and EXIF from JPEG files only, and the XMP alt text from any', async () => {
    expect(await metaOf('webp', { exif: CAMERA, orientation: 6, xmpAlt: 'Boats &amp; gulls' })).to.deep.equal({ ...DEFAULTS, alt: 'Boats &amp; gulls' });
    expect((await metaOf('jpeg', { xmpAlt: ' Red and blue ' })).alt).to.equal('Red and blue');
  });
});
