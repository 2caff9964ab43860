import type { AllergenFlag } from '../tenant/allergens.ts';

/** How each dietary flag reads on the menu: a short badge and the words it stands for. */
export const allergenLabels: Record<AllergenFlag, { badge: string; label: string }> = {
  isVegetarian: { badge: 'V', label: 'Vegetarian' },
  isVegan: { badge: 'VG', label: 'Vegan' },
  isGlutenFree: { badge: 'GF', label: 'Gluten free' },
  isDairyFree: { badge: 'DF', label: 'Dairy free' },
  containsNuts: { badge: 'N', label: 'Contains nuts' },
  isSpicy: { badge: 'Hot', label: 'Spicy' },
};
