import { describe, expect, it } from 'vitest';
import type { ClockStatus } from '../tenant/index.ts';
import { type OrderTimeContext, orderNowRefusal, orderTimeRefusal, timeChoicesOfDay } from './order-time-reasons.ts';
import type { ScheduleInput, Service } from './schedule.ts';
import { availableSlots } from './slots.ts';
import { aedt, aest, clockStatus, closedDate, hoursRow, schedule } from './test-fixtures.ts';

const wednesdayNoon = aest('2026-06-10 12:00');
const christmas = closedDate('2026-12-25', '2026-12-25', '23:59', false, 'Christmas Day');
const lunchOnly = (at: Date) => ((new Date(at).getUTCHours() + 10) % 24 >= 15 ? ['Lunch Special'] : []);

describe('orderTimeRefusal', () => {
  it.each<[string, ScheduleInput, Service, Date, Date, OrderTimeContext, string | null, string | null]>([
    ['a slot', schedule(), 'pickup', aest('2026-06-10 17:00'), wednesdayNoon, {}, null, null],
    [
      'inside the lead',
      schedule(),
      'pickup',
      aest('2026-06-10 12:00'),
      wednesdayNoon,
      {},
      'too-soon',
      'too soon (15 min notice)',
    ],
    [
      'inside the live wait',
      schedule(),
      'pickup',
      aest('2026-06-10 12:30'),
      wednesdayNoon,
      { clockStatus: clockStatus({ livePickupWaitTime: 45 }) },
      'too-soon',
      'too soon (45 min wait)',
    ],
    [
      'delivery at lunch, when only pickup runs',
      schedule(),
      'delivery',
      aest('2026-06-10 13:00'),
      wednesdayNoon,
      {},
      'pickup-only',
      'no delivery then, pickup open',
    ],
    [
      'delivery in the afternoon, when nothing runs',
      schedule(),
      'delivery',
      aest('2026-06-10 15:00'),
      wednesdayNoon,
      {},
      'outside-hours',
      'delivery closed then',
    ],
    [
      'Christmas Day',
      schedule({ closedDates: [christmas] }),
      'pickup',
      aedt('2026-12-25 18:00'),
      aedt('2026-12-20 12:00'),
      {},
      'closed-date',
      'closed (Christmas Day)',
    ],
    [
      'a closure without a name',
      schedule({ closedDates: [closedDate('2026-12-24', '2026-12-26')] }),
      'pickup',
      aedt('2026-12-25 18:00'),
      aedt('2026-12-20 12:00'),
      {},
      'closed-date',
      'closed (Thu 24 Dec – Sat 26 Dec)',
    ],
    [
      'beyond the 7 days',
      schedule(),
      'pickup',
      aest('2026-06-19 18:00'),
      wednesdayNoon,
      {},
      'beyond-window',
      'orders open 7 days ahead',
    ],
    [
      'inside the warm-up',
      schedule({ info: { oflMinTimeFromFirstShift: 30 } }),
      'pickup',
      aest('2026-06-11 11:15'),
      wednesdayNoon,
      {},
      'warm-up',
      'first orders from 11:30 am',
    ],
    [
      'a lunch dish at dinner',
      schedule(),
      'pickup',
      aest('2026-06-10 18:00'),
      wednesdayNoon,
      { unservedDishes: lunchOnly },
      'dish',
      'Lunch Special not served then',
    ],
    [
      'a lunch dish at lunch',
      schedule(),
      'pickup',
      aest('2026-06-10 13:00'),
      wednesdayNoon,
      { unservedDishes: lunchOnly },
      null,
      null,
    ],
    [
      'two dishes',
      schedule(),
      'pickup',
      aest('2026-06-10 18:00'),
      wednesdayNoon,
      { unservedDishes: () => ['Tiramisu', '2 × Soup'] },
      'dish',
      'Tiramisu and 2 × Soup not served then',
    ],
    [
      'off the grid',
      schedule(),
      'pickup',
      aest('2026-06-10 17:07'),
      wednesdayNoon,
      {},
      'off-grid',
      'not a listed time',
    ],
  ])('%s', (_, input, service, at, now, context, kind, short) => {
    const refused = orderTimeRefusal(input, service, at, now, context);
    expect(refused === null ? null : [refused.kind, refused.short]).toEqual(kind === null ? null : [kind, short]);
  });

  it.each([
    [
      'the wait names the first time that can be chosen',
      orderTimeRefusal(schedule(), 'pickup', aest('2026-06-10 12:30'), wednesdayNoon, {
        clockStatus: clockStatus({ livePickupWaitTime: 45 }),
      })?.reason,
      "The kitchen's wait is 45 minutes right now. Please choose 12:45 pm or later.",
    ],
    [
      'dishes are named, with what to do',
      orderTimeRefusal(schedule(), 'pickup', aest('2026-06-10 18:00'), wednesdayNoon, {
        unservedDishes: () => ['Tiramisu', 'Soup'],
      })?.reason,
      "Tiramisu and Soup aren't served then. Remove them from your cart or choose another time.",
    ],
    [
      'pickup-only says what to do',
      orderTimeRefusal(schedule(), 'delivery', aest('2026-06-10 13:00'), wednesdayNoon)?.reason,
      'Delivery is not running then, but pickup is. Switch to pickup or choose another time.',
    ],
  ])('%s', (_, reason, expected) => {
    expect(reason).toBe(expected);
  });
});

