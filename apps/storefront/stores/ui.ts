import { computed, map } from 'nanostores';

/** Which product the builder shows: a new line of `productId`, or the cart line `editUuid` to change. */
export interface BuilderTarget {
  productId: number;
  editUuid: string | null;
  addedByTrending: boolean;
}

/** Open panels and dialogs (spec section 3, "Utility UI state"), shared by every island of the page. */
export interface UiState {
  cartOpen: boolean;
  checkoutOpen: boolean;
  /** The customer menu (spec: showCustomerMenu). */
  accountOpen: boolean;
  builder: BuilderTarget | null;
  orderTimeOpen: boolean;
  specialsOpen: boolean;
  /** The special whose builder is open. */
  specialId: number | null;
  isMenuOpen: boolean;
  showTableBookingModal: boolean;
  showDeliveryMapModal: boolean;
  showMailingListModal: boolean;
}

const closed: UiState = {
  cartOpen: false,
  checkoutOpen: false,
  accountOpen: false,
  builder: null,
  orderTimeOpen: false,
  specialsOpen: false,
  specialId: null,
  isMenuOpen: false,
  showTableBookingModal: false,
  showDeliveryMapModal: false,
  showMailingListModal: false,
};

export const $ui = map<UiState>({ ...closed });

/** Closes every panel and dialog at once, for the error screen to take the page's place. */
export function closeEverything(): void {
  $ui.set({ ...closed });
}

/** Whether any panel or dialog is open: every flag of $ui is false or null when none is. */
export const $dialogOpen = computed($ui, (ui) => Object.values(ui).some((value) => value !== false && value !== null));

const PRODUCT_PARAM = 'product';

function setProductParam(productId: number | null): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (productId === null) url.searchParams.delete(PRODUCT_PARAM);
  else url.searchParams.set(PRODUCT_PARAM, String(productId));
  window.history.replaceState(window.history.state, '', url);
}

/** The product a `?product=<id>` link asks for, if any. */
export function linkedProductId(search: string): number | null {
  const value = new URLSearchParams(search).get(PRODUCT_PARAM);
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export function openProductBuilder(
  productId: number,
  options: { editUuid?: string; addedByTrending?: boolean } = {},
): void {
  $ui.set({
    ...$ui.get(),
    builder: { productId, editUuid: options.editUuid ?? null, addedByTrending: options.addedByTrending ?? false },
    cartOpen: options.editUuid ? false : $ui.get().cartOpen,
  });
  setProductParam(productId);
}

export function closeProductBuilder(): void {
  $ui.setKey('builder', null);
  setProductParam(null);
}

export function openCart(): void {
  $ui.setKey('cartOpen', true);
}

export function closeCart(): void {
  $ui.setKey('cartOpen', false);
}

/** Checkout replaces the cart panel. */
export function openCheckout(): void {
  $ui.set({ ...$ui.get(), cartOpen: false, checkoutOpen: true });
}

export function closeCheckout(): void {
  $ui.setKey('checkoutOpen', false);
}

export function openAccount(): void {
  $ui.set({ ...$ui.get(), cartOpen: false, accountOpen: true });
}

export function closeAccount(): void {
  $ui.setKey('accountOpen', false);
}

export function openOrderTime(): void {
  $ui.setKey('orderTimeOpen', true);
}

export function closeOrderTime(): void {
  $ui.setKey('orderTimeOpen', false);
}

export function openSpecials(): void {
  $ui.set({ ...$ui.get(), specialsOpen: true, specialId: null });
}

export function openSpecialBuilder(specialId: number): void {
  $ui.set({ ...$ui.get(), specialsOpen: false, specialId });
}

export function closeSpecials(): void {
  $ui.set({ ...$ui.get(), specialsOpen: false, specialId: null });
}
