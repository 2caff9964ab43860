import type { Hono, MiddlewareHandler } from 'hono';
import { MAX_REPORT_ORDERS, reportDateSchema } from '../../../lib/api/staff-contract.ts';
import { daySummary, reportBounds, reportRangeRefusal } from '../../../lib/kitchen/day-summary.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';
import type { ApiDeps } from '../deps.ts';
import type { StaffEnv } from '../env.ts';
import { ApiProblem } from '../services/problems.ts';

/**
 * The owner's end of day (issue 28, item 7): the shop's placed orders of its days `from` to `to`
 * on its own clock, with their summary. A read like the board's, so `signedIn` counts it against
 * the caller's address; the range (MAX_REPORT_DAYS) and the orders (MAX_REPORT_ORDERS) bound the work.
 */
export function staffReportRoutes(staff: Hono<StaffEnv>, signedIn: MiddlewareHandler<StaffEnv>, deps: ApiDeps): void {
  const ownerOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (c.get('signedIn').account.role !== 'owner') throw new ApiProblem(403, 'Only the owner may read the sales.');
    await next();
  };

  staff.get('/reports/day-summary', signedIn, ownerOnly, async (c) => {
    const from = reportDateSchema.safeParse(c.req.query('from'));
    const to = reportDateSchema.safeParse(c.req.query('to') ?? c.req.query('from'));
    if (!from.success || !to.success) throw new ApiProblem(400, 'from and to: expected calendar dates as YYYY-MM-DD');
    const refusal = reportRangeRefusal(from.data, to.data);
    if (refusal) throw new ApiProblem(400, refusal);
    const { account, served } = c.get('signedIn');
    const zone = shopZone(served.tenant.config.retailerInfo);
    const { start, end } = reportBounds(from.data, to.data, zone);
    const placed = await deps.board.placedBetween(account.retailerId, start, end, MAX_REPORT_ORDERS);
    if (placed.more)
      throw new ApiProblem(
        400,
        `More than ${MAX_REPORT_ORDERS.toLocaleString('en-AU')} orders in this range: choose a shorter range.`,
      );
    return c.json({ zone, summary: daySummary(placed.orders, from.data, to.data, zone), orders: placed.orders });
  });
}
