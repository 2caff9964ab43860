import { expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { shopResponseSchema } from '../../../lib/api/shop-contract.ts';
import { loadTenant } from '../../../lib/tenant/load.ts';
import { pizzaSizes } from './fixtures/orders.ts';
import { publishableTenants, shopStaff } from './support/shop-staff.ts';
import { cartLine, lineUuid, onEachStore, orderBody, TEST_CUSTOMER } from './support/test-support.ts';

/**
 * Issue 29, item 5: one anonymous place-order of 200 lines × 99 pizzas ($356,400, cash) was
 * accepted and sent to the kitchen. A shop's orders are bounded (retailerInfo.maxOrderValue and
 * maxOrderItems, by default $1,000 and 100 items) and a larger one is refused with a sentence
 * that sends the customer to the phone.
 */

const tenants = publishableTenants();

await onEachStore(
  ({ api, store }) => {
    let labels = 0;
    /** Creates the order as the storefront does, then places it for pickup; answers place-order's answer and the order's id. */
    async function place(lines: (label: string) => ReturnType<typeof cartLine>[], expectedTotal: number) {
      const products = lines(`bounds-${store}-${(labels += 1)}`);
      const created = await api.call(apiCalls.createOrder.path, { body: orderBody(products, { isPickup: true }) });
      const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
      const answer = await api.call(apiCalls.placeOrder.path, {
        body: {
          order: orderBody(products, { encryptedOrderId, isPickup: true }),
          contact: TEST_CUSTOMER,
          delivery: null,
          paymentMethod: 'cash',
          expectedTotal,
        },
      });
      return { answer, encryptedOrderId };
    }
    const placedAt = async (encryptedOrderId: string) =>
      (
        await api.db
          .selectFrom('orders')
          .select('placed_at')
          .where('encrypted_order_id', '=', encryptedOrderId)
          .executeTakeFirstOrThrow()
      ).placed_at;

    it("refuses the probe's 200 lines × 99 pizzas, cash, telling the customer to call the shop; nothing reaches the kitchen", async () => {
      const { answer, encryptedOrderId } = await place(
        (label) =>
          Array.from({ length: 200 }, (_, index) => cartLine(`${label}-${index}`, { quantity: 99, historicPrice: 18 })),
        356_400,
      );
      const sentence =
        'Online orders are limited to 100 items. For a larger order, please call Test Pizza on 03 9000 0000.';
      expect(answer).toMatchObject({
        status: 422,
        body: { success: false, message: sentence, issues: [{ path: 'products', message: sentence }] },
      });
      expect(await placedAt(encryptedOrderId)).toBeNull();
    });

    it('refuses an order over $1,000 of fewer than 100 items, and places one just under it', async () => {
      const large = (count: number) => (label: string) => [
        cartLine(lineUuid(label), { size: pizzaSizes.large, quantity: count, historicPrice: 16 }),
      ];
      const over = await place(large(63), 1008);
      expect(over.answer).toMatchObject({
        status: 422,
        body: {
          message:
            'Online orders are limited to $1,000.00. For a larger order, please call Test Pizza on 03 9000 0000.',
        },
      });
      expect(await placedAt(over.encryptedOrderId)).toBeNull();
      const under = await place(large(62), 992);
      expect(under.answer.status).toBe(200);
      expect(await placedAt(under.encryptedOrderId)).not.toBeNull();
    });

    const { ownerToken, kitchenToken, draftParts, publish, undo } = shopStaff(api);
    const draftBounds = async (token: string, orderBounds: unknown) => draftParts(token, { orderBounds });
    const fileBounds = async () => {
      const { maxOrderValue, maxOrderItems } = (await loadTenant(tenants.dir(), 'test-pizza')).config.retailerInfo;
      return { maxOrderValue, maxOrderItems };
    };
    const smallMargheritas = (quantity: number) => (label: string) => [cartLine(label, { quantity })];

    it('lets the owner lower the limits, not to 0 nor past a sane bound, and place-order refuses a larger order at once; the kitchen cannot change them', async () => {
      const lowered = { maxOrderCents: 10_000, maxOrderItems: 10 };
      expect((await draftBounds(kitchenToken(), lowered)).status).toBe(403);
      expect((await publish(kitchenToken())).status).toBe(403);
      for (const refused of [
        { maxOrderCents: 0, maxOrderItems: 10 },
        { maxOrderCents: 10_000, maxOrderItems: 0 },
        { maxOrderCents: 100_000_000, maxOrderItems: 10 },
        { maxOrderCents: 10_000, maxOrderItems: 100_000 },
        { maxOrderCents: 10_000 },
      ])
        expect((await draftBounds(ownerToken(), refused)).status, JSON.stringify(refused)).toBe(400);
      expect(await fileBounds()).toEqual({ maxOrderValue: 1000, maxOrderItems: 100 });

      const drafted = shopResponseSchema.parse((await draftBounds(ownerToken(), lowered)).body);
      expect(drafted.partChanges).toEqual([
        {
          part: 'orderBounds',
          title: 'Order limits',
          lines: ['Online orders up to $1,000.00 → $100.00', 'Online orders up to 100 items → 10 items'],
        },
      ]);
      const published = await publish();
      expect(published.status).toBe(200);
      expect(await fileBounds()).toEqual({ maxOrderValue: 100, maxOrderItems: 10 });

      const call11 =
        'Online orders are limited to 10 items. For a larger order, please call Test Pizza on 03 9000 0000.';
      const over = await place(smallMargheritas(11), 132);
      expect(over.answer).toMatchObject({ status: 422, body: { message: call11 } });
      expect(await placedAt(over.encryptedOrderId)).toBeNull();
      const dear = await place(smallMargheritas(9), 108);
      expect(dear.answer).toMatchObject({
        status: 422,
        body: {
          message: 'Online orders are limited to $100.00. For a larger order, please call Test Pizza on 03 9000 0000.',
        },
      });
      expect(await placedAt(dear.encryptedOrderId)).toBeNull();
      const within = await place(smallMargheritas(8), 96);
      expect(within.answer.status).toBe(200);

      // Undo publish puts the shipped limits back, and the order refused a moment ago goes through.
      const undone = await undo();
      expect(undone.status).toBe(200);
      expect(await fileBounds()).toEqual({ maxOrderValue: 1000, maxOrderItems: 100 });
      expect((await place(smallMargheritas(11), 132)).answer.status).toBe(200);
    });
  },
  { api: tenants.options },
);
