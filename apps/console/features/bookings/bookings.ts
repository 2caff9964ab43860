import type { BookingDecision, BookingStatus, StaffBooking } from '../../../../lib/api/staff-contract.ts';
import { formatClock } from '../board/format.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';

/**
 * The Bookings view: the shop's upcoming table bookings and the answers staff give them. A
 * decision shows as saving until the server has it; a failure leaves the booking as it was, with
 * the reason on it.
 */

export interface BookingsState {
  /** False until the first list arrives. */
  loaded: boolean;
  /** Soonest first, as the API answers. */
  bookings: readonly StaffBooking[];
  pending: Readonly<Record<number, BookingDecision>>;
  failures: Readonly<Record<number, string>>;
  /** Why the last list could not be fetched, until one arrives. */
  problem: string | null;
}

export const emptyBookings: BookingsState = { loaded: false, bookings: [], pending: {}, failures: {}, problem: null };

function without<T>(record: Readonly<Record<number, T>>, bookingId: number): Record<number, T> {
  const rest = { ...record };
  delete rest[bookingId];
  return rest;
}

export function withBookingList(state: BookingsState, bookings: readonly StaffBooking[]): BookingsState {
  return { ...state, loaded: true, bookings, problem: null };
}

export function withListProblem(state: BookingsState, problem: string): BookingsState {
  return { ...state, problem };
}

/** Null when the booking is not new (already answered) or an answer is already saving. */
export function withDecisionStarted(
  state: BookingsState,
  bookingId: number,
  decision: BookingDecision,
): BookingsState | null {
  const booking = state.bookings.find((candidate) => candidate.bookingId === bookingId);
  if (!booking || booking.status !== 'new' || state.pending[bookingId]) return null;
  return {
    ...state,
    pending: { ...state.pending, [bookingId]: decision },
    failures: without(state.failures, bookingId),
  };
}

export function withDecisionSaved(state: BookingsState, saved: StaffBooking): BookingsState {
  return {
    ...state,
    bookings: state.bookings.map((booking) => (booking.bookingId === saved.bookingId ? saved : booking)),
    pending: without(state.pending, saved.bookingId),
    failures: without(state.failures, saved.bookingId),
  };
}

export function withDecisionFailed(state: BookingsState, bookingId: number, message: string): BookingsState {
  return {
    ...state,
    pending: without(state.pending, bookingId),
    failures: { ...state.failures, [bookingId]: message },
  };
}

export const DECISION_TEXT: Readonly<Record<BookingDecision, { label: string; saving: string; failed: string }>> = {
  confirm: { label: 'Confirm', saving: 'Confirming…', failed: 'Could not confirm' },
  decline: { label: 'Decline', saving: 'Declining…', failed: 'Could not decline' },
};

export const BOOKING_STATUS_TEXT: Readonly<Record<BookingStatus, string>> = {
  new: 'New',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

export const partyText = (partySize: number): string => `${partySize} ${partySize === 1 ? 'person' : 'people'}`;

/** "Confirmed by Kit Chen at 7:02 pm", or null while the booking is new. */
export function decisionText(
  booking: Pick<StaffBooking, 'status' | 'decidedBy' | 'decidedAt'>,
  now: Date,
  zone?: ShopZone,
): string | null {
  if (booking.status === 'new') return null;
  const who = booking.decidedBy ? ` by ${booking.decidedBy}` : '';
  const when = booking.decidedAt ? `, ${formatClock(booking.decidedAt, now, zone)}` : '';
  return `${BOOKING_STATUS_TEXT[booking.status]}${who}${when}`;
}

/** How the Activity view words each action of the audit log; an action this console does not know yet reads as sent. */
const AUDIT_ACTION_TEXT: Readonly<Record<string, string>> = {
  'sign-in': 'Signed in',
  'sign-out': 'Signed out',
  take: 'Took',
  ready: 'Marked ready',
  stage: 'Moved',
  'undo-stage': 'Undid',
  'running-late': 'Ran late with',
  'confirm-booking': 'Confirmed',
  'decline-booking': 'Declined',
  'staff-add': 'Added the account of',
  'decline-order': 'Declined',
  'staff-role': 'Changed the role of',
  'staff-disable': 'Disabled the account of',
  'staff-enable': 'Enabled the account of',
  'staff-remove': 'Removed the account of',
  'staff-password': 'Set a new password for',
  'own-password': 'Changed their password',
  'auto-accept': 'Accepted by itself',
  'kitchen-settings': 'Set',
  'promo-codes': 'Set',
};

export function auditActionText(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_TEXT, action) ? (AUDIT_ACTION_TEXT[action] ?? action) : action;
}
