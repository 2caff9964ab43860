import { apiCalls } from '../../../lib/api/contract.ts';
import { serveCall } from '../app.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp } from '../env.ts';
import { readBody } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';

/** The pages' error reports, which the operator reads back: limited per client address, then per retailer, before they are stored. */
export function errorLogRoutes(app: ApiApp, deps: ApiDeps): void {
  const { tenants } = deps;
  const limits = deps.rateLimits;

  serveCall(app, tenants, 'createErrorLogs', async (c, { tenant }) => {
    const entries = await readBody(c, apiCalls.createErrorLogs.body);
    const { retailerId } = tenant.config;
    await throttle(
      'error reports',
      deps.now(),
      [limits.errorLogsPerAddress, clientAddress(c, deps.trustProxy)],
      [limits.errorLogsPerRetailer, String(retailerId)],
    );
    await deps.intake.logErrors(retailerId, entries, deps.now());
    return { accepted: true };
  });
}
