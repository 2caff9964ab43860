import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  MAX_DRAFT_BODY_BYTES,
  SHOP_CHANGED_ELSEWHERE,
  shopDraftBodySchema,
  shopPaths,
  shopRevisionBodySchema,
} from '../../../lib/api/shop-contract.ts';
import { priceChanges, shopDishes, unknownPrices, type DishPrice } from '../../../lib/shop/dish-prices.ts';
import {
  changedParts,
  partChanges,
  partFor,
  publishedParts,
  type ShopPartKey,
  type ShopPartsDraft,
} from '../../../lib/shop/parts/index.ts';
import { shopMenuGroups } from '../../../lib/shop/menu-groups.ts';
import type { ShopState } from '../../../lib/shop/shop-state.ts';
import type { Tenant } from '../../../lib/tenant/index.ts';
import type { ApiDeps } from '../deps.ts';
import type { StaffEnv } from '../env.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { finishSwitches, servedFromFiles } from '../services/file-switch.ts';
import { editedTenant, fileTexts, publishedTenant, type ShopEdit } from '../services/shop-files.ts';
import type { PublishedPart } from '../store/shop-edits.ts';
import { withStores, type Stores } from '../store/stores.ts';

const STAFF_PREFIX = '/staff';
const route = (path: string) => path.slice(STAFF_PREFIX.length);

/** What the console shows: the menu as published, the draft over it, what publishing would change and what undo would take back. */
async function shopState(stores: Stores, tenant: Tenant, retailerId: number): Promise<ShopState> {
  const draft = await stores.shopEdits.draft(retailerId);
  const last = await stores.shopEdits.lastPublish(retailerId);
  const published = publishedParts(tenant);
  return {
    revision: draft.revision,
    dishes: shopDishes(tenant, draft.prices),
    menuGroups: shopMenuGroups(tenant),
    changes: priceChanges(tenant, draft.prices),
    parts: { published, draft: changedParts(published, draft.parts) },
    partChanges: partChanges(published, draft.parts),
    lastPublish: last
      ? {
          at: last.at,
          staffName: last.staffName,
          changes: last.changes,
          parts: last.parts.map(({ part, title, lines }) => ({ part, title, lines })),
        }
      : null,
  };
}

/** Words for the activity log: "2 prices, Trading hours, Theme colours". */
function editSummary(prices: number, parts: readonly { title: string }[]): string {
  const words = [
    ...(prices > 0 ? [`${prices} price${prices === 1 ? '' : 's'}`] : []),
    ...parts.map((part) => part.title),
  ];
  return words.length > 0 ? words.join(', ') : 'no change';
}

/** The parts a publish changed, each with its published value before, so Undo publish can write it back. */
function publishedPartsOf(tenant: Tenant, draft: ShopPartsDraft): PublishedPart[] {
  const before = publishedParts(tenant);
  return partChanges(before, draft).map((change) => ({ ...change, before: before[change.part] }));
}

/** Puts a part's value from before a publish into the undo, when the part's schema still reads it (a value that no longer parses is left alone). */
function undoValue<K extends ShopPartKey>(key: K, before: unknown, into: ShopPartsDraft): void {
  const result = partFor(key).schema.safeParse(before);
  if (result.success) into[key] = result.data;
}

/** Only prices that differ from the published menu are kept: a draft back at the published price is no change. */
function draftOver(tenant: Tenant, prices: readonly DishPrice[]): DishPrice[] {
  return priceChanges(tenant, prices).map(({ productId, sizeId, toCents }) => ({
    productId,
    sizeId,
    priceCents: toCents,
  }));
}

/**
 * Editing and publishing the shop (`/staff/shop*`, owner only). Each write runs in the retailer's
 * write transaction (one at a time across API processes) and is refused with a 409 when it was
 * based on an older revision, so one owner's change never silently replaces another's.
 */
