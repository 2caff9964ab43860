import { formatMoney } from '../pricing/money.ts';
import type { ShopZone } from '../time/shop-zone.ts';
import type { KitchenOrderType } from './kitchen-flow.ts';
import { lineRows, type LinePart } from './line-rows.ts';
import { routeLines, type KitchenStation } from './station-routing.ts';
import { shopClockText } from './ticket-times.ts';

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

const ORDER_TYPE_TEXT: Readonly<Record<KitchenOrderType, string>> = { delivery: 'Delivery', pickup: 'Pickup' };

/** "cash" → "Cash", "card-on-delivery" → "Card on delivery": the API's word, made readable, on the board and the tickets alike. */
export function paymentText(method: string): string {
  const words = method.trim().replace(/[-_]+/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Not given';
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
      heading: `${ORDER_TYPE_TEXT[order.orderType]} · ${due}`,
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
      part: routed.length > 1 ? `Ticket ${index + 1} of ${routed.length}` : null,
      reprint: settings.reprint,
    },
  }));
}
