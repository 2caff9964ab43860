import { z } from 'zod';
import { SLOT_STEP_MINUTES } from '../constants.ts';
import { id, instant, timeOfDay } from '../tenant/primitives.ts';
import { formatTime } from '../time/format.ts';
import { MINUTE_MS, parseTimeOfDay, retailerWallClock } from '../time/retailer-clock.ts';
import type { ShopZone } from '../time/shop-zone.ts';

/**
 * How much the kitchen takes per 15-minute slot (issue 28 item 6), counted in pizzas (the items of
 * the counted product groups) rather than orders: a pizza kitchen is bound by its oven.
 */

export const MAX_CAPACITY_LIMITS = 12;
export const MAX_SLOT_ITEMS = 500;
export const MAX_COUNTED_GROUPS = 100;
/** How far ahead an order for as soon as possible may be moved before it is refused. */
export const ASAP_HORIZON_SLOTS = 48;

const slotMs = SLOT_STEP_MINUTES * MINUTE_MS;

export const capacityServices = ['shared', 'pickup', 'delivery'] as const;
export type CapacityService = (typeof capacityServices)[number];
export type KitchenService = Exclude<CapacityService, 'shared'>;

/**
 * One limit: at most `items` counted items per slot, of one service or of both together
 * (`shared`), in a window of the shop's day (`from` to `to`, crossing midnight when `to` is not
 * after `from`; both absent for all day).
 */
export const capacityLimitSchema = z
  .strictObject({
    service: z.enum(capacityServices),
    items: z.int().min(1).max(MAX_SLOT_ITEMS),
    from: timeOfDay.optional(),
    to: timeOfDay.optional(),
  })
  .refine((limit) => (limit.from === undefined) === (limit.to === undefined), {
    path: ['to'],
    message: 'expected both from and to, or neither for all day',
  });
export type CapacityLimit = z.infer<typeof capacityLimitSchema>;

/** retailerInfo.kitchenCapacity: no limits (the default) takes every order as before. */
export const kitchenCapacitySchema = z.strictObject({
  /** Counted product groups; none counts every group that takes half & half (the pizzas). */
  countedGroupIds: z.array(id).max(MAX_COUNTED_GROUPS).default([]),
  limits: z.array(capacityLimitSchema).max(MAX_CAPACITY_LIMITS).default([]),
});
export type KitchenCapacity = z.infer<typeof kitchenCapacitySchema>;

export const NO_CAPACITY_LIMITS: KitchenCapacity = { countedGroupIds: [], limits: [] };

/** The counted items of one slot by service, as the API tells open pages (clock status `kitchenFill`). */
export const slotFillSchema = z.object({
  at: instant,
  pickup: z.int().min(0),
  delivery: z.int().min(0),
});
export type SlotFill = z.infer<typeof slotFillSchema>;

/** What counting needs of a cart line: its group, its other half's, and how many. */
export interface CountedLine {
  productGroupId: number;
  quantity: number;
  secondHalf?: { productGroupId: number } | null | undefined;
}

/**
 * The slot (its start, in ms) an instant falls in. Shop zones move in quarter hours
 * (lib/time/shop-zone.ts), so the shop's 15-minute grid is UTC's, across midnight and DST alike.
 */
export function slotStartMs(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  return Math.floor(ms / slotMs) * slotMs;
}

/** Which groups count: the chosen ones, else every group that takes half & half. */
export function countedGroupIds(
  capacity: KitchenCapacity,
  groups: Iterable<{ productGroupId: number; allowHalfHalf: boolean }>,
): ReadonlySet<number> {
  if (capacity.countedGroupIds.length > 0) return new Set(capacity.countedGroupIds);
  return new Set([...groups].filter((group) => group.allowHalfHalf).map((group) => group.productGroupId));
}

/** Counted items of an order's lines: a half & half is one pizza, and a deal's pizzas are lines of their own. */
export function countedItems(lines: readonly CountedLine[], counted: ReadonlySet<number>): number {
  let items = 0;
  for (const line of lines) {
    const groupCounts =
      counted.has(line.productGroupId) ||
      (line.secondHalf !== null && line.secondHalf !== undefined && counted.has(line.secondHalf.productGroupId));
    if (groupCounts) items += line.quantity;
  }
  return items;
}

export const hasLimits = (capacity: KitchenCapacity | undefined): capacity is KitchenCapacity =>
  capacity !== undefined && capacity.limits.length > 0;

