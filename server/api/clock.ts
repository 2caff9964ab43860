import type { ClockStatus, Tenant } from '../../src/lib/tenant/index.ts';
import { computeClockStatus } from '../../src/lib/time/clock-status.ts';
import type { ClockOverrideStore } from './store/clock-overrides.ts';

/** The clock status get-clock-status answers: the tenant's hours and closed dates, under any operator override. */
export async function clockStatusOf(tenant: Tenant, overrides: ClockOverrideStore, now: Date): Promise<ClockStatus> {
  const { tradingHours, closedDates, config } = tenant;
  return computeClockStatus({ tradingHours, closedDates, retailerInfo: config.retailerInfo }, now, await overrides.get(config.retailerId));
}
