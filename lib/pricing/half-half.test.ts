import { describe, expect, it } from 'vitest';
import {
  halfHalfExtrasCents,
  halfHalfSizeAllowed,
  halfHalfSizeCents,
  halfHalfSizesText,
  onHalfCents,
  halfHalfRuleText,
} from './half-half.ts';

describe('halfHalfSizeCents', () => {
  it.each([
    [1850, 1995, 1, 1923],
    [1995, 1850, 1, 1923],
    [1200, 1200, 1, 1200],
    [1000, 1001, 1, 1001],
    [0, 1, 1, 1],
    [1850, 1995, 2, 1995],
    [1995, 1850, 2, 1995],
    [0, 0, 2, 0],
  ] as const)('%s and %s cents with price type %s cost %s cents', (first, second, type, cents) => {
    expect(halfHalfSizeCents(first, second, type)).toBe(cents);
  });
});

describe('halfHalfExtrasCents', () => {
  it.each([
    [200, 10, 1, 210],
    [200, 10, 2, 105],
    [15, 0, 2, 8],
    [0, 15, 2, 8],
    [-15, 0, 2, -7],
    [-20, 0, 2, -10],
    [-20, 0, 1, -20],
    [0, 0, 2, 0],
  ] as const)('%s and %s cents with ingredient type %s cost %s cents', (first, second, type, cents) => {
    expect(halfHalfExtrasCents(first, second, type)).toBe(cents);
  });
});

describe('onHalfCents: the label of an extra on one half', () => {
  it.each([
    [200, 1, 200],
    [200, 2, 100],
    [150, 2, 75],
    [75, 2, 38],
    [-200, 2, -100],
    [-75, 2, -37],
    [0, 2, 0],
  ] as const)('%s cents with ingredient type %s is labelled %s cents', (unitCents, type, label) => {
    expect(onHalfCents(unitCents, type)).toBe(label);
  });

  it.each([
    [200, 1],
    [150, 2],
    [75, 2],
  ] as const)('is what one %s-cent extra alone on a half adds (type %s)', (unitCents, type) => {
    expect(onHalfCents(unitCents, type)).toBe(halfHalfExtrasCents(unitCents, 0, type));
    expect(onHalfCents(unitCents, type)).toBe(halfHalfExtrasCents(0, unitCents, type));
  });
});

describe('halfHalfSizeAllowed', () => {
  it.each([
    ['every size when the group lists none', { allowHalfHalf: true, halfHalfSizeIds: null }, 301, true],
    ['a listed size', { allowHalfHalf: true, halfHalfSizeIds: [302, 303] }, 303, true],
    ['a size the group does not list (a slice)', { allowHalfHalf: true, halfHalfSizeIds: [302, 303] }, 301, false],
    ['no size of a group without halves', { allowHalfHalf: false, halfHalfSizeIds: null }, 301, false],
    [
      'no size of a group without halves, even a listed one',
      { allowHalfHalf: false, halfHalfSizeIds: [301] },
      301,
      false,
    ],
  ])('%s', (_name, group, sizeId, allowed) => {
    expect(halfHalfSizeAllowed(group, sizeId)).toBe(allowed);
  });
});

describe('halfHalfSizesText', () => {
  const sizes = [
    { retailerProductSizeId: 301, name: 'Slice' },
    { retailerProductSizeId: 302, name: 'Medium 14"' },
    { retailerProductSizeId: 303, name: 'Large 18"' },
  ];
  it.each([
    ['one size', [303], 'Large 18"'],
    ["two sizes, in the menu's order", [303, 302], 'Medium 14" or Large 18"'],
    ['three sizes', [301, 302, 303], 'Slice, Medium 14" or Large 18"'],
    ['an id of no size shown', [999], ''],
  ])('%s', (_name, ids, text) => {
    expect(halfHalfSizesText(sizes, ids)).toBe(text);
  });
});

describe('halfHalfRuleText: the rule the builder states', () => {
  it.each([
    [1, 200, "half of each pizza's price, plus $2.00"],
    [1, 0, "half of each pizza's price"],
    [2, 150, "the dearer pizza's price, plus $1.50"],
    [2, 0, "the dearer pizza's price"],
  ] as const)('type %i with a %i cent surcharge: %s', (type, surcharge, text) => {
    expect(halfHalfRuleText(type, surcharge)).toBe(text);
  });
});
