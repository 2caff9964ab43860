import { describeGroupHours } from '../menu/hours-description.ts';
import { halfHalfSizesText } from '../pricing/half-half.ts';
import { toCents } from '../pricing/money.ts';
import {
  allergenFlags,
  type AllergenFlag,
  type GroupAvailabilityHours,
  type ProductGroup,
  type Size,
  type Tenant,
} from '../tenant/index.ts';
import type { ProductPhoto } from './product-photo.ts';

export interface MenuSize {
  retailerProductSizeId: number;
  name: string;
  priceCents: number;
}

export interface MenuProduct {
  productId: number;
  name: string;
  description: string;
  fromPriceCents: number;
  sizes: MenuSize[];
  allergens: AllergenFlag[];
  isHalfHalf: boolean;
  /** Left out when the product has none, so a menu without photos carries nothing for them. */
  photo?: ProductPhoto;
}

export interface MenuGroup {
  productGroupId: number;
  name: string;
  description: string;
  allowHalfHalf: boolean;
  /** The sizes halves are made in ('Medium 14" or Large 18"'), or '' when every size can be halved. */
  halfHalfSizes: string;
  halfHalfSurchargeCents: number;
  availableForAllHours: boolean;
  hours: GroupAvailabilityHours[];
  /** When a group with limited hours can be ordered, one line per weekday. */
  hoursText: string[];
  products: MenuProduct[];
}

const bySortOrder = <T extends { sortOrder: number; name: string }>(a: T, b: T) =>
  a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);

function halfHalfSizesOf(group: ProductGroup, sizes: readonly Size[]): string {
  const groupSizes = sizes.filter((size) => size.productGroupId === group.productGroupId);
  const { halfHalfSizeIds } = group;
  if (
    !group.allowHalfHalf ||
    halfHalfSizeIds === null ||
    groupSizes.every((size) => halfHalfSizeIds.includes(size.retailerProductSizeId))
  )
    return '';
  return halfHalfSizesText(groupSizes, halfHalfSizeIds);
}

/**
 * The menu as a page shows it: groups and products in the retailer's order, each product with
 * its size prices. Plain data, so the same object renders the static HTML and hydrates the island.
 */
export function menuView(
  tenant: Pick<Tenant, 'productsInfoSsr' | 'productsInfo' | 'productDetails' | 'groupHours' | 'photos'>,
): MenuGroup[] {
  const detailsById = new Map(tenant.productDetails.map((detail) => [detail.productId, detail]));
  return [...tenant.productsInfoSsr.groups].sort(bySortOrder).map((group) => ({
    productGroupId: group.productGroupId,
    name: group.name,
    description: group.description,
    allowHalfHalf: group.allowHalfHalf,
    halfHalfSizes: halfHalfSizesOf(group, tenant.productsInfo.sizes),
    halfHalfSurchargeCents: toCents(group.halfHalfSurcharge),
    availableForAllHours: group.availableForAllHours,
    hours: tenant.groupHours.filter((row) => row.productGroupId === group.productGroupId),
    hoursText: group.availableForAllHours ? [] : describeGroupHours(group, tenant.groupHours),
    products: tenant.productsInfoSsr.products
      .filter((product) => product.productGroupId === group.productGroupId)
      .sort(bySortOrder)
      .map((product) => {
        const sizes = (detailsById.get(product.productId)?.productSizes ?? []).map((size) => ({
          retailerProductSizeId: size.retailerProductSizeId,
          name: size.name,
          priceCents: toCents(size.price),
        }));
        const photo = product.image === '' ? undefined : tenant.photos?.[product.image];
        return {
          productId: product.productId,
          name: product.name,
          description: product.description,
          fromPriceCents:
            sizes.length > 0 ? Math.min(...sizes.map((size) => size.priceCents)) : toCents(product.minPrice),
          sizes,
          allergens: allergenFlags.filter((flag) => product[flag]),
          isHalfHalf: product.isHalfHalf,
          ...(photo ? { photo } : {}),
        };
      }),
  }));
}
