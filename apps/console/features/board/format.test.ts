import { describe, expect, it } from 'vitest';
import {
  alertMoneyParts,
  autoAcceptedText,
  declinedText,
  declineQuestion,
  dueText,
  formatClock,
  paymentText,
  urgencyText,
} from './format.ts';
import { boardOrder, EVENING } from '../../shell/test-fixtures.ts';

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
    ['online', 'Paid online'],
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

describe('declining an order', () => {
  it.each([
    [
      'paid online: the refund is named with its amount',
      { orderNumber: 12, paymentMethod: 'online' as const, totalCents: 4190 },
      'Decline order 12? The customer is told at once. Their online payment of $41.90 is refunded. This cannot be undone.',
    ],
    [
      'paid at the door: nothing to refund',
      { orderNumber: 7, paymentMethod: 'cash' as const, totalCents: 2000 },
      'Decline order 7? The customer is told at once. This cannot be undone.',
    ],
  ])('asks once more, %s', (_case, order, question) => {
    expect(declineQuestion(order)).toBe(question);
  });

  it('says what was done, with the refund the provider made', () => {
    expect(declinedText(12, { cents: 4190 })).toBe("Order 12 declined, and $41.90 refunded to the customer's card.");
    expect(declinedText(7, null)).toBe('Order 7 declined. The customer has been told.');
  });
});

describe('the new-order alert, short', () => {
  it.each([
    ['the total alone', {}, ['$24.50']],
    ['a tip included', { tipCents: 300 }, ['$24.50', 'Tip $3.00']],
    ['a promo used', { promoCode: 'SAVE5', promoSavingCents: 500 }, ['$24.50', 'Promo SAVE5 −$5.00']],
    [
      'both',
      { tipCents: 300, promoCode: 'SAVE5', promoSavingCents: 500 },
      ['$24.50', 'Tip $3.00', 'Promo SAVE5 −$5.00'],
    ],
  ])('says %s', (_case, overrides, parts) => {
    expect(alertMoneyParts(boardOrder(1, 0, overrides))).toEqual(parts);
  });

  it.each([
    ['an ASAP order is cooking', null, 'Accepted by auto-accept: it is cooking, tickets printed.'],
    // EVENING is 7:00 pm in Melbourne; due 7:15 pm with 20 minutes' preparation: started already.
    [
      'an order for later whose start has come',
      '2026-11-25T08:15:00Z',
      'Accepted by auto-accept: it is cooking, tickets printed.',
    ],
    [
      'an order for later, past midnight',
      '2026-11-26T01:30:00Z',
      'Accepted by auto-accept: start Thu 26 Nov, 12:10 pm, tickets print then.',
    ],
  ])('says when auto-accept took %s', (_case, dueAt, text) => {
    expect(autoAcceptedText(boardOrder(1, 0, { dueAt, autoAccepted: true }), 20, EVENING, MELBOURNE)).toBe(text);
  });
});
