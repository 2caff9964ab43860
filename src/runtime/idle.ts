/** Resolves when the browser is idle (or after `timeoutMs` at the latest), so deferred work never competes with the first paint. */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 1);
  });
}
