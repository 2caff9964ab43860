import type { LiveState } from '../../../lib/api/staff-contract.ts';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import { computeClockStatus } from '../../../lib/time/clock-status.ts';
import {
  closesWithinAsapSpan,
  earliestWithRoom,
  hasLimits,
  MAX_FILL_SLOTS,
  pageFillSpan,
  type KitchenService,
} from '../../../lib/kitchen/capacity.ts';
import { currentOpening } from '../../../lib/time/open-windows.ts';
import { MINUTE_MS } from '../../../lib/time/retailer-clock.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';
import type { ClockPush } from './clock-push.ts';
import type { OrderStore } from '../store/orders.ts';
import type { ClockOverrideStore } from '../store/clock-overrides.ts';
import { endingsOf, type LiveStateStore } from '../store/live-state.ts';
import { paymentHoldSince } from './stripe-gateway.ts';
import type { ServedTenant } from './tenants.ts';

/** What working out a retailer's clock needs of the API. */
export interface ClockSources {
  clockOverrides: ClockOverrideStore;
  liveStates: LiveStateStore;
  clockPush: ClockPush;
  orders: Pick<OrderStore, 'slotFills'>;
}

/**
 * The shop's live state as clock-status fields: a busy service is over capacity; a paused one is
 * over capacity (pickup) or not allowed (delivery), the spec's flags every page understands, and
 * says until when; sold-out dishes and groups with when they are back.
 */
export function shopSwitchesOf(state: LiveState): Partial<ClockStatus> {
  const { pickup, delivery, soldOut } = state;
  return {
    livePickupWaitTime: pickup.waitMinutes,
    liveDeliveryWaitTime: delivery.waitMinutes,
    livePickupOverCapacity: pickup.mode !== 'open',
    liveDeliveryOverCapacity: delivery.mode === 'busy',
    allowDelivery: delivery.mode !== 'paused',
    ...(pickup.mode === 'paused' && pickup.until !== null ? { pickupPausedUntil: pickup.until } : {}),
    ...(delivery.mode === 'paused' && delivery.until !== null ? { deliveryPausedUntil: delivery.until } : {}),
    ...(soldOut.productIds.length > 0 || soldOut.productGroupIds.length > 0
      ? {
          soldOutProductIds: soldOut.productIds,
          soldOutProductGroupIds: soldOut.productGroupIds,
          ...(soldOut.until === null ? {} : { soldOutUntil: soldOut.until }),
        }
      : {}),
  };
}

/**
 * The clock status get-clock-status answers and place-order checks against: the tenant's hours and
 * closed dates, the shop's live state (the operators' console), then any operator override on top.
 * Whatever of the state ends later is handed to clockPush, so this process tells open pages then.
 */
export async function clockStatusOf(sources: ClockSources, served: ServedTenant, now: Date): Promise<ClockStatus> {
  const { tradingHours, closedDates, config } = served.tenant;
  const [state, override] = await Promise.all([
    sources.liveStates.get(config.retailerId, now),
    sources.clockOverrides.get(config.retailerId),
  ]);
  sources.clockPush.publishAt(served, endingsOf(state));
  const status = computeClockStatus({ tradingHours, closedDates, retailerInfo: config.retailerInfo }, now, {
    ...shopSwitchesOf(state),
    ...override,
  });
  return withKitchenFill(sources, served, status, now);
}

/** After an order takes or frees room in the kitchen's slots: open pages' pickers and ASAP promise follow, without the caller waiting. */
export function tellKitchenFill(sources: Pick<ClockSources, 'clockPush'>, served: ServedTenant): void {
  if (hasLimits(served.tenant.config.retailerInfo.kitchenCapacity)) void sources.clockPush.publish(served);
}

/**
 * Where the shop limits its kitchen: the fill of the slots ahead, for the pages' time pickers, and
 * each service's wait moved out to the first slot with room for a pizza (the ASAP promise), or
 * busy when none within the horizon has, saying until when it closes where none before closing has.
 */
async function withKitchenFill(
  sources: ClockSources,
  served: ServedTenant,
  status: ClockStatus,
  now: Date,
): Promise<ClockStatus> {
  const { retailerInfo, retailerId } = served.tenant.config;
  const capacity = retailerInfo.kitchenCapacity;
  if (!hasLimits(capacity)) return status;
  const schedule = { tradingHours: served.tenant.tradingHours, closedDates: served.tenant.closedDates, retailerInfo };
  const span = pageFillSpan(now);
  const fills = await sources.orders.slotFills(
    retailerId,
    new Date(span.fromMs),
    new Date(span.toMs),
    paymentHoldSince(now),
  );
  const zone = shopZone(retailerInfo);
  const waitOf = (service: KitchenService, wait: number) => {
    const earliest = new Date(now.getTime() + wait * MINUTE_MS);
    const closesAt = currentOpening(schedule, service, now)?.end ?? null;
    const ready = earliestWithRoom(capacity, fills, earliest, service, 1, zone, closesAt);
    if (ready !== null) return { wait: Math.max(wait, Math.ceil((ready.getTime() - now.getTime()) / MINUTE_MS)) };
    return { wait: null, fullUntil: closesWithinAsapSpan(earliest, closesAt) ? closesAt.toISOString() : undefined };
  };
  const pickup = waitOf('pickup', status.livePickupWaitTime);
  const delivery = waitOf('delivery', status.liveDeliveryWaitTime);
  return {
    ...status,
    livePickupWaitTime: pickup.wait ?? status.livePickupWaitTime,
    liveDeliveryWaitTime: delivery.wait ?? status.liveDeliveryWaitTime,
    livePickupOverCapacity: status.livePickupOverCapacity || pickup.wait === null,
    liveDeliveryOverCapacity: status.liveDeliveryOverCapacity || delivery.wait === null,
    ...(pickup.fullUntil === undefined ? {} : { pickupKitchenFullUntil: pickup.fullUntil }),
    ...(delivery.fullUntil === undefined ? {} : { deliveryKitchenFullUntil: delivery.fullUntil }),
    // The nearest first: a page needs the slots it may still offer soonest.
    kitchenFill: fills.slice(0, MAX_FILL_SLOTS),
  };
}
