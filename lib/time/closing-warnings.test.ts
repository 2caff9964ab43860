import { describe, expect, it } from 'vitest';
import type { ClockStatus } from '../tenant/index.ts';
import { type ClosingWarning, closingWarnings } from './closing-warnings.ts';
import type { ScheduleInput, Service } from './schedule.ts';
import { aedt, aest, clockStatus, closedDate, hoursRow, schedule } from './test-fixtures.ts';

const wait = (minutes: number) => clockStatus({ livePickupWaitTime: minutes, liveDeliveryWaitTime: minutes });
const info = (description: string): ClosingWarning => ({
  level: 'info',
  title: 'Service ending soon',
  description,
  action: null,
});
const toPickup = { kind: 'switch-service', label: 'Switch to Pickup', to: 'pickup' } as const;
const lunchThenAfternoon = (secondStart: string) =>
  schedule({ tradingHours: [hoursRow(3, ['11:00', '14:00']), hoursRow(3, [secondStart, '17:00'])] });

const perth = schedule({ info: { timeZone: 'Australia/Perth', timeZoneDiff: -2 } });
const minusTwo = schedule({ info: { timeZoneDiff: -2 } });
const lastCall: ClosingWarning = {
  level: 'urgent',
  title: 'Last call for orders!',
  description: 'Pickup closes at 9:00 pm: 10 minutes left to order.',
  action: null,
};

