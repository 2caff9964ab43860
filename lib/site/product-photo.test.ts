import { describe, expect, it } from 'vitest';
import {
  coverWidth,
  largestPhotoWidth,
  photoFallback,
  photoSrcSet,
  photoWidths,
  productPhotoSchema,
  type ProductPhoto,
} from './product-photo.ts';

const photo: ProductPhoto = { src: '/_images/0123456789abcdef', width: 800, height: 600 };

describe('product photo variants', () => {
  it.each([
    [3000, 800, [200, 400, 800]],
    [800, 800, [200, 400, 800]],
    [700, 700, [200, 400, 700]],
    [400, 400, [200, 400]],
    [250, 250, [200, 250]],
    [200, 200, [200]],
    [120, 120, [120]],
  ])('a source %i px wide gives a largest variant of %i and widths %j', (source, largest, widths) => {
    expect(largestPhotoWidth(source)).toBe(largest);
    expect(photoWidths(largest)).toEqual(widths);
  });

  it('lists every variant of a format with its width for srcset', () => {
    expect(photoSrcSet(photo, 'avif')).toBe(
      '/_images/0123456789abcdef-200.avif 200w, /_images/0123456789abcdef-400.avif 400w, /_images/0123456789abcdef-800.avif 800w',
    );
    expect(photoSrcSet({ ...photo, width: 120, height: 90 }, 'webp')).toBe('/_images/0123456789abcdef-120.webp 120w');
  });

  it.each([
    [photo, '/_images/0123456789abcdef-400.webp'],
    [{ ...photo, width: 300, height: 200 }, '/_images/0123456789abcdef-300.webp'],
    [{ ...photo, width: 150, height: 150 }, '/_images/0123456789abcdef-150.webp'],
  ])('falls back to a WebP of thumbnail size: %j', (given, expected) => {
    expect(photoFallback(given)).toBe(expected);
  });

  it.each([
    // A 4:3 photo in a square box is drawn a third wider than the box, and cropped.
    [{ width: 800, height: 600 }, 96, 1, 128],
    [{ width: 600, height: 800 }, 96, 1, 96],
    [{ width: 800, height: 800 }, 112, 1, 112],
    // In a 2:1 header a 4:3 photo fits the width; a 3:1 panorama overflows it.
    [{ width: 800, height: 600 }, 640, 2, 640],
    [{ width: 900, height: 300 }, 640, 2, 960],
  ])('%j covering a box %i px wide of aspect %f is drawn %i px wide', (size, box, aspect, drawn) => {
    expect(coverWidth(size, box, aspect)).toBe(drawn);
  });

  it.each([
    [photo, true],
    [{ ...photo, src: '/_images/0123456789ABCDEF' }, false],
    [{ ...photo, src: 'https://evil.example.com/x' }, false],
    [{ ...photo, src: '/_images/0123456789abcdef/../../x' }, false],
    [{ ...photo, width: 0 }, false],
  ])('a photo descriptor %j is valid: %s', (given, valid) => {
    expect(productPhotoSchema.safeParse(given).success).toBe(valid);
  });
});
