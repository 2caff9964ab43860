import { describe, expect, it } from 'vitest';
import { oftenSoldOut, oftenSoldOutSince, type SoldOutTally } from './often-sold-out.ts';

const tally = (productId: number, count: number, lastAt = '2026-11-20T09:00:00.000Z'): SoldOutTally => ({
  productId,
  count,
  lastAt,
});
const menu = new Set([1, 2, 3, 4, 5, 6, 7, 8]);

describe('the dishes sold out most often', () => {
  it.each<[string, SoldOutTally[], number[]]>([
    ['none marked: no chips', [], []],
    ['most marks first', [tally(1, 2), tally(2, 5), tally(3, 3)], [2, 3, 1]],
    [
      'a tie goes to the one marked more recently',
      [tally(1, 3, '2026-11-01T09:00:00.000Z'), tally(2, 3, '2026-11-20T09:00:00.000Z')],
      [2, 1],
    ],
    ['then to the lower id', [tally(4, 1), tally(3, 1)], [3, 4]],
    ['a dish no longer on the menu is left out', [tally(99, 9), tally(1, 1)], [1]],
    ['a count of nothing is no chip', [tally(1, 0)], []],
    ['six at most', [1, 2, 3, 4, 5, 6, 7, 8].map((id) => tally(id, 10 - id)), [1, 2, 3, 4, 5, 6]],
  ])('%s', (_case, tallies, chips) => {
    expect(oftenSoldOut(tallies, menu)).toEqual(chips);
  });

  it('counts the last 90 days, on a fixed clock', () => {
    // Friday 27 November 2026, 8:35 pm in Melbourne.
    expect(oftenSoldOutSince(new Date('2026-11-27T09:35:00.000Z')).toISOString()).toBe('2026-08-29T09:35:00.000Z');
  });
});
