import { formatMoney, toCents } from '../pricing/money.ts';
import type { CartTotals } from '../pricing/totals.ts';
import type { DeliverySuburb, DeliveryZone, RetailerConfig, Tenant } from '../tenant/index.ts';
import type { OrderType } from './schemas.ts';

/** What delivery pricing needs of a retailer: where it delivers and its base fee and minimum. */
export type DeliveryRetailer = Pick<Tenant, 'deliverySuburbs' | 'deliveryZones'> & {
  config: { retailerInfo: Pick<RetailerConfig['retailerInfo'], 'baseDeliveryFee' | 'minOrderValueDelivery'> };
};

export interface DeliveryTerms {
  feeCents: number;
  minimumCents: number;
}

export interface Span {
  low: number;
  high: number;
}

/**
 * The delivery fee and minimum the customer will be charged, as far as it is known:
 * - `suburb`: the customer's suburb is known, so its zone's terms (or the base ones);
 * - `flat`: no suburb yet, but every suburb costs the same, so that is the fee;
 * - `range`: no suburb yet and the zones differ, so only the lowest and highest are known.
 */
export type DeliveryQuote =
  | ({ kind: 'suburb'; suburb: DeliverySuburb; zone: DeliveryZone | null } & DeliveryTerms)
  | ({ kind: 'flat' } & DeliveryTerms)
  | { kind: 'range'; fee: Span; minimum: Span };

/**
 * The fee and minimum of delivering to a suburb: its zone's own when set, the retailer's base
 * values (the spec's rule, "delivery fee equals baseDeliveryFee") otherwise. Null for a suburb the
 * retailer does not deliver to.
 */
export function deliveryTermsFor(retailer: DeliveryRetailer, suburbId: number) {
  const suburb = retailer.deliverySuburbs.find((candidate) => candidate.suburbId === suburbId) ?? null;
  if (!suburb) return null;
  const zone = retailer.deliveryZones.find((candidate) => candidate.zoneId === suburb.zoneId) ?? null;
  const { baseDeliveryFee, minOrderValueDelivery } = retailer.config.retailerInfo;
  return {
    suburb,
    zone,
    feeCents: toCents(zone?.deliveryFee ?? baseDeliveryFee),
    minimumCents: toCents(zone?.minOrderValue ?? minOrderValueDelivery),
  };
}

const spanOf = (values: readonly number[]): Span => ({ low: Math.min(...values), high: Math.max(...values) });

/** The delivery terms for the customer's suburb, or, while it is unknown (null, or no longer on the list), what every suburb has in common. */
export function deliveryQuote(retailer: DeliveryRetailer, suburbId: number | null): DeliveryQuote {
  const known = suburbId === null ? null : deliveryTermsFor(retailer, suburbId);
  if (known) return { kind: 'suburb', ...known };
  const { baseDeliveryFee, minOrderValueDelivery } = retailer.config.retailerInfo;
  const everywhere = retailer.deliverySuburbs.flatMap((suburb) => deliveryTermsFor(retailer, suburb.suburbId) ?? []);
  if (everywhere.length === 0)
    return { kind: 'flat', feeCents: toCents(baseDeliveryFee), minimumCents: toCents(minOrderValueDelivery) };
  const fee = spanOf(everywhere.map((terms) => terms.feeCents));
  const minimum = spanOf(everywhere.map((terms) => terms.minimumCents));
  if (fee.low === fee.high && minimum.low === minimum.high)
    return { kind: 'flat', feeCents: fee.low, minimumCents: minimum.low };
  return { kind: 'range', fee, minimum };
}

/** The terms the cart is priced with: the known ones, or while the suburb is unknown the lowest, so the cart never asks for more than any suburb would. */
export function pricingTerms(quote: DeliveryQuote): DeliveryTerms {
  return quote.kind === 'range'
    ? { feeCents: quote.fee.low, minimumCents: quote.minimum.low }
    : { feeCents: quote.feeCents, minimumCents: quote.minimumCents };
}

const spanText = (span: Span): string =>
  span.low === span.high ? formatMoney(span.low) : `${formatMoney(span.low)}–${formatMoney(span.high)}`;

/** Whether the suburb decides the fee or the minimum, so the cart should ask for it. */
export function termsVaryBySuburb(retailer: DeliveryRetailer): boolean {
  return deliveryQuote(retailer, null).kind === 'range';
}

/**
 * The delivery terms in words: "Carlton & Fitzroy: delivery $6.50, minimum order $30.00" once the
 * suburb is known, "Delivery $6.50–$8.50, set by your suburb." while it decides the fee.
 */
export function quoteText(quote: DeliveryQuote): string {
  if (quote.kind === 'range') {
    const minimum = quote.minimum.low === quote.minimum.high ? '' : ` and minimum order ${spanText(quote.minimum)}`;
    return `Delivery ${spanText(quote.fee)}${minimum}, set by your suburb.`;
  }
  const terms = `${formatMoney(quote.feeCents)}, minimum order ${formatMoney(quote.minimumCents)}`;
  return quote.kind === 'suburb' && quote.zone ? `${quote.zone.name}: delivery ${terms}` : `Delivery ${terms}`;
}

/** The cart's delivery fee, total and minimum as the customer reads them. */
export interface QuotedTotals {
  deliveryFee: string;
  total: string;
  /** False while the total still depends on the suburb: it is then shown as a range. */
  final: boolean;
  /** What is missing for the minimum order, or that the suburb may ask for more; null when nothing is. */
  minimumNote: string | null;
}

/**
 * Totals priced with `pricingTerms(quote)`, worded for the cart: a range wherever the suburb still
 * decides. `tipCents`, the customer's tip at checkout, is added to the total they pay.
 */
export function quotedTotals(
  totals: CartTotals,
  quote: DeliveryQuote,
  orderType: OrderType,
  tipCents = 0,
  promoCents = 0,
): QuotedTotals {
  const extra = tipCents - promoCents;
  const missing = `The minimum for ${orderType} is ${formatMoney(totals.minimumOrderValue)}. Add ${formatMoney(totals.shortfall)} more to order.`;
  if (orderType === 'pickup' || quote.kind !== 'range') {
    return {
      deliveryFee: formatMoney(totals.deliveryFee),
      total: formatMoney(totals.total + extra),
      final: true,
      minimumNote: totals.meetsMinimumOrder ? null : missing,
    };
  }
  const feeSpread = totals.deliveryFee === 0 ? 0 : quote.fee.high - quote.fee.low;
  const items = totals.subtotal - totals.discount;
  let minimumNote: string | null = null;
  if (quote.minimum.low !== quote.minimum.high && items < quote.minimum.high) {
    minimumNote = `The minimum for delivery is ${spanText(quote.minimum)}, set by your suburb.${totals.meetsMinimumOrder ? '' : ` Add at least ${formatMoney(totals.shortfall)} more to order.`}`;
  } else if (!totals.meetsMinimumOrder) {
    minimumNote = missing;
  }
  return {
    deliveryFee: spanText({ low: totals.deliveryFee, high: totals.deliveryFee + feeSpread }),
    total: spanText({ low: totals.total + extra, high: totals.total + extra + feeSpread }),
    final: feeSpread === 0,
    minimumNote,
  };
}
