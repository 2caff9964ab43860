import { expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import type { TipChoice } from '../../../lib/cart/tip.ts';
import { shopPaths, shopResponseSchema } from '../../../lib/api/shop-contract.ts';
import { staffAuditResponseSchema } from '../../../lib/api/staff-contract.ts';
import { loadTenant } from '../../../lib/tenant/load.ts';
import { publishableTenants, shopStaff } from './support/shop-staff.ts';
import { onEachStore, sendPizzaPickup } from './support/test-support.ts';

/**
 * Issue 30, item 2, the owner's side: the tips checkout offers are a part of the Shop view. The
 * owner turns them on or off and chooses the percentages (the tenant file's schema: at most four,
 * whole, 1 to 50, each once); after Publish the served config and place-order hold the new ones,
 * Undo publish puts the old ones back. test-pizza ships 10, 15 and 20 %; its two large
 * Margheritas come to $32 of food.
 */

const tenants = publishableTenants();

await onEachStore(
  ({ api, store }) => {
    const { ownerToken, kitchenToken, call, draftParts, publish: publishDraft, undo } = shopStaff(api);
    const draftTips = async (token: string, tips: unknown) => draftParts(token, { tips });
    const publish = async () => {
      const answer = await publishDraft();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return shopResponseSchema.parse(answer.body);
    };
    const fileTips = async () => (await loadTenant(tenants.dir(), 'test-pizza')).config.retailerInfo.tips;
    const servedTips = async () =>
      apiCalls.getRetailerConfig.response.parse((await api.call(apiCalls.getRetailerConfig.path)).body).retailerInfo
        .tips;
    let labels = 0;
    const tipped = async (tip: TipChoice, expectedTip: number) =>
      (await sendPizzaPickup(api, `tip-settings-${store}-${(labels += 1)}`, null, { tip, expectedTip })).placed;

    it('refuses the kitchen, and refuses percentages the tenant file would not take, leaving the shop as it was', async () => {
      expect((await draftTips(kitchenToken(), { offered: false })).status).toBe(403);
      for (const refused of [
        { offered: true, percentages: [5, 10, 15, 20, 25] },
        { offered: true, percentages: [0] },
        { offered: true, percentages: [51] },
        { offered: true, percentages: [12.5] },
        { offered: true, percentages: [15, 15] },
        { offered: true },
        { offered: 'yes', percentages: [10] },
        { percentages: [10] },
      ])
        expect((await draftTips(ownerToken(), refused)).status, JSON.stringify(refused)).toBe(400);
      expect(await fileTips()).toEqual({ percentages: [10, 15, 20] });
      expect(shopResponseSchema.parse((await call(shopPaths.shop, ownerToken())).body).partChanges).toEqual([]);
    });

    it('publishes new percentages to the file, the served config and place-order at once; off takes tips away; Undo publish puts them back', async () => {
      const drafted = shopResponseSchema.parse(
        (await draftTips(ownerToken(), { offered: true, percentages: [25, 5] })).body,
      );
      expect(drafted.partChanges).toEqual([
        {
          part: 'tips',
          title: 'Tips',
          lines: [
            'Checkout offers 10%, 15%, 20% or an amount of the customer’s own → 25%, 5% or an amount of the customer’s own',
          ],
        },
      ]);
      expect((await publish()).parts.published.tips).toEqual({ offered: true, percentages: [25, 5] });
      expect(await fileTips()).toEqual({ percentages: [25, 5] });
      expect(await servedTips()).toEqual({ percentages: [25, 5] });

      const quarter = await tipped({ kind: 'percent', percent: 25 }, 8);
      expect(quarter.status, JSON.stringify(quarter.body)).toBe(200);
      expect(apiCalls.placeOrder.response.parse(quarter.body).placement).toMatchObject({ tip: 8, tipPercent: 25 });
      expect((await tipped({ kind: 'percent', percent: 15 }, 4.8)).body).toMatchObject({
        message: 'This shop does not offer a 15% tip. Please choose the tip again.',
      });

      const off = shopResponseSchema.parse((await draftTips(ownerToken(), { offered: false })).body);
      expect(off.partChanges[0]?.lines).toEqual([
        'Checkout offers 25%, 5% or an amount of the customer’s own → no tips',
      ]);
      await publish();
      expect(await fileTips()).toBeUndefined();
      expect(await servedTips()).toBeUndefined();
      const own = await tipped({ kind: 'amount', amount: 5 }, 5);
      expect(own).toMatchObject({ status: 422, body: { message: 'This shop does not take tips online.' } });
      expect((await sendPizzaPickup(api, `tip-settings-${store}-none`)).placed.status).toBe(200);

      const undone = await undo();
      expect(undone.status).toBe(200);
      expect(await fileTips()).toEqual({ percentages: [25, 5] });
      expect((await tipped({ kind: 'percent', percent: 5 }, 1.6)).status).toBe(200);

      const audit = staffAuditResponseSchema.parse((await call('/staff/audit?limit=3', ownerToken())).body).entries;
      expect(audit.map((entry) => [entry.action, entry.subject])).toEqual([
        ['undo-publish', 'Tips back'],
        ['publish', 'Tips'],
        ['save-draft', 'Tips in the draft'],
      ]);
    });
  },
  { api: tenants.options },
);
