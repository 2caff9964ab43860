import { describe, expect, it } from 'vitest';
import { readBound } from './OrderBoundsEditor.tsx';

const value = { maxOrderCents: 100_000, maxOrderItems: 100 };

describe('the order limits as typed', () => {
  it.each<[string, 'maxOrderCents' | 'maxOrderItems', string, number | null]>([
    ['dollars', 'maxOrderCents', '250', 25_000],
    ['dollars and cents with a sign', 'maxOrderCents', '$250.50', 25_050],
    ['the lowest amount', 'maxOrderCents', '50', 5_000],
    ['no dollars', 'maxOrderCents', '0', null],
    ['under the lowest amount', 'maxOrderCents', '49.99', null],
    ['over a dish price, as a party orders', 'maxOrderCents', '1000.01', 100_001],
    ['the highest amount', 'maxOrderCents', '10000', 1_000_000],
    ['an absurd amount', 'maxOrderCents', '10000.01', null],
    ['words', 'maxOrderCents', 'lots', null],
    ['items', 'maxOrderItems', ' 12 ', 12],
    ['no items', 'maxOrderItems', '0', null],
    ['too few items', 'maxOrderItems', '4', null],
    ['an absurd count', 'maxOrderItems', '501', null],
    ['part of an item', 'maxOrderItems', '10.5', null],
    ['nothing', 'maxOrderItems', '', null],
  ])('%s: "%s" reads as %s', (_case, field, typed, read) => {
    expect(readBound(field, typed, value)).toBe(read);
  });
});
