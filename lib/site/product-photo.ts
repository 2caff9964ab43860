import { z } from 'zod';

/**
 * Widths the build makes of every product photo: a menu thumbnail takes 200 or 400 on any phone
 * (≤ 10 KB), the product builder's header 800. A smaller source gets its own width instead of an
 * enlargement.
 */
export const PHOTO_WIDTHS = [200, 400, 800] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** Where a deployment keeps the variants: content-hashed names, so they can be cached for a year. */
export const PHOTO_FOLDER = '_images';

/**
 * A product photo as the build made it: `<src>-<width>.<format>` names each variant, and width and
 * height are those of the largest, so a page reserves the photo's box before it loads.
 */
export const productPhotoSchema = z.object({
  src: z.string().regex(new RegExp(`^/${PHOTO_FOLDER}/[0-9a-f]{16}$`)),
  width: z.int().positive(),
  height: z.int().positive(),
});
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

/** A tenant's photos by the `image` value of its products (two products may share one). */
export const productPhotosSchema = z.record(z.string(), productPhotoSchema);
export type ProductPhotos = z.infer<typeof productPhotosSchema>;

/** The width of the largest variant made of a source this wide. */
export function largestPhotoWidth(sourceWidth: number): number {
  return Math.min(sourceWidth, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] ?? sourceWidth);
}

/** Every variant width of a photo whose largest variant is `width` wide, smallest first. */
export function photoWidths(width: number): number[] {
  return [...PHOTO_WIDTHS.filter((standard) => standard < width), width];
}

export function photoFile(src: string, width: number, format: PhotoFormat): string {
  return `${src}-${width}.${format}`;
}

export function photoSrcSet(photo: ProductPhoto, format: PhotoFormat): string {
  return photoWidths(photo.width)
    .map((width) => `${photoFile(photo.src, width, format)} ${width}w`)
    .join(', ');
}

/** What a browser without `srcset` loads: the variant nearest a thumbnail's needs, in WebP (every browser that runs the shop decodes it). */
export function photoFallback(photo: ProductPhoto): string {
  const widths = photoWidths(photo.width);
  return photoFile(photo.src, widths[Math.min(1, widths.length - 1)] ?? photo.width, 'webp');
}

/**
 * How wide (CSS px) a photo is drawn when it covers a box `boxWidth` wide with aspect ratio
 * `boxAspect` (width / height): a photo wider than the box overflows it sideways and is cropped,
 * so `sizes` must ask for that width, or a thumbnail comes out blurry.
 */
export function coverWidth(photo: Pick<ProductPhoto, 'width' | 'height'>, boxWidth: number, boxAspect: number): number {
  return Math.ceil(boxWidth * Math.max(1, photo.width / photo.height / boxAspect));
}
