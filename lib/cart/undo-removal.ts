import type { CartProduct } from './schemas.ts';

/** A line taken out of the cart and where it stood, kept so Undo can put it back as it was. */
export interface RemovedLine {
  line: CartProduct;
  index: number;
}

/** The cart without the line `uuid`, and that line with its place; null when no line has that uuid. */
export function takeLineOut(
  products: readonly CartProduct[],
  uuid: string,
): { products: CartProduct[]; removed: RemovedLine } | null {
  const index = products.findIndex((line) => line.uuid === uuid);
  const line = products[index];
  if (!line) return null;
  return { products: products.filter((_, position) => position !== index), removed: { line, index } };
}

/**
 * The cart with a removed line back at its place (or last, when the cart has since shrunk), its
 * halves, extras and options untouched. Its old order product id went with it on the server, so
 * the next sync gives it a new one. A line already back is not added twice.
 */
export function putLineBack(products: readonly CartProduct[], removed: RemovedLine): CartProduct[] {
  if (products.some((line) => line.uuid === removed.line.uuid)) return [...products];
  const index = Math.min(Math.max(removed.index, 0), products.length);
  return [...products.slice(0, index), { ...removed.line, orderProductId: null }, ...products.slice(index)];
}