describe('orderNowRefusal', () => {
  it.each<
    [string, ScheduleInput, Service, Date, ClockStatus | undefined, OrderTimeContext['unservedDishes'], string | null]
  >([
    ['open', schedule(), 'pickup', aest('2026-06-10 18:00'), clockStatus(), undefined, null],
    [
      'paused by staff',
      schedule(),
      'pickup',
      aest('2026-06-10 18:00'),
      clockStatus({ retailerOnline: false }),
      undefined,
      'paused by the shop',
    ],
    [
      'delivery switched off by staff',
      schedule(),
      'delivery',
      aest('2026-06-10 18:00'),
      clockStatus({ allowDelivery: false }),
      undefined,
      'delivery paused by the shop',
    ],
    [
      'pickup over capacity',
      schedule(),
      'pickup',
      aest('2026-06-10 18:00'),
      clockStatus({ livePickupOverCapacity: true }),
      undefined,
      'busy: no more pickup orders right now',
    ],
    [
      'pickup over capacity because the kitchen is full until closing',
      schedule(),
      'pickup',
      aest('2026-06-10 18:00'),
      clockStatus({ livePickupOverCapacity: true, pickupKitchenFullUntil: aest('2026-06-10 21:00').toISOString() }),
      undefined,
      'Kitchen full until closing (9:00 pm)',
    ],
    [
      'Christmas Day',
      schedule({ closedDates: [christmas] }),
      'pickup',
      aedt('2026-12-25 18:00'),
      clockStatus(),
      undefined,
      'closed today (Christmas Day)',
    ],
    [
      'Wednesday afternoon: pickup opens at 5',
      schedule(),
      'pickup',
      aest('2026-06-10 15:00'),
      clockStatus(),
      undefined,
      'closed now, opens today at 5:00 pm',
    ],
    [
      'Monday: pickup opens Tuesday lunch',
      schedule(),
      'pickup',
      aest('2026-06-08 12:00'),
      clockStatus(),
      undefined,
      'closed now, opens tomorrow at 11:00 am',
    ],
    [
      'a lunch dish at dinner',
      schedule(),
      'pickup',
      aest('2026-06-10 18:00'),
      clockStatus(),
      lunchOnly,
      'Lunch Special not served then',
    ],
  ])('%s', (_, input, service, now, status, unservedDishes, short) => {
    expect(orderNowRefusal(input, service, now, { clockStatus: status, unservedDishes })?.short ?? null).toBe(short);
  });
});

const summary = (input: ScheduleInput, service: Service, date: string, now: Date, context: OrderTimeContext = {}) =>
  timeChoicesOfDay(input, service, date, now, context).map(
    (choice) => `${choice.label}${choice.refusal ? ` – ${choice.refusal.short}` : ''}`,
  );

