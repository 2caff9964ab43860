/** A value of a plan's factor: a shop's slug, or a check or screen known by its name. */
type Named = string | { readonly name: string };

const nameOf = (value: Named) => (typeof value === 'string' ? value : value.name);
const pairOf = (first: Named, second: Named) => `${nameOf(first)} × ${nameOf(second)}`;

/** The pairs of values of two factors that no row of `rows` brings together. */
function missingPairs<A extends Named, B extends Named>(
  rows: readonly (readonly [A, B])[],
  firsts: readonly A[],
  seconds: readonly B[],
  wanted: (first: A, second: B) => boolean = () => true,
): string[] {
  const met = new Set(rows.map(([first, second]) => pairOf(first, second)));
  return firsts.flatMap((first) =>
    seconds
      .filter((second) => wanted(first, second))
      .map((second) => pairOf(first, second))
      .filter((pair) => !met.has(pair)),
  );
}

/**
 * A pairwise plan of three factors (checks, shops, screens): each check runs on every shop it
 * `applies` to, and each check and each shop on every screen, without running every triple. Each
 * check-and-shop pair is one row, on the screen that brings the most new pairs together (the least
 * used one on a tie); a row more is added where a check that applies to few shops has not met
 * every screen. Throws, so a journey file built from it fails to load, unless the rows cover every
 * pair: the coverage is checked on the rows made, not on this reasoning.
 */
export function pairwisePlan<A extends Named, B extends Named, C extends Named>(
  as: readonly A[],
  bs: readonly B[],
  cs: readonly C[],
  applies: (a: A, b: B) => boolean = () => true,
): (readonly [A, B, C])[] {
  const rows: (readonly [A, B, C])[] = [];
  const met = new Set<string>();
  const add = (a: A, b: B, c: C) => {
    rows.push([a, b, c]);
    for (const pair of [pairOf(a, b), pairOf(a, c), pairOf(b, c)]) met.add(pair);
  };
  const uses = (c: C) => rows.filter((row) => row[2] === c).length;
  const newPairs = (a: A, b: B, c: C) => [pairOf(a, c), pairOf(b, c)].filter((pair) => !met.has(pair)).length;
  const bestScreen = (a: A, b: B) =>
    cs.reduce<C | undefined>(
      (best, c) =>
        best === undefined ||
        newPairs(a, b, c) > newPairs(a, b, best) ||
        (newPairs(a, b, c) === newPairs(a, b, best) && uses(c) < uses(best))
          ? c
          : best,
      undefined,
    );

  for (const a of as)
    for (const b of bs.filter((shop) => applies(a, shop))) {
      const c = bestScreen(a, b);
      if (c !== undefined) add(a, b, c);
    }
  for (const a of as)
    for (const c of cs.filter((screen) => !met.has(pairOf(a, screen)))) {
      const shops = bs.filter((shop) => applies(a, shop));
      const b = shops.find((shop) => !met.has(pairOf(shop, c))) ?? shops[0];
      if (b !== undefined) add(a, b, c);
    }
  for (const b of bs)
    for (const c of cs.filter((screen) => !met.has(pairOf(b, screen)))) {
      const a = as.find((check) => applies(check, b));
      if (a !== undefined) add(a, b, c);
    }

  const missing = [
    ...missingPairs(
      rows.map(([a, b]) => [a, b] as const),
      as,
      bs,
      applies,
    ),
    ...missingPairs(
      rows.map(([a, , c]) => [a, c] as const),
      as,
      cs,
    ),
    ...missingPairs(
      rows.map(([, b, c]) => [b, c] as const),
      bs,
      cs,
    ),
  ];
  if (missing.length > 0) throw new Error(`the pairwise plan leaves out ${missing.join(', ')}`);
  return rows;
}
