import {
  cartProductSchema,
  type CartExtra,
  type CartHalf,
  type CartOption,
  type CartProduct,
} from '../cart/schemas.ts';
import {
  productDetailsSchema,
  productsInfoSchema,
  productsInfoSsrSchema,
  retailerConfigSchema,
  specialSchema,
  type ProductGroup,
  type RetailerConfig,
  type RetailerInfo,
  type Special,
} from '../tenant/index.ts';
import { catalogueFromTenant, type Catalogue, type CatalogueSource } from './catalogue.ts';

/**
 * A small pizza shop shared by the pricing and cart tests. Prices are picked so that float
 * arithmetic on dollars would drift (4.95, 0.10, 0.20, 19.95).
 */
export const PIZZAS = 1;
export const DRINKS = 2;
export const SIDES = 3;
export const DESSERTS = 4;

export const SMALL = 11;
export const LARGE = 12;
export const CAN = 21;
export const REGULAR_SIDE = 31;
export const REGULAR_DESSERT = 41;

export const MARGHERITA = 101;
export const PEPPERONI = 102;
export const SUPREME = 103;
export const COLA = 201;
export const GARLIC_BREAD = 301;
export const WEDGES = 302;
export const BROWNIE = 401;

export const CRUST = 501;
export const CLASSIC = 5011;
export const THIN = 5012;
export const STUFFED = 5013;
export const DIP = 502;
export const GARLIC_DIP = 5021;
export const NO_DIP = 5022;

export const CHEESE = 601;
export const OLIVES = 602;
export const PRAWNS = 603;
export const HAM = 604;
export const BASIL = 605;

export const menuSource = (): CatalogueSource => ({
  productsInfoSsr: productsInfoSsrSchema.parse({
    groups: [
      { productGroupId: PIZZAS, name: 'Pizzas', allowHalfHalf: true, halfHalfSurcharge: 2 },
      { productGroupId: DRINKS, name: 'Drinks' },
      { productGroupId: SIDES, name: 'Sides', extraPrice: 1.5 },
      { productGroupId: DESSERTS, name: 'Desserts', availableForAllHours: false },
    ],
    products: [
      { productId: MARGHERITA, productGroupId: PIZZAS, name: 'Margherita', minPrice: 12, isHalfHalf: true },
      { productId: PEPPERONI, productGroupId: PIZZAS, name: 'Pepperoni', minPrice: 13.25, isHalfHalf: true },
      { productId: SUPREME, productGroupId: PIZZAS, name: 'Supreme', minPrice: 14.1, isHalfHalf: true },
      { productId: COLA, productGroupId: DRINKS, name: 'Cola', minPrice: 3.5 },
      { productId: GARLIC_BREAD, productGroupId: SIDES, name: 'Garlic bread', minPrice: 4.95 },
      { productId: WEDGES, productGroupId: SIDES, name: 'Wedges', minPrice: 6.1 },
      { productId: BROWNIE, productGroupId: DESSERTS, name: 'Brownie', minPrice: 5 },
    ],
  }),
  productsInfo: productsInfoSchema.parse({
    sizes: [
      {
        retailerProductSizeId: SMALL,
        productGroupId: PIZZAS,
        productSizeId: 1,
        name: 'Small',
        price: 10,
        defaultProductPrice: 10,
      },
      {
        retailerProductSizeId: LARGE,
        productGroupId: PIZZAS,
        productSizeId: 2,
        name: 'Large',
        price: 15,
        defaultProductPrice: 15,
      },
      {
        retailerProductSizeId: CAN,
        productGroupId: DRINKS,
        productSizeId: 3,
        name: 'Can',
        price: 3.5,
        defaultProductPrice: 3.5,
      },
      {
        retailerProductSizeId: REGULAR_SIDE,
        productGroupId: SIDES,
        productSizeId: 4,
        name: 'Regular',
        price: 4.95,
        defaultProductPrice: 4.95,
      },
      {
        retailerProductSizeId: REGULAR_DESSERT,
        productGroupId: DESSERTS,
        productSizeId: 4,
        name: 'Regular',
        price: 5,
        defaultProductPrice: 5,
      },
    ],
    options: [
      {
        retailerProductOptionId: CRUST,
        name: 'Crust',
        choices: [
          { retailerProductOptionChoiceId: CLASSIC, name: 'Classic', defaultPrice: 0 },
          { retailerProductOptionChoiceId: THIN, name: 'Thin', defaultPrice: 0.1 },
          { retailerProductOptionChoiceId: STUFFED, name: 'Stuffed', defaultPrice: 3.2 },
        ],
      },
      {
        retailerProductOptionId: DIP,
        name: 'Dip',
        choices: [
          { retailerProductOptionChoiceId: GARLIC_DIP, name: 'Garlic', defaultPrice: 0.2 },
          { retailerProductOptionChoiceId: NO_DIP, name: 'No dip', defaultPrice: -0.5 },
        ],
      },
    ],
    ingredients: [
      { ingredientId: CHEESE, name: 'Cheese', price: 2, defaultExtraPrice: 1 },
      { ingredientId: OLIVES, name: 'Olives', price: 0.1, defaultExtraPrice: 0.2 },
      { ingredientId: PRAWNS, name: 'Prawns', price: 4.5, defaultExtraPrice: 1, overrideGroupPrice: true },
      { ingredientId: HAM, name: 'Ham', price: 0.2, defaultExtraPrice: 0.3 },
      { ingredientId: BASIL, name: 'Basil', price: 0.1, defaultExtraPrice: 0.1 },
    ],
  }),
  productDetails: productDetailsSchema.parse([
    pizzaDetail(MARGHERITA, 'Margherita', 12, 18.5, [CHEESE, BASIL]),
    pizzaDetail(PEPPERONI, 'Pepperoni', 13.25, 19.95, [CHEESE, HAM]),
    pizzaDetail(SUPREME, 'Supreme', 14.1, 22.4, [CHEESE, HAM, OLIVES]),
    {
      productId: COLA,
      productGroupId: DRINKS,
      name: 'Cola',
      minPrice: 3.5,
      productSizes: [
        {
          retailerProductSizeId: CAN,
          productGroupId: DRINKS,
          productSizeId: 3,
          name: 'Can',
          price: 3.5,
          defaultProductPrice: 3.5,
        },
      ],
    },
    sideDetail(GARLIC_BREAD, 'Garlic bread', 4.95),
    sideDetail(WEDGES, 'Wedges', 6.1),
    {
      productId: BROWNIE,
      productGroupId: DESSERTS,
      name: 'Brownie',
      minPrice: 5,
      productSizes: [
        {
          retailerProductSizeId: REGULAR_DESSERT,
          productGroupId: DESSERTS,
          productSizeId: 4,
          name: 'Regular',
          price: 5,
          defaultProductPrice: 5,
        },
      ],
    },
  ]),
  config: retailerConfig(),
});

