import { z } from 'zod';
import { MAX_DISH_PRICE_CENTS } from '../tenant/primitives.ts';

/** An amount the owner types into the console (a price, a fee, a minimum order), in cents. */
export const shopCents = z
  .int()
  .min(0, 'expected 0 or more cents')
  .max(MAX_DISH_PRICE_CENTS, `expected at most ${MAX_DISH_PRICE_CENTS} cents`);
