import type {
  Ingredient,
  Option,
  Product,
  ProductDetail,
  ProductGroup,
  RetailerConfig,
  RetailerInfo,
  Size,
  Tenant,
} from '../tenant/index.ts';
import { PricingError } from './pricing-error.ts';

/** What one product is sold as right now: its group, its sizes (with its own prices) and what may be added or removed. */
export interface ProductOffer {
  product: Product;
  group: ProductGroup;
  detail: ProductDetail;
  /** retailerProductSizeId -> this product's size and price. */
  sizes: ReadonlyMap<number, Size>;
  optionIds: ReadonlySet<number>;
  extraIds: ReadonlySet<number>;
  ingredientIds: ReadonlySet<number>;
}

/** The retailer's current menu, indexed for pricing. */
export interface Catalogue {
  retailerInfo: RetailerInfo;
  allowHalfHalfInSpecials: boolean;
  products: ReadonlyMap<number, Product>;
  groups: ReadonlyMap<number, ProductGroup>;
  /** Group sizes with their default prices (products info). */
  sizes: ReadonlyMap<number, Size>;
  options: ReadonlyMap<number, Option>;
  ingredients: ReadonlyMap<number, Ingredient>;
  /** Only products that have details and a known group can be sold. */
  offers: ReadonlyMap<number, ProductOffer>;
}

export type CatalogueSource = Pick<Tenant, 'productsInfoSsr' | 'productsInfo' | 'productDetails'> & {
  config: Pick<RetailerConfig, 'retailerInfo' | 'allowHalfHalfInSpecials'>;
};

function indexBy<T>(list: readonly T[], key: (entry: T) => number, label: string): Map<number, T> {
  const index = new Map<number, T>();
  for (const entry of list) {
    const id = key(entry);
    if (index.has(id))
      throw new PricingError('invalid-catalogue', `duplicate ${label} ${id}: prices would be ambiguous`);
    index.set(id, entry);
  }
  return index;
}

export function catalogueFromTenant(tenant: CatalogueSource): Catalogue {
  const products = indexBy(tenant.productsInfoSsr.products, (product) => product.productId, 'productId');
  const groups = indexBy(tenant.productsInfoSsr.groups, (group) => group.productGroupId, 'productGroupId');
  const sizes = indexBy(tenant.productsInfo.sizes, (size) => size.retailerProductSizeId, 'retailerProductSizeId');
  const options = indexBy(
    tenant.productsInfo.options,
    (option) => option.retailerProductOptionId,
    'retailerProductOptionId',
  );
  const ingredients = indexBy(tenant.productsInfo.ingredients, (ingredient) => ingredient.ingredientId, 'ingredientId');
  const details = indexBy(tenant.productDetails, (detail) => detail.productId, 'product detail for productId');

  const offers = new Map<number, ProductOffer>();
  for (const [productId, detail] of details) {
    const product = products.get(productId);
    const group = product && groups.get(product.productGroupId);
    if (!product || !group) continue;
    offers.set(productId, {
      product,
      group,
      detail,
      sizes: indexBy(detail.productSizes, (size) => size.retailerProductSizeId, `size of product ${productId}:`),
      optionIds: new Set(detail.productOptions.map((option) => option.retailerProductOptionId)),
      extraIds: new Set(detail.productExtras.map((extra) => extra.ingredientId)),
      ingredientIds: new Set(detail.productIngredients.map((ingredient) => ingredient.ingredientId)),
    });
  }

  return {
    retailerInfo: tenant.config.retailerInfo,
    allowHalfHalfInSpecials: tenant.config.allowHalfHalfInSpecials,
    products,
    groups,
    sizes,
    options,
    ingredients,
    offers,
  };
}
