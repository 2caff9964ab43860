import { describe, expect, it } from 'vitest';
import { CHEESE, HAM, LARGE, MARGHERITA, OLIVES, PEPPERONI, SMALL, THIN, CRUST, cartItem, extra, half, option } from '../pricing/test-menu.ts';
import { describeLine, lineTitle } from './describe-line.ts';

describe('describeLine', () => {
  it.each([
    ['a plain pizza', cartItem(MARGHERITA, SMALL), ['Small'], 'Margherita'],
    ['an option, a double extra and a removed ingredient', cartItem(MARGHERITA, LARGE, { options: [{ ...option(CRUST, THIN), name: 'Thin' }], extras: [extra(CHEESE, 2), extra(HAM, -1)] }), ['Large', 'Thin', 'Extra Cheese ×2', 'No Ham'], 'Margherita'],
    [
      'a half-and-half with changes on each half',
      cartItem(MARGHERITA, LARGE, { isHalfHalf: true, extras: [extra(OLIVES)], secondHalf: half(PEPPERONI, LARGE, [extra(HAM, -1)]) }),
      ['Large', 'Half Margherita, half Pepperoni', 'Margherita half: Extra Olives', 'Pepperoni half: No Ham'],
      'Margherita / Pepperoni',
    ],
  ])('%s', (_name, line, words, title) => {
    expect(describeLine(line)).toEqual(words);
    expect(lineTitle(line)).toBe(title);
  });
});