function coversMinute(limit: CapacityLimit, minutes: number): boolean {
  if (limit.from === undefined || limit.to === undefined) return true;
  const from = parseTimeOfDay(limit.from);
  const to = parseTimeOfDay(limit.to);
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

/** The limits that hold for a service's slot: its own and the shared ones whose window holds the slot's start on the shop's clock. */
export function limitsAt(
  capacity: KitchenCapacity,
  slotAtMs: number,
  service: KitchenService,
  zone: ShopZone,
): CapacityLimit[] {
  const { minutes } = retailerWallClock(new Date(slotAtMs), zone);
  return capacity.limits.filter(
    (limit) => (limit.service === 'shared' || limit.service === service) && coversMinute(limit, minutes),
  );
}

/** How many more counted items a service's slot takes (every limit on it must hold); null when none limits it. */
export function slotRoom(
  capacity: KitchenCapacity,
  fill: Pick<SlotFill, 'pickup' | 'delivery'> | undefined,
  slotAtMs: number,
  service: KitchenService,
  zone: ShopZone,
): number | null {
  const limits = limitsAt(capacity, slotAtMs, service, zone);
  if (limits.length === 0) return null;
  const pickup = fill?.pickup ?? 0;
  const delivery = fill?.delivery ?? 0;
  return Math.min(
    ...limits.map((limit) => {
      const used = limit.service === 'shared' ? pickup + delivery : service === 'pickup' ? pickup : delivery;
      return Math.max(0, limit.items - used);
    }),
  );
}

/** The fill of each slot from the placed orders that count (each its slot, service and counted items), slots in time order. */
export function slotFills(orders: readonly { slotAtMs: number; service: KitchenService; items: number }[]): SlotFill[] {
  const bySlot = new Map<number, { pickup: number; delivery: number }>();
  for (const order of orders) {
    if (order.items <= 0) continue;
    const slot = slotStartMs(order.slotAtMs);
    const fill = bySlot.get(slot) ?? { pickup: 0, delivery: 0 };
    fill[order.service] += order.items;
    bySlot.set(slot, fill);
  }
  return [...bySlot.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, fill]) => ({ at: new Date(at).toISOString(), ...fill }));
}

const fillIndex = (fills: readonly SlotFill[]) =>
  new Map(fills.map((fill) => [slotStartMs(Date.parse(fill.at)), fill]));

/** Why an order of `items` counted items cannot be made in the slot of `at`, in the customer's words; null when it fits. */
export function capacityRefusal(
  capacity: KitchenCapacity,
  fills: readonly SlotFill[],
  at: Date,
  service: KitchenService,
  items: number,
  zone: ShopZone,
): string | null {
  if (items <= 0) return null;
  const slot = slotStartMs(at);
  const room = slotRoom(capacity, fillIndex(fills).get(slot), slot, service, zone);
  if (room === null || items <= room) return null;
  const most = Math.min(...limitsAt(capacity, slot, service, zone).map((limit) => limit.items));
  if (items > most)
    return `The kitchen makes at most ${most} ${most === 1 ? 'pizza' : 'pizzas'} in 15 minutes, and this order has ${items}. Please call the shop to order it.`;
  return `The kitchen is full at ${formatTime(retailerWallClock(new Date(slot), zone).minutes)}. Please choose another time.`;
}

/**
 * When an order for as soon as possible is ready: `earliest` itself when its slot has room, else
 * the start of the first later slot that has, within ASAP_HORIZON_SLOTS and before the service
 * closes (`closesAt`, null when it runs past the horizon); null when none has. So the promise
 * moves out as the kitchen fills, and never past closing.
 */
export function earliestWithRoom(
  capacity: KitchenCapacity,
  fills: readonly SlotFill[],
  earliest: Date,
  service: KitchenService,
  items: number,
  zone: ShopZone,
  closesAt: Date | null = null,
): Date | null {
  if (items <= 0) return earliest;
  const index = fillIndex(fills);
  const first = slotStartMs(earliest);
  for (let step = 0; step <= ASAP_HORIZON_SLOTS; step++) {
    const slot = first + step * slotMs;
    if (step > 0 && closesAt !== null && slot >= closesAt.getTime()) return null;
    const room = slotRoom(capacity, index.get(slot), slot, service, zone);
    if (room === null || items <= room) return step === 0 ? earliest : new Date(slot);
  }
  return null;
}

/**
 * For a page's time picker: whether a time's slot has no room for `items` counted items, as
 * place-order counts them (a cart of no pizzas fits anywhere). A page with an empty cart asks for
 * one, so a slot with no room at all shows full before the customer adds a pizza.
 */
export function kitchenFullAt(
  capacity: KitchenCapacity | undefined,
  fills: readonly SlotFill[] | undefined,
  service: KitchenService,
  items: number,
  zone: ShopZone,
): ((at: Date) => boolean) | undefined {
  if (!hasLimits(capacity)) return undefined;
  const index = fillIndex(fills ?? []);
  return (at) => {
    const slot = slotStartMs(at);
    const room = slotRoom(capacity, index.get(slot), slot, service, zone);
    return room !== null && room < items;
  };
}

/** The span of slots an order for as soon as possible may be moved through: from the slot of `from` to the horizon. */
export function asapSpan(from: Date): { fromMs: number; toMs: number } {
  const fromMs = slotStartMs(from);
  return { fromMs, toMs: fromMs + (ASAP_HORIZON_SLOTS + 1) * slotMs };
}

/** Whether a service closing at `closesAt` closes within the slots an order for as soon as possible from `from` may be moved through. */
export function closesWithinAsapSpan(from: Date, closesAt: Date | null): closesAt is Date {
  return closesAt !== null && closesAt.getTime() <= asapSpan(from).toMs;
}

/** Days of slots open pages are told the fill of: every day an order for later may be placed for, and the one after. */
export const PAGE_FILL_DAYS = 8;
/** Slots with any fill in those days, at most: a busy week of a shop open 14 hours a day, by service. */
export const MAX_FILL_SLOTS = 1000;

/** The span of slots whose fill open pages are told, from the slot of now. */
export function pageFillSpan(now: Date): { fromMs: number; toMs: number } {
  const fromMs = slotStartMs(now);
  return { fromMs, toMs: fromMs + PAGE_FILL_DAYS * 24 * 60 * MINUTE_MS };
}
