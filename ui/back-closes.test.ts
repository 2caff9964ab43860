import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A page's history as a browser keeps it: back() moves later and then fires popstate. */
function fakeWindow() {
  const entries: unknown[] = [null];
  let at = 0;
  const listeners: (() => void)[] = [];
  const history = {
    get state() {
      return entries[at];
    },
    pushState(state: unknown) {
      entries.splice(at + 1, Infinity, state);
      at += 1;
    },
    back() {
      setTimeout(() => {
        if (at > 0) at -= 1;
        for (const listener of listeners) listener();
      }, 5);
    },
  };
  return {
    history,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    depth: () => at,
    pressBack: () => history.back(),
  };
}

let page: ReturnType<typeof fakeWindow>;
let sidePanelOpened: (close: () => void) => () => void;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  page = fakeWindow();
  vi.stubGlobal('window', page);
  ({ sidePanelOpened } = await import('./back-closes.ts'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Back and the side panels', () => {
  it('Back closes the open panel instead of leaving the page', async () => {
    const close = vi.fn();
    sidePanelOpened(close);
    expect(page.depth()).toBe(1);
    page.pressBack();
    await vi.runAllTimersAsync();
    expect(close).toHaveBeenCalledOnce();
    expect(page.depth()).toBe(0);
  });

  it('a panel closed by its button takes its entry back', async () => {
    const closed = sidePanelOpened(vi.fn());
    closed();
    await vi.runAllTimersAsync();
    expect(page.depth()).toBe(0);
  });

  it('cart → checkout keeps one entry when checkout opens in the same render', async () => {
    const cartClosed = sidePanelOpened(vi.fn());
    cartClosed();
    const closeCheckout = vi.fn();
    sidePanelOpened(closeCheckout);
    await vi.runAllTimersAsync();
    expect(closeCheckout).not.toHaveBeenCalled();
    expect(page.depth()).toBe(1);
  });

  it('checkout loaded on demand, landing while the cart’s entry is going, stays open and keeps an entry for Back', async () => {
    const cartClosed = sidePanelOpened(vi.fn());
    cartClosed();
    // The cart's entry starts going back; checkout's code arrives before the browser has moved.
    await vi.advanceTimersByTimeAsync(1);
    const closeCheckout = vi.fn();
    sidePanelOpened(closeCheckout);
    await vi.runAllTimersAsync();
    expect(closeCheckout).not.toHaveBeenCalled();
    expect(page.depth()).toBe(1);

    page.pressBack();
    await vi.runAllTimersAsync();
    expect(closeCheckout).toHaveBeenCalledOnce();
  });
});
