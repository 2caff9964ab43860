import { clockStatusTopic } from '../../../lib/live/topics.ts';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import type { LivePublisher } from './live-publisher.ts';
import { topicScopeOf } from './order-taking.ts';
import type { ServedTenant } from './tenants.ts';

/**
 * Tells a retailer's open storefront pages its clock status on the clock-status topic, the
 * message they already follow: at once when staff change the live state, and again when a pause,
 * busy spell or sold-out day runs out by itself.
 */
export interface ClockPush {
  /** Publishes the retailer's clock status now; false (and logged) when the broker could not be told. */
  publish(served: ServedTenant): Promise<boolean>;
  /**
   * Publishes again just after each of these ISO instants, once per instant in this process. Any
   * process that works out a retailer's clock (every page polls it) learns of them, so with several
   * API processes each tells the pages, the same status, and a restarted one picks them up again.
   */
  publishAt(served: ServedTenant, instants: readonly string[]): void;
  close(): void;
}

export interface ClockPushOptions {
  publisher: LivePublisher;
  /** The retailer's clock status now (clock.ts), read when the message goes out. */
  statusOf: (served: ServedTenant) => Promise<ClockStatus>;
  now: () => Date;
  log: (line: string) => void;
}

/** After the instant, so the status worked out then no longer has what ended. */
const AFTER_ENDING_MS = 500;
/** Nothing ends further ahead than a week's pause or a trading day; a timer beyond that is not this. */
const LONGEST_WAIT_MS = 8 * 24 * 60 * 60 * 1000;
/** Each retailer has a few endings at a time (two services and its sold-out day); this bounds the total. */
const MAX_TIMERS = 10_000;

export function createClockPush({ publisher, statusOf, now, log }: ClockPushOptions): ClockPush {
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  async function publish(served: ServedTenant): Promise<boolean> {
    try {
      await publisher.publish(clockStatusTopic(topicScopeOf(served)), await statusOf(served));
      return true;
    } catch (error) {
      log(
        `clock status of ${served.tenant.slug} not published: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }

  return {
    publish,
    publishAt(served, instants) {
      for (const instant of instants) {
        const key = `${served.tenant.config.retailerId} ${instant}`;
        const wait = Date.parse(instant) - now().getTime();
        if (closed || timers.has(key) || !(wait > 0) || wait > LONGEST_WAIT_MS || timers.size >= MAX_TIMERS) continue;
        const timer = setTimeout(() => {
          timers.delete(key);
          void publish(served);
        }, wait + AFTER_ENDING_MS);
        // A pending ending must not keep a stopping process alive: the next start picks it up again.
        timer.unref();
        timers.set(key, timer);
      }
    },
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
