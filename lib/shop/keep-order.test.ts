import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withPrices } from './dish-prices.ts';
import { keepOrder } from './keep-order.ts';

const lines = (value: unknown) => JSON.stringify(value, null, 2).split('\n');
const differing = (a: unknown, b: unknown) => {
  const [left, right] = [lines(a), lines(b)];
  return left.flatMap((line, index) => (line === right[index] ? [] : [`${line.trim()} → ${right[index]?.trim()}`]));
};

describe('keepOrder', () => {
  it.each([
    { case: 'keys back in the raw order', raw: { b: 1, a: 2 }, value: { a: 3, b: 1 }, expected: '{"b":1,"a":3}' },
    { case: 'new keys after the old ones', raw: { b: 1 }, value: { c: 2, b: 1 }, expected: '{"b":1,"c":2}' },
    { case: 'removed keys stay removed', raw: { b: 1, a: 2 }, value: { a: 2 }, expected: '{"a":2}' },
    {
      case: 'nested in arrays',
      raw: [{ y: 1, x: { q: 1, p: 2 } }],
      value: [{ x: { p: 2, q: 3 }, y: 1 }],
      expected: '[{"y":1,"x":{"q":3,"p":2}}]',
    },
    {
      case: 'a longer array keeps its new items as they are',
      raw: [{ b: 1, a: 1 }],
      value: [
        { a: 1, b: 1 },
        { a: 2, b: 2 },
      ],
      expected: '[{"b":1,"a":1},{"a":2,"b":2}]',
    },
    { case: 'values that are not objects', raw: { a: [1, 2] }, value: { a: 'x' }, expected: '{"a":"x"}' },
  ])('$case', ({ raw, value, expected }) => {
    expect(JSON.stringify(keepOrder(raw, value))).toBe(expected);
  });

  it('lets a published price change only its own lines of the menu files', () => {
    const read = (file: string) => JSON.parse(readFileSync(`tenants/bella-napoli/${file}`, 'utf8')) as unknown;
    const files = { productsInfoSsr: read('products-info-ssr.json'), productDetails: read('product-details.json') };
    // Margherita's Small, its lowest price: the size's price and the dish's "from" price in both files.
    const edited = withPrices(files, [{ productId: 1101, sizeId: 201, priceCents: 1725 }]);
    expect(differing(files.productDetails, edited?.productDetails)).toEqual([
      '"minPrice": 16, → "minPrice": 17.25,',
      '"price": 16, → "price": 17.25,',
    ]);
    expect(differing(files.productsInfoSsr, edited?.productsInfoSsr)).toEqual(['"minPrice": 16, → "minPrice": 17.25,']);
  });
});
