import { computed, map } from 'nanostores';
import type { AllergenFlag } from '../../../lib/tenant/allergens.ts';

export type SortType = 'menu' | 'alphabetical' | 'price';

export interface MenuFilters {
  search: string;
  allergens: AllergenFlag[];
  sortType: SortType;
}

export const $menuFilters = map<MenuFilters>({ search: '', allergens: [], sortType: 'menu' });

export const $hasMenuFilters = computed(
  $menuFilters,
  (filters) => filters.search.trim() !== '' || filters.allergens.length > 0,
);

export function setMenuSearch(search: string): void {
  $menuFilters.setKey('search', search);
}

export function toggleAllergen(flag: AllergenFlag): void {
  const current = $menuFilters.get().allergens;
  $menuFilters.setKey(
    'allergens',
    current.includes(flag) ? current.filter((other) => other !== flag) : [...current, flag],
  );
}

export function setSortType(sortType: SortType): void {
  $menuFilters.setKey('sortType', sortType);
}

export function clearMenuFilters(): void {
  $menuFilters.set({ search: '', allergens: [], sortType: $menuFilters.get().sortType });
}
