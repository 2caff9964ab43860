/** Resolves when the browser is idle (or after `timeoutMs` at the latest), so deferred work never competes with the first paint. */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 1);
  });
}

/** Signs that a visitor is using the page: from then on the ordering machinery is wanted at once. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll'] as const;

/** How long a page that nobody touches stays quiet after its load before the heavier services start. */
export const SETTLE_AFTER_LOAD_MS = 3000;

let settled: Promise<void> | undefined;

/**
 * Resolves at the visitor's first interaction, or once the page has been loaded and left alone
 * for a few seconds and the browser is idle: the ordering runtime, live messaging and popups
 * wait for it, so a phone spends its first seconds painting and answering taps, not parsing them.
 */
export function whenSettled(): Promise<void> {
  settled ??= new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      for (const type of INTERACTIONS) removeEventListener(type, done, { capture: true });
      clearTimeout(timer);
      resolve();
    };
    for (const type of INTERACTIONS) addEventListener(type, done, { capture: true, passive: true });
    const afterLoad = () => {
      timer = setTimeout(() => void whenIdle().then(done), SETTLE_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true });
  });
  return settled;
}
