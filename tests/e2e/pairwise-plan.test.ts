import { describe, expect, it } from 'vitest';
import { pairwisePlan } from './pairwise-plan.ts';

/** Every pair of values of two factors that the rows bring together. */
const pairsOf = (rows: readonly (readonly string[])[], first: number, second: number) =>
  new Set(rows.map((row) => `${row[first]} × ${row[second]}`));
const allPairs = (firsts: readonly string[], seconds: readonly string[]) =>
  firsts.flatMap((first) => seconds.map((second) => `${first} × ${second}`));

const shops = ['bella-napoli', 'crust-and-co', 'fire-and-slice', 'harbour-pizza'];
const screens = ['360 light', '390 dark', '1280 light'];

describe('the pairwise plan of the phone journeys', () => {
  it.each<[string, string[], string[], string[], ((check: string, shop: string) => boolean) | undefined, number]>([
    ['one check on one shop and one screen', ['menu'], ['bella-napoli'], ['390 dark'], undefined, 1],
    [
      'four checks on four shops and three screens: a row per check and shop',
      ['a', 'b', 'c', 'd'],
      shops,
      screens,
      undefined,
      16,
    ],
    ['six checks on four shops and three screens', ['a', 'b', 'c', 'd', 'e', 'f'], shops, screens, undefined, 24],
    [
      'a check that applies to one shop still meets every screen',
      ['menu', 'deals'],
      shops,
      screens,
      (check, shop) => check !== 'deals' || shop === 'fire-and-slice',
      13,
    ],
  ])('%s', (_, checks, planShops, planScreens, applies, rowCount) => {
    const rows = pairwisePlan(checks, planShops, planScreens, applies);
    expect(rows).toHaveLength(rowCount);
    const wanted = (check: string, shop: string) => applies?.(check, shop) ?? true;
    expect([...pairsOf(rows, 0, 1)].sort()).toEqual(
      allPairs(checks, planShops)
        .filter((pair) => {
          const [check = '', shop = ''] = pair.split(' × ');
          return wanted(check, shop);
        })
        .sort(),
    );
    expect(pairsOf(rows, 0, 2)).toEqual(new Set(allPairs(checks, planScreens)));
    expect(pairsOf(rows, 1, 2)).toEqual(new Set(allPairs(planShops, planScreens)));
    // Fewer rows than every triple whenever there is more than one screen.
    if (planScreens.length > 1) expect(rows.length).toBeLessThan(checks.length * planShops.length * planScreens.length);
  });

  it('refuses, naming the pair, a plan no row can complete: a check that applies to no shop', () => {
    expect(() => pairwisePlan(['menu', 'deals'], shops, screens, (check) => check !== 'deals')).toThrow(
      'the pairwise plan leaves out deals × 360 light',
    );
  });
});
