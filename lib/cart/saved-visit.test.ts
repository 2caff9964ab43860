import { describe, expect, it } from 'vitest';
import { CART_EXPIRY_MS } from '../constants.ts';
import { EMPTY_CART_SUMMARY, savedVisit, type SavedVisit } from './saved-visit.ts';

const now = new Date('2026-11-27T09:30:00Z');
const order = (changes: Record<string, unknown> = {}) =>
  JSON.stringify({
    orderType: 'pickup',
    orderForLater: false,
    lastActivity: now.getTime() - 60_000,
    products: [{ quantity: 2 }, { quantity: 1 }],
    ...changes,
  });
const summary = (changes: Record<string, unknown> = {}) =>
  JSON.stringify({ count: 3, items: '3 items', subtotal: '$58.00', ...changes });
const saved: SavedVisit = {
  orderType: 'pickup',
  orderForLater: false,
  summary: { count: 3, items: '3 items', subtotal: '$58.00' },
};

describe('savedVisit: what the first paint shows of a returning customer', () => {
  it.each<[string, string | null, string | null, SavedVisit | null]>([
    ['a saved cart and its summary', order(), summary(), saved],
    [
      'delivery for later',
      order({ orderType: 'delivery', orderForLater: true }),
      summary(),
      { ...saved, orderType: 'delivery', orderForLater: true },
    ],
    [
      'an empty cart, whatever summary was saved',
      order({ products: [] }),
      summary(),
      { ...saved, summary: EMPTY_CART_SUMMARY },
    ],
    [
      'a cart past its two weeks: the start-up rules will empty it',
      order({ lastActivity: now.getTime() - CART_EXPIRY_MS - 1 }),
      summary(),
      { ...saved, summary: EMPTY_CART_SUMMARY },
    ],
    ['a summary of another cart (a line added in another tab)', order(), summary({ count: 2 }), null],
    ['a cart without a saved summary', order(), null, null],
    ['a summary that is not money', order(), summary({ subtotal: '<b>free</b>' }), null],
    ['an overlong summary text', order(), summary({ items: 'x'.repeat(41) }), null],
    ['no saved order: a first visit', null, null, null],
    ['an unreadable saved order', '{', summary(), null],
    ['an order type the shop does not know', order({ orderType: 'dine-in' }), summary(), null],
    ['a line with a broken quantity', order({ products: [{ quantity: 0 }] }), summary(), null],
    ['an unreadable activity stamp', order({ lastActivity: 'yesterday' }), summary(), null],
  ])('%s', (_, orderJson, summaryJson, expected) => {
    expect(savedVisit(orderJson, summaryJson, now)).toEqual(expected);
  });
});
