import { describe, expect, it } from 'vitest';
import { isSpecialAvailableFor } from '../menu/special-availability.ts';
import { catalogueFromTenant } from '../pricing/catalogue.ts';
import { cartTotals } from '../pricing/totals.ts';
import type { DeliverySuburb, DeliveryZone } from '../tenant/index.ts';
import { loadTenant } from '../tenant/load.ts';
import { checkPlacement } from './checkout.ts';
import {
  deliveryQuote,
  pricingTerms,
  quotedTotals,
  quoteText,
  termsVaryBySuburb,
  type DeliveryQuote,
  type DeliveryRetailer,
} from './delivery-quote.ts';
import { buildCartLine } from './line-builder.ts';
import { buildOrderPayload } from './order-payload.ts';
import type { OrderType } from './schemas.ts';

const zone = (zoneId: number, deliveryFee: number | null, minOrderValue: number | null): DeliveryZone => ({
  zoneId,
  name: `Zone ${zoneId}`,
  colour: '',
  deliveryFee,
  minOrderValue,
  polygon: [],
});
const suburb = (suburbId: number, zoneId: number | null): DeliverySuburb => ({
  suburbId,
  name: `Suburb ${suburbId}`,
  postcode: '3000',
  zoneId,
});

/** A shop whose base fee is $6.50 and base delivery minimum $30, delivering to suburbs 1 (zone 1) and 2 (zone 2). */
function shop(zones: DeliveryZone[], suburbs: DeliverySuburb[] = [suburb(1, 1), suburb(2, 2)]): DeliveryRetailer {
  return {
    deliveryZones: zones,
    deliverySuburbs: suburbs,
    config: { retailerInfo: { baseDeliveryFee: 6.5, minOrderValueDelivery: 30 } },
  };
}

describe('deliveryQuote', () => {
  it.each<[string, DeliveryRetailer, number | null, DeliveryQuote['kind'], string]>([
    [
      'zones without their own fee or minimum: the spec’s base fee',
      shop([zone(1, null, null), zone(2, null, null)]),
      null,
      'flat',
      'Delivery $6.50, minimum order $30.00',
    ],
    [
      'suburbs outside any zone: the base fee',
      shop([], [suburb(1, null), suburb(2, null)]),
      null,
      'flat',
      'Delivery $6.50, minimum order $30.00',
    ],
    ['no suburbs listed: the base fee', shop([], []), null, 'flat', 'Delivery $6.50, minimum order $30.00'],
    [
      'zones all charging the same own fee: that fee, before the suburb is known',
      shop([zone(1, 8, 35), zone(2, 8, 35)]),
      null,
      'flat',
      'Delivery $8.00, minimum order $35.00',
    ],
    [
      'zones with different fees, suburb not chosen: the range',
      shop([zone(1, 6.5, 30), zone(2, 8.5, 40)]),
      null,
      'range',
      'Delivery $6.50–$8.50 and minimum order $30.00–$40.00, set by your suburb.',
    ],
    [
      'zones with one fee but different minimums: the minimum’s range',
      shop([zone(1, 6.5, 30), zone(2, 6.5, 40)]),
      null,
      'range',
      'Delivery $6.50 and minimum order $30.00–$40.00, set by your suburb.',
    ],
    [
      'a zone without its own fee counts at the base fee',
      shop([zone(1, null, 30), zone(2, 9, 30)]),
      null,
      'range',
      'Delivery $6.50–$9.00, set by your suburb.',
    ],
    [
      'the customer’s suburb in the dearer zone',
      shop([zone(1, 6.5, 30), zone(2, 8.5, 40)]),
      2,
      'suburb',
      'Zone 2: delivery $8.50, minimum order $40.00',
    ],
    [
      'the customer’s suburb in a zone without its own terms',
      shop([zone(1, null, null), zone(2, 8.5, 40)]),
      1,
      'suburb',
      'Zone 1: delivery $6.50, minimum order $30.00',
    ],
    [
      'a saved suburb the shop no longer delivers to: unknown again',
      shop([zone(1, 6.5, 30), zone(2, 8.5, 40)]),
      99,
      'range',
      'Delivery $6.50–$8.50 and minimum order $30.00–$40.00, set by your suburb.',
    ],
  ])('%s', (_name, retailer, suburbId, kind, words) => {
    const quote = deliveryQuote(retailer, suburbId);
    expect(quote.kind).toBe(kind);
    expect(quoteText(quote)).toBe(words);
    expect(termsVaryBySuburb(retailer)).toBe(
      suburbId === null ? kind === 'range' : deliveryQuote(retailer, null).kind === 'range',
    );
  });

  it('prices an unknown suburb at the lowest fee and minimum, never more than any suburb', () => {
    expect(pricingTerms(deliveryQuote(shop([zone(1, 9, 45), zone(2, 7, 35)]), null))).toEqual({
      feeCents: 700,
      minimumCents: 3500,
    });
  });
});

