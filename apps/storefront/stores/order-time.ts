import { computed } from 'nanostores';
import type { OrderType } from '../../../lib/cart/schemas.ts';
import { promisedTime } from '../../../lib/cart/placed-order.ts';
import { itemAddedToast } from '../../../lib/cart/toasts.ts';
import { DEFAULT_WAIT_TIME_MINUTES } from '../../../lib/constants.ts';
import { closingWarnings } from '../../../lib/time/closing-warnings.ts';
import { formatOrderTime, formatTime } from '../../../lib/time/format.ts';
import { currentOpening } from '../../../lib/time/open-windows.ts';
import {
  shopForcedOrderType,
  startupOrderType,
  switchOrderType,
  type OrderTypeState,
} from '../../../lib/time/order-type.ts';
import { retailerWallClock } from '../../../lib/time/retailer-clock.ts';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import { serviceNames } from '../../../lib/time/schedule.ts';
import { isServiceAvailableNow } from '../../../lib/time/service-availability.ts';
import { slotCalendar } from '../../../lib/time/slots.ts';
import { $clockStatus, $minute, $now } from './clock.ts';
import { $order, setOrderTime } from './order.ts';
import { $schedule, loadOrderingData } from './ordering-data.ts';
import { orderToast } from './toasts.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';

function currentState(): OrderTypeState {
  const order = $order.get();
  return {
    orderType: order.orderType,
    orderForLaterAt:
      order.orderForLater && order.orderForLaterRequestDateTime ? new Date(order.orderForLaterRequestDateTime) : null,
  };
}

/**
 * The service the customer tapped before the start-of-visit rules ran. Those rules pick the
 * service that opens first at night, and once moved a customer who had just tapped Delivery to
 * Pickup: the tap is answered again after them, by the switching rules.
 */
let startupDone = false;
let tappedDuringStartup: OrderType | null = null;

/** The customer picks delivery or pickup: spec section 4's switching rules, with their toast. */
export function chooseOrderType(requested: OrderType, now = new Date()): void {
  if (!startupDone) tappedDuringStartup = requested;
  const schedule = $schedule.get();
  if (!schedule) {
    void loadOrderingData().then(
      () => chooseOrderType(requested, now),
      () => undefined,
    );
    return;
  }
  const decision = switchOrderType(schedule, currentState(), requested, now, $clockStatus.get());
  setOrderTime(decision, now);
  if (decision.toast) orderToast(decision.toast);
}

/** A later time from the picker, or null for as soon as possible. */
export function chooseOrderTime(at: Date | null, now = new Date()): void {
  setOrderTime({ orderType: $order.get().orderType, orderForLaterAt: at }, now);
}

/**
 * A new live status mid-visit: only a service the shop pauses moves the order (said in a toast);
 * the start-of-visit rules do not run again, so a customer's choice is never changed behind them.
 */
export function followShopStatus(
  next: ClockStatus | undefined,
  previous: ClockStatus | undefined,
  now = new Date(),
): void {
  const schedule = $schedule.get();
  if (!schedule || !next) return;
  const decision = shopForcedOrderType(schedule, currentState(), now, previous, next);
  if (!decision) return;
  setOrderTime(decision, now);
  if (decision.toast) orderToast(decision.toast);
}

/** The start-of-visit rules; a saved later time survives only while it is still valid. */
export function applyStartupOrderType(now = new Date()): void {
  const schedule = $schedule.get();
  if (!schedule) return;
  startupDone = true;
  const decision = startupOrderType(schedule, currentState(), now, $clockStatus.get());
  const order = $order.get();
  const at = decision.orderForLaterAt?.toISOString() ?? null;
  // Not the customer's change: it neither stamps activity nor counts as a new status.
  if (order.orderType !== decision.orderType || order.orderForLaterRequestDateTime !== at) {
    $order.set({
      ...order,
      orderType: decision.orderType,
      orderForLater: at !== null,
      orderForLaterRequestDateTime: at,
      revision: order.revision + (order.encryptedOrderId ? 1 : 0),
    });
  }
  const tapped = tappedDuringStartup;
  tappedDuringStartup = null;
  if (tapped !== null && tapped !== decision.orderType) chooseOrderType(tapped, now);
}

/** The "Item added to cart" toast (or "Deal added", one for a deal's lines), with the closing reminder of the chosen service. */
export function toastItemAdded(now = new Date(), deal: string | null = null): void {
  const schedule = $schedule.get();
  const open = schedule ? currentOpening(schedule, $order.get().orderType, now) : null;
  const closing =
    schedule && open
      ? {
          minutesLeft: Math.ceil((open.end.getTime() - now.getTime()) / 60000),
          closesAt: formatTime(retailerWallClock(open.end, shopZone(schedule.retailerInfo)).minutes),
        }
      : null;
  orderToast(itemAddedToast(closing, deal));
}

/** The picker's 30 days of slots for the chosen service, refreshed as the clock moves. */
export const $slotCalendar = computed([$schedule, $order, $clockStatus, $now], (schedule, order, clockStatus, now) =>
  schedule && now ? slotCalendar(schedule, order.orderType, now, { clockStatus }) : null,
);

/** Closing warnings of the chosen service now, most severe first. */
export const $closingWarnings = computed(
  [$schedule, $order, $clockStatus, $now],
  (schedule, order, clockStatus, now) =>
    schedule && now && !order.orderForLater ? closingWarnings(schedule, order.orderType, now, clockStatus) : [],
);

/** "as soon as possible", "today, Wed 25 Nov at 6:30 pm", or "closed now" when neither applies, as the order-time bar shows it. */
export const $orderTimeLabel = computed(
  [$schedule, $order, $clockStatus, $now],
  (schedule, order, clockStatus, now) => {
    const { orderType } = order;
    if (!schedule || !now) return { orderType, when: 'as soon as possible', closedNow: false };
    if (order.orderForLater && order.orderForLaterRequestDateTime) {
      return {
        orderType,
        when: formatOrderTime(new Date(order.orderForLaterRequestDateTime), now, shopZone(schedule.retailerInfo)),
        closedNow: false,
      };
    }
    const open = isServiceAvailableNow(schedule, orderType, now, clockStatus);
    return {
      orderType,
      when: open ? 'as soon as possible' : `${serviceNames[orderType]} is closed now: choose a later time`,
      closedNow: !open,
    };
  },
);

/**
 * When the order will be ready or delivered if placed now, in the words the confirmation page will
 * use: "Ready for pickup about 7:45 pm" from the live wait, or the time chosen for later. Null
 * while the chosen service is closed (checkout asks for a later time then).
 */
export const $promisedTime = computed(
  [$schedule, $order, $clockStatus, $minute],
  (schedule, order, clockStatus, now) => {
    if (!schedule || !now) return null;
    const later = order.orderForLater && order.orderForLaterRequestDateTime !== null;
    if (!later && !isServiceAvailableNow(schedule, order.orderType, now, clockStatus)) return null;
    return promisedTime(
      {
        isPickup: order.orderType === 'pickup',
        orderForLater: later,
        orderForLaterRequestDateTime: later ? order.orderForLaterRequestDateTime : null,
      },
      clockStatus ?? { livePickupWaitTime: DEFAULT_WAIT_TIME_MINUTES, liveDeliveryWaitTime: DEFAULT_WAIT_TIME_MINUTES },
      now,
      shopZone(schedule.retailerInfo),
    );
  },
);