function pizzaDetail(productId: number, name: string, small: number, large: number, ingredients: number[]) {
  return {
    productId,
    productGroupId: PIZZAS,
    name,
    minPrice: small,
    isHalfHalf: true,
    productSizes: [
      {
        retailerProductSizeId: SMALL,
        productGroupId: PIZZAS,
        productSizeId: 1,
        name: 'Small',
        price: small,
        defaultProductPrice: 10,
      },
      {
        retailerProductSizeId: LARGE,
        productGroupId: PIZZAS,
        productSizeId: 2,
        name: 'Large',
        price: large,
        defaultProductPrice: 15,
      },
    ],
    productOptions: [{ retailerProductOptionId: CRUST }],
    productExtras: [CHEESE, OLIVES, PRAWNS, HAM, BASIL].map((ingredientId) => ({ ingredientId })),
    productIngredients: ingredients.map((ingredientId) => ({ ingredientId })),
  };
}

function sideDetail(productId: number, name: string, price: number) {
  return {
    productId,
    productGroupId: SIDES,
    name,
    minPrice: price,
    productSizes: [
      {
        retailerProductSizeId: REGULAR_SIDE,
        productGroupId: SIDES,
        productSizeId: 4,
        name: 'Regular',
        price,
        defaultProductPrice: 4.95,
      },
    ],
    productOptions: [{ retailerProductOptionId: DIP }],
    productExtras: [CHEESE, OLIVES, PRAWNS].map((ingredientId) => ({ ingredientId })),
    productIngredients: [{ ingredientId: CHEESE }],
  };
}

