import type { StaffClient } from '../../shell/client.ts';
import { BOARD_POLL_MS } from './board.ts';
import type { LiveMessagingError, StopLiveMessaging } from '../../../../lib/live/live-messaging.ts';

export interface LiveHandlers {
  /** The broker says the board changed. */
  onChange: () => void;
  /** Subscribed, first time or after an outage. */
  onSubscribed: () => void;
  onError: (error: LiveMessagingError) => void;
}

export interface BoardSyncOptions {
  /** Asks the API for the orders; never throws (the store keeps what went wrong). */
  refresh: () => Promise<void>;
  /** Gets the broker login (GET /staff/live) and follows the board's topic; rejects when there is no login to be had. */
  startLive: (handlers: LiveHandlers) => Promise<StopLiveMessaging>;
  onLiveChange: (live: boolean) => void;
  pollMs?: number;
}

/**
 * Keeps the board current: the orders at once, then a refetch whenever the broker says something
 * changed. While the broker is not pushing (not yet, refused, or lost) the board asks every
 * BOARD_POLL_MS instead, and asks at once when the push comes back, as a change may have been
 * missed meanwhile. Refreshes never overlap: a change during one asks again after it. Returns what
 * stops it all.
 */
export function followBoard(options: BoardSyncOptions): () => void {
  const pollMs = options.pollMs ?? BOARD_POLL_MS;
  let active = true;
  let live = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshing = false;
  let again = false;
  let liveStarted: Promise<StopLiveMessaging | null> | null = null;

  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    options.onLiveChange(next);
  };

  const schedulePoll = () => {
    clearTimeout(timer);
    timer = undefined;
    if (active && !live) timer = setTimeout(() => void refresh(), pollMs);
  };

  const refresh = async (): Promise<void> => {
    if (!active) return;
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    clearTimeout(timer);
    await options.refresh();
    refreshing = false;
    if (!active) return;
    if (again) {
      again = false;
      return refresh();
    }
    schedulePoll();
    // A broker login that could not be had (an API hiccup) is asked for again while polling.
    if (!liveStarted) startLive();
  };

  const startLive = () => {
    liveStarted = options
      .startLive({
        onChange: () => void refresh(),
        onSubscribed: () => {
          setLive(true);
          void refresh();
        },
        onError: (error) => {
          // Only losing the push starts the polls: while there is none they already run, and a
          // reconnect failing every 5 s must not keep putting the next one off.
          if (!live || (error.kind !== 'connection' && error.kind !== 'subscription')) return;
          setLive(false);
          if (!refreshing) schedulePoll();
        },
      })
      .catch(() => {
        liveStarted = null;
        return null;
      });
  };

  startLive();
  void refresh();

  return () => {
    active = false;
    clearTimeout(timer);
    setLive(false);
    void liveStarted?.then((stop) => stop?.());
  };
}

/** The board's push: the broker login from the API, then mqtt.js, loaded only now (the sign-in page never needs it). */
export function liveBoardOver(client: Pick<StaffClient, 'live'>): BoardSyncOptions['startLive'] {
  return async (handlers) => {
    const live = await client.live();
    const { watchStaffOrders } = await import('../../../../lib/live/live-messaging.ts');
    return watchStaffOrders({ live, ...handlers });
  };
}
