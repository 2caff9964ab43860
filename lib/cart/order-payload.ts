import { z } from 'zod';
import { DEFAULT_WAIT_TIME_MINUTES, ORDER_PLATFORM_SOURCE_ID, ORDER_SOURCE } from '../constants.ts';
import { toDollars } from '../pricing/money.ts';
import { isClosedDateAt } from '../time/closed-dates.ts';
import { type ScheduleInput, shopZoneOf } from '../time/schedule.ts';
import type { OrderState } from './order-state.ts';
import {
  orderPayloadSchema,
  orderStatusCodes,
  type CartProduct,
  type OrderPayload,
  type OrderStatus,
  type OrderType,
} from './schemas.ts';

export interface OrderPayloadInput {
  /** Null until create-order has answered. */
  encryptedOrderId: string | null;
  retailerId: number;
  orderType: OrderType;
  products: readonly CartProduct[];
  /** From the cart totals; a pickup order always sends 0. */
  deliveryFeeCents: number;
  orderNotes?: string;
  /** The live delivery wait time in minutes when the order is sent. */
  deliveryWaitTimeMinutes?: number;
  orderForLater: boolean;
  orderForLaterRequestDateTime: Date | string | null;
  /** Whether a closed date applies to the order time. */
  closedDate?: boolean;
  statuses?: readonly OrderStatus[];
  /** When the order was first created; now for a new order. */
  createDate?: Date | string;
}

export class OrderPayloadError extends Error {
  readonly issues: z.core.$ZodIssue[];

  constructor(message: string, issues: z.core.$ZodIssue[] = []) {
    super(message);
    this.name = 'OrderPayloadError';
    this.issues = issues;
  }
}

const isoOf = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);

/**
 * The body of create-order and update-order. A new order starts at status 1; an existing one
 * reports its latest recorded status. The result is checked against the same schema the API
 * validates with, so a malformed order fails here with the reasons instead of at the server.
 */
export function buildOrderPayload(input: OrderPayloadInput, now: Date): OrderPayload {
  if (input.orderForLater && input.orderForLaterRequestDateTime === null) {
    throw new OrderPayloadError('an order for later needs orderForLaterRequestDateTime');
  }
  const isPickup = input.orderType === 'pickup';
  const latest = input.encryptedOrderId === null ? undefined : input.statuses?.at(-1);
  const candidate = {
    encryptedOrderId: input.encryptedOrderId,
    retailerId: input.retailerId,
    extraOrderNotes: input.orderNotes ?? '',
    createDate: isoOf(input.createDate ?? now),
    currentOrderStatusTypeId: latest?.orderStatusTypeId ?? orderStatusCodes.start,
    lastOrderStatusUpdate: latest?.timestamp ?? now.toISOString(),
    isPickup,
    historicDeliveryFee: isPickup ? 0 : toDollars(input.deliveryFeeCents),
    historicDeliveryWaitTime: input.deliveryWaitTimeMinutes ?? DEFAULT_WAIT_TIME_MINUTES,
    orderForLater: input.orderForLater,
    orderForLaterRequestDateTime:
      input.orderForLater && input.orderForLaterRequestDateTime !== null
        ? isoOf(input.orderForLaterRequestDateTime)
        : null,
    closedDate: input.closedDate ?? false,
    orderPlatformSourceId: ORDER_PLATFORM_SOURCE_ID,
    source: ORDER_SOURCE,
    products: input.products,
  };
  const result = orderPayloadSchema.safeParse(candidate);
  if (!result.success)
    throw new OrderPayloadError(`order payload is invalid:\n${z.prettifyError(result.error)}`, result.error.issues);
  return result.data;
}

/** What the closed-date flag needs of the shop: its closed dates and its clock. */
export type ClosedDateHours = Pick<ScheduleInput, 'closedDates' | 'retailerInfo'>;

/**
 * Whether a closed date applies to the order's time (the requested later time, else now) for its
 * service: the payload's `closedDate`, which the kitchen reads. Delivery-only closures leave
 * pickup open, as everywhere else.
 */
export function closedDateApplies(
  hours: ClosedDateHours,
  order: Pick<OrderPayload, 'isPickup' | 'orderForLater' | 'orderForLaterRequestDateTime'>,
  now: Date,
): boolean {
  const at =
    order.orderForLater && order.orderForLaterRequestDateTime !== null
      ? new Date(order.orderForLaterRequestDateTime)
      : now;
  if (Number.isNaN(at.getTime())) return false;
  return isClosedDateAt(hours.closedDates, order.isPickup ? 'pickup' : 'delivery', at, shopZoneOf(hours));
}

/** The body for the order as the browser keeps it: its lines, type, time, notes and statuses. */
export function payloadFromState(
  state: OrderState,
  order: {
    retailerId: number;
    deliveryFeeCents: number;
    deliveryWaitTimeMinutes?: number | undefined;
    hours: ClosedDateHours | null;
  },
  now: Date,
): OrderPayload {
  const payload = buildOrderPayload(
    {
      encryptedOrderId: state.encryptedOrderId,
      retailerId: order.retailerId,
      orderType: state.orderType,
      products: state.products,
      deliveryFeeCents: order.deliveryFeeCents,
      orderNotes: state.orderNotes,
      ...(order.deliveryWaitTimeMinutes === undefined
        ? {}
        : { deliveryWaitTimeMinutes: order.deliveryWaitTimeMinutes }),
      orderForLater: state.orderForLater,
      orderForLaterRequestDateTime: state.orderForLaterRequestDateTime,
      statuses: state.orderStatuses,
      ...(state.createDate === null ? {} : { createDate: state.createDate }),
    },
    now,
  );
  return order.hours ? { ...payload, closedDate: closedDateApplies(order.hours, payload, now) } : payload;
}
