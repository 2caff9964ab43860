import { join } from 'node:path';
import { contrastProblems, darkColours, lightColours } from '../site/theme.ts';
import { ANY } from './primitives.ts';
import type { TenantProblem } from './problem.ts';
import type { RetailerCss } from './retailer.ts';
import type { Tenant } from './tenant.ts';

/** Routes the build owns; a custom page may not take them. */
export const reservedPaths = [
  'reset-password',
  'order',
  'website',
  '404',
  'builds',
  '_astro',
  'runtime-config.json',
  '_payload.json',
];

/** References between files that no single schema can see: ids must point at things that exist. */
export function crossCheckTenant(tenant: Tenant, dir: string): TenantProblem[] {
  const problems: TenantProblem[] = [];
  const at = (file: string, path: string, message: string) => problems.push({ file: join(dir, file), path, message });

  if (tenant.settings.retailerWebsiteId !== tenant.config.retailerWebsiteId) {
    at(
      'retailer-config.json',
      '$.retailerWebsiteId',
      `expected ${tenant.settings.retailerWebsiteId} as in tenant.json, found ${tenant.config.retailerWebsiteId}`,
    );
  }

  // Unreadable text is a build error, light or dark (spec section 2: every theme has a dark variant).
  const checkTheme = (file: string, base: string, css: RetailerCss) => {
    for (const [mode, colours] of [
      ['', lightColours(css)],
      ['dark-', darkColours(css)],
    ] as const) {
      for (const problem of contrastProblems(colours))
        at(file, `${base}.${mode}${problem.text}`, `${mode ? 'dark theme' : 'theme'}: ${problem.message}`);
    }
  };
  checkTheme('retailer-config.json', '$.retailerCSS', tenant.config.retailerCSS);
  tenant.websites.forEach((website, index) => {
    if (website.retailerCSS) checkTheme('websites.json', `$[${index}].retailerCSS`, website.retailerCSS);
    if (website.retailerWebsiteId === tenant.config.retailerWebsiteId) {
      at(
        'websites.json',
        `$[${index}].retailerWebsiteId`,
        `${website.retailerWebsiteId} is the default website (retailer-config.json); list only the other websites here`,
      );
    }
  });

  const groupIds = new Set(tenant.productsInfoSsr.groups.map((group) => group.productGroupId));
  const productIds = new Set(tenant.productsInfoSsr.products.map((product) => product.productId));
  const sizeIds = new Set(tenant.productsInfo.sizes.map((size) => size.retailerProductSizeId));
  const optionIds = new Set(tenant.productsInfo.options.map((option) => option.retailerProductOptionId));
  const ingredientIds = new Set(tenant.productsInfo.ingredients.map((ingredient) => ingredient.ingredientId));

  const unique = (file: string, list: string, ids: number[], field: string) => {
    const seen = new Set<number>();
    ids.forEach((value, index) => {
      if (seen.has(value)) at(file, `${list}[${index}].${field}`, `duplicate ${field} ${value}`);
      seen.add(value);
    });
  };
  unique(
    'products-info-ssr.json',
    '$.products',
    tenant.productsInfoSsr.products.map((product) => product.productId),
    'productId',
  );
  unique(
    'products-info-ssr.json',
    '$.groups',
    tenant.productsInfoSsr.groups.map((group) => group.productGroupId),
    'productGroupId',
  );
  unique(
    'products-info.json',
    '$.sizes',
    tenant.productsInfo.sizes.map((size) => size.retailerProductSizeId),
    'retailerProductSizeId',
  );
  unique(
    'products-info.json',
    '$.options',
    tenant.productsInfo.options.map((option) => option.retailerProductOptionId),
    'retailerProductOptionId',
  );
  unique(
    'products-info.json',
    '$.ingredients',
    tenant.productsInfo.ingredients.map((ingredient) => ingredient.ingredientId),
    'ingredientId',
  );
  unique(
    'product-details.json',
    '$',
    tenant.productDetails.map((detail) => detail.productId),
    'productId',
  );
  unique(
    'specials.json',
    '$',
    tenant.specials.map((special) => special.retailerSpecialId),
    'retailerSpecialId',
  );

  const detailIds = new Set(tenant.productDetails.map((detail) => detail.productId));
  tenant.productsInfoSsr.products.forEach((product, index) => {
    if (!groupIds.has(product.productGroupId))
      at('products-info-ssr.json', `$.products[${index}].productGroupId`, `no product group ${product.productGroupId}`);
    // Without details a product has no sizes, so it could be listed but never added to a cart.
    if (!detailIds.has(product.productId))
      at(
        'products-info-ssr.json',
        `$.products[${index}].productId`,
        `no details for product ${product.productId} in product-details.json`,
      );
  });
  tenant.productsInfo.sizes.forEach((size, index) => {
    if (!groupIds.has(size.productGroupId))
      at('products-info.json', `$.sizes[${index}].productGroupId`, `no product group ${size.productGroupId}`);
  });
  const groupOfSize = new Map(
    tenant.productsInfo.sizes.map((size) => [size.retailerProductSizeId, size.productGroupId]),
  );
  tenant.productsInfoSsr.groups.forEach((group, index) => {
    group.halfHalfSizeIds?.forEach((sizeId, sizeIndex) => {
      if (groupOfSize.get(sizeId) !== group.productGroupId)
        at(
          'products-info-ssr.json',
          `$.groups[${index}].halfHalfSizeIds[${sizeIndex}]`,
          `no size ${sizeId} of group ${group.productGroupId} in products-info.json`,
        );
    });
  });
  tenant.productDetails.forEach((detail, index) => {
    const base = `$[${index}]`;
    if (!productIds.has(detail.productId))
      at('product-details.json', `${base}.productId`, `no product ${detail.productId} in products-info-ssr.json`);
    detail.productSizes.forEach((size, sizeIndex) => {
      if (!sizeIds.has(size.retailerProductSizeId))
        at(
          'product-details.json',
          `${base}.productSizes[${sizeIndex}].retailerProductSizeId`,
          `no size ${size.retailerProductSizeId} in products-info.json`,
        );
    });
    detail.productOptions.forEach((option, optionIndex) => {
      if (!optionIds.has(option.retailerProductOptionId))
        at(
          'product-details.json',
          `${base}.productOptions[${optionIndex}].retailerProductOptionId`,
          `no option ${option.retailerProductOptionId} in products-info.json`,
        );
    });
    for (const [field, list] of [
      ['productExtras', detail.productExtras],
      ['productIngredients', detail.productIngredients],
    ] as const) {
      list.forEach((ingredient, ingredientIndex) => {
        if (!ingredientIds.has(ingredient.ingredientId))
          at(
            'product-details.json',
            `${base}.${field}[${ingredientIndex}].ingredientId`,
            `no ingredient ${ingredient.ingredientId} in products-info.json`,
          );
      });
    }
  });
  tenant.groupHours.forEach((row, index) => {
    if (!groupIds.has(row.productGroupId))
      at('group-hours.json', `$[${index}].productGroupId`, `no product group ${row.productGroupId}`);
  });
  tenant.trending.forEach((row, index) => {
    if (!productIds.has(row.productId)) at('trending.json', `$[${index}].productId`, `no product ${row.productId}`);
  });
  tenant.specials.forEach((special, index) => {
    special.retailerSpecialItems.forEach((item, itemIndex) => {
      const base = `$[${index}].retailerSpecialItems[${itemIndex}]`;
      if (item.productGroupId !== ANY && !groupIds.has(item.productGroupId))
        at('specials.json', `${base}.productGroupId`, `no product group ${item.productGroupId}`);
      if (item.productId !== ANY && !productIds.has(item.productId))
        at('specials.json', `${base}.productId`, `no product ${item.productId}`);
      if (item.retailerProductSizeId !== ANY && !sizeIds.has(item.retailerProductSizeId))
        at('specials.json', `${base}.retailerProductSizeId`, `no size ${item.retailerProductSizeId}`);
    });
  });
  const pagePaths = new Set<string>();
  tenant.pages.forEach((page) => {
    if (reservedPaths.includes(page.path.split('/')[0] ?? ''))
      at(join('pages', `${page.path}.md`), '$', `"/${page.path}" is reserved for the storefront`);
    // Only `<path>.md` and `<path>/index.md` can both map to one route.
    if (pagePaths.has(page.path))
      at(join('pages', page.path, 'index.md'), '$', `"/${page.path}" is also defined by pages/${page.path}.md`);
    pagePaths.add(page.path);
  });
  return problems;
}
