import type { ClockStatus } from '../tenant/index.ts';
import { SLOT_STEP_MINUTES } from '../constants.ts';
import { closedDateAt } from './closed-dates.ts';
import { formatDayAndTime, formatListTime, formatTime } from './format.ts';
import { nextOpening } from './open-windows.ts';
import { type OrderTimeRefusal, type OrderTimeRefusalKind, validateOrderForLater } from './order-for-later.ts';
import {
  DAY_MS,
  MINUTE_MS,
  assertInstant,
  dateToDayMs,
  instantMsAt,
  retailerWallClock,
  wallMsAt,
} from './retailer-clock.ts';
import type { ShopZone } from './shop-zone.ts';
import { type ScheduleInput, type Service, otherService, serviceNames, shopZoneOf } from './schedule.ts';
import { serviceAvailabilityNow } from './service-availability.ts';
import { shiftsOfDates } from './shifts.ts';
import { pausedUntilMs } from './shop-pause.ts';
import { availableSlots, waitMinutes, type TimeSlot } from './slots.ts';

export interface OrderTimeContext {
  /** Live status for the wait and the staff's switches; falls back to `input.clockStatus`. */
  clockStatus?: ClockStatus | undefined;
  /** The cart's dishes not served at a time (their product group's hours), by name. */
  unservedDishes?: ((at: Date) => readonly string[]) | undefined;
  /** The cart's dishes the shop has sold out of at a time (for the rest of its trading day), by name. */
  soldOutDishes?: ((at: Date) => readonly string[]) | undefined;
  /** Whether the kitchen's slot of a time has no room for the cart's pizzas (lib/kitchen/capacity.ts, kitchenFullAt). */
  kitchenFull?: ((at: Date) => boolean) | undefined;
}

const stepMs = SLOT_STEP_MINUTES * MINUTE_MS;

function refusal(kind: OrderTimeRefusalKind, reason: string, short: string): OrderTimeRefusal {
  return { kind, reason, short };
}

const listOf = (names: readonly string[]) =>
  names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;

function dishesRefusal(names: readonly string[]): OrderTimeRefusal {
  const list = listOf(names);
  const verb = names.length === 1 ? "isn't" : "aren't";
  return refusal(
    'dish',
    `${list} ${verb} served then. Remove ${names.length === 1 ? 'it' : 'them'} from your cart or choose another time.`,
    `${list} not served then`,
  );
}

function soldOutRefusal(names: readonly string[]): OrderTimeRefusal {
  const list = listOf(names);
  const verb = names.length === 1 ? 'is' : 'are';
  return refusal(
    'sold-out',
    `${list} ${verb} sold out for today. Remove ${names.length === 1 ? 'it' : 'them'} from your cart or order for another day.`,
    `${list} sold out`,
  );
}

/** The picker's word for a slot the kitchen has no room in; place-order gives the same sentence (lib/kitchen/capacity.ts). */
function kitchenFullRefusal(at: Date, zone: ShopZone): OrderTimeRefusal {
  return refusal(
    'kitchen-full',
    `The kitchen is full at ${formatTime(retailerWallClock(at, zone).minutes)}. Please choose another time.`,
    'Kitchen full',
  );
}

/**
 * The words for an order for as soon as possible when every slot until the service closes is full
 * (lib/kitchen/capacity.ts, earliestWithRoom): the picker's and place-order's, so they agree.
 */
export function kitchenFullUntilClosingRefusal(closesAt: Date, zone: ShopZone): OrderTimeRefusal {
  const closing = formatTime(retailerWallClock(closesAt, zone).minutes);
  return refusal(
    'kitchen-full',
    `The kitchen is full until closing at ${closing}. Please order for another day.`,
    `Kitchen full until closing (${closing})`,
  );
}

/** The cart's dishes a time is refused for: sold out first (the shop's word for today), then those not served then. */
function cartDishesRefusal(context: OrderTimeContext, at: Date): OrderTimeRefusal | null {
  const soldOut = context.soldOutDishes?.(at) ?? [];
  if (soldOut.length > 0) return soldOutRefusal(soldOut);
  const dishes = context.unservedDishes?.(at) ?? [];
  return dishes.length > 0 ? dishesRefusal(dishes) : null;
}

