import { z } from 'zod';
import { formatMoney, toCents } from '../pricing/money.ts';
import { calendarDate, nonNegativeDollars, timeOfDay, weekday } from '../tenant/primitives.ts';
import { formatHoursRange, formatShortDate, weekdayNames, weekOrder } from '../time/format.ts';
import { parseTimeOfDay, retailerWallClock } from '../time/retailer-clock.ts';
import type { ShopZone } from '../time/shop-zone.ts';

/** How many codes one shop may define: the console lists them all and place-order looks one up. */
export const MAX_PROMO_CODES = 50;

/** The most of what a customer typed that is read: anything longer is no code of any shop. */
export const PROMO_TYPED_MAX = 40;

/** A code as customers type it, case and spaces aside: 3 to 20 letters, digits or dashes. */
export const promoCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,20}$/, 'expected 3 to 20 letters, digits or dashes');

export const promoServices = ['pickup', 'delivery'] as const;
export type PromoService = (typeof promoServices)[number];

/**
 * One promo code of a shop (retailerInfo.promoCodes, issue 30 item 3). Every limit is optional:
 * absent, the code is valid every day, all day, for both services, with no minimum and no end.
 * `endsOn` is the last day it is valid, in the shop's calendar; `maxUses` caps uses across all
 * customers and `oncePerCustomer` allows one use per phone number or email.
 */
/** The two times of a code, as the pair check reads them whatever else is wrong. */
const promoTimesSchema = z.object({ from: timeOfDay.optional(), to: timeOfDay.optional() });

export const promoCodeSchema = z
  .strictObject({
    code: promoCodeText,
    saving: z.discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('amount'),
        amount: nonNegativeDollars.refine((v) => v > 0, 'expected more than 0'),
      }),
      z.strictObject({ kind: z.literal('percent'), percent: z.int().min(1).max(100) }),
      z.strictObject({ kind: z.literal('freeDelivery') }),
    ]),
    minimumOrder: nonNegativeDollars.optional(),
    weekdays: z.array(weekday).min(1).max(7).optional(),
    from: timeOfDay.optional(),
    to: timeOfDay.optional(),
    services: z.array(z.enum(promoServices)).min(1).max(2).optional(),
    endsOn: calendarDate.optional(),
    maxUses: z.int().min(1).max(1_000_000).optional(),
    oncePerCustomer: z.boolean().optional(),
  })
  .refine((code) => (code.from === undefined) === (code.to === undefined), {
    path: ['to'],
    message: 'expected both from and to, or neither for all day',
    // Checked with the other fields' issues, so a form shows every mistake at once, not this one last.
    when: (payload) => promoTimesSchema.safeParse(payload.value).success,
  });

export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodesSchema = z
  .array(promoCodeSchema)
  .max(MAX_PROMO_CODES)
  .refine((list) => new Set(list.map((code) => code.code)).size === list.length, 'each code once');

/** What a code is checked against: the cart after the specials, the order's service and time, and its uses so far. */
export interface PromoCart {
  /** The food after the specials' discounts (subtotal − discount), cents. */
  foodCents: number;
  deliveryFeeCents: number;
  service: PromoService;
  /** The order time: now, or the requested later time. */
  at: Date;
  zone: ShopZone;
  /** Uses counted so far by every customer, and by this customer; 0 when not yet known (the cart). */
  usesSoFar?: number;
  usesByCustomer?: number;
}

export type PromoRefusal = 'unknown' | 'expired' | 'notNow' | 'minimum' | 'service' | 'usedUp' | 'usedByCustomer';

export type PromoOutcome =
  | { ok: true; code: string; cents: number; freeDelivery: boolean }
  | { ok: false; reason: PromoRefusal; message: string };

/** The refusals that need no cart, which the code check answers too. */
export const promoRefusals = {
  unknown: 'We do not know that code. Please check it and try again.',
  usedUp: 'This code has been used up.',
} as const;

const serviceWords: Record<PromoService, string> = { pickup: 'pickup', delivery: 'delivery' };

