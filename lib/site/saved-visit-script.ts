import { cartButtonLabel, visitFromStorage } from '../cart/saved-visit.ts';
import { CART_EXPIRY_MS } from '../constants.ts';
import { scriptJson } from './script-json.ts';

/** Where the ordering runtime keeps the order, and the header's cart summary beside it. */
export const SAVED_ORDER_KEY = 'orderStore';
export const CART_SUMMARY_KEY = 'cartSummary';

/** The elements the first paint writes into: the header cart's count and subtotal, and the two service buttons. */
export const SAVED_CART_COUNT = 'data-saved-cart-count';
export const SAVED_CART_SUBTOTAL = 'data-saved-cart-subtotal';
export const SAVED_SERVICE = 'data-saved-service';

/**
 * A returning customer's cart and service at first paint (issue 27: the page shows the truth from
 * its first paint, not once the islands hydrate a second later on a slow phone). The head script
 * reads the device's storage once with visitFromStorage's own source, so the page and the islands
 * (apps/storefront/islands/ordering/saved-visit.ts reads `__savedVisit`) cannot disagree; the paint
 * scripts, placed right after the header's cart and the order-time bar, write it into the
 * prerendered buttons before the browser paints them. The islands render the same values once they
 * hydrate, and take over from there.
 */
export const savedVisitHeadScript = `(function () {
  var visit = null;
  try {
    visit = (${visitFromStorage.toString()})(localStorage.getItem(${scriptJson(SAVED_ORDER_KEY)}), localStorage.getItem(${scriptJson(CART_SUMMARY_KEY)}), Date.now(), ${CART_EXPIRY_MS});
  } catch (error) { /* storage blocked (a private mode, a policy): the page shows what it was built with */ }
  window.__savedVisit = visit;
})();`;

export const savedCartPaintScript = `(function () {
  var visit = window.__savedVisit;
  if (!visit) return;
  var count = document.querySelectorAll('[${SAVED_CART_COUNT}]');
  for (var index = 0; index < count.length; index += 1) {
    count[index].textContent = String(visit.summary.count);
    var button = count[index].closest('button');
    if (button) button.setAttribute('aria-label', (${cartButtonLabel.toString()})(visit.summary));
  }
  var subtotal = document.querySelectorAll('[${SAVED_CART_SUBTOTAL}]');
  for (var at = 0; at < subtotal.length; at += 1) subtotal[at].textContent = visit.summary.subtotal;
})();`;

export const savedServicePaintScript = `(function () {
  var visit = window.__savedVisit;
  if (!visit) return;
  var buttons = document.querySelectorAll('[${SAVED_SERVICE}]');
  for (var index = 0; index < buttons.length; index += 1)
    buttons[index].setAttribute('aria-pressed', String(buttons[index].getAttribute('${SAVED_SERVICE}') === visit.orderType));
})();`;
