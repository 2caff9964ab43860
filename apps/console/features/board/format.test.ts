import { describe, expect, it } from 'vitest';
import { dueText, formatClock, paymentText } from './format.ts';
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
