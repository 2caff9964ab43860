import { atom } from 'nanostores';
import type { BoardOrder } from '../../../../lib/api/staff-contract.ts';

/**
 * The new orders nobody has acknowledged yet. The console raises them full screen over whatever
 * view is open, chiming again every few seconds, until a staff member acknowledges them here or
 * any device moves them on from New (someone is on it then).
 */
export const $newOrderAlert = atom<readonly BoardOrder[]>([]);

/** Whether the console may make sound (the board's Sound switch): the alert's repeats follow it. */
export const $soundOn = atom(true);

/**
 * Whether this device raises the alert (the board's Alert switch), remembered on the device: the
 * kitchen's tablet wants it, an owner's phone away from the shop may not.
 */
export const ALERT_SETTING_KEY = 'console:newOrderAlert';

function savedAlertSetting(): boolean {
  try {
    return localStorage.getItem(ALERT_SETTING_KEY) !== 'off';
  } catch {
    return true;
  }
}

export const $alertOn = atom(savedAlertSetting());

export function setAlertOn(on: boolean): void {
  $alertOn.set(on);
  if (!on) acknowledgeNewOrders();
  try {
    localStorage.setItem(ALERT_SETTING_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the switch holds for this visit only.
  }
}

/** How often the alert chimes again while nobody acknowledges it. */
export const ALERT_REPEAT_MS = 5000;

/**
 * Whether an order still wants staff to see it: a new one, or one the shop's auto-accept accepted
 * that nobody has moved on since (it is cooking without anyone having looked at it).
 */
export function awaitsAcknowledgement(order: Pick<BoardOrder, 'state' | 'autoAccepted'>): boolean {
  return order.state === 'new' || (order.state === 'taken' && order.autoAccepted);
}

/** The alert after a refresh: arrivals added (once each), orders no longer awaiting acknowledgement dropped. */
export function alertAfterRefresh(
  alerting: readonly BoardOrder[],
  arrived: readonly BoardOrder[],
  board: readonly BoardOrder[],
): readonly BoardOrder[] {
  const stillNew = new Map(board.filter(awaitsAcknowledgement).map((order) => [order.encryptedOrderId, order]));
  const kept = alerting.flatMap((order) => {
    const current = stillNew.get(order.encryptedOrderId);
    return current ? [current] : [];
  });
  const known = new Set(kept.map((order) => order.encryptedOrderId));
  const added = arrived.filter((order) => stillNew.has(order.encryptedOrderId) && !known.has(order.encryptedOrderId));
  const next = [...kept, ...added];
  return next.length === alerting.length && next.every((order, index) => order === alerting[index]) ? alerting : next;
}

export function raiseNewOrders(arrived: readonly BoardOrder[], board: readonly BoardOrder[]): void {
  const next = alertAfterRefresh($newOrderAlert.get(), $alertOn.get() ? arrived : [], board);
  if (next !== $newOrderAlert.get()) $newOrderAlert.set(next);
}

export function acknowledgeNewOrders(): void {
  if ($newOrderAlert.get().length > 0) $newOrderAlert.set([]);
}

/** "New order" or "3 new orders"; "accepted" when auto-accept took every one of them: the alert's heading. */
export function alertHeading(orders: readonly Pick<BoardOrder, 'autoAccepted'>[]): string {
  const heading = orders.length === 1 ? 'New order' : `${orders.length} new orders`;
  return orders.length > 0 && orders.every((order) => order.autoAccepted) ? `${heading} accepted` : heading;
}
