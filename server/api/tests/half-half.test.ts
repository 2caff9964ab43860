import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { pizzaSizes } from './fixtures/orders.ts';
import {
  cartLine,
  FIXTURE_TENANTS,
  halfHalfLine,
  lineUuid,
  onEachStore,
  orderBody,
  tempDir,
} from './support/test-support.ts';

/**
 * Half-and-halves the menu does not sell, forged by a client, are refused by the server's price
 * check with nothing stored. The fixture shop halves its pizzas in Large only here, as a shop
 * that does not split a small would.
 */

const tenantsDir = tempDir();
beforeAll(() => {
  cpSync(FIXTURE_TENANTS, tenantsDir, { recursive: true });
  const file = join(tenantsDir, 'test-pizza', 'products-info-ssr.json');
  const menu = JSON.parse(readFileSync(file, 'utf8')) as {
    groups: { productGroupId: number; halfHalfSizeIds?: number[] }[];
  };
  for (const group of menu.groups)
    if (group.productGroupId === 1) group.halfHalfSizeIds = [pizzaSizes.large.retailerProductSizeId];
  writeFileSync(file, JSON.stringify(menu));
});
afterAll(() => rmSync(tenantsDir, { recursive: true, force: true }));

await onEachStore(
  ({ api }) => {
    let sequence = 0;
    const fresh = (name: string) => lineUuid(`half-${name}-${(sequence += 1)}`);
    const cola = {
      productId: 201,
      productGroupId: 2,
      productName: 'Cola',
      size: {
        retailerProductSizeId: 21,
        productGroupId: 2,
        productSizeId: 3,
        name: 'Can',
        price: 3.5,
        defaultProductPrice: 3.5,
      },
    };

    describe('half-and-halves the menu does not sell', () => {
      it('accepts a large half Margherita, half Pepperoni at the menu price', async () => {
        const answer = await api.call(apiCalls.createOrder.path, { body: orderBody([halfHalfLine(fresh('large'))]) });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const { encryptedOrderId } = apiCalls.createOrder.response.parse(answer.body);
        const stored = apiCalls.getOrder.response.parse(
          (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body,
        );
        expect(
          stored.products.map((line) => [line.productName, line.secondHalf?.productName, line.historicPrice]),
        ).toEqual([['Margherita', 'Pepperoni', 21]]);
      });

      it.each([
        [
          'in a size the shop does not halve',
          () =>
            cartLine(fresh('small'), {
              isHalfHalf: true,
              historicPrice: 1,
              secondHalf: { productId: 102, productGroupId: 1, productName: 'Pepperoni', size: pizzaSizes.small },
            }),
          /not made half-and-half in Small/,
        ],
        [
          'with halves of two sizes, to pay half a small for half a large',
          () =>
            cartLine(fresh('mixed'), {
              size: pizzaSizes.large,
              isHalfHalf: true,
              historicPrice: 1,
              secondHalf: { productId: 102, productGroupId: 1, productName: 'Pepperoni', size: pizzaSizes.small },
            }),
          /must be the same size/,
        ],
        [
          'with a drink as the other half',
          () =>
            cartLine(fresh('cola'), { size: pizzaSizes.large, isHalfHalf: true, historicPrice: 1, secondHalf: cola }),
          /cannot be made half-and-half/,
        ],
      ])('refuses one %s with 422 and stores nothing', async (_name, line, message) => {
        const before = await api.counts();
        const answer = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine(fresh('ok')), line()]) });
        expect(answer.status).toBe(422);
        expect((answer.body as { message: string }).message).toMatch(message);
        expect(await api.counts()).toEqual(before);
      });
    });
  },
  { api: () => ({ tenantsDir }) },
);
