import { describe, expect, it } from 'vitest';
import { formatMoney, toCents, toDollars } from './money.ts';

describe('toCents', () => {
  it.each([
    [12.5, 1250],
    [4.95, 495],
    [19.95, 1995],
    [0.1, 10],
    [0.2, 20],
    [0.29, 29],
    [1.15, 115],
    [0, 0],
    [-0, 0],
    [-0.5, -50],
    [1234567.89, 123456789],
    [0.1 + 0.2, 30],
    [4.95 * 3, 1485],
  ])('%s dollars is %s cents', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
    expect(Object.is(toCents(dollars), -0)).toBe(false);
  });

  it.each([
    [Number.NaN, /expected an amount in dollars/],
    [Number.POSITIVE_INFINITY, /expected an amount in dollars/],
    [Number.NEGATIVE_INFINITY, /expected an amount in dollars/],
    ['12.50' as unknown as number, /expected an amount in dollars/],
    [undefined as unknown as number, /expected an amount in dollars/],
    [1.005, /at most two decimals/],
    [12.345, /at most two decimals/],
    [0.001, /at most two decimals/],
    [1e300, /out of range/],
  ])('rejects %s', (dollars, message) => {
    expect(() => toCents(dollars)).toThrow(message);
  });
});

describe('toDollars', () => {
  it.each([
    [1250, 12.5],
    [1485, 14.85],
    [30, 0.3],
    [-50, -0.5],
    [0, 0],
  ])('%s cents is %s dollars', (cents, dollars) => {
    expect(toDollars(cents)).toBe(dollars);
  });

  it('round-trips every amount from 0 to $100 exactly', () => {
    for (let cents = 0; cents <= 10_000; cents += 1) expect(toCents(toDollars(cents))).toBe(cents);
  });

  it.each([[12.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %s cents', (cents) => {
    expect(() => toDollars(cents)).toThrow(/whole number of cents/);
  });
});

describe('formatMoney', () => {
  it.each([
    [1250, '$12.50'],
    [1485, '$14.85'],
    [30, '$0.30'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [5, '$0.05'],
    [-300, '-$3.00'],
    [123456789, '$1,234,567.89'],
  ])('%s cents shows as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it.each([[0.5], [Number.NaN]])('rejects %s cents', (cents) => {
    expect(() => formatMoney(cents)).toThrow(/whole number of cents/);
  });
});