describe('timeChoicesOfDay', () => {
  it('lists every quarter hour of Wednesday from now, each a slot or why not', () => {
    const pickup = summary(schedule(), 'pickup', '2026-06-10', wednesdayNoon);
    expect(pickup.slice(0, 4)).toEqual([
      '12:00 pm – too soon (15 min notice)',
      '12:15 pm – too soon (30 min wait)',
      '12:30 pm (Pickup Only)',
      '12:45 pm (Pickup Only)',
    ]);
    expect(pickup).toContain('2:00 pm – pickup closed then');
    expect(pickup).toContain('5:00 pm');
    expect(pickup.at(-1)).toBe('8:45 pm (Pickup Only)');
  });

  it('tells delivery customers when pickup could take the order', () => {
    const delivery = summary(schedule(), 'delivery', '2026-06-11', wednesdayNoon);
    expect(delivery[0]).toBe('11:00 am – no delivery then, pickup open');
    expect(delivery).toContain('3:00 pm – delivery closed then');
    expect(delivery).toContain('8:15 pm');
    expect(delivery.slice(-2)).toEqual([
      '8:30 pm – no delivery then, pickup open',
      '8:45 pm – no delivery then, pickup open',
    ]);
  });

  it('names the dish in the cart a slot does not serve; the slot stays, choosing it takes the dish out', () => {
    const context = { unservedDishes: lunchOnly };
    const choices = summary(schedule(), 'pickup', '2026-06-11', wednesdayNoon, context);
    expect(choices).toContain('1:45 pm (Pickup Only)');
    expect(choices).toContain('5:00 pm – Lunch Special not served then');
    expect(
      timeChoicesOfDay(schedule(), 'pickup', '2026-06-11', wednesdayNoon, context).find(
        (choice) => choice.label === '5:00 pm',
      )?.slot,
    ).not.toBeNull();
  });

  it('shows a slot the kitchen has no room in as full, not to be chosen, in the words place-order refuses it with', () => {
    const full = (at: Date) => at.getTime() === aest('2026-06-11 18:15').getTime();
    const choices = timeChoicesOfDay(schedule(), 'pickup', '2026-06-11', wednesdayNoon, { kitchenFull: full });
    const quarterPast = choices.find((choice) => choice.label === '6:15 pm');
    expect(quarterPast?.slot).toBeNull();
    expect(quarterPast?.refusal).toEqual({
      kind: 'kitchen-full',
      reason: 'The kitchen is full at 6:15 pm. Please choose another time.',
      short: 'Kitchen full',
    });
    expect(choices.find((choice) => choice.label === '6:30 pm')?.slot).not.toBeNull();
    expect(
      orderTimeRefusal(schedule(), 'pickup', aest('2026-06-11 18:15'), wednesdayNoon, { kitchenFull: full })?.kind,
    ).toBe('kitchen-full');
  });

  it('has nothing on a day without hours', () => {
    expect(timeChoicesOfDay(schedule(), 'pickup', '2026-06-15', wednesdayNoon)).toEqual([]);
  });

  it('skips the hour the spring change leaves out and labels the repeated one in autumn', () => {
    const smallHours = [hoursRow(0, ['00:00', '04:00'])];
    expect(
      summary(schedule({ tradingHours: smallHours }), 'pickup', '2026-10-04', aest('2026-10-01 12:00')),
    ).not.toContain('2:00 am (Pickup Only)');
    expect(summary(schedule({ tradingHours: smallHours }), 'pickup', '2026-04-05', aedt('2026-04-01 12:00'))).toContain(
      '2:00 am (after clocks go back) (Pickup Only)',
    );
  });

  it.each<[string, ScheduleInput, Date]>([
    ['the default week', schedule({ info: { oflMinTimeFromFirstShift: 30 } }), wednesdayNoon],
    [
      'a two-minute gap and an overnight shift into the morning',
      schedule({
        tradingHours: [
          hoursRow(3, ['22:17', '08:17']),
          hoursRow(4, ['07:00', '12:00']),
          hoursRow(4, ['17:00', '22:15']),
          hoursRow(4, ['22:17', '23:30']),
        ],
        info: { oflMinTimeFromFirstShift: 30 },
      }),
      wednesdayNoon,
    ],
    [
      'the spring change',
      schedule({ tradingHours: [hoursRow(6, ['22:00', '02:00']), hoursRow(0, ['01:30', '04:00'])] }),
      aest('2026-09-30 12:00'),
    ],
    ['Christmas', schedule({ closedDates: [christmas] }), aedt('2026-12-22 12:00')],
    ['Perth', schedule({ info: { timeZoneDiff: -2 } }), wednesdayNoon],
  ])('offers exactly the slots and refuses everything else: %s', (_, input, now) => {
    for (const service of ['pickup', 'delivery'] as const) {
      for (let day = 0; day < 8; day += 1) {
        const date = new Date(now.getTime() + day * 86_400_000 + 10 * 3_600_000).toISOString().slice(0, 10);
        const offered = availableSlots(input, service, now, { date }).map((slot) => slot.at.getTime());
        const choices = timeChoicesOfDay(input, service, date, now);
        expect(
          choices.filter((choice) => choice.slot !== null).map((choice) => choice.at.getTime()),
          `${service} ${date}`,
        ).toEqual(offered);
        for (const choice of choices)
          if (choice.refusal)
            expect(
              orderTimeRefusal(input, service, choice.at, now),
              `${service} ${choice.at.toISOString()}`,
            ).not.toBeNull();
      }
    }
  });
});

