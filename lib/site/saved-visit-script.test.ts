import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { savedVisit, type SavedVisit } from '../cart/saved-visit.ts';
import { CART_EXPIRY_MS } from '../constants.ts';
import { savedCartPaintScript, savedServicePaintScript, savedVisitHeadScript } from './saved-visit-script.ts';

const now = new Date('2026-11-28T09:30:00Z');
const order = (changes: Record<string, unknown> = {}) =>
  JSON.stringify({
    orderType: 'delivery',
    orderForLater: false,
    lastActivity: now.getTime() - 60_000,
    products: [{ quantity: 2 }],
    ...changes,
  });
const summary = JSON.stringify({ count: 2, items: '2 items', subtotal: '$41.50' });

/** The head script run as a browser runs it: storage, a clock, and a window to leave its reading on. */
function readAtFirstPaint(stored: Record<string, string>, options: { storageFails?: boolean } = {}) {
  const window: { __savedVisit?: SavedVisit | null } = {};
  const localStorage = {
    getItem: (key: string) => {
      if (options.storageFails) throw new Error('SecurityError');
      return stored[key] ?? null;
    },
  };
  const FixedDate = class extends Date {
    static override now() {
      return now.getTime();
    }
  };
  runInNewContext(savedVisitHeadScript, { window, localStorage, Date: FixedDate, JSON, Number, Array });
  return window.__savedVisit;
}

describe('the first-paint head script reads what the islands will show', () => {
  it.each<[string, Record<string, string>]>([
    ['a saved cart and its summary', { orderStore: order(), cartSummary: summary }],
    ['pickup for later', { orderStore: order({ orderType: 'pickup', orderForLater: true }), cartSummary: summary }],
    [
      'a cart past its two weeks',
      { orderStore: order({ lastActivity: now.getTime() - CART_EXPIRY_MS - 1 }), cartSummary: summary },
    ],
    ['a summary of another cart', { orderStore: order({ products: [{ quantity: 1 }] }), cartSummary: summary }],
    [
      'a summary that is not money',
      { orderStore: order(), cartSummary: JSON.stringify({ count: 2, items: '2 items', subtotal: '<b>' }) },
    ],
    ['a first visit', {}],
  ])('%s', (_, stored) => {
    expect(readAtFirstPaint(stored)).toEqual(
      savedVisit(stored['orderStore'] ?? null, stored['cartSummary'] ?? null, now),
    );
  });

  it('leaves nothing to show when storage is blocked, without throwing', () => {
    expect(readAtFirstPaint({ orderStore: order(), cartSummary: summary }, { storageFails: true })).toBeNull();
  });
});

class FakeElement {
  textContent = '';
  readonly attributes = new Map<string, string>();
  readonly button: FakeElement | null;
  constructor(button: FakeElement | null = null) {
    this.button = button;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  closest() {
    return this.button;
  }
}

function paint(script: string, visit: SavedVisit | null, elements: Record<string, FakeElement[]>) {
  const document = { querySelectorAll: (selector: string) => elements[selector] ?? [] };
  runInNewContext(script, { window: { __savedVisit: visit }, document, String });
}

const visit: SavedVisit = {
  orderType: 'pickup',
  orderForLater: false,
  summary: { count: 3, items: '3 items', subtotal: '$58.00' },
};

describe('the paint scripts write the saved visit into the prerendered buttons', () => {
  it('the header cart shows the count and subtotal, and is named for them', () => {
    const button = new FakeElement();
    const count = new FakeElement(button);
    const subtotal = new FakeElement(button);
    paint(savedCartPaintScript, visit, {
      '[data-saved-cart-count]': [count],
      '[data-saved-cart-subtotal]': [subtotal],
    });
    expect([count.textContent, subtotal.textContent]).toEqual(['3', '$58.00']);
    expect(button.getAttribute('aria-label')).toBe('Cart, 3 items, $58.00');
  });

  it('the saved service is pressed and the other is not', () => {
    const delivery = new FakeElement();
    delivery.setAttribute('data-saved-service', 'delivery');
    const pickup = new FakeElement();
    pickup.setAttribute('data-saved-service', 'pickup');
    paint(savedServicePaintScript, visit, { '[data-saved-service]': [delivery, pickup] });
    expect([delivery.getAttribute('aria-pressed'), pickup.getAttribute('aria-pressed')]).toEqual(['false', 'true']);
  });

  it('a first visit leaves the page as it was built', () => {
    const count = new FakeElement(new FakeElement());
    paint(savedCartPaintScript, null, { '[data-saved-cart-count]': [count] });
    expect(count.textContent).toBe('');
  });
});