/**
 * Why an order for later at `at` cannot be placed, or null when it can: the slot rules of
 * validateOrderForLater, then the shop's pause of the service, then the kitchen's live wait (slots
 * start no sooner), then the cart's dishes (sold out, or not served then). A delivery time outside delivery hours that pickup could take says so. The pickers,
 * the checkout and the API all ask this one function, so they agree.
 */
export function orderTimeRefusal(
  input: ScheduleInput,
  service: Service,
  at: Date,
  now: Date,
  context: OrderTimeContext = {},
): OrderTimeRefusal | null {
  const checked = validateOrderForLater(input, service, at, now);
  if (!checked.ok) {
    const { ok: _ok, ...refused } = checked;
    if (
      refused.kind === 'outside-hours' &&
      service === 'delivery' &&
      validateOrderForLater(input, 'pickup', at, now).ok
    ) {
      return refusal(
        'pickup-only',
        'Delivery is not running then, but pickup is. Switch to pickup or choose another time.',
        'no delivery then, pickup open',
      );
    }
    return refused;
  }
  const pausedUntil = pausedUntilMs(context.clockStatus ?? input.clockStatus, service, now);
  if (pausedUntil !== null && at.getTime() < pausedUntil) {
    const zone = shopZoneOf(input);
    const word = serviceNames[service].toLowerCase();
    const until = new Date(pausedUntil);
    return refusal(
      'paused',
      `The shop has paused ${word} until ${formatDayAndTime(until, now, zone)}. Please choose a later time.`,
      `${word} paused until ${formatTime(retailerWallClock(until, zone).minutes)}`,
    );
  }
  const wait = waitMinutes(input, service, { clockStatus: context.clockStatus });
  if (at.getTime() < now.getTime() + wait * MINUTE_MS) {
    const earliest = new Date(Math.ceil((now.getTime() + wait * MINUTE_MS) / stepMs) * stepMs);
    const from = formatTime(retailerWallClock(earliest, shopZoneOf(input)).minutes);
    return refusal(
      'too-soon',
      `The kitchen's wait is ${wait} minutes right now. Please choose ${from} or later.`,
      `too soon (${wait} min wait)`,
    );
  }
  if (context.kitchenFull?.(at)) return kitchenFullRefusal(at, shopZoneOf(input));
  return cartDishesRefusal(context, at);
}

/**
 * Why an order for as soon as possible cannot be placed now, or null when it can: the staff's
 * pause or busy switches, a closed date, the hours (with when it opens next), then the dishes.
 */
export function orderNowRefusal(
  input: ScheduleInput,
  service: Service,
  now: Date,
  context: OrderTimeContext = {},
): OrderTimeRefusal | null {
  assertInstant(now, 'now');
  const name = serviceNames[service];
  const word = name.toLowerCase();
  const status = context.clockStatus ?? input.clockStatus;
  const availability = serviceAvailabilityNow(input, service, now, status);
  if (!availability.available) {
    switch (availability.reason) {
      case 'not-offered':
        return refusal('service-off', `${name} is not available at this store.`, `no ${word}`);
      case 'retailer-offline':
        return refusal(
          'paused',
          'The shop has paused online orders for now. Please choose a later time or try again soon.',
          'paused by the shop',
        );
      case 'paused':
        return refusal(
          'paused',
          `The shop has paused ${word} for now. Please order for ${serviceNames[otherService(service)].toLowerCase()} or choose a later time.`,
          `${word} paused by the shop`,
        );
      case 'delivery-not-allowed':
        return refusal(
          'paused',
          'The shop has paused delivery for now. Please order for pickup or choose a later time.',
          'delivery paused by the shop',
        );
      case 'over-capacity': {
        const fullUntil = service === 'pickup' ? status?.pickupKitchenFullUntil : status?.deliveryKitchenFullUntil;
        if (fullUntil !== undefined) return kitchenFullUntilClosingRefusal(new Date(fullUntil), shopZoneOf(input));
        return refusal(
          'busy',
          `The shop is too busy to take more ${word} orders right now. Please choose a later time.`,
          `busy: no more ${word} orders right now`,
        );
      }
      case 'closed-date': {
        const closed = closedDateAt(input.closedDates, service, now, shopZoneOf(input));
        const note = closed?.reason ? ` (${closed.reason})` : '';
        return refusal(
          'closed-date',
          `${name} is closed today${note}. Please choose a later time.`,
          `closed today${note}`,
        );
      }
      case 'outside-hours': {
        const next = nextOpening(input, service, now);
        const opens = next ? formatDayAndTime(next.start, now, shopZoneOf(input)) : null;
        return refusal(
          'outside-hours',
          `${name} is closed right now${opens ? ` and opens ${opens}` : ''}. Please choose a later time.`,
          opens ? `closed now, opens ${opens}` : 'closed right now',
        );
      }
    }
  }
  return cartDishesRefusal(context, now);
}

