import type { Catalogue, ProductOffer } from '../pricing/catalogue.ts';
import { extraUnitCents } from '../pricing/extras.ts';
import { canBeHalved, halfHalfSizeAllowed, halfHalfSizesText, onHalfCents } from '../pricing/half-half.ts';
import { priceCartItemParts, PricingError, type ItemPrice } from '../pricing/item-price.ts';
import { toCents, toDollars } from '../pricing/money.ts';
import type { Ingredient, RetailerInfo } from '../tenant/index.ts';
import type { CartDeal, CartExtra, CartHalf, CartOption, CartProduct } from './schemas.ts';

export const REMOVED_INGREDIENT = -1;
export const MAX_LINE_QUANTITY = 99;
export const MAX_EXTRA_QUANTITY = 10;

/** What the product builder offers for one product, priced for display. */
export interface ProductChoices {
  productId: number;
  productGroupId: number;
  name: string;
  description: string;
  sizes: { retailerProductSizeId: number; name: string; priceCents: number }[];
  options: {
    retailerProductOptionId: number;
    name: string;
    required: boolean;
    choices: { retailerProductOptionChoiceId: number; name: string; priceCents: number }[];
  }[];
  extras: { ingredientId: number; name: string; unitCents: number }[];
  /** Ingredients the customer may take off; `creditCents` is what removing one takes off the price (0 when the retailer gives nothing back). */
  ingredients: { ingredientId: number; name: string; creditCents: number }[];
  /** Other products of the group it can be halved with, each with the sizes both come in as halves; empty when it cannot be a half-and-half. */
  halfHalfPartners: { productId: number; name: string; sizeIds: number[] }[];
  /** This product's sizes a half-and-half is made in (all of them unless the group limits it); empty without partners. */
  halfHalfSizeIds: number[];
  halfHalfSurchargeCents: number;
}

/** The customer's choices for one half (or the whole product). Extras map ingredient id to quantity. */
export interface HalfSelection {
  productId: number;
  extras: Record<number, number>;
  removed: number[];
}

export interface LineSelection extends HalfSelection {
  retailerProductSizeId: number;
  /** Option id to the chosen choice id. */
  options: Record<number, number>;
  secondHalf: HalfSelection | null;
  quantity: number;
}

export interface LineFlags {
  addedByTrending?: boolean;
  addedBySpecialPop?: boolean;
  /** Set when the line is added through a deal's builder: it is charged that deal. */
  deal?: CartDeal;
}

export interface SelectionProblem {
  field: string;
  message: string;
}

function offerOf(catalogue: Catalogue, productId: number): ProductOffer {
  const offer = catalogue.offers.get(productId);
  if (!offer) throw new PricingError('unknown-product', `product ${productId} is not on the menu`);
  return offer;
}

function ingredientsOf(catalogue: Catalogue, ids: Iterable<number>): Ingredient[] {
  return [...ids].flatMap((ingredientId) => catalogue.ingredients.get(ingredientId) ?? []);
}

