import type { Popup } from '../tenant/index.ts';
import { isDialogName, MODAL_PARAM, type DialogName } from './dialog-url.ts';

/** Popups to show on a retailer date (`yyyy-MM-dd`): active, inside their dates, and not yet dismissed in this visit. */
export function popupsToShow(popups: readonly Popup[], today: string, dismissed: ReadonlySet<number>): Popup[] {
  return popups.filter(
    (popup) =>
      popup.active &&
      !dismissed.has(popup.popupId) &&
      (popup.startDate === null || popup.startDate <= today) &&
      (popup.endDate === null || popup.endDate >= today),
  );
}

/** What a popup's button opens: a dish's builder, a deal's builder, a dialog of the page, the order-time dialog, or another page. */
export type PopupAction =
  | { kind: 'product'; productId: number }
  | { kind: 'special'; specialId: number }
  | { kind: 'dialog'; dialog: DialogName }
  | { kind: 'order-time' }
  | { kind: 'page'; href: string };

const ORDER_TIME_MODAL = 'order-time';
const idParam = (params: URLSearchParams, name: string): number | null => {
  const value = params.get(name);
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
};

/**
 * A popup's action link read as the page acts on it: on the shop's home page (`/?product=<id>`,
 * `/?special=<id>`, `/?modal=<dialog>` or `/?modal=order-time`) it opens that in place, without
 * reloading; anything else is a link to follow.
 */
export function popupAction(actionUrl: string): PopupAction {
  const base = 'https://shop.invalid/';
  const url = new URL(actionUrl, base);
  if (url.origin !== new URL(base).origin || url.pathname !== '/') return { kind: 'page', href: actionUrl };
  const productId = idParam(url.searchParams, 'product');
  if (productId !== null) return { kind: 'product', productId };
  const specialId = idParam(url.searchParams, 'special');
  if (specialId !== null) return { kind: 'special', specialId };
  const modal = url.searchParams.get(MODAL_PARAM);
  if (modal === ORDER_TIME_MODAL) return { kind: 'order-time' };
  if (isDialogName(modal)) return { kind: 'dialog', dialog: modal };
  return { kind: 'page', href: actionUrl };
}
