import { apiCalls } from '../../../lib/api/contract.ts';
import { serveCall } from '../app.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp } from '../env.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';
import { SLOT_STEP_MINUTES } from '../../../lib/constants.ts';
import {
  isBookableTime,
  TABLE_BOOKING_DAYS,
  TABLE_BOOKING_LAST_SEATING_MINUTES,
  TABLE_BOOKING_LEAD_MINUTES,
} from '../../../lib/time/table-booking.ts';

const bookingRefusal = `expected a time the shop takes bookings for: within its opening hours, on the ${SLOT_STEP_MINUTES}-minute grid, at least ${TABLE_BOOKING_LEAD_MINUTES} minutes ahead, up to ${TABLE_BOOKING_LAST_SEATING_MINUTES} minutes before closing and within ${TABLE_BOOKING_DAYS} days`;
const slotFull = 'this time has as many booking requests as the shop can answer; please choose another time';

/** A table asked for on the shop's website, which the kitchen answers in the console's Bookings: limited per client address, then per retailer, before it is stored. */
export function tableBookingRoutes(app: ApiApp, deps: ApiDeps): void {
  const { tenants } = deps;
  const limits = deps.rateLimits;

  serveCall(app, tenants, 'requestTableBooking', async (c, { tenant }) => {
    const booking = await readBody(c, apiCalls.requestTableBooking.body);
    const at = new Date(booking.dateTime);
    const hours = {
      tradingHours: tenant.tradingHours,
      closedDates: tenant.closedDates,
      retailerInfo: tenant.config.retailerInfo,
    };
    if (!isBookableTime(hours, at, deps.now())) {
      const message = at.getTime() <= deps.now().getTime() ? 'expected a time in the future' : bookingRefusal;
      throw new ApiProblem(400, `Invalid request body: dateTime: ${message}`, {
        issues: [{ path: 'dateTime', message }],
      });
    }
    const { retailerId } = tenant.config;
    await throttle(
      'table booking requests',
      deps.now(),
      [limits.tableBookingsPerAddress, clientAddress(c, deps.trustProxy)],
      [limits.tableBookingsPerRetailer, String(retailerId)],
    );
    const bookingId = await deps.intake.requestBooking(retailerId, booking, deps.now());
    if (bookingId === null)
      throw new ApiProblem(409, `Booking refused: dateTime: ${slotFull}`, {
        issues: [{ path: 'dateTime', message: slotFull }],
      });
    return { success: true, bookingId };
  });
}
