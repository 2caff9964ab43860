import { describe, expect, it } from 'vitest';
import { dueText, formatClock, paymentText, urgencyText } from './format.ts';
import { EVENING } from '../../shell/test-fixtures.ts';

const MELBOURNE = 'Australia/Melbourne';
const PERTH = 'Australia/Perth';

describe('order times on the board', () => {
  it('say ASAP for an order wanted as soon as possible', () => {
    expect(dueText({ dueAt: null }, EVENING, MELBOURNE)).toBe('ASAP');
  });

  it("give the time alone today and the day with it otherwise, on the shop's own clock", () => {
    expect(dueText({ dueAt: '2026-11-25T08:30:00Z' }, EVENING, MELBOURNE)).toBe('7:30 pm');
    expect(dueText({ dueAt: '2026-11-25T08:30:00Z' }, EVENING, PERTH)).toBe('4:30 pm');
    expect(dueText({ dueAt: '2026-11-26T01:00:00Z' }, EVENING, MELBOURNE)).toBe('Thu 26 Nov, 12:00 pm');
    expect(formatClock('2026-11-24T22:05:00Z', EVENING, MELBOURNE)).toBe('9:05 am');
  });
});

describe("the board's times are the shop's, whatever the device's zone", () => {
  it.each([
    // A 9:30 pm delivery in Perth; the tablet's own zone (UTC in the issue) plays no part.
    ['Perth in summer', '2026-11-27T13:30:00Z', '2026-11-27T10:00:00Z', PERTH, '9:30 pm'],
    ['the spec rule − 2 h in summer is an hour out', '2026-11-27T13:30:00Z', '2026-11-27T10:00:00Z', -2, '10:30 pm'],
    ['Perth in winter', '2026-06-10T13:30:00Z', '2026-06-10T10:00:00Z', PERTH, '9:30 pm'],
    ['Melbourne by the spec rule', '2026-11-27T10:30:00Z', '2026-11-27T08:00:00Z', 0, '9:30 pm'],
    ['Perth at midnight', '2026-11-27T16:00:00Z', '2026-11-27T10:00:00Z', PERTH, 'Sat 28 Nov, midnight'],
    ['Perth just before midnight', '2026-11-27T15:45:00Z', '2026-11-27T10:00:00Z', PERTH, '11:45 pm'],
    [
      'Perth, due tomorrow though Melbourne is already there',
      '2026-11-27T15:45:00Z',
      '2026-11-27T13:30:00Z',
      PERTH,
      '11:45 pm',
    ],
    ['Melbourne after the October change', '2026-10-03T16:15:00Z', '2026-10-03T12:00:00Z', 0, 'Sun 4 Oct, 3:15 am'],
    ['Melbourne in the April hour that happens twice', '2026-04-04T16:15:00Z', '2026-04-04T15:45:00Z', 0, '2:15 am'],
  ] as const)('%s', (_, dueAt, now, zone, text) => {
    expect(dueText({ dueAt }, new Date(now), zone)).toBe(text);
  });
});

describe('payment methods', () => {
  it.each([
    ['cash', 'Cash'],
    ['card', 'Card'],
    ['card-on-delivery', 'Card on delivery'],
    ['  ', 'Not given'],
  ])('%s reads as %s', (method, text) => {
    expect(paymentText(method)).toBe(text);
  });
});

describe('urgency', () => {
  it.each([
    [-5, 'Late 5 min'],
    [0, 'Due now'],
    [12, 'Due in 12 min'],
  ])('%i minutes left: %s', (minutes, text) => {
    expect(urgencyText(minutes)).toBe(text);
  });
});
