import { buildCartLine, type BuiltLine } from '../cart/line-builder.ts';
import type { Catalogue } from '../pricing/catalogue.ts';
import { applySpecials, slotMatcher } from '../pricing/specials.ts';
import { specialLine, type PricedLine } from '../pricing/totals.ts';
import { ANY, type ClockStatus, type Special } from '../tenant/index.ts';
import { orderTimeRefusal } from '../time/order-time-reasons.ts';
import type { ScheduleInput } from '../time/schedule.ts';
import type { OrderType } from '../cart/schemas.ts';
import { isSpecialAllowedFor, specialAvailability, type SpecialContext } from './special-availability.ts';

/** One unit a special asks for ("Pizza 2 of 2"), with the products and sizes that may fill it. */
export interface SpecialUnit {
  key: string;
  label: string;
  candidates: { productId: number; name: string; sizes: { retailerProductSizeId: number; name: string }[] }[];
}

/** A unit filled by the customer: a product at a size, with the choices its product requires. */
export interface FilledUnit {
  productId: number;
  retailerProductSizeId: number;
  options: Record<number, number>;
}

function unitName(special: Special, slotIndex: number, catalogue: Catalogue): string {
  const slot = special.retailerSpecialItems[slotIndex];
  if (!slot) return 'Item';
  if (slot.productId !== ANY) return catalogue.products.get(slot.productId)?.name ?? 'Item';
  if (slot.productGroupId !== ANY) return catalogue.groups.get(slot.productGroupId)?.name ?? 'Item';
  return 'Item';
}

/** The units of a special, each slot repeated by its quantity, with what can fill each one. */
export function specialUnits(special: Special, catalogue: Catalogue): SpecialUnit[] {
  return special.retailerSpecialItems.flatMap((slot, slotIndex) => {
    const fits = slotMatcher(slot, special, catalogue.allowHalfHalfInSpecials);
    const candidates = [...catalogue.offers.values()]
      .map((offer) => ({
        productId: offer.product.productId,
        name: offer.product.name,
        sortOrder: offer.product.sortOrder,
        sizes: [...offer.sizes.values()]
          .filter((size) =>
            fits({
              uuid: '',
              quantity: 1,
              isHalfHalf: false,
              halves: [
                {
                  productId: offer.product.productId,
                  productGroupId: offer.product.productGroupId,
                  retailerProductSizeId: size.retailerProductSizeId,
                },
              ],
              baseCents: 0,
              halfHalfSurchargeCents: 0,
              unitCents: 0,
            }),
          )
          .map((size) => ({ retailerProductSizeId: size.retailerProductSizeId, name: size.name })),
      }))
      .filter((candidate) => candidate.sizes.length > 0)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
      .map(({ productId, name, sizes }) => ({ productId, name, sizes }));
    const name = unitName(special, slotIndex, catalogue);
    return Array.from({ length: slot.qty }, (_, unit) => ({
      key: `${slotIndex}-${unit}`,
      label: slot.qty > 1 ? `${name} ${unit + 1} of ${slot.qty}` : name,
      candidates,
    }));
  });
}

export interface SpecialPreview {
  lines: BuiltLine[];
  /** What the units cost on their own. */
  regularCents: number;
  /** What they cost with the special applied. */
  dealCents: number;
  savingCents: number;
  /** False when the filled units do not make up the special (or it saves nothing). */
  applies: boolean;
}

/**
 * The cart lines of a filled special and what the special saves on them, by the same rules the
 * cart applies: the saving shown before adding is the discount the cart will show.
 */
export function previewSpecial(
  special: Special,
  units: readonly FilledUnit[],
  catalogue: Catalogue,
  orderType: OrderType,
): SpecialPreview {
  const built = units.map((unit, index) => ({
    uuid: `unit-${index}`,
    ...buildCartLine(
      catalogue,
      {
        productId: unit.productId,
        retailerProductSizeId: unit.retailerProductSizeId,
        options: unit.options,
        extras: {},
        removed: [],
        secondHalf: null,
        quantity: 1,
      },
      { addedBySpecialPop: true },
    ),
  }));
  const priced: PricedLine[] = built.map(({ uuid, price }) => ({
    uuid,
    quantity: 1,
    price,
    unitCents: price.unitCents,
    lineCents: price.unitCents,
  }));
  const applied = applySpecials(priced.map(specialLine), [special], {
    orderType,
    isSpecialAvailable: () => true,
    allowHalfHalfInSpecials: catalogue.allowHalfHalfInSpecials,
  });
  const regularCents = priced.reduce((sum, line) => sum + line.lineCents, 0);
  const savingCents = applied.reduce((sum, use) => sum + use.discountCents, 0);
  return {
    lines: built.map(({ line }) => line),
    regularCents,
    dealCents: regularCents - savingCents,
    savingCents,
    applies: applied.length > 0,
  };
}

/**
 * Why a deal cannot be added to an order as it stands (its service, its order time), in the
 * customer's words with when it is available; null when it can. A deal added is the deal charged,
 * so one that could not apply is never added.
 */
export function dealRefusal(special: Special, context: SpecialContext): string | null {
  if (!isSpecialAllowedFor(special, context.orderType))
    return `${special.name} is for ${context.orderType === 'delivery' ? 'pickup' : 'delivery'} orders only.`;
  const availability = specialAvailability(special, context.groups, context.groupHours, context.at, context.zone);
  if (availability.available) return null;
  return `Not available at your order time. ${availability.nextText ?? availability.text}.`;
}

/**
 * The order time a refused deal offers to set: when it is next available, if the shop takes orders
 * for the service then (the order-time picker's own check); null when it is available now, is
 * refused for the service, or no such time can be ordered for.
 */
export function dealLaterTime(
  special: Special,
  context: SpecialContext,
  schedule: ScheduleInput,
  now: Date,
  clockStatus?: ClockStatus,
): Date | null {
  if (!isSpecialAllowedFor(special, context.orderType)) return null;
  const { available, nextAvailableAt } = specialAvailability(
    special,
    context.groups,
    context.groupHours,
    context.at,
    context.zone,
  );
  if (available || nextAvailableAt === null) return null;
  return orderTimeRefusal(schedule, context.orderType, nextAvailableAt, now, { clockStatus }) === null
    ? nextAvailableAt
    : null;
}
