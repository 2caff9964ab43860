import type { CartDeal, OrderType } from '../cart/schemas.ts';
import { ANY, type RetailerSpecialItem, type Special } from '../tenant/index.ts';
import type { PricedHalf } from './item-price.ts';
import { toCents } from './money.ts';

export type { OrderType } from '../cart/schemas.ts';

/** A priced cart line as the specials engine sees it; all amounts are per unit. */
export interface SpecialLine {
  uuid: string;
  quantity: number;
  isHalfHalf: boolean;
  halves: readonly PricedHalf[];
  baseCents: number;
  halfHalfSurchargeCents: number;
  unitCents: number;
  /** The deal the line was added through, if any: it is charged that deal, not the one the priority rule picks. */
  deal?: CartDeal | null;
}

export interface SpecialsContext {
  orderType: OrderType;
  /** Whether the special's hours (and its groups' hours) allow it at the order time. */
  isSpecialAvailable: (special: Special) => boolean;
  /** The retailer-wide switch; a special must also allow half-and-halfs itself. */
  allowHalfHalfInSpecials: boolean;
}

/** One use of a special. A special that fits twice appears twice. */
export interface AppliedSpecial {
  retailerSpecialId: number;
  name: string;
  /** The special's price plus its half-and-half surcharge for each half-and-half it took. */
  priceCents: number;
  /** What the taken units would cost outside the special: size prices and half-and-half surcharges. */
  replacedCents: number;
  /** Saved by the special, always more than zero. */
  discountCents: number;
  items: { uuid: string; quantity: number }[];
}

/** specialDelivMethod 1 is not for delivery orders, 2 is not for pickup orders, 0 is for both. */
export function specialFitsOrderType(special: Special, orderType: OrderType): boolean {
  if (special.specialDelivMethod === 1) return orderType !== 'delivery';
  if (special.specialDelivMethod === 2) return orderType !== 'pickup';
  return true;
}

export type LineMatcher = (line: SpecialLine) => boolean;

/**
 * Turns a slot into a predicate once, so matching a cart against many specials compares plain
 * numbers. A half-and-half fits only when both halves would, and only when both the retailer and
 * the special allow half-and-halfs.
 */
export function slotMatcher(
  slot: RetailerSpecialItem,
  special: Special,
  allowHalfHalfInSpecials: boolean,
): LineMatcher {
  const { productGroupId, productId, retailerProductSizeId } = slot;
  const anyGroup = productGroupId === ANY;
  const anyProduct = productId === ANY;
  const anySize = retailerProductSizeId === ANY;
  const excludedProducts = new Set(special.excludedProductIds);
  const excludedGroups = new Set(special.excludedProductGroupIds);
  const excludedSizes = new Set(special.excludedRetailerProductSizeIds);
  const halvesAllowed = allowHalfHalfInSpecials && special.allowHalfHalfsInSpecials;
  const halfFits = (half: PricedHalf): boolean =>
    (anyGroup || productGroupId === half.productGroupId) &&
    (anyProduct || productId === half.productId) &&
    (anySize || retailerProductSizeId === half.retailerProductSizeId) &&
    !excludedProducts.has(half.productId) &&
    !excludedGroups.has(half.productGroupId) &&
    !excludedSizes.has(half.retailerProductSizeId);
  return (line) => (!line.isHalfHalf || halvesAllowed) && line.halves.every(halfFits);
}

/**
 * Lower priority numbers go first (1 before 5); among equals the dearer special goes first
 * because it usually bundles more items. Ties fall back to the id so the result never depends
 * on the order the API listed them in.
 */
export function compareSpecials(a: Special, b: Special): number {
  return a.priority - b.priority || b.price - a.price || a.retailerSpecialId - b.retailerSpecialId;
}

const replacedUnitCents = (line: SpecialLine): number => line.baseCents + line.halfHalfSurchargeCents;

interface Candidate {
  index: number;
  line: SpecialLine;
}

interface Slot {
  qty: number;
  /** Dearest first, so the customer gets the biggest saving. */
  candidates: Candidate[];
}

function slotsOf(special: Special, dearestFirst: readonly Candidate[], allowHalfHalfInSpecials: boolean): Slot[] {
  const slots = special.retailerSpecialItems.map((item) => {
    const fits = slotMatcher(item, special, allowHalfHalfInSpecials);
    return { qty: item.qty, candidates: dearestFirst.filter(({ line }) => fits(line)) };
  });
  // The most constrained slot picks first so a flexible slot does not take the only unit a strict one can use.
  return slots.sort((a, b) => a.candidates.length - b.candidates.length);
}

interface Taken {
  line: SpecialLine;
  quantity: number;
}

