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

  it('hides the dish cards, the group sections and their links in the menu', () => {
    expect(soldOutMenuStyle(soldOutAt(status, new Date('2026-06-10T10:00:00Z')))).toBe(
      '[data-product-id="12"],\n#group-3,\nli:has(> a[href="#group-3"]) { display: none !important; }',
    );
    expect(soldOutMenuStyle(null)).toBe('');
  });
});
