import type { Context, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  newStaffAccountSchema,
  ownPasswordChangeSchema,
  staffAccountChangeSchema,
  staffPasswordResetSchema,
  type StaffAccountView,
} from '../../../lib/api/staff-contract.ts';
import type { ApiDeps } from '../deps.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { throttle } from '../services/rate-limits.ts';
import {
  addStaffAccount,
  changeStaffAccount,
  removeStaffAccount,
  resetStaffPassword,
} from '../services/staff-accounts.ts';
import { withStores } from '../store/stores.ts';
import type { StaffEnv } from '../env.ts';

const staffIdParamSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Staff access that can be taken back (issue 29): the owner lists the shop's accounts, changes a
 * role, disables, enables or removes one and sets a new password (services/staff-accounts.ts);
 * every staff member changes their own password. The account is looked up within the owner's
 * retailer, so another shop's is the 404 of an unknown one.
 */
export function staffAccountRoutes(staff: Hono<StaffEnv>, signedIn: MiddlewareHandler<StaffEnv>, deps: ApiDeps): void {
  const ownerOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (c.get('signedIn').account.role !== 'owner')
      throw new ApiProblem(403, 'Only the owner may manage staff accounts.');
    await next();
  };

  async function target(c: Context<StaffEnv>): Promise<StaffAccountView> {
    const staffId = staffIdParamSchema.safeParse(c.req.param('staffId'));
    const found = staffId.success
      ? await deps.staff.account(c.get('signedIn').account.retailerId, staffId.data)
      : undefined;
    if (!found) throw new ApiProblem(404, 'Staff account not found');
    return found;
  }

  staff.get('/accounts', signedIn, ownerOnly, async (c) =>
    c.json({ accounts: await deps.staff.accounts(c.get('signedIn').account.retailerId) }),
  );

  staff.post('/accounts', signedIn, ownerOnly, async (c) => {
    const { account } = c.get('signedIn');
    const { password, ...added } = await readBody(c, newStaffAccountSchema);
    const hash = await hashPassword(password);
    const inserted = await withStores(deps.db, account.retailerId, (stores) =>
      addStaffAccount(stores, account, added, hash, deps.now()),
    );
    const view: StaffAccountView = { ...added, staffId: inserted.staffId, disabled: false, lastSignInAt: null };
    return c.json({ account: view }, 201);
  });

  staff.put('/accounts/:staffId', signedIn, ownerOnly, async (c) => {
    const { account } = c.get('signedIn');
    const change = await readBody(c, staffAccountChangeSchema);
    const current = await target(c);
    const changed = await withStores(deps.db, account.retailerId, async (stores) => {
      // Read again in the transaction: another owner may have changed it since.
      const fresh = (await stores.staff.account(account.retailerId, current.staffId)) ?? current;
      return changeStaffAccount(stores, account, fresh, change, deps.now());
    });
    return c.json({ account: changed });
  });

  staff.post('/accounts/:staffId/remove', signedIn, ownerOnly, async (c) => {
    const { account } = c.get('signedIn');
    const current = await target(c);
    await withStores(deps.db, account.retailerId, (stores) => removeStaffAccount(stores, account, current, deps.now()));
    return c.body(null, 204);
  });

  staff.post('/accounts/:staffId/password', signedIn, ownerOnly, async (c) => {
    const { account } = c.get('signedIn');
    const { password } = await readBody(c, staffPasswordResetSchema);
    const current = await target(c);
    const hash = await hashPassword(password);
    await withStores(deps.db, account.retailerId, (stores) =>
      resetStaffPassword(stores, account, current, hash, deps.now()),
    );
    return c.body(null, 204);
  });

  /** A staff member's own new password: their other sessions end, this one goes on. */
  staff.post('/password', signedIn, async (c) => {
    const { account, token } = c.get('signedIn');
    const { currentPassword, password } = await readBody(c, ownPasswordChangeSchema);
    // A session left open on a shared tablet must not become a way to guess the password at leisure.
    const checks = String(account.staffId);
    await throttle('password checks', deps.now(), [deps.rateLimits.staffPasswordChecksPerAccount, checks]);
    if (!(await verifyPassword(currentPassword, await deps.staff.passwordOf(account.staffId))))
      throw new ApiProblem(403, 'Your current password is wrong.');
    await deps.rateLimits.staffPasswordChecksPerAccount.forgive(checks);
    const hash = await hashPassword(password);
    const now = deps.now();
    await withStores(deps.db, account.retailerId, async (stores) => {
      await stores.staff.setPassword(account.staffId, hash);
      await stores.staff.closeSessions(account.staffId, token);
      await stores.staff.record(account, 'own-password', account.email, now);
    });
    return c.body(null, 204);
  });
}
