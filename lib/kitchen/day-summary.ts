import { paymentMethods, type PaymentMethod } from '../cart/payment-methods.ts';
import { addDays, daysBetween, retailerInstant, retailerWallClock } from '../time/retailer-clock.ts';
import type { ShopZone } from '../time/shop-zone.ts';

/**
 * End of day (issue 28, item 7): what a shop sold over a day or a range of days of its own
 * calendar, by hour of its clock, by dish, by service and by payment method, and its tips apart. Pure: the orders and
 * the shop's zone are passed in, so the API, the console and the CSV agree to the cent.
 */

export type ReportService = 'delivery' | 'pickup';

/** A cart line as the report counts it: `lineCents` is the line's price before any deal (unit price × quantity). */
export interface ReportLine {
  dish: string;
  /** The other half of a half-and-half, else null. */
  secondHalf: string | null;
  quantity: number;
  lineCents: number;
}

/** A placed order as the report reads it; `cancelled` covers any order the shop refused or called off. */
export interface ReportOrder {
  orderNumber: number;
  placedAt: string;
  service: ReportService;
  paymentMethod: PaymentMethod;
  totalCents: number;
  /** The customer's tip, on top of `totalCents`: the staff's, so never counted as sales. */
  tipCents: number;
  /** The promo code the customer applied and what it took off, already out of `totalCents`; null and 0 without one. */
  promoCode: string | null;
  promoSavingCents: number;
  cancelled: boolean;
  lines: ReportLine[];
}

/** Tips apart from sales: how many orders left one and what they came to, in all and by how they were paid. */
export interface TipTally {
  orders: number;
  tipCents: number;
}

export interface ReportTally {
  orders: number;
  salesCents: number;
}

/**
 * A half-and-half line counts as half a dish of each half, and half its price to each (the odd
 * cent to the first half): "how many Margheritas went out" then adds up to the pizzas made.
 */
export interface DishTally {
  dish: string;
  quantity: number;
  salesCents: number;
}

export interface DaySummary {
  from: string;
  to: string;
  /** Orders placed and not cancelled, and what they came to (deals taken off, delivery fees in). */
  totals: ReportTally & { averageCents: number };
  /** Cancelled or declined orders: left out of every other figure. */
  cancelled: ReportTally;
  /** Hours 0–23 of the shop's clock, every one listed; on the autumn change hour 2 holds both of its runs. */
  byHour: (ReportTally & { hour: number })[];
  /** Each day of the range, oldest first. */
  byDay: (ReportTally & { date: string })[];
  /** Best sellers first, by line sales before deals. */
  byDish: DishTally[];
  byService: (ReportTally & { service: ReportService })[];
  byPayment: (ReportTally & { paymentMethod: PaymentMethod })[];
  /** Tips of the orders counted above (cancelled ones left out): cash and card tips are the counter's to hand over. */
  tips: TipTally & { byPayment: (TipTally & { paymentMethod: PaymentMethod })[] };
  /** What promo codes gave away on the orders counted above, in all and by code (most given first). */
  promos: PromoTally & { byCode: (PromoTally & { code: string })[] };
}

export interface PromoTally {
  orders: number;
  savingCents: number;
}

/** A month and a bit: what one answer of orders, and one chart, stays readable and bounded at. */
export const MAX_REPORT_DAYS = 31;

/** Why a range cannot be reported, or null: both calendar dates, `from` not after `to`, at most MAX_REPORT_DAYS days. */
export function reportRangeRefusal(from: string, to: string): string | null {
  let days: number;
  try {
    days = daysBetween(from, to) + 1;
  } catch {
    return 'from and to: expected calendar dates as YYYY-MM-DD';
  }
  if (days < 1) return 'from: expected a day on or before to';
  if (days > MAX_REPORT_DAYS) return `A report covers at most ${MAX_REPORT_DAYS} days: choose a shorter range.`;
  return null;
}

/** The instants the shop's days from `from` to `to` (inclusive) run between: midnight to midnight of its clock. */
export function reportBounds(from: string, to: string, zone: ShopZone): { start: Date; end: Date } {
  return { start: retailerInstant(from, 0, zone), end: retailerInstant(addDays(to, 1), 0, zone) };
}

