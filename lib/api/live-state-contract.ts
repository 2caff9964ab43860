import { z } from 'zod';
import { SOLD_OUT_MAX_ITEMS } from '../constants.ts';
import { OFTEN_SOLD_OUT_CHIPS } from '../live/often-sold-out.ts';
import { id, instant } from '../tenant/primitives.ts';

/**
 * The staff API's live state (issue 19, slice 2; re-exported by staff-contract.ts): busy mode,
 * pauses, wait times and sold-out dishes, which kitchen and owner alike may change. Open
 * storefront pages hear each change at once as a clock-status message (lib/tenant/hours.ts,
 * clockStatusSchema), and get-clock-status answers it. Only zod and the primitives, so the
 * console's Live panel loads nothing of the storefront's contract with it.
 */

export const liveServices = ['pickup', 'delivery'] as const;
export type LiveService = (typeof liveServices)[number];

/** `busy`: no orders for as soon as possible (over capacity), orders for later as usual. `paused`: no orders for that service to be ready before `until`. */
export const serviceModes = ['open', 'busy', 'paused'] as const;
export type ServiceMode = (typeof serviceModes)[number];

export const MAX_STAFF_WAIT_MINUTES = 240;

export const liveStatePaths = {
  liveState: '/staff/live-state',
  service: (service: LiveService) => `/staff/live-state/${service}`,
  soldOut: '/staff/live-state/sold-out',
  menu: '/staff/menu',
} as const;

/**
 * One service as staff set it: the wait customers are told (minutes), and open, or busy or paused
 * until a time (ISO, at most LIVE_PAUSE_MAX_DAYS ahead), after which it is open again by itself.
 */
export const serviceSettingSchema = z
  .strictObject({
    waitMinutes: z.int().min(0).max(MAX_STAFF_WAIT_MINUTES),
    mode: z.enum(serviceModes),
    until: instant.nullable(),
  })
  .refine((setting) => (setting.mode === 'open') === (setting.until === null), {
    path: ['until'],
    message: 'expected a time for busy or paused, and none for open',
  });
export type ServiceSetting = z.infer<typeof serviceSettingSchema>;

/** Marks one dish or one whole product group sold out (for the rest of the retailer's trading day), or back on. */
export const soldOutBodySchema = z.union([
  z.strictObject({ productId: id, soldOut: z.boolean() }),
  z.strictObject({ productGroupId: id, soldOut: z.boolean() }),
]);
export type SoldOutBody = z.infer<typeof soldOutBodySchema>;

/**
 * The shop's live state now: a busy or paused service whose time has passed reads open, with
 * `until` null; sold-out lists hold only what is still sold out, with when that ends (the end of
 * the trading day it was marked in), null when nothing is. A service never set has the usual wait.
 */
export const liveStateSchema = z.object({
  pickup: serviceSettingSchema,
  delivery: serviceSettingSchema,
  soldOut: z.object({
    productIds: z.array(id).max(SOLD_OUT_MAX_ITEMS),
    productGroupIds: z.array(id).max(SOLD_OUT_MAX_ITEMS),
    until: instant.nullable(),
  }),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** `published`: whether open storefront pages were told at once; when not, they see it at their next clock poll (a minute at most). */
export const liveStateResponseSchema = z.object({ liveState: liveStateSchema, published: z.boolean() });
export const liveStateReadResponseSchema = z.object({ liveState: liveStateSchema });

/** The retailer's menu for the sold-out picker, in menu order: every group and dish by id and name. */
export const staffMenuResponseSchema = z.object({
  groups: z.array(
    z.object({
      productGroupId: id,
      name: z.string(),
      products: z.array(z.object({ productId: id, name: z.string() })),
    }),
  ),
  /** The dishes marked sold out most often lately, most first (lib/live/often-sold-out.ts); none without history. */
  oftenSoldOut: z.array(id).max(OFTEN_SOLD_OUT_CHIPS).default([]),
});
export type StaffMenu = z.infer<typeof staffMenuResponseSchema>;
