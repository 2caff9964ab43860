import { isDishSoldOut, soldOutAt, soldOutMenuStyle } from '../../../lib/menu/sold-out.ts';
import { $clockStatus, $now } from '../stores/clock.ts';

let started = false;

/**
 * Marks what the shop has sold out of in the open menu ("Sold out today" instead of Add), as the clock status says (on load, on
 * its poll and on a live clock-status message), and shows it again when it is back or the
 * trading day is over. A style element of its own, so the server-rendered menu needs no hydration.
 */
export function startSoldOutMenu(): void {
  if (started) return;
  started = true;
  let style: HTMLStyleElement | null = null;
  const apply = () => {
    const soldOut = soldOutAt($clockStatus.get(), $now.get() ?? new Date());
    // The style keeps taps off a sold-out trending link; this keeps the keyboard and screen readers off it too.
    for (const link of document.querySelectorAll<HTMLElement>('[data-trending][data-open-product]')) {
      const dish = { productId: Number(link.dataset['openProduct']), productGroupId: Number(link.dataset['groupId']) };
      link.ariaDisabled = isDishSoldOut(soldOut, dish) ? 'true' : null;
    }
    const css = soldOutMenuStyle(soldOut);
    if (css === '' && style === null) return;
    if (style === null) {
      style = document.createElement('style');
      style.dataset['soldOut'] = '';
      document.head.append(style);
    }
    if (style.textContent !== css) style.textContent = css;
  };
  $clockStatus.subscribe(apply);
  $now.subscribe(apply);
}
