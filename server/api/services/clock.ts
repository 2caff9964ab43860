import type { LiveState } from '../../../lib/api/staff-contract.ts';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import { computeClockStatus } from '../../../lib/time/clock-status.ts';
import type { ClockPush } from './clock-push.ts';
import type { ClockOverrideStore } from '../store/clock-overrides.ts';
import { endingsOf, type LiveStateStore } from '../store/live-state.ts';
import type { ServedTenant } from './tenants.ts';

/** What working out a retailer's clock needs of the API. */
export interface ClockSources {
  clockOverrides: ClockOverrideStore;
  liveStates: LiveStateStore;
  clockPush: ClockPush;
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
  return computeClockStatus({ tradingHours, closedDates, retailerInfo: config.retailerInfo }, now, {
    ...shopSwitchesOf(state),
    ...override,
  });
}
