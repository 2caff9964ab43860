/**
 * Which shop staff mean at sign-in (issue 28): they type the shop's name as they know it ("Bella
 * Napoli", "fire and slice") or its slug, whatever the case, spacing or punctuation. Pure.
 */

export interface NamedShop {
  slug: string;
  name: string;
}

/** A name reduced to its words: lower case, "&" read as "and", punctuation and hyphens as spaces. */
export function shopNameKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The slug of the one shop whose name or slug is the typed text; failing that, of the one shop
 * whose name starts with its words ("Bella Napoli" for "Bella Napoli Pizzeria"). Null when none
 * fits, or when more than one does: staff then type more of it.
 */
export function shopByName(shops: readonly NamedShop[], typed: string): string | null {
  const wanted = shopNameKey(typed);
  if (wanted === '') return null;
  const only = (found: readonly NamedShop[]) => (found.length === 1 ? (found[0]?.slug ?? null) : null);
  const exact = shops.filter((shop) => shopNameKey(shop.slug) === wanted || shopNameKey(shop.name) === wanted);
  if (exact.length > 0) return only(exact);
  return only(shops.filter((shop) => shopNameKey(shop.name).startsWith(`${wanted} `)));
}
