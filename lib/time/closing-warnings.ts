import {
  CLOSING_CRITICAL_MINUTES,
  CLOSING_INFO_MINUTES,
  CLOSING_SOON_MINUTES,
  CLOSING_URGENT_MINUTES,
  CLOSING_WARNING_MINUTES,
  DEFAULT_WAIT_TIME_MINUTES,
  NEXT_SHIFT_FOLLOWS_WITHIN_MINUTES,
  ORDER_FOR_LATER_OFFER_WITHIN_MINUTES,
} from '../constants.ts';
import type { ClockStatus } from '../tenant/index.ts';
import { formatCount, formatDayAndTime, formatTime } from './format.ts';
import { openWindowsAround } from './open-windows.ts';
import { MINUTE_MS, assertInstant, retailerWallClock } from './retailer-clock.ts';
import { type ScheduleInput, type Service, otherService, serviceNames, shopZoneOf } from './schedule.ts';
import { findCurrent, findNext } from './shifts.ts';
import { nextAvailableSlot } from './slots.ts';

export type WarningLevel = 'critical' | 'urgent' | 'warning' | 'info';

export const warningLevelOrder: readonly WarningLevel[] = ['critical', 'urgent', 'warning', 'info'];

export type WarningAction =
  { kind: 'switch-service'; label: string; to: Service } | { kind: 'order-for-later'; label: string; at: Date };

export interface ClosingWarning {
  level: WarningLevel;
  title: string;
  description: string;
  action: WarningAction | null;
}

export const closingWarningTitles = {
  info: 'Service ending soon',
  warning: 'Orders closing soon!',
  urgent: 'Last call for orders!',
  critical: 'Order may not complete in time!',
  unavailable: 'Currently Unavailable',
  deliveryEnding: 'Delivery ending soon',
} as const;

function switchTo(service: Service): WarningAction {
  return { kind: 'switch-service', label: `Switch to ${serviceNames[service]}`, to: service };
}

function waitFor(service: Service, status: ClockStatus | undefined): number {
  if (!status) return DEFAULT_WAIT_TIME_MINUTES;
  return service === 'delivery' ? status.liveDeliveryWaitTime : status.livePickupWaitTime;
}

/**
 * Warnings about the selected service closing (spec section 4, "Closing warnings"), most
 * severe first. Hours, closed dates and whether the retailer offers a service decide what is
 * open; the live wait time decides whether an order can still be completed.
 */
export function closingWarnings(
  input: ScheduleInput,
  service: Service,
  now: Date,
  clockStatus?: ClockStatus,
): ClosingWarning[] {
  assertInstant(now, 'now');
  const status = clockStatus ?? input.clockStatus;
  const zone = shopZoneOf(input);
  const nowMs = now.getTime();
  const name = serviceNames[service];
  const windows = openWindowsAround(input, service, now);
  const current = findCurrent(windows, nowMs);
  const clock = (ms: number) => formatTime(retailerWallClock(new Date(ms), zone).minutes);

  if (!current) {
    const next = findNext(windows, nowMs);
    if (!next)
      return [
        {
          level: 'info',
          title: closingWarningTitles.unavailable,
          description: `${name} is not available in the coming week.`,
          action: null,
        },
      ];
    const slot = input.retailerInfo.oflEnabled ? nextAvailableSlot(input, service, now, { clockStatus: status }) : null;
    const offer = slot !== null && slot.at.getTime() - nowMs <= ORDER_FOR_LATER_OFFER_WITHIN_MINUTES * MINUTE_MS;
    return [
      {
        level: 'info',
        title: closingWarningTitles.unavailable,
        description: `${name} opens ${formatDayAndTime(new Date(next.start), now, zone)}.`,
        action: offer ? { kind: 'order-for-later', label: 'Order for Later', at: slot.at } : null,
      },
    ];
  }

  const following = findNext(windows, current.end - 1);
  if (following && following.start - current.end <= NEXT_SHIFT_FOLLOWS_WITHIN_MINUTES * MINUTE_MS) return [];

  const left = Math.ceil((current.end - nowMs) / MINUTE_MS);
  const closesAt = clock(current.end);
  const other = otherService(service);
  const otherCurrent = findCurrent(openWindowsAround(input, other, now), nowMs);
  const otherOpenLonger = otherCurrent !== null && otherCurrent.end > current.end;
  const warnings: ClosingWarning[] = [];

  if (waitFor(service, status) >= left && left <= CLOSING_CRITICAL_MINUTES) {
    warnings.push({
      level: 'critical',
      title: closingWarningTitles.critical,
      description: `${name} closes at ${closesAt} and the current wait is ${formatCount(waitFor(service, status), 'minute')}.${otherOpenLonger ? ` ${serviceNames[other]} is open until ${clock(otherCurrent.end)}.` : ''}`,
      action: otherOpenLonger ? switchTo(other) : null,
    });
  } else if (left <= CLOSING_URGENT_MINUTES) {
    warnings.push({
      level: 'urgent',
      title: closingWarningTitles.urgent,
      description: `${name} closes at ${closesAt}: ${formatCount(left, 'minute')} left to order.`,
      action: null,
    });
  } else if (left <= CLOSING_WARNING_MINUTES) {
    warnings.push({
      level: 'warning',
      title: closingWarningTitles.warning,
      description: `${name} closes at ${closesAt}. Please place your order in the next ${formatCount(left, 'minute')}.`,
      action: null,
    });
  } else if (left <= CLOSING_INFO_MINUTES) {
    warnings.push({
      level: 'info',
      title: closingWarningTitles.info,
      description: `${name} closes at ${closesAt}.`,
      action: null,
    });
  }

  if (service === 'delivery' && left <= CLOSING_SOON_MINUTES && otherOpenLonger) {
    warnings.push({
      level: 'warning',
      title: closingWarningTitles.deliveryEnding,
      description: `Delivery ends at ${closesAt}, but pickup is open until ${clock(otherCurrent.end)}.`,
      action: switchTo('pickup'),
    });
  }
  return warnings.sort((a, b) => warningLevelOrder.indexOf(a.level) - warningLevelOrder.indexOf(b.level));
}
