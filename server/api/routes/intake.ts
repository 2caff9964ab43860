import { apiCalls, messages } from '../../../src/lib/api/contract.ts';
import { serveCall, type ApiApp, type ApiDeps } from '../app.ts';
import { ApiProblem, readBody } from '../problems.ts';
import { SLOT_STEP_MINUTES } from '../../../src/lib/constants.ts';
import { isBookableTime, TABLE_BOOKING_DAYS, TABLE_BOOKING_LAST_SEATING_MINUTES, TABLE_BOOKING_LEAD_MINUTES } from '../../../src/lib/time/table-booking.ts';

const bookingRefusal = `expected a time the shop takes bookings for: within its opening hours, on the ${SLOT_STEP_MINUTES}-minute grid, at least ${TABLE_BOOKING_LEAD_MINUTES} minutes ahead, up to ${TABLE_BOOKING_LAST_SEATING_MINUTES} minutes before closing and within ${TABLE_BOOKING_DAYS} days`;

export function intakeRoutes(app: ApiApp, deps: ApiDeps): void {
  const { tenants } = deps;

  serveCall(app, tenants, 'mailingListSignup', async (c, { tenant }) => {
    const { email, name } = await readBody(c, apiCalls.mailingListSignup.body, messages.mailingListFailed);
    try {
      deps.intake.subscribe(tenant.config.retailerId, email, name, deps.now());
    } catch (error) {
      deps.log(`error: mailing-list sign-up for retailer ${tenant.config.retailerId} failed: ${(error as Error).message}`);
      return { success: false, message: messages.mailingListFailed };
    }
    return { success: true };
  });

  serveCall(app, tenants, 'createErrorLogs', async (c, { tenant }) => {
    const entries = await readBody(c, apiCalls.createErrorLogs.body);
    deps.intake.logErrors(tenant.config.retailerId, entries, deps.now());
    return { accepted: true };
  });

  serveCall(app, tenants, 'requestTableBooking', async (c, { tenant }) => {
    const booking = await readBody(c, apiCalls.requestTableBooking.body);
    const at = new Date(booking.dateTime);
    const hours = { tradingHours: tenant.tradingHours, closedDates: tenant.closedDates, retailerInfo: tenant.config.retailerInfo };
    if (!isBookableTime(hours, at, deps.now())) {
      const message = at.getTime() <= deps.now().getTime() ? 'expected a time in the future' : bookingRefusal;
      throw new ApiProblem(400, `Invalid request body: dateTime: ${message}`, { issues: [{ path: 'dateTime', message }] });
    }
    return { success: true, bookingId: deps.intake.requestBooking(tenant.config.retailerId, booking, deps.now()) };
  });
}
