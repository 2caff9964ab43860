import { describe, expect, it } from 'vitest';
import type { StaffMenu } from '../../../../lib/api/live-state-contract.ts';
import {
  menuMatches,
  quickChips,
  savedNotice,
  serviceSummary,
  soldOutNames,
  suggestedUntil,
  toLocalInput,
  untilFromInput,
  untilProblem,
} from './live-state.ts';
import { EVENING } from '../../shell/test-fixtures.ts';

const menu: StaffMenu = {
  groups: [
    {
      productGroupId: 1,
      name: 'Pizzas',
      products: [
        { productId: 101, name: 'Margherita' },
        { productId: 102, name: 'Pepperoni pizza' },
      ],
    },
    { productGroupId: 2, name: 'Desserts', products: [{ productId: 201, name: 'Tiramisu' }] },
  ],
  oftenSoldOut: [201, 102, 101],
};

describe('the Live panel’s words and times', () => {
  it('sums a service up on the device’s clock', () => {
    expect(serviceSummary({ waitMinutes: 30, mode: 'open', until: null }, EVENING, 'Australia/Melbourne')).toBe(
      'Open · 30 min wait',
    );
    expect(
      serviceSummary(
        { waitMinutes: 45, mode: 'paused', until: '2026-11-25T09:30:00.000Z' },
        EVENING,
        'Australia/Melbourne',
      ),
    ).toBe('Paused until 8:30 pm · 45 min wait');
    expect(
      serviceSummary(
        { waitMinutes: 45, mode: 'busy', until: '2026-11-26T01:00:00.000Z' },
        EVENING,
        'Australia/Melbourne',
      ),
    ).toBe('Busy until Thu 26 Nov, 12:00 pm · 45 min wait');
  });

  it.each([
    // 2026-11-25T08:02Z is 7:02 pm in Melbourne (daylight saving, +11) and 4:02 pm in Perth (+8).
    ['Melbourne', 0, '2026-11-25T08:02:00.000Z', '2026-11-25T19:02', '2026-11-25T19:35'],
    ['Perth, named', 'Australia/Perth', '2026-11-25T08:02:00.000Z', '2026-11-25T16:02', '2026-11-25T16:35'],
    // The spec's rule for Perth (Melbourne − 2 h) is an hour out while Melbourne is on daylight saving.
    ['Melbourne − 2 h', -2, '2026-11-25T08:02:00.000Z', '2026-11-25T17:02', '2026-11-25T17:35'],
    ['Perth across midnight', 'Australia/Perth', '2026-11-25T15:50:00.000Z', '2026-11-25T23:50', '2026-11-26T00:20'],
    // Melbourne's clocks go forward at 2:00 am on the first Sunday of October: 1:50 am + 30 min is 3:20 am.
    ['Melbourne on the October change', 0, '2026-10-03T15:50:00.000Z', '2026-10-04T01:50', '2026-10-04T03:20'],
    // And back at 3:00 am on the first Sunday of April: 2:50 am (+11) + 30 min is 2:20 am (+10).
    ['Melbourne on the April change', 0, '2026-04-04T15:50:00.000Z', '2026-04-05T02:50', '2026-04-05T02:20'],
    [
      'Perth on the April change',
      'Australia/Perth',
      '2026-04-04T15:50:00.000Z',
      '2026-04-04T23:50',
      '2026-04-05T00:20',
    ],
  ] as const)(
    "offers half an hour ahead on the next five minutes on the shop's clock, whatever the device's: %s",
    (_, zone, now, shown, offered) => {
      expect(toLocalInput(new Date(now), zone)).toBe(shown);
      expect(suggestedUntil(new Date(now), 30, zone)).toBe(offered);
      expect(untilFromInput(toLocalInput(new Date(now), zone), zone)).toBe(now);
    },
  );

  it.each([
    ['Melbourne', 0, '2026-11-25T20:30', '2026-11-25T09:30:00.000Z'],
    ['Perth', 'Australia/Perth', '2026-11-25T20:30', '2026-11-25T12:30:00.000Z'],
    ['Perth after midnight', 'Australia/Perth', '2026-11-26T00:15', '2026-11-25T16:15:00.000Z'],
    ['Melbourne in winter', 0, '2026-06-10T20:30', '2026-06-10T10:30:00.000Z'],
  ] as const)("reads a chosen time as the shop's: %s", (_, zone, input, until) => {
    expect(untilFromInput(input, zone)).toBe(until);
  });

  it('reads no time from what names none', () => {
    expect(untilFromInput('', 0)).toBeNull();
    expect(untilFromInput('2026-11-25', 0)).toBeNull();
    expect(untilFromInput('2026-02-30T10:00', 0)).toBeNull();
    expect(untilFromInput('2026-11-25T24:00', 0)).toBeNull();
  });

  it('says what is wrong with a time before asking the server', () => {
    expect(untilProblem(null, EVENING, 7)).toBe('Choose the date and time it lasts until.');
    expect(untilProblem('2026-11-25T07:59:00.000Z', EVENING, 7)).toBe(
      'That time has already passed. Choose a later one.',
    );
    expect(untilProblem('2026-12-03T08:00:00.000Z', EVENING, 7)).toBe('Choose a time within 7 days.');
    expect(untilProblem('2026-11-25T09:00:00.000Z', EVENING, 7)).toBeNull();
  });

  it('says whether open pages show a change now or within their minute', () => {
    expect(savedNotice('Saved: Delivery paused', true)).toBe('Saved: Delivery paused. Open shop pages show it now.');
    expect(savedNotice('Saved: Delivery paused', false)).toBe(
      'Saved: Delivery paused. Open shop pages could not be told at once; they show it within a minute.',
    );
  });

  it('finds dishes by every word, and a group by its name with all its dishes', () => {
    expect(menuMatches(menu, 'pepp PIZZA')).toEqual([
      {
        productGroupId: 1,
        name: 'Pizzas',
        products: [{ productId: 102, name: 'Pepperoni pizza' }],
        groupMatched: false,
      },
    ]);
    expect(menuMatches(menu, 'dessert')).toEqual([{ ...menu.groups[1], groupMatched: true }]);
    expect(menuMatches(menu, '')).toHaveLength(2);
    expect(menuMatches(menu, 'sushi')).toEqual([]);
  });

  it('names what is sold out, groups first', () => {
    expect(soldOutNames({ productIds: [201, 999], productGroupIds: [1], until: null }, menu)).toEqual([
      { kind: 'group', id: 1, name: 'Pizzas (whole group)' },
      { kind: 'product', id: 201, name: 'Tiramisu' },
      { kind: 'product', id: 999, name: 'Dish 999' },
    ]);
  });
});

describe('the quick chips', () => {
  const out = (productIds: number[], productGroupIds: number[] = []) => ({ productIds, productGroupIds, until: null });
  it.each<[string, ReturnType<typeof out>, StaffMenu | null, number[]]>([
    ['the dishes sold out most often, most first', out([]), menu, [201, 102, 101]],
    ['less a dish out now', out([102]), menu, [201, 101]],
    ['less the dishes of a whole group out now', out([], [1]), menu, [201]],
    ['none without history', out([]), { ...menu, oftenSoldOut: [] }, []],
    ['none before the menu is read', out([]), null, []],
  ])('%s', (_case, state, shown, chips) => {
    expect(quickChips(state, shown).map((chip) => chip.productId)).toEqual(chips);
  });
});
