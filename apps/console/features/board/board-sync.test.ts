import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOARD_POLL_MS } from './board.ts';
import { followBoard, liveBoardOver, type LiveHandlers } from './board-sync.ts';

/** A stand-in broker push: the test plays the broker through the handlers the board gave it. */
function fakeLive(outcome: 'connects' | 'no-login' = 'connects') {
  const live = { starts: 0, stopped: 0, handlers: null as LiveHandlers | null };
  const startLive = async (handlers: LiveHandlers) => {
    live.starts += 1;
    if (outcome === 'no-login') throw new Error('GET /staff/live failed');
    live.handlers = handlers;
    return async () => {
      live.stopped += 1;
    };
  };
  return { live, startLive };
}

/** The API's orders call, counted; one can be held open to see what happens meanwhile. */
function fakeRefresh() {
  const api = { calls: 0, hold: false, release: () => {} };
  const refresh = () => {
    api.calls += 1;
    if (!api.hold) return Promise.resolve();
    return new Promise<void>((resolve) => {
      api.release = resolve;
    });
  };
  return { api, refresh };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function follow(broker = fakeLive(), orders = fakeRefresh()) {
  const liveChanges: boolean[] = [];
  const stop = followBoard({
    refresh: orders.refresh,
    startLive: broker.startLive,
    onLiveChange: (live) => liveChanges.push(live),
  });
  return { stop, liveChanges, live: broker.live, api: orders.api };
}

describe('followBoard', () => {
  it('asks for the orders at once, then every 15 s while the broker is not pushing', async () => {
    const { api } = follow(fakeLive('no-login'));
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(BOARD_POLL_MS - 1);
    expect(api.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(BOARD_POLL_MS * 2);
    expect(api.calls).toBe(4);
  });

  it('stops polling once subscribed, asking once at that moment, and refetches on each push', async () => {
    const { api, live, liveChanges } = follow();
    await vi.advanceTimersByTimeAsync(0);
    live.handlers?.onSubscribed();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toBe(2);
    expect(liveChanges).toEqual([true]);
    await vi.advanceTimersByTimeAsync(BOARD_POLL_MS * 4);
    expect(api.calls).toBe(2);
    live.handlers?.onChange();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toBe(3);
  });

  it('falls back to polling when the broker goes away, and asks at once when it comes back', async () => {
    const { api, live, liveChanges } = follow();
    await vi.advanceTimersByTimeAsync(0);
    live.handlers?.onSubscribed();
    await vi.advanceTimersByTimeAsync(0);
    live.handlers?.onError({ kind: 'connection', message: 'Connection closed' });
    await vi.advanceTimersByTimeAsync(BOARD_POLL_MS);
    expect(api.calls).toBe(3);
    live.handlers?.onSubscribed();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toBe(4);
    expect(liveChanges).toEqual([true, false, true]);
  });

  it('keeps polling on time while the broker keeps failing to connect', async () => {
    const { api, live } = follow();
    await vi.advanceTimersByTimeAsync(0);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await vi.advanceTimersByTimeAsync(5_000);
      live.handlers?.onError({ kind: 'connection', message: 'No connection to broker' });
    }
    expect(api.calls).toBe(2);
  });

  it('keeps the push on for a malformed message or a throwing callback', async () => {
    const { live, liveChanges } = follow();
    await vi.advanceTimersByTimeAsync(0);
    live.handlers?.onSubscribed();
    live.handlers?.onError({ kind: 'message', message: 'Malformed message' });
    expect(liveChanges).toEqual([true]);
  });

  it('never overlaps two requests: pushes during one ask once more after it', async () => {
    const orders = fakeRefresh();
    const { live } = follow(fakeLive(), orders);
    await vi.advanceTimersByTimeAsync(0);
    orders.api.hold = true;
    live.handlers?.onChange();
    live.handlers?.onChange();
    live.handlers?.onChange();
    expect(orders.api.calls).toBe(2);
    orders.api.hold = false;
    orders.api.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(orders.api.calls).toBe(3);
  });

  it('asks for the broker login again at the next poll when the API could not give one', async () => {
    const broker = fakeLive('no-login');
    follow(broker);
    await vi.advanceTimersByTimeAsync(0);
    const first = broker.live.starts;
    await vi.advanceTimersByTimeAsync(BOARD_POLL_MS);
    expect(broker.live.starts).toBeGreaterThan(first);
  });

  it('stops asking and closes the push when stopped', async () => {
    const { api, live, stop } = follow();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(BOARD_POLL_MS * 3);
    live.handlers?.onChange();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toBe(1);
    expect(live.stopped).toBe(1);
  });
});

describe('liveBoardOver', () => {
  it('fails (so the board keeps polling) when the API gives no broker login', async () => {
    const startLive = liveBoardOver({ live: () => Promise.reject(new Error('401')) });
    await expect(startLive({ onChange: () => {}, onSubscribed: () => {}, onError: () => {} })).rejects.toThrow('401');
  });
});
