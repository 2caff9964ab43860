import type { MenuGroup } from './menu.ts';
import type { AllergenFlag } from '../tenant/allergens.ts';

export interface MenuFilterInput {
  search: string;
  allergens: readonly AllergenFlag[];
  sortType: 'menu' | 'alphabetical' | 'price';
}

/**
 * Groups with only the products that match every chosen dietary flag and the search text
 * (name or description), sorted as asked; groups left empty are dropped.
 */
export function filterMenu(
  groups: readonly MenuGroup[],
  { search, allergens, sortType }: MenuFilterInput,
): MenuGroup[] {
  const needle = search.trim().toLocaleLowerCase('en-AU');
  return groups
    .map((group) => {
      const products = group.products.filter(
        (product) =>
          allergens.every((flag) => product.allergens.includes(flag)) &&
          (needle === '' ||
            product.name.toLocaleLowerCase('en-AU').includes(needle) ||
            product.description.toLocaleLowerCase('en-AU').includes(needle)),
      );
      if (sortType === 'alphabetical') products.sort((a, b) => a.name.localeCompare(b.name, 'en-AU'));
      if (sortType === 'price')
        products.sort((a, b) => a.fromPriceCents - b.fromPriceCents || a.name.localeCompare(b.name, 'en-AU'));
      return { ...group, products };
    })
    .filter((group) => group.products.length > 0);
}
