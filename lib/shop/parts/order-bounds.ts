import { z } from 'zod';
import { DEFAULT_MAX_ORDER_ITEMS, DEFAULT_MAX_ORDER_VALUE, ORDER_BOUND_CENTS } from '../../constants.ts';
import { formatMoney, toCents, toDollars } from '../../pricing/money.ts';
import { retailerInfoSchema } from '../../tenant/retailer.ts';
import type { ShopPart } from './part.ts';

/** The largest order a customer may place online (retailerInfo.maxOrderValue, in cents here, and maxOrderItems). */
export const orderBoundsValueSchema = z.object({
  maxOrderCents: z.int().min(ORDER_BOUND_CENTS.min).max(ORDER_BOUND_CENTS.max),
  maxOrderItems: retailerInfoSchema.shape.maxOrderItems.unwrap(),
});
export type OrderBoundsValue = z.infer<typeof orderBoundsValueSchema>;

export const itemsText = (items: number) => `${items} ${items === 1 ? 'item' : 'items'}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const orderBoundsPart: ShopPart<OrderBoundsValue> = {
  title: 'Order limits',
  file: 'config',
  schema: orderBoundsValueSchema,

  published: (tenant) => ({
    maxOrderCents: toCents(tenant.config.retailerInfo.maxOrderValue),
    maxOrderItems: tenant.config.retailerInfo.maxOrderItems,
  }),

  describe: (from, to) => [
    ...(from.maxOrderCents === to.maxOrderCents
      ? []
      : [`Online orders up to ${formatMoney(from.maxOrderCents)} → ${formatMoney(to.maxOrderCents)}`]),
    ...(from.maxOrderItems === to.maxOrderItems
      ? []
      : [`Online orders up to ${itemsText(from.maxOrderItems)} → ${itemsText(to.maxOrderItems)}`]),
  ],

  write(raw, value) {
    // Checked, not parsed: parsing puts known keys first, and the file keeps its own order.
    if (!isRecord(raw) || !isRecord(raw.retailerInfo)) return undefined;
    const info = raw.retailerInfo;
    // An absent key reads as the default: writing the default there would change the file for nothing.
    const dollars = toDollars(value.maxOrderCents);
    const sameValue = (info.maxOrderValue ?? DEFAULT_MAX_ORDER_VALUE) === dollars;
    const sameItems = (info.maxOrderItems ?? DEFAULT_MAX_ORDER_ITEMS) === value.maxOrderItems;
    if (sameValue && sameItems) return raw;
    return {
      ...raw,
      retailerInfo: {
        ...info,
        ...(sameValue ? {} : { maxOrderValue: dollars }),
        ...(sameItems ? {} : { maxOrderItems: value.maxOrderItems }),
      },
    };
  },
};
