import type { CartExtra, CartProduct } from './schemas.ts';

function extrasInWords(extras: readonly CartExtra[]): string[] {
  return [
    ...extras
      .filter((extra) => extra.quantity > 0)
      .map((extra) => (extra.quantity === 1 ? `Extra ${extra.name}` : `Extra ${extra.name} ×${extra.quantity}`)),
    ...extras.filter((extra) => extra.quantity < 0).map((extra) => `No ${extra.name}`),
  ];
}

/** A cart line in the customer's words, one phrase per choice: "Large 13\"", "Half Margherita, half Diavola", "No basil". */
export function describeLine(
  line: Pick<CartProduct, 'productName' | 'size' | 'secondHalf' | 'options' | 'extras'>,
): string[] {
  const secondHalf = line.secondHalf ?? null;
  const options = line.options.map((option) => option.name);
  if (secondHalf === null) return [line.size.name, ...options, ...extrasInWords(line.extras)];
  const halfNotes = (name: string, extras: readonly CartExtra[]) => {
    const words = extrasInWords(extras);
    return words.length === 0 ? [] : [`${name} half: ${words.join(', ')}`];
  };
  return [
    line.size.name,
    `Half ${line.productName}, half ${secondHalf.productName}`,
    ...options,
    ...halfNotes(line.productName, line.extras),
    ...halfNotes(secondHalf.productName, secondHalf.extras),
  ];
}

/**
 * The line's title wherever it is shown (builder, cart, checkout, order confirmation):
 * "Margherita", or both halves of a half-and-half, "Margherita / Diavola".
 */
export function lineTitle(line: {
  productName: string;
  secondHalf?: { productName: string } | null | undefined;
}): string {
  return line.secondHalf ? `${line.productName} / ${line.secondHalf.productName}` : line.productName;
}

/** The whole line on one row, as the kitchen reads it: "2 × Margherita · Large 13\" · No basil". */
export function lineInWords(
  line: Pick<CartProduct, 'quantity' | 'productName' | 'size' | 'secondHalf' | 'options' | 'extras'>,
): string {
  return [`${line.quantity} × ${lineTitle(line)}`, ...describeLine(line)].join(' · ');
}
