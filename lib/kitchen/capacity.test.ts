import { describe, expect, it } from 'vitest';
import {
  ASAP_HORIZON_SLOTS,
  capacityRefusal,
  countedGroupIds,
  countedItems,
  earliestWithRoom,
  kitchenFullAt,
  kitchenCapacitySchema,
  slotFills,
  slotRoom,
  slotStartMs,
  type KitchenCapacity,
  type SlotFill,
} from './capacity.ts';

const zone = 'Australia/Melbourne';
const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);
const capacity = (limits: KitchenCapacity['limits'], countedGroupIdsList: number[] = []): KitchenCapacity => ({
  countedGroupIds: countedGroupIdsList,
  limits,
});
const fill = (iso: string, pickup: number, delivery: number): SlotFill => ({
  at: new Date(iso).toISOString(),
  pickup,
  delivery,
});

describe('kitchen capacity setting', () => {
  it.each([
    [{}, true],
    [{ limits: [{ service: 'shared', items: 8 }] }, true],
    [{ limits: [{ service: 'pickup', items: 8, from: '17:00', to: '21:00' }] }, true],
    [{ limits: [{ service: 'pickup', items: 8, from: '17:00' }] }, false],
    [{ limits: [{ service: 'shared', items: 0 }] }, false],
    [{ limits: [{ service: 'both', items: 8 }] }, false],
    [{ limits: Array.from({ length: 13 }, () => ({ service: 'shared', items: 1 })) }, false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(kitchenCapacitySchema.safeParse(value).success).toBe(ok);
  });
});

describe('slotStartMs', () => {
  it.each([
    ['7:22 pm Melbourne (AEDT) falls in the 7:15 slot', '2026-11-27T19:22:00+11:00', '2026-11-27T19:15:00+11:00'],
    ['a slot start is its own slot', '2026-11-27T19:15:00+11:00', '2026-11-27T19:15:00+11:00'],
    ['11:59 pm falls in 11:45 pm, before midnight', '2026-11-27T23:59:59+11:00', '2026-11-27T23:45:00+11:00'],
    ['a Kathmandu (+5:45) time on its own quarter hour', '2026-11-27T19:31:00+05:45', '2026-11-27T19:30:00+05:45'],
  ])('%s', (_case, time, slot) => {
    expect(slotStartMs(at(time))).toBe(ms(slot));
  });
});

describe('countedItems', () => {
  const groups = [
    { productGroupId: 1, allowHalfHalf: true },
    { productGroupId: 2, allowHalfHalf: false },
    { productGroupId: 3, allowHalfHalf: true },
  ];
  const pizzas = countedGroupIds(capacity([]), groups);
  it.each([
    ['two of a pizza', [{ productGroupId: 1, quantity: 2 }], 2],
    ['a half & half is one pizza', [{ productGroupId: 1, quantity: 1, secondHalf: { productGroupId: 3 } }], 1],
    ['a half & half with one counted half', [{ productGroupId: 2, quantity: 1, secondHalf: { productGroupId: 1 } }], 1],
    ['drinks do not count', [{ productGroupId: 2, quantity: 6 }], 0],
    [
      "a deal's pizzas count, its drink does not",
      [
        { productGroupId: 1, quantity: 1 },
        { productGroupId: 3, quantity: 1 },
        { productGroupId: 2, quantity: 1 },
      ],
      2,
    ],
  ])('%s', (_case, lines, items) => {
    expect(countedItems(lines, pizzas)).toBe(items);
  });

  it('counts the chosen groups instead of the pizzas when the owner chose some', () => {
    const chosen = countedGroupIds(capacity([], [2]), groups);
    expect(countedItems([{ productGroupId: 2, quantity: 3 }], chosen)).toBe(3);
    expect(countedItems([{ productGroupId: 1, quantity: 3 }], chosen)).toBe(0);
  });
});

describe('slotRoom', () => {
  const seven = ms('2026-11-27T19:00:00+11:00');
  it.each([
    ['no limit, no room counted', capacity([]), fill('2026-11-27T19:00:00+11:00', 9, 9), 'pickup', null],
    [
      'a shared limit counts both services',
      capacity([{ service: 'shared', items: 8 }]),
      fill('2026-11-27T19:00+11:00', 3, 4),
      'pickup',
      1,
    ],
    [
      'a pickup limit counts pickup only',
      capacity([{ service: 'pickup', items: 5 }]),
      fill('2026-11-27T19:00+11:00', 3, 4),
      'pickup',
      2,
    ],
    [
      'a pickup limit leaves delivery alone',
      capacity([{ service: 'pickup', items: 5 }]),
      fill('2026-11-27T19:00+11:00', 3, 4),
      'delivery',
      null,
    ],
    [
      'every limit on the slot holds',
      capacity([
        { service: 'shared', items: 10 },
        { service: 'delivery', items: 4 },
      ]),
      fill('2026-11-27T19:00+11:00', 5, 3),
      'delivery',
      1,
    ],
    [
      'an overfilled slot has none',
      capacity([{ service: 'shared', items: 2 }]),
      fill('2026-11-27T19:00+11:00', 3, 0),
      'pickup',
      0,
    ],
    ['an empty slot has the whole limit', capacity([{ service: 'shared', items: 6 }]), undefined, 'pickup', 6],
  ] as const)('%s', (_case, settings, slotFill, service, room) => {
    expect(slotRoom(settings, slotFill, seven, service, zone)).toBe(room);
  });

  const evening = capacity([{ service: 'shared', items: 4, from: '17:00', to: '21:00' }]);
  const lateNight = capacity([{ service: 'shared', items: 4, from: '22:00', to: '02:00' }]);
  it.each([
    ['a window holds its first slot', evening, '2026-11-27T17:00:00+11:00', 4],
    ['a window holds its last slot', evening, '2026-11-27T20:45:00+11:00', 4],
    ['before the window there is no limit', evening, '2026-11-27T16:45:00+11:00', null],
    ['a window ends at its end', evening, '2026-11-27T21:00:00+11:00', null],
    ['a window across midnight holds before it', lateNight, '2026-11-27T23:45:00+11:00', 4],
    ['a window across midnight holds after it', lateNight, '2026-11-28T00:30:00+11:00', 4],
    ['a window across midnight ends at its end', lateNight, '2026-11-28T02:00:00+11:00', null],
    ['a window is on the shop clock in winter too (AEST)', evening, '2026-06-12T17:00:00+10:00', 4],
    ['an hour before the window in winter has none', evening, '2026-06-12T16:00:00+10:00', null],
  ])('%s', (_case, settings, time, room) => {
    expect(slotRoom(settings, undefined, ms(time), 'pickup', zone)).toBe(room);
  });
});

describe('slotFills', () => {
  it('adds up the orders of each slot by service, in time order, leaving out orders that count nothing', () => {
    expect(
      slotFills([
        { slotAtMs: ms('2026-11-27T19:20:00+11:00'), service: 'pickup', items: 2 },
        { slotAtMs: ms('2026-11-27T19:00:00+11:00'), service: 'delivery', items: 1 },
        { slotAtMs: ms('2026-11-27T19:29:00+11:00'), service: 'delivery', items: 3 },
        { slotAtMs: ms('2026-11-27T19:16:00+11:00'), service: 'pickup', items: 1 },
        { slotAtMs: ms('2026-11-27T19:45:00+11:00'), service: 'pickup', items: 0 },
      ]),
    ).toEqual([fill('2026-11-27T19:00:00+11:00', 0, 1), fill('2026-11-27T19:15:00+11:00', 3, 3)]);
  });
});

describe('capacityRefusal', () => {
  const eight = capacity([{ service: 'shared', items: 8 }]);
  const fills = [fill('2026-11-27T19:15:00+11:00', 5, 1)];
  it.each([
    ['an order that fits', '2026-11-27T19:20:00+11:00', 2, null],
    ['an order of no pizzas always fits', '2026-11-27T19:20:00+11:00', 0, null],
    [
      'an order that would overflow, named by its slot',
      '2026-11-27T19:20:00+11:00',
      3,
      'The kitchen is full at 7:15 pm. Please choose another time.',
    ],
    ['the next slot is free', '2026-11-27T19:30:00+11:00', 8, null],
    [
      'an order bigger than any slot says so',
      '2026-11-27T19:30:00+11:00',
      9,
      'The kitchen makes at most 8 pizzas in 15 minutes, and this order has 9. Please call the shop to order it.',
    ],
  ])('%s', (_case, time, items, message) => {
    expect(capacityRefusal(eight, fills, at(time), 'pickup', items, zone)).toBe(message);
  });

  it('names the slot on the shop clock across the autumn change (2:15 am twice, each its own slot)', () => {
    const nightly = capacity([{ service: 'shared', items: 2 }]);
    // 5 April 2026: Melbourne goes from +11:00 back to +10:00 at 3 am, so 2:15 am comes twice.
    const firstPass = [fill('2026-04-05T02:15:00+11:00', 2, 0)];
    expect(capacityRefusal(nightly, firstPass, at('2026-04-05T02:20:00+11:00'), 'pickup', 1, zone)).toBe(
      'The kitchen is full at 2:15 am. Please choose another time.',
    );
    expect(capacityRefusal(nightly, firstPass, at('2026-04-05T02:20:00+10:00'), 'pickup', 1, zone)).toBeNull();
  });
});

describe('earliestWithRoom', () => {
  const four = capacity([{ service: 'pickup', items: 4 }]);
  /** A Friday evening in Melbourne (+11:00): times from midnight on are the next morning's. */
  const friday = (time: string) => at(time < '06:00' ? `2026-11-28T${time}:00+11:00` : `2026-11-27T${time}:00+11:00`);
  const evening = [
    fill('2026-11-27T21:15:00+11:00', 4, 0),
    fill('2026-11-27T21:30:00+11:00', 4, 0),
    fill('2026-11-27T21:45:00+11:00', 3, 0),
  ];
  const lateNight = [fill('2026-11-27T23:30:00+11:00', 4, 0), fill('2026-11-27T23:45:00+11:00', 4, 0)];
  const fills = [
    fill('2026-11-27T19:15:00+11:00', 4, 0),
    fill('2026-11-27T19:30:00+11:00', 3, 0),
    fill('2026-11-27T19:45:00+11:00', 1, 0),
  ];
  it.each([
    ['stays at the promise when its slot has room', '2026-11-27T19:05:00+11:00', 2, '2026-11-27T19:05:00+11:00'],
    ['moves past a full slot to the next with room', '2026-11-27T19:20:00+11:00', 1, '2026-11-27T19:30:00+11:00'],
    ['moves on to a slot with room for the whole order', '2026-11-27T19:20:00+11:00', 2, '2026-11-27T19:45:00+11:00'],
    ['an order of no pizzas is never moved', '2026-11-27T19:20:00+11:00', 0, '2026-11-27T19:20:00+11:00'],
  ])('%s', (_case, promise, items, ready) => {
    expect(earliestWithRoom(four, fills, at(promise), 'pickup', items, zone)?.toISOString()).toBe(
      at(ready).toISOString(),
    );
  });

  it('moves across midnight', () => {
    const late = [fill('2026-11-27T23:45:00+11:00', 4, 0)];
    expect(earliestWithRoom(four, late, at('2026-11-27T23:50:00+11:00'), 'pickup', 1, zone)?.toISOString()).toBe(
      at('2026-11-28T00:00:00+11:00').toISOString(),
    );
  });

  it('moves across the spring change, where 2 am does not exist', () => {
    // 4 October 2026: Melbourne goes from +10:00 to +11:00 at 2 am, so 1:45 am is followed by 3:00 am.
    const full = [fill('2026-10-04T01:45:00+10:00', 4, 0)];
    expect(earliestWithRoom(four, full, at('2026-10-04T01:50:00+10:00'), 'pickup', 1, zone)?.toISOString()).toBe(
      at('2026-10-04T03:00:00+11:00').toISOString(),
    );
  });

  it.each<[string, SlotFill[], string, number, string, string | null]>([
    ['moves to the last slot before closing', evening, '21:20', 1, '22:00', '21:45'],
    ['never to the slot that starts at closing', evening, '21:20', 1, '21:45', null],
    ['nor past closing for an order the last slot cannot hold', evening, '21:20', 2, '22:00', null],
    ['moves past closing no further than a later closing allows', evening, '21:20', 2, '23:00', '22:00'],
    ['keeps a promise whose own slot has room: the kitchen did not move it', evening, '22:05', 1, '22:00', '22:05'],
    ['moves across midnight to a closing after it', lateNight, '23:35', 1, '00:30', '00:00'],
    ['never to a closing at midnight', lateNight, '23:35', 1, '00:00', null],
  ])('%s', (_case, fills, promise, items, closesAt, ready) => {
    expect(
      earliestWithRoom(four, fills, friday(promise), 'pickup', items, zone, friday(closesAt))?.toISOString() ?? null,
    ).toBe(ready === null ? null : friday(ready).toISOString());
  });

  it('is null when no slot within the horizon has room', () => {
    const start = ms('2026-11-27T19:00:00+11:00');
    const allFull = Array.from({ length: ASAP_HORIZON_SLOTS + 1 }, (_, step) =>
      fill(new Date(start + step * 15 * 60_000).toISOString(), 4, 0),
    );
    expect(earliestWithRoom(four, allFull, at('2026-11-27T19:00:00+11:00'), 'pickup', 1, zone)).toBeNull();
  });
});

describe('kitchenFullAt', () => {
  const six = capacity([{ service: 'shared', items: 6 }]);
  const fills = [fill('2026-11-27T19:15:00+11:00', 4, 1)];
  it.each([
    ['a cart of one pizza fits the last room', 1, '2026-11-27T19:20:00+11:00', false],
    ['a cart of two does not', 2, '2026-11-27T19:20:00+11:00', true],
    ['a cart of no pizzas fits anywhere', 0, '2026-11-27T19:20:00+11:00', false],
    ['an empty slot takes the whole limit', 6, '2026-11-27T19:30:00+11:00', false],
  ])('%s', (_case, items, time, full) => {
    expect(kitchenFullAt(six, fills, 'pickup', items, zone)?.(at(time))).toBe(full);
  });

  it('is undefined for a shop without limits, so pickers ask nothing', () => {
    expect(kitchenFullAt(undefined, fills, 'pickup', 2, zone)).toBeUndefined();
    expect(kitchenFullAt(capacity([]), fills, 'pickup', 2, zone)).toBeUndefined();
  });
});
