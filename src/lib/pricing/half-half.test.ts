import { describe, expect, it } from 'vitest';
import { halfHalfExtrasCents, halfHalfSizeCents } from './half-half.ts';

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
