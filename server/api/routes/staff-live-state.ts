import type { Context, Hono, MiddlewareHandler } from 'hono';
import {
  liveServices,
  serviceSettingSchema,
  soldOutBodySchema,
  type LiveService,
  type LiveState,
  type ServiceSetting,
  type StaffMenu,
} from '../../../lib/api/staff-contract.ts';
import { LIVE_PAUSE_MAX_DAYS, SOLD_OUT_MAX_ITEMS } from '../../../lib/constants.ts';
import { formatOrderTime } from '../../../lib/time/format.ts';
import { serviceNames } from '../../../lib/time/schedule.ts';
import { soldOutUntil } from '../../../lib/time/trading-day.ts';
import { oftenSoldOut, oftenSoldOutSince, type SoldOutTally } from '../../../lib/live/often-sold-out.ts';
import type { ApiDeps } from '../deps.ts';
import type { StaffEnv } from '../env.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { throttle } from '../services/rate-limits.ts';
import type { SoldOutKind } from '../store/live-state.ts';
import { withStores } from '../store/stores.ts';
import type { ServedTenant } from '../services/tenants.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const bySortOrder = <T extends { sortOrder: number }>(a: T, b: T) => a.sortOrder - b.sortOrder;

/** The retailer's menu for the console's sold-out picker: groups and dishes in menu order, by id and name. */
function menuOf({ tenant }: ServedTenant, tallies: readonly SoldOutTally[]): StaffMenu {
  const { groups, products } = tenant.productsInfoSsr;
  return {
    oftenSoldOut: oftenSoldOut(tallies, new Set(products.map((product) => product.productId))),
    groups: [...groups].sort(bySortOrder).map((group) => ({
      productGroupId: group.productGroupId,
      name: group.name,
      products: products
        .filter((product) => product.productGroupId === group.productGroupId)
        .sort(bySortOrder)
        .map((product) => ({ productId: product.productId, name: product.name })),
    })),
  };
}

/** How the audit log words a service's new state: "Delivery paused until today, Tue 5 Mar at 9:00 pm, wait 45 min". */
function serviceSubject(service: LiveService, setting: ServiceSetting, served: ServedTenant, now: Date): string {
  const name = serviceNames[service];
  const until =
    setting.until === null
      ? ''
      : ` until ${formatOrderTime(new Date(setting.until), now, shopZone(served.tenant.config.retailerInfo))}`;
  const state = setting.mode === 'open' ? 'open' : `${setting.mode}${until}`;
  return `${name} ${state}, wait ${setting.waitMinutes} min`;
}

/**
 * The shop's live state (staff-contract.ts, slice 2): kitchen and owner alike read and change it.
 * Every change is audited in the transaction that makes it, then told to the retailer's open
 * storefront pages on the clock-status topic; `published` says whether that worked.
 */
