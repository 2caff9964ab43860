import { currentPromise, firstPromise, type KitchenStage, type QueuedOrder } from './kitchen-flow.ts';

/**
 * "Running late" (issue 28): on a Friday night the kitchen pushes an order's promised time out and
 * the customer's order page says so. Only the time moves: a placed order's lines and prices never
 * change. Pure: the clock is passed in.
 */

/** The choices on the card, in minutes. */
export const lateChoices = [10, 20, 30] as const;
export type LateMinutes = (typeof lateChoices)[number];

/** Past this much later than first promised the customer should be phoned, not told a time again. */
export const MAX_LATE_MINUTES = 180;

const MINUTE_MS = 60_000;

/** Until the order is ready the kitchen can still be late with it; after, the customer is told where it is instead. */
export function canRunLate(stage: KitchenStage): boolean {
  return stage === 'new' || stage === 'taken';
}

/**
 * `later`: the new time to promise. `same`: nothing changes and nobody is told, because the order's
 * promise is no longer the one the card showed (`from`): a retry whose answer was lost, or a second
 * cook on a board read before the first cook's tap. `refused`: the order is past cooking
 * (`stage`), or the new time would be more than MAX_LATE_MINUTES after the first promise (`too-late`).
 */
export type LateMove =
  { kind: 'later'; until: string } | { kind: 'same' } | { kind: 'refused'; reason: 'stage' | 'too-late' };

/**
 * The later time for an order the kitchen is `minutes` behind on: counted from its promise, or from
 * now when that has passed already (20 minutes late on an order promised ten minutes ago means 20
 * minutes from now), and rounded up to the minute the customer reads.
 */
export function runningLate(
  order: QueuedOrder & { state: KitchenStage },
  from: string,
  minutes: LateMinutes,
  now: Date,
): LateMove {
  if (!canRunLate(order.state)) return { kind: 'refused', reason: 'stage' };
  const promise = Date.parse(currentPromise(order));
  if (Date.parse(from) !== promise) return { kind: 'same' };
  const until = Math.ceil((Math.max(promise, now.getTime()) + minutes * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  if (until - Date.parse(firstPromise(order)) > MAX_LATE_MINUTES * MINUTE_MS)
    return { kind: 'refused', reason: 'too-late' };
  return { kind: 'later', until: new Date(until).toISOString() };
}
