import { describe, expect, it } from 'vitest';
import type { StaffMenu } from '../../../../lib/api/live-state-contract.ts';
import {
  menuMatches,
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

  it('offers half an hour ahead on the next five minutes, and reads a chosen time back as an instant', () => {
    const at = new Date(2026, 10, 25, 19, 2);
    expect(suggestedUntil(at)).toBe('2026-11-25T19:35');
    expect(untilFromInput(toLocalInput(at))).toBe(new Date(2026, 10, 25, 19, 2).toISOString());
    expect(untilFromInput('')).toBeNull();
    expect(untilFromInput('2026-11-25')).toBeNull();
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
