import { atom } from 'nanostores';
import { failureText, sessionEnded } from '../../shell/failures.ts';
import type { BookingDecision } from '../../../../lib/api/staff-contract.ts';
import type { BookingCalls } from './bookings-client.ts';
import {
  DECISION_TEXT,
  emptyBookings,
  withBookingList,
  withDecisionFailed,
  withDecisionSaved,
  withDecisionStarted,
  withListProblem,
  type BookingsState,
} from './bookings.ts';
import { StaffApiError, type StaffClient } from '../../shell/client.ts';
import type { AuditEntry } from '../../../../lib/api/staff-contract.ts';
import { consoleToken, resetWithSession } from '../../shell/store.ts';

/**
 * The Bookings and Activity views' state, loaded with those views only. An answer that lands
 * after sign-out, or after someone else signed in on the device, is dropped.
 */

export interface ActivityState {
  loaded: boolean;
  /** Newest first. */
  entries: readonly AuditEntry[];
  problem: string | null;
}

export const $bookings = atom<BookingsState>(emptyBookings);
export const $activity = atom<ActivityState>({ loaded: false, entries: [], problem: null });

resetWithSession(() => {
  $bookings.set(emptyBookings);
  $activity.set({ loaded: false, entries: [], problem: null });
});

export async function refreshBookings(calls: BookingCalls): Promise<void> {
  const token = consoleToken();
  try {
    const bookings = await calls.list();
    if (consoleToken() === token) $bookings.set(withBookingList($bookings.get(), bookings));
  } catch (error) {
    if (!sessionEnded(error) && consoleToken() === token)
      $bookings.set(withListProblem($bookings.get(), failureText(error)));
  }
}

/** Confirm or Decline: saving at once, the server's answer replaces the booking, a failure says why on it. */
export async function decideBooking(calls: BookingCalls, bookingId: number, decision: BookingDecision): Promise<void> {
  const started = withDecisionStarted($bookings.get(), bookingId, decision);
  if (!started) return;
  $bookings.set(started);
  const token = consoleToken();
  try {
    const saved = await calls.decide(bookingId, decision);
    if (consoleToken() === token) $bookings.set(withDecisionSaved($bookings.get(), saved));
  } catch (error) {
    if (sessionEnded(error) || consoleToken() !== token) return;
    $bookings.set(
      withDecisionFailed($bookings.get(), bookingId, `${DECISION_TEXT[decision].failed}: ${failureText(error)}`),
    );
    // Someone else answered it first (409): show their answer.
    if (error instanceof StaffApiError && error.status === 409) await refreshBookings(calls);
  }
}

export async function refreshActivity(client: Pick<StaffClient, 'audit'>): Promise<void> {
  const token = consoleToken();
  try {
    const entries = await client.audit();
    if (consoleToken() === token) $activity.set({ loaded: true, entries, problem: null });
  } catch (error) {
    if (!sessionEnded(error) && consoleToken() === token)
      $activity.set({ ...$activity.get(), problem: failureText(error) });
  }
}
