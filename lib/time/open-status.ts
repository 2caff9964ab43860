import type { ClockStatus } from '../tenant/index.ts';
import { formatDayAndTime, formatTime } from './format.ts';
import { currentOpening, nextOpening } from './open-windows.ts';
import { retailerWallClock } from './retailer-clock.ts';
import { serviceNames, shopZoneOf, type ScheduleInput, type Service } from './schedule.ts';
import { isServiceAvailableNow } from './service-availability.ts';
import { pausedUntilMs } from './shop-pause.ts';

export interface ServiceOpenStatus {
  service: Service;
  open: boolean;
  /** "Pickup open until 9:30 pm", "Delivery opens today at 5:30 pm", "Delivery paused until today at 8:30 pm", "Delivery not available this week". */
  text: string;
}

/**
 * Whether a service takes orders now and until when, or when it next opens, in the retailer's
 * words. Inside its hours, the live clock status (offline, over capacity, delivery switched off,
 * closed today) can still close it.
 */
export function serviceOpenStatus(
  input: ScheduleInput,
  service: Service,
  now: Date,
  clockStatus?: ClockStatus,
): ServiceOpenStatus {
  const name = serviceNames[service];
  const zone = shopZoneOf(input);
  const current = currentOpening(input, service, now);
  // The shop's own pause says until when, open hours or not: a customer sees when to come back.
  const pausedUntil = pausedUntilMs(clockStatus, service, now);
  if (pausedUntil !== null)
    return {
      service,
      open: false,
      text: `${name} paused until ${formatDayAndTime(new Date(pausedUntil), now, zone)}`,
    };
  if (current && clockStatus && !isServiceAvailableNow(input, service, now, clockStatus))
    return { service, open: false, text: `${name} closed now` };
  if (current)
    return {
      service,
      open: true,
      text: `${name} open until ${formatTime(retailerWallClock(current.end, zone).minutes)}`,
    };
  const next = nextOpening(input, service, now);
  if (next) return { service, open: false, text: `${name} opens ${formatDayAndTime(next.start, now, zone)}` };
  return { service, open: false, text: `${name} not available this week` };
}
