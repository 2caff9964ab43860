/** Dietary flags a product may carry. Kept apart from the schemas so islands can use it without zod. */
export const allergenFlags = [
  'isVegetarian',
  'isVegan',
  'isGlutenFree',
  'isDairyFree',
  'containsNuts',
  'isSpicy',
] as const;
export type AllergenFlag = (typeof allergenFlags)[number];
