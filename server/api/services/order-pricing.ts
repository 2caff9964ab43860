import type { CartProduct, OrderPayload } from '../../../lib/cart/schemas.ts';
import type { Catalogue } from '../../../lib/pricing/catalogue.ts';
import { catalogueLine } from '../../../lib/pricing/catalogue-line.ts';
import { PricingError } from '../../../lib/pricing/item-price.ts';
import { placementTotals } from '../../../lib/cart/checkout.ts';
import { closedDateApplies } from '../../../lib/cart/order-payload.ts';
import type { TotalsContext } from '../../../lib/pricing/totals.ts';
import type { Tenant } from '../../../lib/tenant/tenant.ts';
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
  /** What the retailer's specials take off at the order's time, by the storefront's own rules. */
  discountCents: number;
  deliveryFeeCents: number;
}

/**
 * Prices every line from the retailer's current menu with the domain engine and describes it as the
 * menu does: the client's prices, names and sizes are ignored. Each line keeps its own price; the
 * specials available at the order time (the requested later time, else now) give the discount.
 * Line uuids are unique (the API's order body checks it).
 */
export function priceOrder(
  payload: OrderPayload,
  catalogue: Catalogue,
  tenant: Pick<Tenant, 'specials' | 'groupHours' | 'productsInfoSsr' | 'config' | 'closedDates'>,
  now: Date,
  delivery?: TotalsContext['delivery'],
): PricedOrder {
  try {
    const totals = placementTotals(payload, tenant, catalogue, now, delivery ?? null);
    const unitCents = new Map(totals.lines.map((line) => [line.uuid, line.unitCents]));
    return {
      // The kitchen's closed-date flag follows the shop's own closed dates, whatever the client said.
      payload: {
        ...payload,
        closedDate: closedDateApplies(
          { closedDates: tenant.closedDates, retailerInfo: tenant.config.retailerInfo },
          payload,
          now,
        ),
      },
      lines: payload.products.flatMap((product) => {
        const unit = unitCents.get(product.uuid);
        return unit === undefined ? [] : [{ product: catalogueLine(product, catalogue), unitCents: unit }];
      }),
      subTotalCents: totals.subtotal,
      discountCents: totals.discount,
      deliveryFeeCents: totals.deliveryFee,
    };
  } catch (error) {
    if (error instanceof PricingError)
      throw new ApiProblem(422, `Cart line cannot be priced: ${error.message}`, {
        issues: [{ path: 'products', message: error.code }],
      });
    throw error;
  }
}
