import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { KitchenCapacity } from '../../../../lib/kitchen/capacity.ts';
import { shopMenuGroups } from '../../../../lib/shop/menu-groups.ts';
import { loadTenant } from '../../../../lib/tenant/load.ts';
import KitchenCapacityEditor, { readLimit } from './KitchenCapacityEditor.tsx';

const row = { service: 'shared' as const, items: '8', allDay: true, from: '17:00', to: '21:00' };

describe('a capacity limit as typed', () => {
  it.each([
    ['all day', row, { limit: { service: 'shared', items: 8 } }],
    ['in a window', { ...row, allDay: false }, { limit: { service: 'shared', items: 8, from: '17:00', to: '21:00' } }],
    [
      'across midnight',
      { ...row, allDay: false, from: '22:00', to: '02:00' },
      { limit: { service: 'shared', items: 8, from: '22:00', to: '02:00' } },
    ],
    ['no pizzas', { ...row, items: '0' }, { problem: 'Type whole pizzas from 1 to 500.', field: 'items' }],
    ['too many', { ...row, items: '501' }, { problem: 'Type whole pizzas from 1 to 500.', field: 'items' }],
    [
      'not a number',
      { ...row, items: '8 pizzas' },
      { problem: '"8 pizzas" is not a number of pizzas. Type whole pizzas from 1 to 500.', field: 'items' },
    ],
    [
      'a window without an end',
      { ...row, allDay: false, to: '' },
      { problem: 'Choose a start and an end time, or all day.', field: 'to' },
    ],
  ])('%s', (_case, typed, read) => {
    expect(readLimit(typed)).toEqual(read);
  });
});

const menuGroups = shopMenuGroups(await loadTenant('tenants', 'fire-and-slice'));

describe('the counted menu groups', () => {
  /** The names of the groups shown ticked, in the order shown. */
  const tickedIn = (value: KitchenCapacity) =>
    [
      ...renderToStaticMarkup(
        createElement(KitchenCapacityEditor, {
          value,
          published: value,
          onChange: () => {},
          disabled: false,
          menuGroups,
        }),
      ).matchAll(/<label[^>]*><input type="checkbox"([^>]*)\/><span[^>]*>([^<]+)<\/span><\/label>/g),
    ].flatMap((match) => (match[1]?.includes('checked=""') ? [match[2]] : []));

  it.each<[string, number[], string[]]>([
    [
      'by default, the groups that take half & half',
      [],
      ['Rosse (Tomato Base)', 'Bianche (White Base)', 'Plant-based'],
    ],
    ['the chosen ones', [34, 31], ['Rosse (Tomato Base)', 'Share Plates']],
  ])('shows ticked %s', (_case, countedGroupIds, names) => {
    expect(tickedIn({ countedGroupIds, limits: [{ service: 'shared', items: 8 }] })).toEqual(names);
  });
});
