import { z } from 'zod';
import type { Tenant } from '../tenant/index.ts';
import { id } from '../tenant/primitives.ts';

/** A group of the shop's menu as the owner's Shop view lists it, e.g. to choose which the kitchen's capacity counts. */
export const shopMenuGroupSchema = z.object({
  productGroupId: id,
  name: z.string(),
  allowHalfHalf: z.boolean(),
});
export type ShopMenuGroup = z.infer<typeof shopMenuGroupSchema>;

/** The published menu's groups in the menu's order. */
export function shopMenuGroups(tenant: Pick<Tenant, 'productsInfoSsr'>): ShopMenuGroup[] {
  return [...tenant.productsInfoSsr.groups]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map(({ productGroupId, name, allowHalfHalf }) => ({ productGroupId, name, allowHalfHalf }));
}
