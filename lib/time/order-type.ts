import type { ClockStatus } from '../tenant/index.ts';
import { formatDayAndTime } from './format.ts';
import { nextOpening } from './open-windows.ts';
import { validateOrderForLater } from './order-for-later.ts';
import { assertInstant } from './retailer-clock.ts';
import { type ScheduleInput, type Service, otherService, serviceNames, shopZoneOf } from './schedule.ts';
import { isServiceAvailableNow } from './service-availability.ts';
import { nextAvailableSlot } from './slots.ts';

export type OrderType = Service;

/** The order's type and, when ordering for later, the requested time. */
export interface OrderTypeState {
  orderType: OrderType;
  orderForLaterAt: Date | null;
}

export interface ToastMessage {
  title: string;
  description: string;
}

/** What the UI applies: the resulting state and the toast to show, if any. */
export interface OrderTypeDecision extends OrderTypeState {
  toast: ToastMessage | null;
}

function assertState(state: OrderTypeState): void {
  if (state.orderType !== 'delivery' && state.orderType !== 'pickup')
    throw new RangeError(`orderType: expected "delivery" or "pickup", got ${JSON.stringify(state.orderType)}`);
  if (state.orderForLaterAt !== null) assertInstant(state.orderForLaterAt, 'orderForLaterAt');
}

function stillValidLaterTime(input: ScheduleInput, service: Service, state: OrderTypeState, now: Date): Date | null {
  const at = state.orderForLaterAt;
  return at && validateOrderForLater(input, service, at, now).ok ? at : null;
}

/** When neither service can be timed, the retailer's plain availability switches decide. */
function byAvailabilityFlags(input: ScheduleInput, current: OrderType): OrderType {
  const info = input.retailerInfo;
  const pickupPossible = info.pickupAvailable && !info.pickupDisabled;
  const deliveryPossible = info.deliveryAvailable && info.allowDeliveries;
  if (current === 'delivery' && !deliveryPossible && pickupPossible) return 'pickup';
  if (current === 'pickup' && !pickupPossible && deliveryPossible) return 'delivery';
  return current;
}

function startupType(input: ScheduleInput, current: OrderType, now: Date, status: ClockStatus | undefined): OrderType {
  if (!input.retailerInfo.allowDeliveries) return 'pickup';
  if (current === 'delivery' && status && !status.allowDelivery) return 'pickup';
  const pickupNow = isServiceAvailableNow(input, 'pickup', now, status);
  const deliveryNow = isServiceAvailableNow(input, 'delivery', now, status);
  if (pickupNow && !deliveryNow) return 'pickup';
  // Delivery open while pickup is not (busy, or between its shifts) keeps a customer's pickup: the
  // spec only ever switches to pickup here. Only a retailer that offers no pickup at all moves them.
  if (deliveryNow) return pickupNow ? current : byAvailabilityFlags(input, current);
  const pickupNext = nextOpening(input, 'pickup', now)?.start.getTime() ?? null;
  const deliveryNext = nextOpening(input, 'delivery', now)?.start.getTime() ?? null;
  if (pickupNext === null && deliveryNext === null) return byAvailabilityFlags(input, current);
  if (pickupNext === deliveryNext) return current;
  return deliveryNext === null || (pickupNext !== null && pickupNext < deliveryNext) ? 'pickup' : 'delivery';
}

/**
 * The order type to start a visit with (spec section 4, "At start-up"). A saved
 * order-for-later time is kept only while it is still valid for the chosen type.
 */
export function startupOrderType(
  input: ScheduleInput,
  current: OrderTypeState,
  now: Date,
  clockStatus?: ClockStatus,
): OrderTypeDecision {
  assertInstant(now, 'now');
  assertState(current);
  const orderType = startupType(input, current.orderType, now, clockStatus ?? input.clockStatus);
  return { orderType, orderForLaterAt: stillValidLaterTime(input, orderType, current, now), toast: null };
}

/**
 * The customer picks `requested` (spec section 4, "Switching"): open now keeps only a still-valid
 * later time; closed with ordering for later off tells them to order within trading hours;
 * otherwise the next available time is chosen for them, or the switch is undone.
 */
export function switchOrderType(
  input: ScheduleInput,
  current: OrderTypeState,
  requested: OrderType,
  now: Date,
  clockStatus?: ClockStatus,
): OrderTypeDecision {
  assertInstant(now, 'now');
  assertState(current);
  assertState({ orderType: requested, orderForLaterAt: null });
  if (requested === current.orderType) return { ...current, toast: null };
  const status = clockStatus ?? input.clockStatus;
  const zone = shopZoneOf(input);
  const name = serviceNames[requested];
  const keptLater = stillValidLaterTime(input, requested, current, now);

  if (isServiceAvailableNow(input, requested, now, status))
    return { orderType: requested, orderForLaterAt: keptLater, toast: null };

  if (!input.retailerInfo.oflEnabled) {
    const opens = nextOpening(input, requested, now);
    const when = opens
      ? `${name} opens ${formatDayAndTime(opens.start, now, zone)}.`
      : `${name} is not open right now.`;
    return {
      orderType: requested,
      orderForLaterAt: null,
      toast: { title: 'Not Available Yet', description: `${when} Please place your order within trading hours.` },
    };
  }

  if (keptLater) return { orderType: requested, orderForLaterAt: keptLater, toast: null };

  const slot = nextAvailableSlot(input, requested, now, { clockStatus: status });
  if (slot) {
    return {
      orderType: requested,
      orderForLaterAt: slot.at,
      toast: {
        title: 'Order scheduled for later',
        description: `${name} is not open right now, so we've set your order for ${formatDayAndTime(slot.at, now, zone)}. You can change the time before checkout.`,
      },
    };
  }
  return {
    ...current,
    toast: {
      title: `${name} not available`,
      description: `${name} is not available in the coming week, so your order stays as ${serviceNames[otherService(requested)].toLowerCase()}.`,
    },
  };
}

/**
 * The change the shop forces on an order for now when its live status moves from `previous` to
 * `next` (spec section 4 switches only at start-up or when the customer switches): the chosen
 * service paused or stopped by the shop while the other still takes orders. Hours that end are
 * not forced changes: the customer keeps their service and is offered its later times. An order
 * for later is not about now and never moves. Null when nothing is forced.
 */
export function shopForcedOrderType(
  input: ScheduleInput,
  current: OrderTypeState,
  now: Date,
  previous: ClockStatus | undefined,
  next: ClockStatus,
): OrderTypeDecision | null {
  assertInstant(now, 'now');
  assertState(current);
  if (current.orderForLaterAt !== null) return null;
  const chosen = current.orderType;
  if (!isServiceAvailableNow(input, chosen, now, previous) || isServiceAvailableNow(input, chosen, now, next))
    return null;
  const other = otherService(chosen);
  if (!isServiceAvailableNow(input, other, now, next)) return null;
  return {
    orderType: other,
    orderForLaterAt: null,
    toast: {
      title: `${serviceNames[chosen]} paused`,
      description: `The shop has paused ${serviceNames[chosen].toLowerCase()} for now, so your order is for ${serviceNames[other].toLowerCase()}. Switch back to order ${serviceNames[chosen].toLowerCase()} for later.`,
    },
  };
}
