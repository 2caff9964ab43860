import type { Hono, MiddlewareHandler } from 'hono';
import { PROMO_CODES_CHANGED_ELSEWHERE, promoCodesBodySchema, promoPaths } from '../../../lib/api/promo-contract.ts';
import { promoCodesSchema, type PromoCode } from '../../../lib/cart/promo.ts';
import type { ApiDeps } from '../deps.ts';
import type { StaffEnv } from '../env.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { throttle } from '../services/rate-limits.ts';
import type { Stores } from '../store/stores.ts';
import { withStores } from '../store/stores.ts';

const route = (path: string) => path.replace(/^\/staff/, '');

async function codesWithUses(stores: Pick<Stores, 'promoCodes'>, retailerId: number) {
  const codes = await stores.promoCodes.list(retailerId);
  const uses = await Promise.all(codes.map((code) => stores.promoCodes.uses(retailerId, code.code, null)));
  return { codes, uses: Object.fromEntries(codes.map((code, index) => [code.code, uses[index]?.usesSoFar ?? 0])) };
}

/** Two lists alike in every term, whatever order their fields were written in. */
const sameCodes = (one: readonly PromoCode[], other: readonly PromoCode[]) =>
  JSON.stringify(promoCodesSchema.parse(one)) === JSON.stringify(promoCodesSchema.parse(other));

const codeList = (codes: readonly PromoCode[]) => codes.map((code) => code.code).join(', ') || 'none';

/**
 * The shop's promo codes: kept by the API only (never in a tenant file or the build, where anyone
 * could read them). Every staff member sees them, so the counter can answer a customer; only the
 * owner creates, changes or ends one, as a code gives the shop's money away. Audited.
 */
export function staffPromoCodeRoutes(
  staff: Hono<StaffEnv>,
  signedIn: MiddlewareHandler<StaffEnv>,
  deps: ApiDeps,
): void {
  staff.get(route(promoPaths.promoCodes), signedIn, async (c) => {
    const { retailerId } = c.get('signedIn').account;
    return c.json(await withStores(deps.db, retailerId, (stores) => codesWithUses(stores, retailerId)));
  });

  staff.put(route(promoPaths.promoCodes), signedIn, async (c) => {
    const { account } = c.get('signedIn');
    if (account.role !== 'owner') throw new ApiProblem(403, 'Only the owner may create, change or end promo codes.');
    await throttle('promo code changes', deps.now(), [
      deps.rateLimits.promoCodeChangesPerRetailer,
      String(account.retailerId),
    ]);
    const { codes, before: seen } = await readBody(c, promoCodesBodySchema);
    const now = deps.now();
    return c.json(
      await withStores(deps.db, account.retailerId, async (stores) => {
        const before = await stores.promoCodes.list(account.retailerId);
        if (!sameCodes(before, seen)) throw new ApiProblem(409, PROMO_CODES_CHANGED_ELSEWHERE);
        await stores.promoCodes.replace(account.retailerId, codes, now);
        await stores.staff.record(
          account,
          'promo-codes',
          `Promo codes: ${codeList(before)} → ${codeList(codes)}`.slice(0, 500),
          now,
        );
        return codesWithUses(stores, account.retailerId);
      }),
    );
  });
}
