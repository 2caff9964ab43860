import { z } from 'zod';
import { tipSettingsSchema } from '../../cart/tip.ts';
import type { ShopPart } from './part.ts';

/**
 * Whether checkout offers tips and, when it does, the percentages it offers as buttons
 * (retailerInfo.tips, checked by the same schema as the tenant file; off leaves the key out).
 */
export const tipsValueSchema = z.discriminatedUnion('offered', [
  z.strictObject({ offered: z.literal(false) }),
  z.strictObject({ offered: z.literal(true), percentages: tipSettingsSchema.shape.percentages }),
]);
export type TipsValue = z.infer<typeof tipsValueSchema>;

export const NO_TIPS: TipsValue = { offered: false };

/** "10%, 15%, 20% or an own amount": what checkout offers, in the shop's order. */
export function tipsText(value: TipsValue): string {
  if (!value.offered) return 'no tips';
  const own = 'an amount of the customer’s own';
  return value.percentages.length === 0
    ? `only ${own}`
    : `${value.percentages.map((p) => `${p}%`).join(', ')} or ${own}`;
}

const sameTips = (a: TipsValue, b: TipsValue) =>
  a.offered === b.offered && (!a.offered || !b.offered || a.percentages.join() === b.percentages.join());

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const tipsPart: ShopPart<TipsValue> = {
  title: 'Tips',
  file: 'config',
  schema: tipsValueSchema,

  published: (tenant) => {
    const tips = tenant.config.retailerInfo.tips;
    return tips ? { offered: true, percentages: tips.percentages } : NO_TIPS;
  },

  describe: (from, to) => (sameTips(from, to) ? [] : [`Checkout offers ${tipsText(from)} → ${tipsText(to)}`]),

  write(raw, value) {
    // Checked, not parsed: parsing puts known keys first, and the file keeps its own order.
    if (!isRecord(raw) || !isRecord(raw.retailerInfo)) return undefined;
    const { tips: current, ...rest } = raw.retailerInfo;
    if (!value.offered) return current === undefined ? raw : { ...raw, retailerInfo: rest };
    const parsed = tipSettingsSchema.safeParse(current);
    if (parsed.success && parsed.data.percentages.join() === value.percentages.join()) return raw;
    return {
      ...raw,
      retailerInfo: {
        ...raw.retailerInfo,
        tips: { ...(isRecord(current) ? current : {}), percentages: value.percentages },
      },
    };
  },
};
