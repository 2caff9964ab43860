/**
 * The dialogs a page address can ask for (spec section 2: `?modal=table-booking`,
 * `?modal=delivery-map`). The spec leaves the mailing list's value open; it gets one too so a
 * "Join our mailing list" link works from any page.
 */
export const dialogNames = ['table-booking', 'delivery-map', 'mailing-list'] as const;
export type DialogName = (typeof dialogNames)[number];

export const MODAL_PARAM = 'modal';
/** Opening a dialog drops the menu group the address pointed at, as the spec says. */
export const GROUP_PARAM = 'group';

export function isDialogName(value: unknown): value is DialogName {
  return typeof value === 'string' && (dialogNames as readonly string[]).includes(value);
}

/** The dialog `search` asks for; an unknown value asks for none. */
export function dialogOf(search: string): DialogName | null {
  const value = new URLSearchParams(search).get(MODAL_PARAM);
  return isDialogName(value) ? value : null;
}

/** The address with `dialog` open: `modal` set, `group` removed, everything else kept. */
export function urlWithDialog(href: string, dialog: DialogName): string {
  const url = new URL(href);
  url.searchParams.delete(GROUP_PARAM);
  url.searchParams.set(MODAL_PARAM, dialog);
  return url.toString();
}

/** The address once a dialog has closed: without `modal`, and still without the `group` that opening it dropped. */
export function urlWithoutDialog(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(MODAL_PARAM);
  url.searchParams.delete(GROUP_PARAM);
  return url.toString();
}