export function shopRoutes(staff: Hono<StaffEnv>, signedIn: MiddlewareHandler<StaffEnv>, deps: ApiDeps): void {
  const ownerOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (c.get('signedIn').account.role !== 'owner')
      throw new ApiProblem(403, 'Only the owner may edit and publish the shop.');
    await next();
  };

  /**
   * Finishes the retailer's switches not yet written (this process's own publish, or one whose
   * process was killed half way) and serves the files they wrote. Inside its write transaction.
   */
  async function settle(stores: Stores, retailerId: number): Promise<void> {
    for (const slug of await finishSwitches(stores.shopSwitches, deps.tenantsDir, retailerId, deps.now())) {
      const served = await servedFromFiles(deps.tenantsDir, slug, deps.log);
      if (served) deps.tenants.replace(served);
    }
  }

  /**
   * Runs `work` in the retailer's write transaction with the tenant as published now, refusing a
   * stale revision first; then, in a second one, writes the files a publish or undo recorded and
   * answers the console's state. The record commits before any file changes, so a crash between
   * the two leaves a switch the next transaction of any process finishes, never files without one.
   */
  async function edit(
    c: Context<StaffEnv>,
    revision: number | undefined,
    work?: (stores: Stores, tenant: Tenant) => Promise<void>,
  ): Promise<ShopState> {
    const { account, served } = c.get('signedIn');
    const slug = served.tenant.slug;
    if (work)
      await withStores(deps.db, account.retailerId, async (stores) => {
        await settle(stores, account.retailerId);
        const tenant = await publishedTenant(deps.tenantsDir, slug);
        if (revision !== undefined) {
          const current = await stores.shopEdits.draft(account.retailerId);
          if (current.revision !== revision) throw new ApiProblem(409, SHOP_CHANGED_ELSEWHERE);
        }
        await work(stores, tenant);
      });
    return withStores(deps.db, account.retailerId, async (stores) => {
      await settle(stores, account.retailerId);
      return shopState(stores, await publishedTenant(deps.tenantsDir, slug), account.retailerId);
    });
  }

  /** Records the files an edit writes (checked as the build would check them); `edit` writes them once this commits. */
  async function recordSwitch(stores: Stores, tenant: Tenant, edit: ShopEdit, now: Date): Promise<void> {
    const { served, files } = await editedTenant(deps.tenantsDir, tenant, edit);
    await stores.shopSwitches.record(served.tenant.config.retailerId, tenant.slug, fileTexts(files), now);
  }

  staff.get(route(shopPaths.shop), signedIn, ownerOnly, (c) => edit(c, undefined).then((state) => c.json(state)));

  const draftBodies = bodyLimit({
    maxSize: MAX_DRAFT_BODY_BYTES,
    onError: (c) =>
      c.json({ error: `Request body larger than ${MAX_DRAFT_BODY_BYTES} bytes` }, 413, { connection: 'close' }),
  });

  staff.put(route(shopPaths.draft), draftBodies, signedIn, ownerOnly, async (c) => {
    const body = await readBody(c, shopDraftBodySchema);
    const { account } = c.get('signedIn');
    const now = deps.now();
    return c.json(
      await edit(c, body.revision, async (stores, tenant) => {
        const unknown = unknownPrices(tenant, body.prices);
        if (unknown.length > 0) throw new ApiProblem(400, `Not on this menu: ${unknown.slice(0, 5).join('; ')}`);
        const prices = draftOver(tenant, body.prices);
        const published = publishedParts(tenant);
        const parts = changedParts(published, body.parts);
        // Checked now, so a draft that could never be published is refused while the owner is still editing it.
        await editedTenant(deps.tenantsDir, tenant, { prices, parts });
        await stores.shopEdits.saveDraft(account.retailerId, prices, parts, now);
        await stores.staff.record(
          account,
          'save-draft',
          `${editSummary(prices.length, partChanges(published, parts))} in the draft`,
          now,
        );
      }),
    );
  });

  /**
   * Tickets held for an order's start time move with the preparation time a publish or its undo
   * changed, as the board's start times do; a failure leaves them as they were, and is logged.
   */
  async function followPreparationTime(c: Context<StaffEnv>, state: ShopState): Promise<ShopState> {
    const before = c.get('signedIn').served;
    const after = deps.tenants.bySlug(before.tenant.slug);
    if (
      after &&
      after.tenant.config.retailerInfo.preparationMinutes !== before.tenant.config.retailerInfo.preparationMinutes
    )
      await deps.printing
        .retimeHeld(after)
        .catch((error: unknown) => deps.log(`printing: held tickets of ${before.tenant.slug}: ${String(error)}`));
    return state;
  }

  staff.post(route(shopPaths.publish), signedIn, ownerOnly, async (c) => {
    const { revision } = await readBody(c, shopRevisionBodySchema);
    const { account } = c.get('signedIn');
    const now = deps.now();
    return c.json(
      await edit(c, revision, async (stores, tenant) => {
        const draft = await stores.shopEdits.draft(account.retailerId);
        const changes = priceChanges(tenant, draft.prices);
        const parts = publishedPartsOf(tenant, draft.parts);
        if (changes.length === 0 && parts.length === 0)
          throw new ApiProblem(400, 'Nothing to publish: the draft has no change.');
        await stores.shopEdits.recordPublish(account.retailerId, account.name, changes, parts, now);
        await stores.shopEdits.saveDraft(account.retailerId, [], {}, now);
        await stores.staff.record(account, 'publish', editSummary(changes.length, parts), now);
        await recordSwitch(
          stores,
          tenant,
          { prices: draft.prices, parts: changedParts(publishedParts(tenant), draft.parts) },
          now,
        );
      }).then((state) => followPreparationTime(c, state)),
    );
  });

  staff.post(route(shopPaths.undo), signedIn, ownerOnly, async (c) => {
    const { revision } = await readBody(c, shopRevisionBodySchema);
    const { account } = c.get('signedIn');
    const now = deps.now();
    return c.json(
      await edit(c, revision, async (stores, tenant) => {
        const last = await stores.shopEdits.lastPublish(account.retailerId);
        if (!last) throw new ApiProblem(400, 'Nothing to undo: no publish from the console is live.');
        await stores.shopEdits.markUndone(last.publishId, now);
        // The draft stays (it is what the owner was working on) under a new revision, as every write.
        const draft = await stores.shopEdits.draft(account.retailerId);
        await stores.shopEdits.saveDraft(account.retailerId, draft.prices, draft.parts, now);
        await stores.staff.record(account, 'undo-publish', `${editSummary(last.changes.length, last.parts)} back`, now);
        const parts: ShopPartsDraft = {};
        for (const published of last.parts) undoValue(published.part, published.before, parts);
        await recordSwitch(
          stores,
          tenant,
          {
            prices: last.changes.map(({ productId, sizeId, fromCents }) => ({
              productId,
              sizeId,
              priceCents: fromCents,
            })),
            parts,
          },
          now,
        );
      }).then((state) => followPreparationTime(c, state)),
    );
  });
}