const bella = await loadTenant('tenants', 'bella-napoli');
const catalogue = catalogueFromTenant(bella);
// Wednesday 25 November 2026, 7:00 pm in Melbourne: both services open.
const wednesdayEvening = new Date('2026-11-25T08:00:00Z');
const [small, large] = [201, 202];
const CARLTON = 1;
const FITZROY_NORTH = 4;

function margheritas(...sizes: number[]) {
  return sizes.map((retailerProductSizeId) => ({
    ...buildCartLine(catalogue, {
      productId: 1101,
      retailerProductSizeId,
      options: {},
      extras: {},
      removed: [],
      secondHalf: null,
      quantity: 1,
    }).line,
    uuid: crypto.randomUUID(),
    timeStamp: 0,
  }));
}

/** The cart's totals as the storefront prices them for the order's suburb (or none). */
function cartFor(products: ReturnType<typeof margheritas>, orderType: OrderType, suburbId: number | null) {
  const quote = deliveryQuote(bella, suburbId);
  const context = {
    orderType,
    at: wednesdayEvening,
    groups: bella.productsInfoSsr.groups,
    groupHours: bella.groupHours,
    zone: bella.config.retailerInfo.timeZoneDiff,
  };
  const totals = cartTotals(products, catalogue, {
    orderType,
    specials: bella.specials,
    isSpecialAvailable: (special) => isSpecialAvailableFor(special, context),
    delivery: pricingTerms(quote),
  });
  return { quote, totals };
}

describe('what bella-napoli’s cart says of the delivery fee (zone 1 $6.50 / $30, zones 2 and 3 $8.50 / $40)', () => {
  it.each<
    [
      string,
      number[],
      OrderType,
      number | null,
      { deliveryFee: string; total: string; final: boolean; minimumNote: string | null },
    ]
  >([
    [
      'a $22 pizza, suburb not chosen',
      [large],
      'delivery',
      null,
      {
        deliveryFee: '$6.50–$8.50',
        total: '$28.50–$30.50',
        final: false,
        minimumNote: 'The minimum for delivery is $30.00–$40.00, set by your suburb. Add at least $8.00 more to order.',
      },
    ],
    [
      '$38 of pizza, suburb not chosen: enough for Carlton, not for Brunswick',
      [small, large],
      'delivery',
      null,
      {
        deliveryFee: '$6.50–$8.50',
        total: '$44.50–$46.50',
        final: false,
        minimumNote: 'The minimum for delivery is $30.00–$40.00, set by your suburb.',
      },
    ],
    [
      '$44 of pizza, suburb not chosen: enough anywhere',
      [large, large],
      'delivery',
      null,
      { deliveryFee: '$6.50–$8.50', total: '$50.50–$52.50', final: false, minimumNote: null },
    ],
    [
      '$44 of pizza to Carlton',
      [large, large],
      'delivery',
      CARLTON,
      { deliveryFee: '$6.50', total: '$50.50', final: true, minimumNote: null },
    ],
    [
      '$44 of pizza to Fitzroy North',
      [large, large],
      'delivery',
      FITZROY_NORTH,
      { deliveryFee: '$8.50', total: '$52.50', final: true, minimumNote: null },
    ],
    [
      '$38 of pizza to Fitzroy North',
      [small, large],
      'delivery',
      FITZROY_NORTH,
      {
        deliveryFee: '$8.50',
        total: '$46.50',
        final: true,
        minimumNote: 'The minimum for delivery is $40.00. Add $2.00 more to order.',
      },
    ],
    [
      '$22 for pickup: no fee, whatever the suburb',
      [large],
      'pickup',
      null,
      { deliveryFee: '$0.00', total: '$22.00', final: true, minimumNote: null },
    ],
  ])('%s', (_name, sizes, orderType, suburbId, expected) => {
    const { quote, totals } = cartFor(margheritas(...sizes), orderType, suburbId);
    expect(quotedTotals(totals, quote, orderType)).toEqual(expected);
  });

  it.each(bella.deliverySuburbs.map((each) => [`${each.name} ${each.postcode}`, each.suburbId] as const))(
    '%s: the cart’s total is the one placing the order charges',
    (_name, suburbId) => {
      const products = margheritas(large, large);
      const { totals } = cartFor(products, 'delivery', suburbId);
      const payload = buildOrderPayload(
        {
          encryptedOrderId: 'order-1',
          retailerId: bella.config.retailerId,
          orderType: 'delivery',
          products,
          deliveryFeeCents: totals.deliveryFee,
          orderForLater: false,
          orderForLaterRequestDateTime: null,
        },
        wednesdayEvening,
      );
      const placed = checkPlacement(
        {
          payload,
          paymentMethod: 'cash',
          delivery: { street: '12 Lygon St', suburbId, instructions: '' },
          expectedTotal: totals.total / 100,
        },
        bella,
        catalogue,
        wednesdayEvening,
      );
      expect(placed).toMatchObject({ ok: true, totals: { deliveryFee: totals.deliveryFee, total: totals.total } });
    },
  );
});
