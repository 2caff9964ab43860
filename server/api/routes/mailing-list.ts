import { apiCalls, messages } from '../../../lib/api/contract.ts';
import { serveCall } from '../app.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp } from '../env.ts';
import { readBody } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';

/** The storefront's mailing-list sign-up: limited per client address, then per retailer, before it is stored. */
export function mailingListRoutes(app: ApiApp, deps: ApiDeps): void {
  const { tenants } = deps;
  const limits = deps.rateLimits;

  serveCall(app, tenants, 'mailingListSignup', async (c, { tenant }) => {
    const { email, name } = await readBody(c, apiCalls.mailingListSignup.body, messages.mailingListFailed);
    const { retailerId } = tenant.config;
    await throttle(
      'mailing-list sign-ups',
      deps.now(),
      [limits.mailingListPerAddress, clientAddress(c, deps.trustProxy)],
      [limits.mailingListPerRetailer, String(retailerId)],
    );
    try {
      if (await deps.intake.subscribe(retailerId, email, name, deps.now())) return { success: true };
      deps.log(`error: mailing list of retailer ${retailerId} is full; sign-up refused`);
    } catch (error) {
      deps.log(`error: mailing-list sign-up for retailer ${retailerId} failed: ${(error as Error).message}`);
    }
    return { success: false, message: messages.mailingListFailed };
  });
}