/** Everything the builder shows for a product, or null when it is not sold. */
export function productChoices(catalogue: Catalogue, productId: number): ProductChoices | null {
  const offer = catalogue.offers.get(productId);
  if (!offer) return null;
  const { retailerInfo } = catalogue;
  const halvableSizeIds = canBeHalved(offer)
    ? [...offer.sizes.keys()].filter((sizeId) => halfHalfSizeAllowed(offer.group, sizeId))
    : [];
  const partners =
    halvableSizeIds.length > 0
      ? [...catalogue.offers.values()]
          .filter(
            (other) =>
              other.product.productId !== productId &&
              other.product.productGroupId === offer.product.productGroupId &&
              canBeHalved(other),
          )
          .sort((a, b) => a.product.sortOrder - b.product.sortOrder || a.product.name.localeCompare(b.product.name))
          .map((other) => ({
            productId: other.product.productId,
            name: other.product.name,
            sizeIds: halvableSizeIds.filter((sizeId) => other.sizes.has(sizeId)),
          }))
          .filter((other) => other.sizeIds.length > 0)
      : [];
  return {
    productId,
    productGroupId: offer.product.productGroupId,
    name: offer.product.name,
    description: offer.product.description,
    sizes: [...offer.sizes.values()].map((size) => ({
      retailerProductSizeId: size.retailerProductSizeId,
      name: size.name,
      priceCents: toCents(size.price),
    })),
    options: [...offer.optionIds].flatMap((optionId) => {
      const option = catalogue.options.get(optionId);
      if (!option) return [];
      return [
        {
          retailerProductOptionId: option.retailerProductOptionId,
          name: option.name,
          required: option.required,
          choices: option.choices.map((choice) => ({
            retailerProductOptionChoiceId: choice.retailerProductOptionChoiceId,
            name: choice.name,
            priceCents: toCents(choice.defaultPrice),
          })),
        },
      ];
    }),
    extras: ingredientsOf(catalogue, offer.extraIds).map((ingredient) => ({
      ingredientId: ingredient.ingredientId,
      name: ingredient.name,
      unitCents: extraUnitCents(ingredient, offer.group, retailerInfo),
    })),
    ingredients: ingredientsOf(catalogue, offer.ingredientIds).map((ingredient) => ({
      ingredientId: ingredient.ingredientId,
      name: ingredient.name,
      creditCents: retailerInfo.ingredientsOffProductPrice ? extraUnitCents(ingredient, offer.group, retailerInfo) : 0,
    })),
    halfHalfPartners: partners,
    halfHalfSizeIds: partners.length > 0 ? halvableSizeIds : [],
    halfHalfSurchargeCents: partners.length > 0 ? toCents(offer.group.halfHalfSurcharge) : 0,
  };
}

/** A fresh selection: the cheapest size, nothing added or removed, one unit. Required options stay for the customer to choose. */
export function defaultSelection(choices: ProductChoices): LineSelection {
  const cheapest = [...choices.sizes].sort((a, b) => a.priceCents - b.priceCents)[0];
  return {
    productId: choices.productId,
    retailerProductSizeId: cheapest?.retailerProductSizeId ?? 0,
    options: {},
    extras: {},
    removed: [],
    secondHalf: null,
    quantity: 1,
  };
}

function halfSelectionOf(extras: readonly CartExtra[], productId: number): HalfSelection {
  return {
    productId,
    extras: Object.fromEntries(
      extras.filter((extra) => extra.quantity > 0).map((extra) => [extra.ingredientId, extra.quantity]),
    ),
    removed: extras.filter((extra) => extra.quantity === REMOVED_INGREDIENT).map((extra) => extra.ingredientId),
  };
}

/** The selection a cart line was built from, to reopen the builder on it. */
export function selectionFromLine(line: CartProduct): LineSelection {
  return {
    ...halfSelectionOf(line.extras, line.productId),
    retailerProductSizeId: line.size.retailerProductSizeId,
    options: Object.fromEntries(
      line.options.map((option) => [option.retailerProductOptionId, option.retailerProductOptionChoiceId]),
    ),
    secondHalf: line.secondHalf ? halfSelectionOf(line.secondHalf.extras, line.secondHalf.productId) : null,
    quantity: line.quantity,
  };
}

/** What stops the selection from going into the cart, each with the field to point at. */
export function selectionProblems(choices: ProductChoices, selection: LineSelection): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  if (!choices.sizes.some((size) => size.retailerProductSizeId === selection.retailerProductSizeId))
    problems.push({ field: 'size', message: 'Choose a size' });
  for (const option of choices.options) {
    if (option.required && selection.options[option.retailerProductOptionId] === undefined) {
      problems.push({
        field: `option-${option.retailerProductOptionId}`,
        message: `Choose a ${option.name.toLowerCase()}`,
      });
    }
  }
  if (selection.secondHalf !== null) {
    const partner = choices.halfHalfPartners.find(
      (candidate) => candidate.productId === selection.secondHalf?.productId,
    );
    if (!partner) problems.push({ field: 'second-half', message: 'Choose the other half' });
    else if (!choices.halfHalfSizeIds.includes(selection.retailerProductSizeId))
      problems.push({
        field: 'second-half',
        message: `Half & half is made in ${halfHalfSizesText(choices.sizes, choices.halfHalfSizeIds)} only`,
      });
    else if (!partner.sizeIds.includes(selection.retailerProductSizeId))
      problems.push({ field: 'second-half', message: `${partner.name} does not come in this size` });
  }
  if (!Number.isInteger(selection.quantity) || selection.quantity < 1 || selection.quantity > MAX_LINE_QUANTITY) {
    problems.push({ field: 'quantity', message: `Choose a quantity from 1 to ${MAX_LINE_QUANTITY}` });
  }
  return problems;
}