function dayList(days: readonly number[]): string {
  const names = weekOrder.filter((day) => days.includes(day)).map((day) => `${weekdayNames[day]}s`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** "Mondays and Tuesdays, 5:00 pm - 9:00 pm": when a code with limits on its days or hours is valid. */
export function promoWhenText(code: Pick<PromoCode, 'weekdays' | 'from' | 'to'>): string {
  const days = code.weekdays && code.weekdays.length < 7 ? dayList(code.weekdays) : 'Every day';
  return code.from === undefined || code.to === undefined ? days : `${days}, ${formatHoursRange(code.from, code.to)}`;
}

function inWindow(code: PromoCode, weekdayNow: number, minutes: number): boolean {
  if (code.from === undefined || code.to === undefined) return code.weekdays?.includes(weekdayNow) ?? true;
  const start = parseTimeOfDay(code.from);
  const end = parseTimeOfDay(code.to);
  if (end > start) return (code.weekdays?.includes(weekdayNow) ?? true) && minutes >= start && minutes < end;
  // A window past midnight belongs to the day it starts on.
  if (minutes >= start) return code.weekdays?.includes(weekdayNow) ?? true;
  return minutes < end && (code.weekdays?.includes((weekdayNow + 6) % 7) ?? true);
}

/** The code a customer typed, among the shop's: case and surrounding spaces do not matter. */
export function findPromoCode(codes: readonly PromoCode[], typed: string): PromoCode | undefined {
  const parsed = promoCodeText.safeParse(typed);
  return parsed.success ? codes.find((code) => code.code === parsed.data) : undefined;
}

/**
 * What a code saves on a cart, in integer cents, or why it does not apply. The rule: the code
 * applies after the specials, to the food they leave (`foodCents`); an amount off never takes the
 * food below zero, a percentage is that share of it rounded to the nearest cent (half up), free
 * delivery saves the delivery fee (nothing on pickup, so a pickup order is refused it as the wrong
 * service). The minimum order counts the food after the specials, as the shop's own minimum does.
 * One code per order. The cart shows it and place-order / pay-online recompute it with the same
 * function inside their write, with the uses counted, so what the customer saw is what is charged.
 */
export function promoSaving(code: PromoCode | undefined, cart: PromoCart): PromoOutcome {
  if (!code) return { ok: false, reason: 'unknown', message: promoRefusals.unknown };
  const clock = retailerWallClock(cart.at, cart.zone);
  if (code.endsOn !== undefined && clock.date > code.endsOn)
    return { ok: false, reason: 'expired', message: `This code ended on ${formatShortDate(code.endsOn)}.` };
  const services = code.saving.kind === 'freeDelivery' ? ['delivery'] : (code.services ?? promoServices);
  if (!services.includes(cart.service)) {
    const only = promoServices.filter((service) => services.includes(service));
    return {
      ok: false,
      reason: 'service',
      message: `This code is for ${only.map((service) => serviceWords[service]).join(' and ')} orders only.`,
    };
  }
  if (!inWindow(code, clock.weekday, clock.minutes))
    return {
      ok: false,
      reason: 'notNow',
      message: `This code is valid ${promoWhenText(code)}, not at this order's time.`,
    };
  const minimum = toCents(code.minimumOrder ?? 0);
  if (cart.foodCents < minimum)
    return {
      ok: false,
      reason: 'minimum',
      message: `This code needs an order of ${formatMoney(minimum)}. Add ${formatMoney(minimum - cart.foodCents)} more to use it.`,
    };
  if (code.maxUses !== undefined && (cart.usesSoFar ?? 0) >= code.maxUses)
    return { ok: false, reason: 'usedUp', message: promoRefusals.usedUp };
  if (code.oncePerCustomer && (cart.usesByCustomer ?? 0) > 0)
    return {
      ok: false,
      reason: 'usedByCustomer',
      message: 'You have already used this code: it is one use per customer.',
    };
  const food = Math.max(0, cart.foodCents);
  const cents =
    code.saving.kind === 'amount'
      ? Math.min(food, toCents(code.saving.amount))
      : code.saving.kind === 'percent'
        ? Math.round((food * code.saving.percent) / 100)
        : cart.deliveryFeeCents;
  return { ok: true, code: code.code, cents, freeDelivery: code.saving.kind === 'freeDelivery' };
}

/** "Promo SAVE10": how the receipt, the ticket and Stripe's line name the saving. */
export function promoLabel(code: string): string {
  return `Promo ${code}`;
}
