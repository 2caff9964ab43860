import { describe, expect, it } from 'vitest';
import { currentOpening, nextOpening, withoutClosed } from './open-windows.ts';
import type { ClosedWindow, ScheduleInput, Service } from './schedule.ts';
import type { Shift } from './shifts.ts';
import { aest, closedDate, schedule } from './test-fixtures.ts';

const shift = { start: 100, end: 200 };
const closed = (start: number, end: number): ClosedWindow => ({ start, end, justDeliveryDisabled: false, reason: '' });
const span = (start: Date, end: Date): Shift => ({ start, end });

describe('withoutClosed', () => {
  it.each<[string, ClosedWindow[], [number, number][]]>([
    ['nothing closed', [], [[100, 200]]],
    ['a closure before the shift', [closed(0, 100)], [[100, 200]]],
    ['a closure after the shift', [closed(200, 300)], [[100, 200]]],
    ['a closure over the start', [closed(50, 150)], [[150, 200]]],
    ['a closure over the end', [closed(150, 250)], [[100, 150]]],
    [
      'a closure inside',
      [closed(120, 140)],
      [
        [100, 120],
        [140, 200],
      ],
    ],
    [
      'two closures inside',
      [closed(120, 140), closed(160, 170)],
      [
        [100, 120],
        [140, 160],
        [170, 200],
      ],
    ],
    ['a closure over the whole shift', [closed(0, 300)], []],
  ])('%s', (_, closures, pieces) => {
    expect(withoutClosed([shift], closures)).toEqual(pieces.map(([start, end]) => ({ start, end })));
  });
});

describe('currentOpening and nextOpening', () => {
  const deliveryOffThursday = closedDate('2026-06-11', '2026-06-11', '18:00', true);
  it.each<[string, ScheduleInput, Service, Date, Shift | null, Shift | null]>([
    [
      'pickup at Wednesday lunch',
      schedule(),
      'pickup',
      aest('2026-06-10 12:00'),
      span(aest('2026-06-10 11:00'), aest('2026-06-10 14:00')),
      span(aest('2026-06-10 17:00'), aest('2026-06-10 21:00')),
    ],
    [
      'delivery at Thursday noon, closed up to and including 18:00',
      schedule({ closedDates: [deliveryOffThursday] }),
      'delivery',
      aest('2026-06-11 12:00'),
      null,
      span(aest('2026-06-11 18:01'), aest('2026-06-11 20:30')),
    ],
    [
      'delivery at Thursday 18:00, the closure end minute',
      schedule({ closedDates: [deliveryOffThursday] }),
      'delivery',
      aest('2026-06-11 18:00'),
      null,
      span(aest('2026-06-11 18:01'), aest('2026-06-11 20:30')),
    ],
    [
      'delivery at Thursday 18:01, reopened',
      schedule({ closedDates: [deliveryOffThursday] }),
      'delivery',
      aest('2026-06-11 18:01'),
      span(aest('2026-06-11 18:01'), aest('2026-06-11 20:30')),
      span(aest('2026-06-12 17:00'), aest('2026-06-12 23:00')),
    ],
    [
      'pickup on the same Thursday, not delivery-only',
      schedule({ closedDates: [deliveryOffThursday] }),
      'pickup',
      aest('2026-06-11 12:00'),
      span(aest('2026-06-11 11:00'), aest('2026-06-11 14:00')),
      span(aest('2026-06-11 17:00'), aest('2026-06-11 21:00')),
    ],
    [
      'delivery when the retailer never delivers',
      schedule({ info: { allowDeliveries: false } }),
      'delivery',
      aest('2026-06-10 18:00'),
      null,
      null,
    ],
  ])('%s', (_, input, service, now, current, next) => {
    expect(currentOpening(input, service, now)).toEqual(current);
    expect(nextOpening(input, service, now)).toEqual(next);
  });
});
