import { describe, expect, it } from 'vitest';
import { isCartExpired, isPriceRecheckDue, type LastActivity } from './expiry.ts';

const now = new Date('2026-03-15T02:00:00.000Z');
const ago = (ms: number) => now.getTime() - ms;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('isCartExpired', () => {
  it.each<[string, LastActivity, boolean]>([
    ['touched a minute ago', ago(MINUTE), false],
    ['touched 13 days ago', ago(13 * DAY), false],
    ['touched exactly two weeks ago', ago(14 * DAY), false],
    ['touched two weeks and a second ago', ago(14 * DAY + 1000), true],
    ['touched a month ago', ago(30 * DAY), true],
    ['given as a Date three weeks ago', new Date(ago(21 * DAY)), true],
    ['given as a Date yesterday', new Date(ago(DAY)), false],
    ['stamped in the future (clock skew)', now.getTime() + DAY, false],
    ['never touched', null, false],
    ['with an unreadable stamp', Number.NaN, true],
    ['with an invalid Date', new Date('not a date'), true],
  ])('a cart %s: expired %s', (_, lastActivity, expired) => {
    expect(isCartExpired(lastActivity, now)).toBe(expired);
  });
});

describe('isPriceRecheckDue', () => {
  it.each<[string, number, LastActivity, boolean]>([
    ['an empty cart idle for a day', 0, ago(DAY), false],
    ['a cart idle for 59 minutes', 2, ago(59 * MINUTE), false],
    ['a cart idle for exactly an hour', 2, ago(HOUR), false],
    ['a cart idle for an hour and a second', 2, ago(HOUR + 1000), true],
    ['a cart idle for a day', 1, new Date(ago(DAY)), true],
    ['a cart with items and no stamp', 1, null, true],
    ['a cart with items and an unreadable stamp', 1, Number.NaN, true],
    ['an empty cart with no stamp', 0, null, false],
  ])('%s: due %s', (_, itemCount, lastActivity, due) => {
    expect(isPriceRecheckDue(itemCount, lastActivity, now)).toBe(due);
  });
});
