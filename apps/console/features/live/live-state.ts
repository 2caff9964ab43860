import type {
  LiveService,
  LiveState,
  ServiceMode,
  ServiceSetting,
  StaffMenu,
} from '../../../../lib/api/live-state-contract.ts';
import { formatClock } from '../board/format.ts';
import {
  parseTimeOfDay,
  retailerInstant,
  retailerWallClock,
  timeOfDayOf,
} from '../../../../lib/time/retailer-clock.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';
import { $shopZone } from '../../shell/shop-zone.ts';

/**
 * How the console's Live panel words and prepares the shop's live state. Times are on the shop's
 * clock, as on the board, whatever the device's zone.
 */

export const SERVICE_TEXT: Readonly<Record<LiveService, string>> = { pickup: 'Pickup', delivery: 'Delivery' };

export const MODE_TEXT: Readonly<Record<ServiceMode, string>> = { open: 'Open', busy: 'Busy', paused: 'Paused' };

/** What each mode means for customers, under its button. */
export const MODE_HINT: Readonly<Record<Exclude<ServiceMode, 'open'>, string>> = {
  busy: 'No orders for as soon as possible; orders for later still come in.',
  paused: 'No orders for this service until the time you choose.',
};

/** "Open · 30 min wait", "Paused until 8:30 pm · 45 min wait". */
export function serviceSummary(setting: ServiceSetting, now: Date, zone: ShopZone = $shopZone.get()): string {
  const state =
    setting.until === null
      ? MODE_TEXT[setting.mode]
      : `${MODE_TEXT[setting.mode]} until ${formatClock(setting.until, now, zone)}`;
  return `${state} · ${setting.waitMinutes} min wait`;
}

/** A `datetime-local` input's value for an instant, on the shop's clock: "2030-03-05T20:30". */
export function toLocalInput(at: Date, zone: ShopZone = $shopZone.get()): string {
  const wall = retailerWallClock(at, zone);
  return `${wall.date}T${timeOfDayOf(wall.minutes)}`;
}

/** The time a pause or busy spell is first offered until: `minutes` from now, on the next five minutes. */
export function suggestedUntil(now: Date, minutes = 30, zone: ShopZone = $shopZone.get()): string {
  const step = 5 * 60_000;
  return toLocalInput(new Date(Math.ceil((now.getTime() + minutes * 60_000) / step) * step), zone);
}

/** The instant a `datetime-local` value names on the shop's clock, as ISO; null when it names none. */
export function untilFromInput(value: string, zone: ShopZone = $shopZone.get()): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  try {
    return retailerInstant(match[1], parseTimeOfDay(match[2]), zone).toISOString();
  } catch {
    return null;
  }
}

/** Why a chosen time cannot be sent, or null: the console says so before asking the server. */
export function untilProblem(until: string | null, now: Date, maxDays: number): string | null {
  if (until === null) return 'Choose the date and time it lasts until.';
  const ms = Date.parse(until) - now.getTime();
  if (ms <= 0) return 'That time has already passed. Choose a later one.';
  if (ms > maxDays * 24 * 60 * 60_000) return `Choose a time within ${maxDays} days.`;
  return null;
}

/** What to say once a change is saved: open pages show it at once, or within their minute's poll when the push failed. */
export function savedNotice(what: string, published: boolean): string {
  return published
    ? `${what}. Open shop pages show it now.`
    : `${what}. Open shop pages could not be told at once; they show it within a minute.`;
}

export interface MenuMatch {
  productGroupId: number;
  name: string;
  products: { productId: number; name: string }[];
  /** The group's own name matched, so it is offered whole. */
  groupMatched: boolean;
}

/** The menu's groups and dishes whose names hold every word of the search; all of it for an empty search. */
export function menuMatches(menu: StaffMenu, search: string): MenuMatch[] {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  const matches = (name: string) => words.every((word) => name.toLowerCase().includes(word));
  return menu.groups.flatMap((group) => {
    const groupMatched = matches(group.name);
    const products = groupMatched ? group.products : group.products.filter((product) => matches(product.name));
    return groupMatched || products.length > 0
      ? [{ productGroupId: group.productGroupId, name: group.name, products, groupMatched }]
      : [];
  });
}

/** The sold-out dishes and groups by name, for the list at the top of the picker; ids the menu lacks are named by id. */
export function soldOutNames(
  state: LiveState['soldOut'],
  menu: StaffMenu | null,
): { kind: 'product' | 'group'; id: number; name: string }[] {
  const groupName = (id: number) => menu?.groups.find((group) => group.productGroupId === id)?.name ?? `Group ${id}`;
  const productName = (id: number) =>
    menu?.groups.flatMap((group) => group.products).find((product) => product.productId === id)?.name ?? `Dish ${id}`;
  return [
    ...state.productGroupIds.map((id) => ({ kind: 'group' as const, id, name: `${groupName(id)} (whole group)` })),
    ...state.productIds.map((id) => ({ kind: 'product' as const, id, name: productName(id) })),
  ];
}

/** The quick chips: the dishes sold out most often, less those out now (alone or with their whole group). */
export function quickChips(state: LiveState['soldOut'], menu: StaffMenu | null): { productId: number; name: string }[] {
  if (!menu) return [];
  const dishes = new Map(
    menu.groups.flatMap((group) =>
      group.products.map((product) => [product.productId, { ...product, groupId: group.productGroupId }] as const),
    ),
  );
  return menu.oftenSoldOut.flatMap((productId) => {
    const dish = dishes.get(productId);
    if (!dish || state.productIds.includes(productId) || state.productGroupIds.includes(dish.groupId)) return [];
    return [{ productId, name: dish.name }];
  });
}
