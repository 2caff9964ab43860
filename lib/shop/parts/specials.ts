import { z } from 'zod';
import { shopCents } from '../limits.ts';
import { formatMoney, toCents } from '../../pricing/money.ts';
import { parsePriceInput } from '../price-input.ts';
import type { Tenant } from '../../tenant/index.ts';
import { MAX_DISH_PRICE_CENTS } from '../../tenant/primitives.ts';
import { MAX_SPECIALS, specialSchema, type Special } from '../../tenant/specials.ts';
import type { ShopPart } from './part.ts';

export const specialValueSchema = specialSchema
  .pick({ retailerSpecialId: true, name: true, description: true, showInSpecialSelector: true })
  .extend({
    priceCents: shopCents,
  });
export type SpecialValue = z.infer<typeof specialValueSchema>;

export const specialsValueSchema = z
  .array(specialValueSchema)
  .max(MAX_SPECIALS, `expected at most ${MAX_SPECIALS} specials`)
  .refine(
    (specials) => new Set(specials.map((special) => special.retailerSpecialId)).size === specials.length,
    'expected each special once',
  );
export type SpecialsValue = z.infer<typeof specialsValueSchema>;

const editedOf = (special: Special): SpecialValue => ({
  retailerSpecialId: special.retailerSpecialId,
  name: special.name,
  description: special.description,
  showInSpecialSelector: special.showInSpecialSelector,
  priceCents: toCents(special.price),
});

/**
 * `showInSpecialSelector` decides whether a special is listed under Deals (the home page's strip
 * and the "Find a deal" picker); either way the cart takes it off any order it fits.
 */
export const dealsListing = (shown: boolean) => (shown ? 'listed under Deals' : 'hidden from Deals');

function describeChange(from: SpecialValue, to: SpecialValue): string[] {
  const name = `"${from.name}"`;
  const lines: string[] = [];
  if (from.priceCents !== to.priceCents)
    lines.push(`${name}: price ${formatMoney(from.priceCents)} → ${formatMoney(to.priceCents)}`);
  if (from.showInSpecialSelector !== to.showInSpecialSelector)
    lines.push(`${name}: ${dealsListing(to.showInSpecialSelector)}`);
  const words = [
    ...(from.name !== to.name ? [`name now "${to.name}"`] : []),
    ...(from.description !== to.description ? ['description changed'] : []),
  ];
  if (words.length > 0) lines.push(`${name}: ${words.join('; ')}`);
  return lines;
}

/**
 * A special of the file with the edited fields set. A field whose loaded value (defaults applied)
 * already equals the edited one is left as written, so an unchanged special is written back exactly.
 */
function mergeSpecial(old: Record<string, unknown>, special: SpecialValue): Record<string, unknown> {
  const loaded = specialSchema.safeParse(old);
  const same = loaded.success ? editedOf(loaded.data) : undefined;
  const next: Record<string, unknown> = { ...old };
  if (same?.name !== special.name) next['name'] = special.name;
  if (same?.description !== special.description) next['description'] = special.description;
  if (same?.showInSpecialSelector !== special.showInSpecialSelector)
    next['showInSpecialSelector'] = special.showInSpecialSelector;
  if (same?.priceCents !== special.priceCents) next['price'] = special.priceCents / 100;
  return next;
}

const rawSpecials = z.array(z.looseObject({ retailerSpecialId: z.number() }));

export const specialsPart: ShopPart<SpecialsValue> = {
  title: 'Specials',
  file: 'specials',
  schema: specialsValueSchema,
  published: (tenant: Tenant) => tenant.specials.map(editedOf),
  describe(from, to) {
    const fromById = new Map(from.map((special) => [special.retailerSpecialId, special]));
    return to.flatMap((special) => {
      const before = fromById.get(special.retailerSpecialId);
      return before ? describeChange(before, special) : [];
    });
  },
  write(raw, value) {
    if (raw === undefined) return [];
    const parsed = rawSpecials.safeParse(raw);
    if (!parsed.success) return undefined;
    const wanted = new Map(value.map((special) => [special.retailerSpecialId, special]));
    return parsed.data.map((old) => {
      const special = wanted.get(old.retailerSpecialId);
      return special ? mergeSpecial(old, special) : old;
    });
  },
};

/** Why a special's fields would not publish, in the words the editor shows beside them. */
export interface SpecialProblems {
  name?: string;
  price?: string;
}

/** `priceText` is what the owner typed in the price field, or undefined when the field is untouched. */
export function specialProblems(special: SpecialValue, priceText: string | undefined): SpecialProblems {
  return {
    ...(special.name.trim() === '' ? { name: 'Needs a name: the shop lists the special by it' } : {}),
    ...(priceText !== undefined && parsePriceInput(priceText) === null
      ? { price: `Not a price: type dollars and cents, like 39.90 (at most ${formatMoney(MAX_DISH_PRICE_CENTS)})` }
      : {}),
  };
}

/** Every problem of the list, each naming its special, for the console to hold saving on. */
export function specialsProblems(specials: readonly SpecialValue[], typed: ReadonlyMap<number, string>): string[] {
  return specials.flatMap((special, index) => {
    const name = special.name.trim() === '' ? `Special ${index + 1}` : `"${special.name}"`;
    const problems = specialProblems(special, typed.get(special.retailerSpecialId));
    return [
      ...(problems.name ? [`${name}: ${problems.name}`] : []),
      ...(problems.price ? [`${name}, price: ${problems.price}`] : []),
    ];
  });
}
