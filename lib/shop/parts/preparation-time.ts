import { z } from 'zod';
import {
  DEFAULT_PREPARATION_MINUTES,
  MAX_PREPARATION_MINUTES,
  MIN_PREPARATION_MINUTES,
} from '../../kitchen/kitchen-flow.ts';
import type { ShopPart } from './part.ts';

/** Minutes before an order for later is due that the kitchen starts it (retailerInfo.preparationMinutes). */
export const preparationTimeValueSchema = z.int().min(MIN_PREPARATION_MINUTES).max(MAX_PREPARATION_MINUTES);
export type PreparationTimeValue = z.infer<typeof preparationTimeValueSchema>;

export const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const preparationTimePart: ShopPart<PreparationTimeValue> = {
  title: 'Preparation time',
  file: 'config',
  schema: preparationTimeValueSchema,

  published: (tenant) => tenant.config.retailerInfo.preparationMinutes,

  describe: (from, to) =>
    from === to ? [] : [`Orders for later start ${minutesText(from)} → ${minutesText(to)} before they are due`],

  write(raw, value) {
    // Checked, not parsed: parsing puts known keys first, and the file keeps its own order.
    if (!isRecord(raw) || !isRecord(raw.retailerInfo)) return undefined;
    const info = raw.retailerInfo;
    // An absent key reads as the default: writing the default there would change the file for nothing.
    const current = info.preparationMinutes ?? DEFAULT_PREPARATION_MINUTES;
    return current === value ? raw : { ...raw, retailerInfo: { ...info, preparationMinutes: value } };
  },
};
