import { z } from 'zod';

/** A dish of the sample menus costs tens of dollars; a typo of three extra zeros is refused. */
export const MAX_DISH_PRICE_CENTS = 100_000;

/** An amount the owner types into the console (a price, a fee, a minimum order), in cents. */
export const shopCents = z
  .int()
  .min(0, 'expected 0 or more cents')
  .max(MAX_DISH_PRICE_CENTS, `expected at most ${MAX_DISH_PRICE_CENTS} cents`);
