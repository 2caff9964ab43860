import {
  DEFAULT_BOOKING_LIMIT,
  MAX_BOOKING_LIMIT,
  staffBookingResponseSchema,
  staffBookingsResponseSchema,
  staffPaths,
  type BookingDecision,
  type StaffBooking,
} from '../../../../lib/api/staff-contract.ts';
import type { StaffClient } from '../../shell/client.ts';

/** The bookings calls of the staff API, over the console's client; loaded only with the Bookings view. */
export function bookingCalls({ call }: Pick<StaffClient, 'call'>) {
  return {
    /** The shop's upcoming table bookings, soonest first. */
    list: async (limit = DEFAULT_BOOKING_LIMIT): Promise<StaffBooking[]> =>
      (
        await call({
          method: 'GET',
          path: `${staffPaths.bookings}?limit=${Math.min(MAX_BOOKING_LIMIT, Math.max(1, Math.floor(limit)))}`,
          schema: staffBookingsResponseSchema,
          signedIn: true,
        })
      ).bookings,
    decide: async (bookingId: number, decision: BookingDecision): Promise<StaffBooking> =>
      (
        await call({
          method: 'POST',
          path: decision === 'confirm' ? staffPaths.confirmBooking(bookingId) : staffPaths.declineBooking(bookingId),
          schema: staffBookingResponseSchema,
          signedIn: true,
        })
      ).booking,
  };
}

export type BookingCalls = ReturnType<typeof bookingCalls>;
