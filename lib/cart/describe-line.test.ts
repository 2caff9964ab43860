import { describe, expect, it } from 'vitest';
import {
  CHEESE,
  HAM,
  LARGE,
  MARGHERITA,
  OLIVES,
  PEPPERONI,
  SMALL,
  SUPREME,
  THIN,
  CRUST,
  cartItem,
  extra,
  half,
  option,
} from '../pricing/test-menu.ts';
import { describeLine, lineTitle } from './describe-line.ts';

describe('describeLine', () => {
  it.each([
    ['a plain pizza', cartItem(MARGHERITA, SMALL), ['Small'], 'Margherita'],
    [
      'an option, a double extra and a removed ingredient',
      cartItem(MARGHERITA, LARGE, {
        options: [{ ...option(CRUST, THIN), name: 'Thin' }],
        extras: [extra(CHEESE, 2), extra(HAM, -1)],
      }),
      ['Large', 'Thin', 'Extra Cheese ×2', 'No Ham'],
      'Margherita',
    ],
    [
      'a half-and-half with changes on each half',
      cartItem(MARGHERITA, LARGE, {
        isHalfHalf: true,
        extras: [extra(OLIVES)],
        secondHalf: half(PEPPERONI, LARGE, [extra(HAM, -1)]),
      }),
      ['Large', 'Half Margherita, half Pepperoni', 'Margherita half: Extra Olives', 'Pepperoni half: No Ham'],
      'Margherita / Pepperoni',
    ],
    [
      'a half-and-half with an option and nothing changed on the halves',
      cartItem(SUPREME, SMALL, {
        isHalfHalf: true,
        options: [{ ...option(CRUST, THIN), name: 'Thin' }],
        secondHalf: half(MARGHERITA, SMALL),
      }),
      ['Small', 'Half Supreme, half Margherita', 'Thin'],
      'Supreme / Margherita',
    ],
  ])('%s', (_name, line, words, title) => {
    expect(describeLine(line)).toEqual(words);
    expect(lineTitle(line)).toBe(title);
  });
});

describe('lineTitle', () => {
  it.each([
    ['a whole pizza', { productName: 'Margherita', secondHalf: null }, 'Margherita'],
    ['a line saved before halves were recorded', { productName: 'Margherita' }, 'Margherita'],
    [
      'a half-and-half, first half first',
      { productName: 'Margherita', secondHalf: { productName: 'Diavola' } },
      'Margherita / Diavola',
    ],
    [
      'the halves the other way round',
      { productName: 'Diavola', secondHalf: { productName: 'Margherita' } },
      'Diavola / Margherita',
    ],
    [
      'the builder before the line exists: a chosen half by name only',
      { productName: 'Plain Cheese', secondHalf: { productName: 'Hot Honey Pepperoni' } },
      'Plain Cheese / Hot Honey Pepperoni',
    ],
  ])('%s', (_name, line, title) => {
    expect(lineTitle(line)).toBe(title);
  });
});
