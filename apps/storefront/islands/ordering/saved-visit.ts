import { useSyncExternalStore } from 'react';
import { savedVisit, type CartSummaryText, type SavedVisit } from '../../../../lib/cart/saved-visit.ts';
import { CART_SUMMARY_KEY, SAVED_ORDER_KEY } from '../../../../lib/site/saved-visit-script.ts';

declare global {
  interface Window {
    /** What the page's head script read for the first paint (lib/site/saved-visit-script.ts). */
    __savedVisit?: SavedVisit | null;
  }
}

let read: SavedVisit | null | undefined;

function readSavedVisit(): SavedVisit | null {
  // The first paint already showed what the head script read: the islands show the same.
  if (read === undefined && window.__savedVisit !== undefined) read = window.__savedVisit;
  if (read === undefined) {
    try {
      read = savedVisit(localStorage.getItem(SAVED_ORDER_KEY), localStorage.getItem(CART_SUMMARY_KEY), new Date());
    } catch {
      // Storage blocked (a private mode, a policy): the first paint shows what the page was built with.
      read = null;
    }
  }
  return read;
}

const noChanges = () => () => {};

/**
 * A returning customer's saved order as the first paint may show it (lib/cart/saved-visit.ts),
 * read once from the device. The server's render and hydration see null, so hydration matches the
 * HTML; React then renders the saved values at once, seconds before the cart's rules load.
 */
export function useSavedVisit(): SavedVisit | null {
  return useSyncExternalStore(noChanges, readSavedVisit, () => null);
}

/** Keeps the summary the cart's rules worked out for the next visit's first paint. */
export function saveCartSummary(summary: CartSummaryText): void {
  try {
    localStorage.setItem(
      CART_SUMMARY_KEY,
      JSON.stringify({ count: summary.count, items: summary.items, subtotal: summary.subtotal }),
    );
  } catch {
    // Storage full or blocked: the next visit shows the cart once its rules load, as before.
  }
}
