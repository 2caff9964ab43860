import { shopPaths, shopResponseSchema } from '../../../../lib/api/shop-contract.ts';
import type { DishPrice } from '../../../../lib/shop/dish-prices.ts';
import type { ShopState } from '../../../../lib/shop/shop-state.ts';
import type { ShopPartsDraft } from '../../../../lib/shop/parts/index.ts';
import type { StaffClient } from '../../shell/client.ts';

/** The shop-editing calls of the staff API, over the console's client; loaded only with the Shop view, so the parts' schemas stay out of the board's first load. */
export function shopCalls({ call }: Pick<StaffClient, 'call'>) {
  return {
    shop: (): Promise<ShopState> =>
      call({ method: 'GET', path: shopPaths.shop, schema: shopResponseSchema, signedIn: true }),
    saveDraft: (revision: number, prices: DishPrice[], parts: ShopPartsDraft): Promise<ShopState> =>
      call({
        method: 'PUT',
        path: shopPaths.draft,
        body: { revision, prices, parts },
        schema: shopResponseSchema,
        signedIn: true,
      }),
    publish: (revision: number): Promise<ShopState> =>
      call({ method: 'POST', path: shopPaths.publish, body: { revision }, schema: shopResponseSchema, signedIn: true }),
    undoPublish: (revision: number): Promise<ShopState> =>
      call({ method: 'POST', path: shopPaths.undo, body: { revision }, schema: shopResponseSchema, signedIn: true }),
  };
}

export type ShopCalls = ReturnType<typeof shopCalls>;
