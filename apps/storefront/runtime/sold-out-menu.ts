import { soldOutAt, soldOutMenuStyle } from '../../../lib/menu/sold-out.ts';
import { $clockStatus, $now } from '../stores/clock.ts';

let started = false;

/**
 * Hides what the shop has sold out of from the open menu, as the clock status says (on load, on
 * its poll and on a live clock-status message), and shows it again when it is back or the
 * trading day is over. A style element of its own, so the server-rendered menu needs no hydration.
 */
export function startSoldOutMenu(): void {
  if (started) return;
  started = true;
  let style: HTMLStyleElement | null = null;
  const apply = () => {
    const css = soldOutMenuStyle(soldOutAt($clockStatus.get(), $now.get() ?? new Date()));
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