/** The shop's calendar date and hour when an order was placed. */
export function shopHourOf(placedAt: string, zone: ShopZone): { date: string; hour: number } {
  const clock = retailerWallClock(new Date(placedAt), zone);
  return { date: clock.date, hour: Math.floor(clock.minutes / 60) };
}

const tally = (): ReportTally => ({ orders: 0, salesCents: 0 });
const add = (into: ReportTally, cents: number) => {
  into.orders += 1;
  into.salesCents += cents;
};

function countDish(dishes: Map<string, DishTally>, dish: string, quantity: number, cents: number): void {
  const known = dishes.get(dish) ?? { dish, quantity: 0, salesCents: 0 };
  known.quantity += quantity;
  known.salesCents += cents;
  dishes.set(dish, known);
}

/** The summary of the orders placed on the shop's days `from` to `to`; orders outside them are left out. */
export function daySummary(orders: readonly ReportOrder[], from: string, to: string, zone: ShopZone): DaySummary {
  const refusal = reportRangeRefusal(from, to);
  if (refusal) throw new RangeError(refusal);
  const days = daysBetween(from, to) + 1;
  const byDay = Array.from({ length: days }, (_, index) => ({ date: addDays(from, index), ...tally() }));
  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, ...tally() }));
  const byService = (['delivery', 'pickup'] as const).map((service) => ({ service, ...tally() }));
  const byPayment = paymentMethods.map((paymentMethod) => ({ paymentMethod, ...tally() }));
  const tips = { orders: 0, tipCents: 0 };
  const tipsByPayment = paymentMethods.map((paymentMethod) => ({ paymentMethod, orders: 0, tipCents: 0 }));
  const promos = { orders: 0, savingCents: 0 };
  const promosByCode = new Map<string, PromoTally & { code: string }>();
  const dishes = new Map<string, DishTally>();
  const totals = tally();
  const cancelled = tally();

  for (const order of orders) {
    const { date, hour } = shopHourOf(order.placedAt, zone);
    const day = byDay.find((entry) => entry.date === date);
    if (!day) continue;
    if (order.cancelled) {
      add(cancelled, order.totalCents);
      continue;
    }
    add(totals, order.totalCents);
    add(day, order.totalCents);
    const inHour = byHour[hour];
    if (inHour) add(inHour, order.totalCents);
    const service = byService.find((entry) => entry.service === order.service);
    if (service) add(service, order.totalCents);
    const payment = byPayment.find((entry) => entry.paymentMethod === order.paymentMethod);
    if (payment) add(payment, order.totalCents);
    if (order.tipCents > 0) {
      for (const into of [tips, tipsByPayment.find((entry) => entry.paymentMethod === order.paymentMethod)]) {
        if (!into) continue;
        into.orders += 1;
        into.tipCents += order.tipCents;
      }
    }
    if (order.promoCode !== null) {
      const byCode = promosByCode.get(order.promoCode) ?? { code: order.promoCode, orders: 0, savingCents: 0 };
      promosByCode.set(order.promoCode, byCode);
      for (const into of [promos, byCode]) {
        into.orders += 1;
        into.savingCents += order.promoSavingCents;
      }
    }
    for (const line of order.lines) {
      if (line.secondHalf === null) {
        countDish(dishes, line.dish, line.quantity, line.lineCents);
        continue;
      }
      const second = Math.floor(line.lineCents / 2);
      countDish(dishes, line.dish, line.quantity / 2, line.lineCents - second);
      countDish(dishes, line.secondHalf, line.quantity / 2, second);
    }
  }

  return {
    from,
    to,
    totals: { ...totals, averageCents: totals.orders === 0 ? 0 : Math.round(totals.salesCents / totals.orders) },
    cancelled,
    byHour,
    byDay,
    byDish: [...dishes.values()].sort((a, b) => b.salesCents - a.salesCents || a.dish.localeCompare(b.dish)),
    byService,
    byPayment,
    tips: { ...tips, byPayment: tipsByPayment },
    promos: {
      ...promos,
      byCode: [...promosByCode.values()].sort((a, b) => b.savingCents - a.savingCents || a.code.localeCompare(b.code)),
    },
  };
}