export function staffLiveStateRoutes(
  staff: Hono<StaffEnv>,
  deps: ApiDeps,
  signedIn: MiddlewareHandler<StaffEnv>,
): void {
  /** Counted per retailer: each change goes out to every open page of the shop. */
  async function throttleChanges(c: Context<StaffEnv>): Promise<void> {
    await throttle('live state changes', deps.now(), [
      deps.rateLimits.staffLiveChangesPerRetailer,
      String(c.get('signedIn').account.retailerId),
    ]);
  }

  /** A change that changed nothing (pausing what is paused) tells no page: there is nothing new to tell. */
  async function answer(c: Context<StaffEnv>, served: ServedTenant, now: Date, changed: boolean): Promise<Response> {
    const liveState: LiveState = await deps.liveStates.get(served.tenant.config.retailerId, now);
    return c.json({ liveState, published: changed ? await deps.clockPush.publish(served) : true });
  }

  staff.get('/live-state', signedIn, async (c) =>
    c.json({ liveState: await deps.liveStates.get(c.get('signedIn').account.retailerId, deps.now()) }),
  );

  staff.get('/menu', signedIn, async (c) => {
    const { account, served } = c.get('signedIn');
    const tallies = await deps.liveStates.soldOutTallies(account.retailerId, oftenSoldOutSince(deps.now()));
    return c.json(menuOf(served, tallies));
  });

  for (const service of liveServices) {
    staff.put(`/live-state/${service}`, signedIn, async (c) => {
      await throttleChanges(c);
      const { account, served } = c.get('signedIn');
      const body = await readBody(c, serviceSettingSchema);
      const now = deps.now();
      const until = body.until === null ? null : new Date(body.until);
      if (until !== null && until.getTime() <= now.getTime())
        throw new ApiProblem(
          422,
          'The time the service is busy or paused until has already passed. Choose a later time.',
        );
      if (until !== null && until.getTime() > now.getTime() + LIVE_PAUSE_MAX_DAYS * DAY_MS)
        throw new ApiProblem(422, `A service can be busy or paused for at most ${LIVE_PAUSE_MAX_DAYS} days.`);
      // Stored as the API writes instants, so every comparison of them is one of equal-length text.
      const setting: ServiceSetting = { ...body, until: until?.toISOString() ?? null };
      const changed = await withStores(deps.db, account.retailerId, async (stores) => {
        const before = (await stores.liveStates.get(account.retailerId, now))[service];
        if (
          before.mode === setting.mode &&
          before.until === setting.until &&
          before.waitMinutes === setting.waitMinutes
        )
          return false;
        await stores.liveStates.setService(account.retailerId, service, setting, now);
        await stores.staff.record(account, 'service', serviceSubject(service, setting, served, now), now);
        return true;
      });
      return answer(c, served, now, changed);
    });
  }

  staff.put('/live-state/sold-out', signedIn, async (c) => {
    await throttleChanges(c);
    const { account, served } = c.get('signedIn');
    const body = await readBody(c, soldOutBodySchema);
    const now = deps.now();
    const { catalogue, tenant } = served;
    const [kind, itemId, name]: [SoldOutKind, number, string | undefined] =
      'productId' in body
        ? ['product', body.productId, catalogue.products.get(body.productId)?.name]
        : ['group', body.productGroupId, catalogue.groups.get(body.productGroupId)?.name];
    if (name === undefined)
      throw new ApiProblem(
        422,
        `${kind === 'product' ? 'productId' : 'productGroupId'} ${itemId} is not on this shop's menu.`,
      );
    const until = body.soldOut
      ? soldOutUntil({ tradingHours: tenant.tradingHours, retailerInfo: tenant.config.retailerInfo }, now).toISOString()
      : null;
    const changed = await withStores(deps.db, account.retailerId, async (stores) => {
      const { soldOut } = await stores.liveStates.get(account.retailerId, now);
      const wasSoldOut = (kind === 'product' ? soldOut.productIds : soldOut.productGroupIds).includes(itemId);
      if (wasSoldOut === body.soldOut && (!body.soldOut || soldOut.until === until)) return false;
      if (body.soldOut && (await stores.liveStates.soldOutCount(account.retailerId, kind, now)) >= SOLD_OUT_MAX_ITEMS) {
        throw new ApiProblem(
          422,
          `At most ${SOLD_OUT_MAX_ITEMS} ${kind === 'product' ? 'dishes' : 'groups'} can be sold out at once. Mark the whole group sold out instead, or put some back on.`,
        );
      }
      await stores.liveStates.setSoldOut(account.retailerId, kind, itemId, until, now);
      // A mark that only moves `until` on (the same dish again) is no new time the shop ran out.
      if (body.soldOut && !wasSoldOut) await stores.liveStates.recordSoldOutMark(account.retailerId, kind, itemId, now);
      await stores.staff.record(
        account,
        body.soldOut ? 'sold-out' : 'back-on',
        kind === 'product' ? name : `${name} (whole group)`,
        now,
      );
      return true;
    });
    return answer(c, served, now, changed);
  });
}
