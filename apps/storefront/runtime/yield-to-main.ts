/**
 * Ends the current task so the browser can answer a tap or paint before the next step of a
 * long start-up: each step then runs as a task of its own rather than one long one.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
