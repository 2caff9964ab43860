import { atom } from 'nanostores';
import type { ShopPartKey, ShopPartsDraft } from '../../../../lib/shop/parts/index.ts';
import { $consoleSession, consoleToken } from '../../shell/store.ts';

/**
 * What the owner typed in the Shop view and has not saved yet, kept while they look at another
 * console section (an order arriving mid-edit), for the shop revision it was typed over: when the
 * shop changed since, the view starts from the shop again, as after a 409.
 */
export interface ShopTyping {
  revision: number;
  /** Typed dish prices by `productId:sizeId`. */
  prices: ReadonlyMap<string, string>;
  parts: ShopPartsDraft;
  /** Why a part's fields cannot be saved yet, as its editor said. */
  problems: Partial<Record<ShopPartKey, readonly string[]>>;
}

export const $shopTyping = atom<ShopTyping | null>(null);

export function typedPrice(revision: number, key: string, text: string): void {
  const current = typingFor(revision);
  $shopTyping.set({ ...current, prices: new Map(current.prices).set(key, text) });
}

export function typedPart<K extends ShopPartKey>(
  revision: number,
  key: K,
  value: ShopPartsDraft[K],
  problems: readonly string[],
): void {
  const current = typingFor(revision);
  $shopTyping.set({
    ...current,
    parts: { ...current.parts, [key]: value },
    problems: { ...current.problems, [key]: problems },
  });
}

/**
 * The editors keep half-typed text (a fee of "6.5x") themselves and lose it when the Shop view
 * closes; their values stay, so what they said of that text goes with it.
 */
export function forgetPartProblems(): void {
  const current = $shopTyping.get();
  if (current) $shopTyping.set({ ...current, problems: {} });
}

export function forgetTyping(): void {
  $shopTyping.set(null);
}

/** The typing over this revision, or none. */
export function typingFor(revision: number): ShopTyping {
  const current = $shopTyping.get();
  return current?.revision === revision ? current : { revision, prices: new Map(), parts: {}, problems: {} };
}

// One owner's unsaved edits are never shown to whoever signs in next on the device.
let typedFor: string | null = null;
$consoleSession.subscribe(() => {
  const token = consoleToken();
  if (token === typedFor) return;
  typedFor = token;
  $shopTyping.set(null);
});
