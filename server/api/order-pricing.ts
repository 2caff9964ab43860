import type { CartProduct, OrderPayload } from '../../src/lib/cart/schemas.ts';
import type { Catalogue } from '../../src/lib/pricing/catalogue.ts';
import { catalogueLine } from '../../src/lib/pricing/catalogue-line.ts';
import { PricingError } from '../../src/lib/pricing/item-price.ts';
import { cartTotals } from '../../src/lib/pricing/totals.ts';
import { ApiProblem } from './problems.ts';

export interface PricedLine {
  product: CartProduct;
  unitCents: number;
}

/** An order as the server prices it: the client's prices are ignored, the catalogue's are stored. */
export interface PricedOrder {
  payload: OrderPayload;
  lines: PricedLine[];
  subTotalCents: number;
  deliveryFeeCents: number;
}

/**
 * Prices every line from the retailer's current menu with the domain engine and describes it as the
 * menu does: the client's prices, names and sizes are ignored. Specials are not applied here: what
 * the order stores is each line's own price, the discount is the storefront's view.
 * Line uuids are unique (the API's order body checks it).
 */
export function priceOrder(payload: OrderPayload, catalogue: Catalogue): PricedOrder {
  try {
    const totals = cartTotals(payload.products, catalogue, { orderType: payload.isPickup ? 'pickup' : 'delivery', specials: [], isSpecialAvailable: () => false });
    const unitCents = new Map(totals.lines.map((line) => [line.uuid, line.unitCents]));
    return {
      payload,
      lines: payload.products.flatMap((product) => {
        const unit = unitCents.get(product.uuid);
        return unit === undefined ? [] : [{ product: catalogueLine(product, catalogue), unitCents: unit }];
      }),
      subTotalCents: totals.subtotal,
      deliveryFeeCents: totals.deliveryFee,
    };
  } catch (error) {
    if (error instanceof PricingError) throw new ApiProblem(422, `Cart line cannot be priced: ${error.message}`, { issues: [{ path: 'products', message: error.code }] });
    throw error;
  }
}
