import type { ClientDirective } from 'astro';

const EVENTS = ['pointerenter', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/**
 * `client:interaction`: hydrates an island when the visitor first points at, touches or focuses
 * it, or first scrolls the page (on the way to it, so a sticky part of it can follow the scroll).
 * For islands whose server HTML already shows everything and whose code is only needed once
 * someone uses them, so it stays out of the page's first JavaScript.
 */
const interaction: ClientDirective = (load, _options, element) => {
  const hydrate = () => {
    for (const event of EVENTS) element.removeEventListener(event, hydrate);
    removeEventListener('scroll', hydrate);
    void load().then((run) => run());
  };
  for (const event of EVENTS) element.addEventListener(event, hydrate, { once: true, passive: true });
  addEventListener('scroll', hydrate, { once: true, passive: true });
};

export default interaction;