function retailerConfig(): RetailerConfig {
  return retailerConfigSchema.parse({
    retailerId: 111,
    retailerWebsiteId: 7,
    retailerLayout: {},
    retailerCSS: {
      background: '#ffffff',
      foreground: '#000000',
      primary: '#cc0000',
      'primary-foreground': '#ffffff',
      secondary: '#eeeeee',
    },
    retailerSEO: { title: 'Test Pizza' },
    retailerInfo: { name: 'Test Pizza', baseDeliveryFee: 5.5, minOrderValueDelivery: 25, minOrderValuePickup: 0 },
    retailerPaymentTypes: {},
  });
}

/** The shop's catalogue with some retailer settings or product groups changed. */
export function testCatalogue(
  changes: {
    retailerInfo?: Partial<RetailerInfo>;
    allowHalfHalfInSpecials?: boolean;
    groups?: Record<number, Partial<ProductGroup>>;
  } = {},
): Catalogue {
  const source = menuSource();
  const groups = source.productsInfoSsr.groups.map((group) => ({
    ...group,
    ...changes.groups?.[group.productGroupId],
  }));
  return catalogueFromTenant({
    ...source,
    productsInfoSsr: { ...source.productsInfoSsr, groups },
    config: {
      ...source.config,
      allowHalfHalfInSpecials: changes.allowHalfHalfInSpecials ?? source.config.allowHalfHalfInSpecials,
      retailerInfo: { ...source.config.retailerInfo, ...changes.retailerInfo },
    },
  });
}

const catalogue = testCatalogue();

function sizeOf(productId: number, retailerProductSizeId: number) {
  const offer = catalogue.offers.get(productId);
  const size = offer?.sizes.get(retailerProductSizeId) ?? catalogue.sizes.get(retailerProductSizeId);
  if (!size) throw new Error(`test menu has no size ${retailerProductSizeId}`);
  return size;
}

function productName(productId: number): string {
  return catalogue.products.get(productId)?.name ?? `Product ${productId}`;
}

export const extra = (ingredientId: number, quantity = 1): CartExtra => ({
  ingredientId,
  quantity,
  name: catalogue.ingredients.get(ingredientId)?.name ?? `Ingredient ${ingredientId}`,
  price: 0,
  defaultExtraPrice: 0,
  overrideGroupPrice: false,
});

export const option = (retailerProductOptionId: number, retailerProductOptionChoiceId: number): CartOption => ({
  retailerProductOptionId,
  retailerProductOptionChoiceId,
  name: `Choice ${retailerProductOptionChoiceId}`,
  defaultPrice: 0,
});

export const half = (productId: number, retailerProductSizeId: number, extras: CartExtra[] = []): CartHalf => ({
  productId,
  productGroupId: catalogue.products.get(productId)?.productGroupId ?? PIZZAS,
  productName: productName(productId),
  size: sizeOf(productId, retailerProductSizeId),
  extras,
});

let uuidCounter = 0;

/** A cart line as the store would hold it; the stored historicPrice is deliberately meaningless unless given. */
export function cartItem(
  productId: number,
  retailerProductSizeId: number,
  changes: Partial<CartProduct> = {},
): CartProduct {
  uuidCounter += 1;
  return cartProductSchema.parse({
    uuid: `line-${uuidCounter}`,
    productId,
    productGroupId: catalogue.products.get(productId)?.productGroupId ?? PIZZAS,
    productName: productName(productId),
    size: sizeOf(productId, retailerProductSizeId),
    quantity: 1,
    historicPrice: 0,
    timeStamp: 1_700_000_000_000,
    ...changes,
  });
}

export const halfHalf = (
  first: number,
  second: number,
  retailerProductSizeId: number,
  changes: Partial<CartProduct> = {},
): CartProduct =>
  cartItem(first, retailerProductSizeId, {
    isHalfHalf: true,
    secondHalf: half(second, retailerProductSizeId),
    ...changes,
  });

let specialCounter = 0;

export function special(changes: Partial<Special> & Pick<Special, 'price' | 'retailerSpecialItems'>): Special {
  specialCounter += 1;
  return specialSchema.parse({ retailerSpecialId: 900 + specialCounter, name: `Deal ${specialCounter}`, ...changes });
}

/** A special slot: -1 (any) unless given. */
export const slot = (
  changes: { productGroupId?: number; retailerProductSizeId?: number; productId?: number; qty?: number } = {},
) => ({
  productGroupId: -1,
  retailerProductSizeId: -1,
  productId: -1,
  qty: 1,
  ...changes,
});