/** A quarter hour of the time picker: a slot to choose, or a time that says why not. */
export interface TimeChoice {
  at: Date;
  /** "5:30 pm", "5:30 pm (Pickup Only)". */
  label: string;
  /** The slot when it can be chosen. */
  slot: TimeSlot | null;
  /**
   * Why not, without a slot. With a slot it is a dish of the cart not served then, or sold out: the
   * time can still be chosen, and the dish must leave the cart (the availability check takes one
   * not served then; checkout names one sold out).
   */
  refusal: OrderTimeRefusal | null;
}

/**
 * Every quarter hour of a retailer date from its first trading minute (either service; not
 * before now) to its last, each a slot or refused with its reason. A customer sees why 12:15 is
 * missing instead of guessing. Slots come from availableSlots; every other time's reason from
 * orderTimeRefusal; a slot a cart dish is not served at names the dish.
 */
export function timeChoicesOfDay(
  input: ScheduleInput,
  service: Service,
  date: string,
  now: Date,
  context: OrderTimeContext = {},
): TimeChoice[] {
  assertInstant(now, 'now');
  const zone = shopZoneOf(input);
  const dayMs = dateToDayMs(date, 'date');
  const dayStart = instantMsAt(dayMs, 0, zone);
  const dayEnd = instantMsAt(dayMs + DAY_MS, 0, zone);
  const spans = (['pickup', 'delivery'] as const)
    .flatMap((each) => shiftsOfDates(input, each, date, date))
    .filter((span) => span.end > dayStart && span.start < dayEnd);
  if (spans.length === 0) return [];
  const from = Math.max(
    dayStart,
    Math.min(...spans.map((span) => span.start)),
    Math.floor(now.getTime() / stepMs) * stepMs,
  );
  const to = Math.min(dayEnd, Math.max(...spans.map((span) => span.end)));
  const slots = new Map(
    availableSlots(input, service, now, { date, clockStatus: context.clockStatus }).map((slot) => [
      slot.at.getTime(),
      slot,
    ]),
  );
  const choices: TimeChoice[] = [];
  let latestWallMs = -Infinity;
  for (let atMs = Math.ceil(from / stepMs) * stepMs; atMs < to; atMs += stepMs) {
    const at = new Date(atMs);
    const slot = slots.get(atMs) ?? null;
    const wallMs = wallMsAt(atMs, zone);
    // Times only move forward, so a wall clock that does not is the autumn change's repeated hour.
    const label =
      slot?.label ?? formatListTime(retailerWallClock(at, zone).minutes, { repeated: wallMs <= latestWallMs });
    latestWallMs = Math.max(latestWallMs, wallMs);
    if (slot && context.kitchenFull?.(at)) {
      choices.push({ at, label, slot: null, refusal: kitchenFullRefusal(at, zone) });
    } else if (slot) {
      choices.push({ at, label, slot, refusal: cartDishesRefusal(context, at) });
    } else {
      choices.push({
        at,
        label,
        slot: null,
        refusal:
          orderTimeRefusal(input, service, at, now, context) ??
          refusal('outside-hours', 'Please choose one of the listed times.', 'not available'),
      });
    }
  }
  return choices;
}
