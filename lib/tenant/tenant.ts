import { z } from 'zod';
import type { ProductPhotos } from '../site/product-photo.ts';
import { closedDatesSchema, groupHoursSchema, tradingHoursSchema } from './hours.ts';
import { customSectionsSchema, deliverySuburbsSchema, deliveryZonesSchema, popupsSchema } from './content.ts';
import { productDetailsSchema, productsInfoSchema, productsInfoSsrSchema, trendingSchema } from './products.ts';
import { retailerConfigSchema } from './retailer.ts';
import { specialsSchema } from './specials.ts';
import { text, TEXT_MAX } from './primitives.ts';
import { tenantSettingsSchema } from './settings.ts';
import { retailerWebsitesSchema } from './websites.ts';

/**
 * The data files of a tenant folder and the schema of each. `required` files must exist for an
 * active retailer; an inactive one needs only tenant.json and retailer-config.json.
 */
export const tenantFiles = {
  settings: { file: 'tenant.json', schema: tenantSettingsSchema, required: true, empty: undefined },
  config: { file: 'retailer-config.json', schema: retailerConfigSchema, required: true, empty: undefined },
  websites: { file: 'websites.json', schema: retailerWebsitesSchema, required: false, empty: [] },
  tradingHours: { file: 'trading-hours.json', schema: tradingHoursSchema, required: true, empty: [] },
  closedDates: { file: 'closed-dates.json', schema: closedDatesSchema, required: false, empty: [] },
  specials: { file: 'specials.json', schema: specialsSchema, required: false, empty: [] },
  popups: { file: 'popups.json', schema: popupsSchema, required: false, empty: [] },
  customSections: { file: 'custom-sections.json', schema: customSectionsSchema, required: false, empty: [] },
  deliveryZones: { file: 'delivery-zones.json', schema: deliveryZonesSchema, required: false, empty: [] },
  deliverySuburbs: { file: 'delivery-suburbs.json', schema: deliverySuburbsSchema, required: false, empty: [] },
  productsInfoSsr: {
    file: 'products-info-ssr.json',
    schema: productsInfoSsrSchema,
    required: true,
    empty: { products: [], groups: [] },
  },
  productsInfo: {
    file: 'products-info.json',
    schema: productsInfoSchema,
    required: true,
    empty: { sizes: [], options: [], ingredients: [] },
  },
  trending: { file: 'trending.json', schema: trendingSchema, required: false, empty: [] },
  groupHours: { file: 'group-hours.json', schema: groupHoursSchema, required: false, empty: [] },
  productDetails: { file: 'product-details.json', schema: productDetailsSchema, required: true, empty: [] },
} as const;

export type TenantFileKey = keyof typeof tenantFiles;
type TenantData = { [K in TenantFileKey]: z.infer<(typeof tenantFiles)[K]['schema']> };

/** A custom page from `pages/<path>.md`; `path` has no leading or trailing slash ('' never occurs). */
export const customPageSchema = z.object({
  path: z
    .string()
    .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'expected lower-case path segments of letters, digits and dashes'),
  title: text(TEXT_MAX.name).min(1),
  markdown: text(TEXT_MAX.markdown),
});
export type CustomPage = z.infer<typeof customPageSchema>;

/** Everything the build, the reference API and the islands know about one retailer. */
export type Tenant = TenantData & {
  slug: string;
  pages: CustomPage[];
  /** Made by the build from the products' `image` files and URLs (scripts/lib/product-photos.ts); without it, no photos show. */
  photos?: ProductPhotos;
};