describe('closingWarnings', () => {
  it.each<[string, ScheduleInput, Service, Date, ClockStatus, ClosingWarning[]]>([
    ['an hour left', schedule(), 'pickup', aest('2026-06-10 20:00'), wait(5), []],
    ['46 minutes left', schedule(), 'pickup', aest('2026-06-10 20:14'), wait(5), []],
    ['45 minutes left', schedule(), 'pickup', aest('2026-06-10 20:15'), wait(5), [info('Pickup closes at 9:00 pm.')]],
    ['21 minutes left', schedule(), 'pickup', aest('2026-06-10 20:39'), wait(5), [info('Pickup closes at 9:00 pm.')]],
    [
      '20 minutes left',
      schedule(),
      'pickup',
      aest('2026-06-10 20:40'),
      wait(5),
      [
        {
          level: 'warning',
          title: 'Orders closing soon!',
          description: 'Pickup closes at 9:00 pm. Please place your order in the next 20 minutes.',
          action: null,
        },
      ],
    ],
    [
      '10 minutes left, short wait',
      schedule(),
      'pickup',
      aest('2026-06-10 20:50'),
      wait(5),
      [
        {
          level: 'urgent',
          title: 'Last call for orders!',
          description: 'Pickup closes at 9:00 pm: 10 minutes left to order.',
          action: null,
        },
      ],
    ],
    [
      'the last minute, no wait',
      schedule(),
      'pickup',
      aest('2026-06-10 20:59'),
      wait(0),
      [
        {
          level: 'urgent',
          title: 'Last call for orders!',
          description: 'Pickup closes at 9:00 pm: 1 minute left to order.',
          action: null,
        },
      ],
    ],
    [
      'the last minute and a 1-minute wait: "1 minute", not "1 minutes"',
      schedule(),
      'pickup',
      aest('2026-06-10 20:59'),
      wait(1),
      [
        {
          level: 'critical',
          title: 'Order may not complete in time!',
          description: 'Pickup closes at 9:00 pm and the current wait is 1 minute.',
          action: null,
        },
      ],
    ],
    [
      '10 minutes left, 30-minute wait, nothing open longer',
      schedule(),
      'pickup',
      aest('2026-06-10 20:50'),
      wait(30),
      [
        {
          level: 'critical',
          title: 'Order may not complete in time!',
          description: 'Pickup closes at 9:00 pm and the current wait is 30 minutes.',
          action: null,
        },
      ],
    ],
    [
      '14 minutes left and a 14-minute wait',
      schedule(),
      'pickup',
      aest('2026-06-10 20:46'),
      wait(14),
      [
        {
          level: 'critical',
          title: 'Order may not complete in time!',
          description: 'Pickup closes at 9:00 pm and the current wait is 14 minutes.',
          action: null,
        },
      ],
    ],
    [
      '14 minutes left and a 13-minute wait',
      schedule(),
      'pickup',
      aest('2026-06-10 20:46'),
      wait(13),
      [
        {
          level: 'warning',
          title: 'Orders closing soon!',
          description: 'Pickup closes at 9:00 pm. Please place your order in the next 14 minutes.',
          action: null,
        },
      ],
    ],
    [
      '16 minutes left and an hour wait: not yet critical',
      schedule(),
      'pickup',
      aest('2026-06-10 20:44'),
      wait(60),
      [
        {
          level: 'warning',
          title: 'Orders closing soon!',
          description: 'Pickup closes at 9:00 pm. Please place your order in the next 16 minutes.',
          action: null,
        },
      ],
    ],
    [
      'delivery 15 minutes from closing while pickup stays open',
      schedule(),
      'delivery',
      aest('2026-06-10 20:15'),
      wait(30),
      [
        {
          level: 'critical',
          title: 'Order may not complete in time!',
          description: 'Delivery closes at 8:30 pm and the current wait is 30 minutes. Pickup is open until 9:00 pm.',
          action: toPickup,
        },
        {
          level: 'warning',
          title: 'Delivery ending soon',
          description: 'Delivery ends at 8:30 pm, but pickup is open until 9:00 pm.',
          action: toPickup,
        },
      ],
    ],
    [
      'delivery 25 minutes from closing: the switch offer comes first',
      schedule(),
      'delivery',
      aest('2026-06-10 20:05'),
      wait(10),
      [
        {
          level: 'warning',
          title: 'Delivery ending soon',
          description: 'Delivery ends at 8:30 pm, but pickup is open until 9:00 pm.',
          action: toPickup,
        },
        info('Delivery closes at 8:30 pm.'),
      ],
    ],
    [
      'delivery 31 minutes from closing',
      schedule(),
      'delivery',
      aest('2026-06-10 19:59'),
      wait(10),
      [info('Delivery closes at 8:30 pm.')],
    ],
    [
      'delivery closing with pickup closing at the same time',
      schedule({ tradingHours: [hoursRow(3, ['17:00', '20:30'], ['17:00', '20:30'])] }),
      'delivery',
      aest('2026-06-10 20:15'),
      wait(30),
      [
        {
          level: 'critical',
          title: 'Order may not complete in time!',
          description: 'Delivery closes at 8:30 pm and the current wait is 30 minutes.',
          action: null,
        },
      ],
    ],
    [
      'the next shift starts 10 minutes after',
      lunchThenAfternoon('14:10'),
      'pickup',
      aest('2026-06-10 13:50'),
      wait(30),
      [],
    ],
    [
      'the next shift starts 15 minutes after',
      lunchThenAfternoon('14:15'),
      'pickup',
      aest('2026-06-10 13:50'),
      wait(30),
      [],
    ],
    ['consecutive shifts are one', lunchThenAfternoon('14:02'), 'pickup', aest('2026-06-10 13:50'), wait(30), []],
    [
      'the next shift starts 20 minutes after',
      lunchThenAfternoon('14:20'),
      'pickup',
      aest('2026-06-10 13:50'),
      wait(5),
      [
        {
          level: 'urgent',
          title: 'Last call for orders!',
          description: 'Pickup closes at 2:00 pm: 10 minutes left to order.',
          action: null,
        },
      ],
    ],
    [
      'the end of the merged afternoon',
      lunchThenAfternoon('14:02'),
      'pickup',
      aest('2026-06-10 16:50'),
      wait(5),
      [
        {
          level: 'urgent',
          title: 'Last call for orders!',
          description: 'Pickup closes at 5:00 pm: 10 minutes left to order.',
          action: null,
        },
      ],
    ],
    [
      'a closed date cuts Saturday night at midnight',
      schedule({ closedDates: [closedDate('2026-06-14', '2026-06-14')] }),
      'pickup',
      aest('2026-06-13 23:30'),
      wait(5),
      [info('Pickup closes at midnight.')],
    ],
    [
      'Saturday night before the spring change: 30 real minutes to 03:00',
      schedule(),
      'pickup',
      aest('2026-10-04 01:30'),
      wait(5),
      [info('Pickup closes at 3:00 am.')],
    ],
    [
      'Perth: 20:50 Perth time',
      schedule({ info: { timeZoneDiff: -2 } }),
      'pickup',
      aest('2026-06-10 22:50'),
      wait(5),
      [
        {
          level: 'urgent',
          title: 'Last call for orders!',
          description: 'Pickup closes at 9:00 pm: 10 minutes left to order.',
          action: null,
        },
      ],
    ],
    // A Perth shop that names its zone: Melbourne − 3 h in summer, where the − 2 h rule is an hour early.
    ['Perth in summer: 8:50 pm Perth time', perth, 'pickup', aedt('2026-11-25 23:50'), wait(5), [lastCall]],
    ['Perth in summer: 7:50 pm Perth time, over an hour left', perth, 'pickup', aedt('2026-11-25 22:50'), wait(5), []],
    [
      'the − 2 h rule at that instant, an hour early',
      minusTwo,
      'pickup',
      aedt('2026-11-25 22:50'),
      wait(5),
      [lastCall],
    ],
  ])('%s', (_, input, service, now, status, expected) => {
    expect(closingWarnings(input, service, now, status)).toEqual(expected);
  });

  it.each<[string, ScheduleInput, Service, Date, string, Date | null]>([
    [
      'pickup between lunch and dinner',
      schedule(),
      'pickup',
      aest('2026-06-10 15:00'),
      'Pickup opens today at 5:00 pm.',
      aest('2026-06-10 17:00'),
    ],
    [
      'delivery on a closed Monday',
      schedule(),
      'delivery',
      aest('2026-06-08 12:00'),
      'Delivery opens tomorrow at 5:00 pm.',
      aest('2026-06-09 17:00'),
    ],
    [
      'delivery on Sunday night, 44.5 hours ahead',
      schedule(),
      'delivery',
      aest('2026-06-14 20:30'),
      'Delivery opens Tuesday at 5:00 pm.',
      aest('2026-06-16 17:00'),
    ],
    [
      'delivery opening beyond 2880 minutes',
      schedule({ tradingHours: [hoursRow(5, ['17:00', '21:00'], ['17:00', '21:00'])] }),
      'delivery',
      aest('2026-06-08 12:00'),
      'Delivery opens Friday at 5:00 pm.',
      null,
    ],
    [
      'ordering for later switched off',
      schedule({ info: { oflEnabled: false } }),
      'pickup',
      aest('2026-06-10 15:00'),
      'Pickup opens today at 5:00 pm.',
      null,
    ],
    [
      'Christmas Day',
      schedule({ closedDates: [closedDate('2026-12-25', '2026-12-25')] }),
      'pickup',
      aedt('2026-12-25 18:00'),
      'Pickup opens tomorrow at 5:00 pm.',
      aedt('2026-12-26 17:00'),
    ],
  ])('Currently Unavailable: %s', (_, input, service, now, description, laterAt) => {
    expect(closingWarnings(input, service, now, wait(0))).toEqual([
      {
        level: 'info',
        title: 'Currently Unavailable',
        description,
        action: laterAt ? { kind: 'order-for-later', label: 'Order for Later', at: laterAt } : null,
      },
    ]);
  });

  it.each<[string, ScheduleInput]>([
    ['no trading hours', schedule({ tradingHours: [] })],
    ['pickup disabled', schedule({ info: { pickupDisabled: true } })],
  ])('Currently Unavailable with no time in the coming week: %s', (_, input) => {
    expect(closingWarnings(input, 'pickup', aest('2026-06-10 12:00'))).toEqual([
      {
        level: 'info',
        title: 'Currently Unavailable',
        description: 'Pickup is not available in the coming week.',
        action: null,
      },
    ]);
  });

  it('reads the wait from the status kept in the input, else the default 30 minutes', () => {
    expect(closingWarnings(schedule({ clockStatus: wait(5) }), 'pickup', aest('2026-06-10 20:50'))[0]?.level).toBe(
      'urgent',
    );
    expect(closingWarnings(schedule(), 'pickup', aest('2026-06-10 20:50'))[0]?.level).toBe('critical');
  });

  it('throws for an invalid now', () => {
    expect(() => closingWarnings(schedule(), 'pickup', new Date(Number.NaN))).toThrow(/now: expected a valid Date/);
  });
});
