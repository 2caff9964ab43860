import { describe, expect, it } from 'vitest';
import { clockStatus } from '../time/test-fixtures.ts';
import { isDishSoldOut, soldOutAt, soldOutMenuStyle } from './sold-out.ts';

const until = '2026-06-10T14:00:00.000Z';
const status = clockStatus({ soldOutProductIds: [12], soldOutProductGroupIds: [3], soldOutUntil: until });

describe('sold out', () => {
  it('a dish is sold out itself or through its group, until the trading day ends', () => {
    const soldOut = soldOutAt(status, new Date('2026-06-10T13:59:00Z'));
    expect(isDishSoldOut(soldOut, { productId: 12, productGroupId: 1 })).toBe(true);
    expect(isDishSoldOut(soldOut, { productId: 40, productGroupId: 3 })).toBe(true);
    expect(isDishSoldOut(soldOut, { productId: 41, productGroupId: 1 })).toBe(false);
    expect(soldOutAt(status, new Date(until))).toBeNull();
  });

  it('a status without the lists, from an API that knows nothing of them, sells everything', () => {
    expect(soldOutAt(clockStatus(), new Date(until))).toBeNull();
    expect(soldOutAt(undefined, new Date(until))).toBeNull();
  });

  it('marks the dish cards and the cards of a sold-out group, and their trending links, instead of hiding them', () => {
    expect(soldOutMenuStyle(soldOutAt(status, new Date('2026-06-10T10:00:00Z'))).split('\n')).toEqual([
      '[data-product-id="12"] [data-add-product],',
      '[data-open-product="12"] [data-trending-add],',
      '#group-3 [data-product-id] [data-add-product],',
      '[data-open-product][data-group-id="3"] [data-trending-add] { display: none !important; }',
      '[data-product-id="12"] [data-sold-out-badge],',
      '[data-open-product="12"] [data-sold-out-badge],',
      '#group-3 [data-product-id] [data-sold-out-badge],',
      '[data-open-product][data-group-id="3"] [data-sold-out-badge] { display: inline-flex !important; }',
      '[data-product-id="12"],',
      '[data-open-product="12"],',
      '#group-3 [data-product-id],',
      '[data-open-product][data-group-id="3"] { opacity: 0.65; }',
      '[data-open-product="12"],',
      '[data-open-product][data-group-id="3"] { pointer-events: none; }',
    ]);
    expect(soldOutMenuStyle(null)).toBe('');
  });
});
