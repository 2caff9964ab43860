import type { ClientDirective } from 'astro';

const EVENTS = ['pointerenter', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/** Dispatched on window when a page service has something such an island must show now. */
export const WAKE_ISLANDS_EVENT = 'storefront:wake-islands';

/**
 * `client:interaction`: hydrates an island when the visitor first points at, touches or focuses
 * it, or when a page service asks (WAKE_ISLANDS_EVENT). For islands whose server HTML already
 * shows everything and whose code is only needed once someone uses them or the page changes, so it
 * stays out of the page's first JavaScript.
 */
const interaction: ClientDirective = (load, _options, element) => {
  const hydrate = () => {
    for (const event of EVENTS) element.removeEventListener(event, hydrate);
    window.removeEventListener(WAKE_ISLANDS_EVENT, hydrate);
    void load().then((run) => run());
  };
  for (const event of EVENTS) element.addEventListener(event, hydrate, { once: true, passive: true });
  window.addEventListener(WAKE_ISLANDS_EVENT, hydrate, { once: true });
};

export default interaction;
