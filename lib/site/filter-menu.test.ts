import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { filterMenu } from './filter-menu.ts';
import { menuView } from './menu.ts';

const bella = await loadTenant('tenants', 'bella-napoli');

describe('menu filters', () => {
  const menu = menuView(bella);
  const all = menu.flatMap((group) => group.products);

  it.each([
    ['nothing chosen keeps everything', { search: '', allergens: [], sortType: 'menu' as const }, all.length],
    [
      'vegan keeps only vegan dishes',
      { search: '', allergens: ['isVegan' as const], sortType: 'menu' as const },
      all.filter((product) => product.allergens.includes('isVegan')).length,
    ],
    [
      'search matches names case-insensitively',
      { search: 'MARGHERITA', allergens: [], sortType: 'menu' as const },
      all.filter((product) => /margherita/i.test(product.name + product.description)).length,
    ],
    ['no match leaves no groups', { search: 'sushi platter', allergens: [], sortType: 'menu' as const }, 0],
  ])('%s', (_label, filters, count) => {
    const result = filterMenu(menu, filters);
    expect(result.flatMap((group) => group.products).length).toBe(count);
    expect(result.every((group) => group.products.length > 0)).toBe(true);
  });

  it.each([
    ['price', (a: { fromPriceCents: number }, b: { fromPriceCents: number }) => a.fromPriceCents <= b.fromPriceCents],
    ['alphabetical', (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-AU') <= 0],
  ] as const)('sorts by %s within each group', (sortType, inOrder) => {
    for (const group of filterMenu(menu, { search: '', allergens: [], sortType })) {
      group.products
        .slice(1)
        .forEach((product, index) => expect(inOrder(group.products[index] ?? product, product)).toBe(true));
    }
  });

  it('does not change the menu it is given', () => {
    const before = JSON.stringify(menu);
    filterMenu(menu, { search: 'a', allergens: ['isVegetarian'], sortType: 'price' });
    expect(JSON.stringify(menu)).toBe(before);
  });
});
