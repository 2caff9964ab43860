import { z } from 'zod';
import { closedDatesPart, closedDatesValueSchema } from './closed-dates.ts';
import { deliveryFeesPart, deliveryFeesValueSchema } from './delivery-fees.ts';
import type { Tenant } from '../../tenant/index.ts';
import type { ShopPart } from './part.ts';
import { kitchenCapacityPart, kitchenCapacityValueSchema } from './kitchen-capacity.ts';
import { orderBoundsPart, orderBoundsValueSchema } from './order-bounds.ts';
import { popupsPart, popupsValueSchema } from './popups.ts';
import { preparationTimePart, preparationTimeValueSchema } from './preparation-time.ts';
import { specialsPart, specialsValueSchema } from './specials.ts';
import { themePart, themeValueSchema } from './theme.ts';
import { tipsPart, tipsValueSchema } from './tips.ts';
import { tradingHoursPart, tradingHoursValueSchema } from './trading-hours.ts';

/** Every part's value, as the console sends it and the draft keeps it. */
export const shopPartValuesSchema = z.object({
  tradingHours: tradingHoursValueSchema,
  closedDates: closedDatesValueSchema,
  deliveryFees: deliveryFeesValueSchema,
  theme: themeValueSchema,
  popups: popupsValueSchema,
  specials: specialsValueSchema,
  preparationTime: preparationTimeValueSchema,
  kitchenCapacity: kitchenCapacityValueSchema,
  orderBounds: orderBoundsValueSchema,
  tips: tipsValueSchema,
});
export type ShopPartValues = z.infer<typeof shopPartValuesSchema>;
export type ShopPartKey = keyof ShopPartValues;

/** The editable parts of the shop beyond dish prices, in the order the console shows them. */
export const shopParts: { [K in ShopPartKey]: ShopPart<ShopPartValues[K]> } = {
  tradingHours: tradingHoursPart,
  closedDates: closedDatesPart,
  specials: specialsPart,
  popups: popupsPart,
  deliveryFees: deliveryFeesPart,
  preparationTime: preparationTimePart,
  kitchenCapacity: kitchenCapacityPart,
  orderBounds: orderBoundsPart,
  tips: tipsPart,
  theme: themePart,
};

export const shopPartKeys = Object.keys(shopParts) as ShopPartKey[];

/** A draft holds only the parts the owner changed. */
export const shopPartsDraftSchema = shopPartValuesSchema.partial();
/** As the schema reads it, spelt as a mapped type so that a part's key types its value. */
export type ShopPartsDraft = { [K in ShopPartKey]?: ShopPartValues[K] | undefined };

/** One part's change in words, for "what publishing changes" and the last publish. */
export const partChangeSchema = z.object({
  part: z.enum(shopPartKeys as [ShopPartKey, ...ShopPartKey[]]),
  title: z.string(),
  lines: z.array(z.string()),
});
export type PartChange = z.infer<typeof partChangeSchema>;

/** A part by its key, typed by it (one lookup the generic functions below share). */
export function partFor<K extends ShopPartKey>(key: K): ShopPart<ShopPartValues[K]> {
  return shopParts[key];
}

/** Every part as published in this tenant. */
export function publishedParts(tenant: Tenant): ShopPartValues {
  return {
    tradingHours: shopParts.tradingHours.published(tenant),
    closedDates: shopParts.closedDates.published(tenant),
    deliveryFees: shopParts.deliveryFees.published(tenant),
    theme: shopParts.theme.published(tenant),
    popups: shopParts.popups.published(tenant),
    specials: shopParts.specials.published(tenant),
    preparationTime: shopParts.preparationTime.published(tenant),
    kitchenCapacity: shopParts.kitchenCapacity.published(tenant),
    orderBounds: shopParts.orderBounds.published(tenant),
    tips: shopParts.tips.published(tenant),
  };
}

function changeOf<K extends ShopPartKey>(key: K, published: ShopPartValues, draft: ShopPartsDraft): PartChange[] {
  const value = draft[key];
  if (value === undefined) return [];
  const part = partFor(key);
  const lines = part.describe(published[key], value);
  return lines.length > 0 ? [{ part: key, title: part.title, lines }] : [];
}

/** What the draft would change on the published shop, part by part in the console's order; parts left alone or set back are left out. */
export function partChanges(published: ShopPartValues, draft: ShopPartsDraft): PartChange[] {
  return shopPartKeys.flatMap((key) => changeOf(key, published, draft));
}

/** The draft with only the parts that differ from the published shop: a part set back to it is no change. */
export function changedParts(published: ShopPartValues, draft: ShopPartsDraft): ShopPartsDraft {
  const kept: ShopPartsDraft = {};
  for (const change of partChanges(published, draft)) copyPart(change.part, draft, kept);
  return kept;
}

function copyPart<K extends ShopPartKey>(key: K, from: ShopPartsDraft, to: ShopPartsDraft): void {
  to[key] = from[key];
}