function takeUnits(slots: readonly Slot[], remaining: readonly number[]): Map<number, Taken> | null {
  const taken = new Map<number, Taken>();
  for (const slot of slots) {
    let needed = slot.qty;
    for (const { index, line } of slot.candidates) {
      if (needed === 0) break;
      const already = taken.get(index)?.quantity ?? 0;
      const free = (remaining[index] ?? 0) - already;
      if (free <= 0) continue;
      const take = Math.min(free, needed);
      taken.set(index, { line, quantity: already + take });
      needed -= take;
    }
    if (needed > 0) return null;
  }
  return taken;
}

/**
 * Fits specials to the cart: each available special, best first, takes units as long as it
 * finds all its slots filled and saves money. A special replaces the size prices (and the
 * half-and-half surcharges) of what it takes; extras and options are still charged.
 */
export function applySpecials(
  lines: readonly SpecialLine[],
  specials: readonly Special[],
  context: SpecialsContext,
): AppliedSpecial[] {
  const remaining = lines.map((line) => line.quantity);
  const dearestFirst = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => replacedUnitCents(b.line) - replacedUnitCents(a.line) || a.index - b.index);
  let unitsLeft = remaining.reduce((sum, quantity) => sum + quantity, 0);
  const applied: AppliedSpecial[] = [];
  const usable = specials
    .filter((special) => specialFitsOrderType(special, context.orderType) && context.isSpecialAvailable(special))
    .sort(compareSpecials);

  for (const special of usable) {
    const slotUnits = special.retailerSpecialItems.reduce((sum, item) => sum + item.qty, 0);
    if (slotUnits > unitsLeft) continue;
    const slots = slotsOf(special, dearestFirst, context.allowHalfHalfInSpecials);
    const specialCents = toCents(special.price);
    const halfHalfSurchargeCents = toCents(special.specialSurchargeForHalfHalf);

    for (let taken = takeUnits(slots, remaining); taken !== null; taken = takeUnits(slots, remaining)) {
      let replacedCents = 0;
      let chargedCents = 0;
      let priceCents = specialCents;
      for (const { line, quantity } of taken.values()) {
        replacedCents += replacedUnitCents(line) * quantity;
        chargedCents += line.unitCents * quantity;
        if (line.isHalfHalf) priceCents += halfHalfSurchargeCents * quantity;
      }
      // Never discount more than the taken units cost, so credits cannot turn a line negative.
      const discountCents = Math.min(replacedCents - priceCents, chargedCents);
      if (discountCents <= 0) break;
      for (const [index, { quantity }] of taken) remaining[index] = (remaining[index] ?? 0) - quantity;
      unitsLeft -= slotUnits;
      applied.push({
        retailerSpecialId: special.retailerSpecialId,
        name: special.name,
        priceCents,
        replacedCents,
        discountCents,
        items: [...taken.values()].map(({ line, quantity }) => ({ uuid: line.uuid, quantity })),
      });
    }
  }
  return applied;
}

/** A deal the customer chose in its builder that does not apply to its lines (at the order time, for the service, or since they were changed). */
export interface UnmetDeal {
  retailerSpecialId: number;
  dealId: string;
  /** Null when the shop no longer offers the special. */
  name: string | null;
}

export interface CartSpecials {
  applied: AppliedSpecial[];
  unmet: UnmetDeal[];
}

/**
 * The specials of a cart. Lines added through a deal's builder are charged that deal (once per
 * use of the builder), whatever its priority: it is the deal the customer saw and chose. The
 * priority rule then decides among the specials matched automatically, over the other lines and
 * any unit a chosen deal did not take. A chosen deal that cannot apply leaves its lines to the
 * automatic match and is reported, so the cart can say so.
 */
export function applyCartSpecials(
  lines: readonly SpecialLine[],
  specials: readonly Special[],
  context: SpecialsContext,
): CartSpecials {
  const remaining = new Map(lines.map((line) => [line.uuid, line.quantity]));
  const chosen = new Map<string, { deal: CartDeal; lines: SpecialLine[] }>();
  for (const line of lines) {
    if (!line.deal) continue;
    const key = `${line.deal.retailerSpecialId}:${line.deal.dealId}`;
    const group = chosen.get(key) ?? { deal: line.deal, lines: [] };
    group.lines.push(line);
    chosen.set(key, group);
  }
  const applied: AppliedSpecial[] = [];
  const unmet: UnmetDeal[] = [];
  for (const { deal, lines: dealLines } of chosen.values()) {
    const special = specials.find((candidate) => candidate.retailerSpecialId === deal.retailerSpecialId);
    const use = special ? applySpecials(dealLines, [special], context)[0] : undefined;
    if (!use) {
      unmet.push({ retailerSpecialId: deal.retailerSpecialId, dealId: deal.dealId, name: special?.name ?? null });
      continue;
    }
    applied.push(use);
    for (const item of use.items) remaining.set(item.uuid, (remaining.get(item.uuid) ?? 0) - item.quantity);
  }
  const rest = lines
    .map((line) => ({ ...line, quantity: remaining.get(line.uuid) ?? 0 }))
    .filter((line) => line.quantity > 0);
  applied.push(...applySpecials(rest, specials, context));
  return { applied, unmet };
}
