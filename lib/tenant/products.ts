import { z } from 'zod';
import { choicePrice, dishPrice, id, text, TEXT_MAX } from './primitives.ts';

export { allergenFlags, type AllergenFlag } from './allergens.ts';

export const productGroupSchema = z.object({
  productGroupId: id,
  name: text(TEXT_MAX.name).min(1),
  description: text(TEXT_MAX.description).default(''),
  sortOrder: z.int().default(0),
  /** Products of this group may be ordered as half-and-half. */
  allowHalfHalf: z.boolean().default(false),
  halfHalfSurcharge: dishPrice.default(0),
  /**
   * The group's sizes (retailerProductSizeId) a half-and-half is made in, for a shop that halves
   * only its whole pies and not a slice; null (the default) for every size.
   */
  halfHalfSizeIds: z.array(id).min(1).nullable().default(null),
  availableForAllHours: z.boolean().default(true),
  /** Extra price used by ingredientsPriceType 2 for this group's extras, when set. */
  extraPrice: dishPrice.nullable().default(null),
});

/** Files the build turns into AVIF and WebP variants; a URL's content is checked when it is fetched. */
const PHOTO_FILE = /\.(jpe?g|png|webp|avif)$/i;
/** One part of a path: no separators, control characters or characters Windows refuses in names. */
const PATH_PART = /^[^/\\:*?"<>|\u0000-\u001f]+$/;

/** What is wrong with a product's `image`, or undefined when the build can use it. */
export function productImageProblem(image: string): string | undefined {
  if (image === '') return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(image)) {
    if (!/^https:/i.test(image))
      return 'expected an https:// URL (a photo over http or another scheme would make the page insecure)';
    try {
      const url = new URL(image);
      return url.hostname === '' || url.username !== '' || url.password !== ''
        ? 'expected an https:// URL with a host and no user name or password'
        : undefined;
    } catch {
      return 'not a valid URL';
    }
  }
  if (image.startsWith('//'))
    return "expected an https:// URL with its scheme, or a path inside the tenant's public/ folder";
  if (image.startsWith('/'))
    return `expected a path inside the tenant's public/ folder without a leading "/", like "${image.replace(/^\/+/, '')}"`;
  if (!image.split('/').every((part) => PATH_PART.test(part) && part !== '.' && part !== '..'))
    return 'expected a path inside the tenant\'s public/ folder: no "..", "." or empty parts, no "\\"';
  if (!PHOTO_FILE.test(image)) return 'expected a .jpg, .jpeg, .png, .webp or .avif file';
  return undefined;
}

/**
 * A product's photo: a file under the tenant's `public/` folder ("photos/margherita.jpg") or an
 * https URL; '' for none. The build makes the variants pages show (scripts/lib/product-photos.ts).
 */
export const productImage = z
  .string()
  .max(TEXT_MAX.url, `expected at most ${TEXT_MAX.url} characters`)
  .default('')
  .superRefine((image, context) => {
    const problem = productImageProblem(image);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const productSchema = z.object({
  productId: id,
  productGroupId: id,
  name: text(TEXT_MAX.name).min(1),
  description: text(TEXT_MAX.description).default(''),
  minPrice: dishPrice,
  image: productImage,
  sortOrder: z.int().default(0),
  isHalfHalf: z.boolean().default(false),
  isVegetarian: z.boolean().default(false),
  isVegan: z.boolean().default(false),
  isGlutenFree: z.boolean().default(false),
  isDairyFree: z.boolean().default(false),
  containsNuts: z.boolean().default(false),
  isSpicy: z.boolean().default(false),
});

/** Response of GET /api/products/info-ssr. */
export const productsInfoSsrSchema = z.object({
  products: z.array(productSchema),
  groups: z.array(productGroupSchema),
});

/**
 * A size of a product group. In products info it is the group's size with its default price;
 * in a product's details `price` is that product's price at this size.
 */
export const sizeSchema = z.object({
  retailerProductSizeId: id,
  productGroupId: id,
  productSizeId: id,
  name: text(TEXT_MAX.name).min(1),
  price: dishPrice,
  defaultProductPrice: dishPrice,
});

export const ingredientSchema = z.object({
  ingredientId: id,
  name: text(TEXT_MAX.name).min(1),
  price: dishPrice,
  defaultExtraPrice: dishPrice.default(0),
  /** With ingredientsPriceType 2, the ingredient's own price wins over the group's extra price. */
  overrideGroupPrice: z.boolean().default(false),
});

export const optionChoiceSchema = z.object({
  retailerProductOptionChoiceId: id,
  name: text(TEXT_MAX.name).min(1),
  defaultPrice: choicePrice.default(0),
});

export const optionSchema = z.object({
  retailerProductOptionId: id,
  name: text(TEXT_MAX.name).min(1),
  required: z.boolean().default(false),
  choices: z.array(optionChoiceSchema).min(1),
});

/** Response of GET /api/products/info. */
export const productsInfoSchema = z.object({
  sizes: z.array(sizeSchema),
  options: z.array(optionSchema),
  ingredients: z.array(ingredientSchema),
});

/** One entry of GET /api/products/get-trending. */
export const trendingProductSchema = z.object({
  productId: id,
  orderCount: z.int().min(0).default(0),
});
export const trendingSchema = z.array(trendingProductSchema);

/** Response of POST /api/products/get-product. Options, extras and ingredients refer to products info by id. */
export const productDetailSchema = productSchema.extend({
  productSizes: z.array(sizeSchema).min(1),
  productOptions: z.array(z.object({ retailerProductOptionId: id })).default([]),
  productExtras: z.array(z.object({ ingredientId: id })).default([]),
  productIngredients: z.array(z.object({ ingredientId: id })).default([]),
});
export const productDetailsSchema = z.array(productDetailSchema);

export type ProductGroup = z.infer<typeof productGroupSchema>;
export type Product = z.infer<typeof productSchema>;
export type ProductsInfoSsr = z.infer<typeof productsInfoSsrSchema>;
export type Size = z.infer<typeof sizeSchema>;
export type Ingredient = z.infer<typeof ingredientSchema>;
export type OptionChoice = z.infer<typeof optionChoiceSchema>;
export type Option = z.infer<typeof optionSchema>;
export type ProductsInfo = z.infer<typeof productsInfoSchema>;
export type TrendingProduct = z.infer<typeof trendingProductSchema>;
export type ProductDetail = z.infer<typeof productDetailSchema>;