/**
 * A product's extras and removable ingredients priced as they are charged on one half of a
 * half-and-half: at half price when the retailer halves them (halfHalfIngredPriceType 2).
 */
export function extrasOnHalf(
  choices: Pick<ProductChoices, 'extras' | 'ingredients'>,
  halfHalfIngredPriceType: RetailerInfo['halfHalfIngredPriceType'],
): Pick<ProductChoices, 'extras' | 'ingredients'> {
  return {
    extras: choices.extras.map((extra) => ({
      ...extra,
      unitCents: onHalfCents(extra.unitCents, halfHalfIngredPriceType),
    })),
    // A credit rounds as a negative amount does; `0 -` keeps a zero credit 0 rather than -0.
    ingredients: choices.ingredients.map((ingredient) => ({
      ...ingredient,
      creditCents: 0 - onHalfCents(0 - ingredient.creditCents, halfHalfIngredPriceType),
    })),
  };
}

/** What the add button shows: the exact unit price of a complete selection, else the least it can come to. */
export interface BuilderPrice {
  unitCents: number;
  exact: boolean;
}

/**
 * The unit price to show while the customer builds the line. Until the required choices are made
 * it is the lowest price the line can reach from here: each open required option at its cheapest
 * choice, and a half-and-half the chosen size cannot make priced whole. Availability at the order
 * time does not change the price, so it does not make it inexact.
 */
export function builderPrice(catalogue: Catalogue, choices: ProductChoices, selection: LineSelection): BuilderPrice {
  const problems = selectionProblems(choices, selection);
  const exact = problems.length === 0;
  const cheapest = Object.fromEntries(
    choices.options
      .filter((option) => option.required && selection.options[option.retailerProductOptionId] === undefined)
      .flatMap((option) => {
        const choice = [...option.choices].sort((a, b) => a.priceCents - b.priceCents)[0];
        return choice ? [[option.retailerProductOptionId, choice.retailerProductOptionChoiceId]] : [];
      }),
  );
  const quantity = Math.min(Math.max(1, Math.trunc(selection.quantity) || 1), MAX_LINE_QUANTITY);
  const filled: LineSelection = { ...selection, options: { ...selection.options, ...cheapest }, quantity };
  const secondHalfFits = selectionProblems(choices, filled).every((problem) => problem.field !== 'second-half');
  const candidate = secondHalfFits ? filled : { ...filled, secondHalf: null };
  if (selectionProblems(choices, candidate).length === 0)
    return { unitCents: buildCartLine(catalogue, candidate).price.unitCents, exact };
  return { unitCents: Math.min(...choices.sizes.map((size) => size.priceCents)), exact: false };
}

/**
 * What the pizza comes to whole and with each other half the builder lists, priced as the add
 * button prices it: the list shows what each choice makes the pizza cost. A half already chosen
 * keeps its extras; another starts plain, as choosing it does.
 */
export function otherHalfPrices(
  catalogue: Catalogue,
  choices: ProductChoices,
  selection: LineSelection,
): { whole: BuilderPrice; halves: Map<number, BuilderPrice> } {
  const withHalf = (productId: number): HalfSelection =>
    selection.secondHalf?.productId === productId ? selection.secondHalf : { productId, extras: {}, removed: [] };
  return {
    whole: builderPrice(catalogue, choices, { ...selection, secondHalf: null }),
    halves: new Map(
      choices.halfHalfPartners.map((partner) => [
        partner.productId,
        builderPrice(catalogue, choices, { ...selection, secondHalf: withHalf(partner.productId) }),
      ]),
    ),
  };
}