describe('the shop’s pause and sold-out dishes (operators’ console)', () => {
  const pausedDelivery = clockStatus({
    allowDelivery: false,
    deliveryPausedUntil: aest('2026-06-10 19:00').toISOString(),
  });
  const pausedPickup = clockStatus({
    livePickupOverCapacity: true,
    pickupPausedUntil: aest('2026-06-10 18:30').toISOString(),
  });
  const dinner = aest('2026-06-10 17:30');

  it('ordering now while a service is paused says so and offers the other', () => {
    expect(orderNowRefusal(schedule(), 'delivery', dinner, { clockStatus: pausedDelivery })?.reason).toBe(
      'The shop has paused delivery for now. Please order for pickup or choose a later time.',
    );
    expect(orderNowRefusal(schedule(), 'pickup', dinner, { clockStatus: pausedPickup })?.reason).toBe(
      'The shop has paused pickup for now. Please order for delivery or choose a later time.',
    );
    expect(orderNowRefusal(schedule(), 'pickup', dinner, { clockStatus: pausedDelivery })).toBeNull();
  });

  it('a later time before the pause ends is refused; one after it is not', () => {
    const refused = orderTimeRefusal(schedule(), 'delivery', aest('2026-06-10 18:45'), dinner, {
      clockStatus: pausedDelivery,
    });
    expect(refused).toMatchObject({
      kind: 'paused',
      reason: 'The shop has paused delivery until today at 7:00 pm. Please choose a later time.',
      short: 'delivery paused until 7:00 pm',
    });
    expect(
      orderTimeRefusal(schedule(), 'delivery', aest('2026-06-10 19:00'), dinner, { clockStatus: pausedDelivery }),
    ).toBeNull();
  });

  it('slots start when the pause ends, and a pause that has run out is none', () => {
    expect(availableSlots(schedule(), 'delivery', dinner, { clockStatus: pausedDelivery })[0]?.time).toBe('19:00');
    const afterIt = aest('2026-06-10 19:05');
    expect(orderNowRefusal(schedule(), 'pickup', afterIt, { clockStatus: pausedPickup })?.kind).toBe('busy');
    expect(availableSlots(schedule(), 'pickup', afterIt, { clockStatus: pausedPickup })[0]?.time).toBe('19:45');
  });

  it('a sold-out dish in the cart refuses today, now and later, and names the dish; not once the day is over', () => {
    const soldOut = (at: Date) => (at < aest('2026-06-11 00:00') ? ['2 × Margherita'] : []);
    expect(orderNowRefusal(schedule(), 'pickup', dinner, { soldOutDishes: soldOut })).toMatchObject({
      kind: 'sold-out',
      reason: '2 × Margherita is sold out for today. Remove it from your cart or order for another day.',
    });
    expect(
      orderTimeRefusal(schedule(), 'pickup', aest('2026-06-10 20:00'), dinner, { soldOutDishes: soldOut })?.kind,
    ).toBe('sold-out');
    expect(
      orderTimeRefusal(schedule(), 'pickup', aest('2026-06-11 18:00'), dinner, { soldOutDishes: soldOut }),
    ).toBeNull();
    const choice = timeChoicesOfDay(schedule(), 'pickup', '2026-06-10', dinner, { soldOutDishes: soldOut }).find(
      (each) => each.slot !== null,
    );
    expect(choice?.refusal?.short).toBe('2 × Margherita sold out');
  });
});
