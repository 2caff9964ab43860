import { z } from 'zod';
import { id } from './primitives.ts';
import {
  retailerCssSchema,
  retailerLayoutSchema,
  retailerSeoSchema,
  retailerWebsiteLinkSchema,
  type RetailerConfig,
} from './retailer.ts';

/**
 * `websites.json` (optional): the retailer's other websites besides the one of tenant.json. Each
 * is picked with `?retailerWebsiteId=` and changes what it names (layout, theme, SEO title and
 * description, footer links) of the default website's configuration; the rest is shared.
 */
export const retailerWebsiteSchema = z.object({
  retailerWebsiteId: id,
  retailerLayout: retailerLayoutSchema.optional(),
  retailerCSS: retailerCssSchema.optional(),
  retailerSEO: retailerSeoSchema.optional(),
  retailerWebsiteLinks: z.array(retailerWebsiteLinkSchema).optional(),
});

export const retailerWebsitesSchema = z.array(retailerWebsiteSchema).superRefine((websites, context) => {
  const seen = new Set<number>();
  websites.forEach((website, index) => {
    if (seen.has(website.retailerWebsiteId))
      context.addIssue({
        code: 'custom',
        path: [index, 'retailerWebsiteId'],
        message: `duplicate retailerWebsiteId ${website.retailerWebsiteId}`,
      });
    seen.add(website.retailerWebsiteId);
  });
});

export type RetailerWebsite = z.infer<typeof retailerWebsiteSchema>;

/** The configuration of website `retailerWebsiteId`; the default website's for an unknown or missing id. */
export function websiteConfig(
  config: RetailerConfig,
  websites: readonly RetailerWebsite[],
  retailerWebsiteId: number | null | undefined,
): RetailerConfig {
  const website = websites.find((candidate) => candidate.retailerWebsiteId === retailerWebsiteId);
  if (!website) return config;
  return {
    ...config,
    retailerWebsiteId: website.retailerWebsiteId,
    retailerLayout: website.retailerLayout ?? config.retailerLayout,
    retailerCSS: website.retailerCSS ?? config.retailerCSS,
    retailerSEO: website.retailerSEO ?? config.retailerSEO,
    retailerWebsiteLinks: website.retailerWebsiteLinks ?? config.retailerWebsiteLinks,
  };
}