function cartExtras(catalogue: Catalogue, half: HalfSelection): CartExtra[] {
  const entry = (ingredientId: number, quantity: number): CartExtra[] => {
    const ingredient = catalogue.ingredients.get(ingredientId);
    if (!ingredient) return [];
    return [
      {
        ingredientId,
        name: ingredient.name,
        quantity,
        price: ingredient.price,
        defaultExtraPrice: ingredient.defaultExtraPrice,
        overrideGroupPrice: ingredient.overrideGroupPrice,
      },
    ];
  };
  return [
    ...Object.entries(half.extras)
      .filter(([, quantity]) => quantity > 0)
      .flatMap(([ingredientId, quantity]) => entry(Number(ingredientId), Math.min(quantity, MAX_EXTRA_QUANTITY))),
    ...half.removed.flatMap((ingredientId) => entry(ingredientId, REMOVED_INGREDIENT)),
  ];
}

function sizeOf(offer: ProductOffer, retailerProductSizeId: number) {
  const size = offer.sizes.get(retailerProductSizeId);
  if (!size)
    throw new PricingError('unknown-size', `${offer.product.name} does not come in size ${retailerProductSizeId}`);
  return size;
}

/** A cart line without its uuid and time stamp, which the cart gives it when added. */
export type BuiltLine = Omit<CartProduct, 'uuid' | 'timeStamp'>;

/**
 * The cart line for a selection, priced by the same rules the cart and the server use, so the
 * builder, the cart and the order agree to the cent. Throws PricingError for a selection the
 * catalogue cannot sell; check `selectionProblems` first.
 */
export function buildCartLine(
  catalogue: Catalogue,
  selection: LineSelection,
  flags: LineFlags = {},
): { line: BuiltLine; price: ItemPrice } {
  const offer = offerOf(catalogue, selection.productId);
  const options: CartOption[] = Object.entries(selection.options).flatMap(([optionId, choiceId]) => {
    const option = catalogue.options.get(Number(optionId));
    const choice = option?.choices.find((candidate) => candidate.retailerProductOptionChoiceId === choiceId);
    if (!option || !choice) return [];
    return [
      {
        retailerProductOptionId: option.retailerProductOptionId,
        retailerProductOptionChoiceId: choice.retailerProductOptionChoiceId,
        name: choice.name,
        defaultPrice: choice.defaultPrice,
      },
    ];
  });
  let secondHalf: CartHalf | null = null;
  if (selection.secondHalf !== null) {
    const partner = offerOf(catalogue, selection.secondHalf.productId);
    secondHalf = {
      productId: partner.product.productId,
      productGroupId: partner.product.productGroupId,
      productName: partner.product.name,
      size: sizeOf(partner, selection.retailerProductSizeId),
      extras: cartExtras(catalogue, selection.secondHalf),
    };
  }
  const unpriced: BuiltLine = {
    productId: offer.product.productId,
    productGroupId: offer.product.productGroupId,
    productName: offer.product.name,
    size: sizeOf(offer, selection.retailerProductSizeId),
    isHalfHalf: secondHalf !== null,
    secondHalf,
    extras: cartExtras(catalogue, selection),
    options,
    quantity: selection.quantity,
    historicPrice: 0,
    orderProductId: null,
    addedBySuggestion: false,
    addedByTrending: flags.addedByTrending ?? false,
    addedBySpecialPop: flags.addedBySpecialPop ?? false,
    addedByAIRecommendation: false,
    deal: flags.deal ?? null,
  };
  const price = priceCartItemParts({ ...unpriced, uuid: 'unpriced', timeStamp: 0 }, catalogue);
  return { line: { ...unpriced, historicPrice: toDollars(price.unitCents) }, price };
}
