import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { cartLine, lineUuid, onEachStore, orderBody } from './support/test-support.ts';

await onEachStore(({ api }) => {
  const storedClosedDate = async (encryptedOrderId: string) =>
    (
      await api.db
        .selectFrom('orders')
        .select('closed_date')
        .where('encrypted_order_id', '=', encryptedOrderId)
        .executeTakeFirstOrThrow()
    ).closed_date;

  describe("the order's closedDate", () => {
    // test-pizza is closed for Christmas (25-26 Dec 2030) and has a delivery-only closure on 26 Jan 2030.
    it.each([
      [
        'delivery for Christmas night, sent as not closed',
        {
          isPickup: false,
          orderForLater: true,
          orderForLaterRequestDateTime: '2030-12-25T18:00:00+11:00',
          closedDate: false,
        },
        1,
      ],
      [
        'pickup for Boxing Day, inside the same closure',
        {
          isPickup: true,
          orderForLater: true,
          orderForLaterRequestDateTime: '2030-12-26T12:00:00+11:00',
          closedDate: false,
        },
        1,
      ],
      [
        'an ordinary evening, sent as closed',
        {
          isPickup: false,
          orderForLater: true,
          orderForLaterRequestDateTime: '2030-03-06T19:00:00+11:00',
          closedDate: true,
        },
        0,
      ],
      [
        'pickup on the delivery-only closure',
        {
          isPickup: true,
          orderForLater: true,
          orderForLaterRequestDateTime: '2030-01-26T19:00:00+11:00',
          closedDate: true,
        },
        0,
      ],
      ['ordering now, on an open day', { closedDate: true }, 0],
    ])("is worked out from the shop's closed dates for the order time: %s", async (name, overrides, expected) => {
      const answer = await api.call(apiCalls.createOrder.path, {
        body: orderBody([cartLine(lineUuid(`closed-${name}`))], overrides),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(await storedClosedDate(apiCalls.createOrder.response.parse(answer.body).encryptedOrderId)).toBe(expected);
    });
  });
});
