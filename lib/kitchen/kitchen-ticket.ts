import { promoLabel } from '../cart/promo.ts';
import { formatMoney } from '../pricing/money.ts';
import type { ShopZone } from '../time/shop-zone.ts';
import type { KitchenOrderType } from './kitchen-flow.ts';
import { lineRows, type LinePart } from './line-rows.ts';
import { routeLines, type KitchenStation } from './station-routing.ts';
import { shopClockText } from './ticket-times.ts';
import { serviceNames } from '../time/schedule.ts';

/**
 * A placed order as the kitchen's board sees it (the staff contract's BoardOrder has this shape),
 * declared here since the domain does not import the contracts.
 */
export interface KitchenOrder {
  orderNumber: number;
  placedAt: string;
  dueAt: string | null;
  promisedAt: string | null;
  orderType: KitchenOrderType;
  customer: { name: string; phone: string };
  address: string | null;
  lines: readonly string[];
  notes: string | null;
  totalCents: number;
  /** The customer's tip on top of the total; absent or 0 without one. */
  tipCents?: number;
  /** The promo code applied and what it took off (already out of totalCents); absent or null without one. */
  promoCode?: string | null;
  promoSavingCents?: number;
  paymentMethod: string;
}

/** One printed kitchen ticket, in words, before any printer's encoding. */
export interface KitchenTicket {
  shopName: string;
  stationName: string;
  orderNumber: number;
  /** "Pickup · ASAP" or "Delivery · Due 7:30 pm". */
  heading: string;
  /** "Promised 7:10 pm", for an ASAP order the customer was given a time. */
  promised: string | null;
  placed: string;
  customer: string;
  address: string | null;
  lines: { title: string; rows: LinePart[][] }[];
  notes: string | null;
  /** The money is on the ticket the counter hands over, so every ticket shows it. */
  total: string;
  /** The promo code and its saving on a line of its own (promoText), null without one: the total is after it. */
  promo: string | null;
  /** The tip on a line of its own (tipText), null without one. */
  tip: string | null;
  /** "Ticket 1 of 2" when the order went to several stations. */
  part: string | null;
  /** A reprint says so, so a second ticket on the rail is not cooked twice. */
  reprint: boolean;
}

export interface TicketSettings {
  shopName: string;
  zone: ShopZone;
  now: Date;
  reprint: boolean;
}

/**
 * "cash" → "Cash", "card-on-delivery" → "Card on delivery": the API's word, made readable, on the
 * board and the tickets alike. "online" reads "Paid online": nobody collects money at the door.
 */
export function paymentText(method: string): string {
  if (method === 'online') return 'Paid online';
  const words = method.trim().replace(/[-_]+/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Not given';
}

/** "Tip $6.20", or null without one: the words tipText and the console's new-order alert start from. */
export function tipAmountText(order: Pick<KitchenOrder, 'tipCents'>): string | null {
  const tip = order.tipCents ?? 0;
  return tip === 0 ? null : `Tip ${formatMoney(tip)}`;
}

/**
 * The tip as the kitchen and the counter read it, or null without one: paid online with the
 * order, else the driver or the counter collects it with the total, so the sum to collect is on it.
 */
export function tipText(order: Pick<KitchenOrder, 'tipCents' | 'totalCents' | 'paymentMethod'>): string | null {
  const tip = tipAmountText(order);
  if (tip === null) return null;
  if (order.paymentMethod === 'online') return `${tip} · paid online`;
  return `${tip} · collect ${formatMoney(order.totalCents + (order.tipCents ?? 0))} in all`;
}

/** "Promo SAVE5 −$5.00", or null without a code: the words promoText and the new-order alert start from. */
export function promoSavingText(order: Pick<KitchenOrder, 'promoCode' | 'promoSavingCents'>): string | null {
  if (order.promoCode === undefined || order.promoCode === null) return null;
  return `${promoLabel(order.promoCode)} −${formatMoney(order.promoSavingCents ?? 0)}`;
}

/** "Promo SAVE5 −$5.00 (out of the total)", or null without a code: the counter can answer the customer's receipt. */
export function promoText(order: Pick<KitchenOrder, 'promoCode' | 'promoSavingCents'>): string | null {
  const saving = promoSavingText(order);
  return saving === null ? null : `${saving} (out of the total)`;
}

/**
 * The tickets of one order, one per station that has lines of it (station-routing.ts), each with
 * only that station's lines; the notes go on every ticket, since any station may be the one they
 * are for. `lineGroupIds` is each line's product group, in the order's order.
 */
export function kitchenTickets(
  order: KitchenOrder,
  lineGroupIds: readonly number[],
  stations: readonly KitchenStation[],
  settings: TicketSettings,
): { station: KitchenStation; ticket: KitchenTicket }[] {
  const { zone, now } = settings;
  const routed = routeLines(lineGroupIds, stations);
  const due = order.dueAt === null ? 'ASAP' : `Due ${shopClockText(order.dueAt, now, zone)}`;
  return routed.map(({ station, lineIndexes }, index) => ({
    station,
    ticket: {
      shopName: settings.shopName,
      stationName: station.name,
      orderNumber: order.orderNumber,
      heading: `${serviceNames[order.orderType]} · ${due}`,
      promised:
        order.dueAt === null && order.promisedAt !== null
          ? `Promised ${shopClockText(order.promisedAt, now, zone)}`
          : null,
      placed: `Placed ${shopClockText(order.placedAt, now, zone)}`,
      customer: order.customer.phone === '' ? order.customer.name : `${order.customer.name} · ${order.customer.phone}`,
      address: order.address,
      lines: lineIndexes.flatMap((lineIndex) => {
        const line = order.lines[lineIndex];
        return line === undefined ? [] : [lineRows(line)];
      }),
      notes: order.notes,
      total: `Total ${formatMoney(order.totalCents)} · ${paymentText(order.paymentMethod)}`,
      promo: promoText(order),
      tip: tipText(order),
      part: routed.length > 1 ? `Ticket ${index + 1} of ${routed.length}` : null,
      reprint: settings.reprint,
    },
  }));
}
