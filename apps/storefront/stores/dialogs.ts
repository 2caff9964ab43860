import {
  dialogOf,
  isDialogName,
  urlWithDialog,
  urlWithoutDialog,
  type DialogName,
} from '../../../lib/site/dialog-url.ts';
import { $ui, type UiState } from './ui.ts';

/**
 * The address-driven dialogs (table booking, delivery map, mailing list) and the browser history:
 * opening one drops `group` from the page's entry and pushes one with `?modal=…`, so Back closes
 * it; closing goes back over that entry, to the page without `modal` or `group` (spec section 2).
 * Loaded on first use only, which keeps it out of the page's first JavaScript.
 */

const flags = {
  'table-booking': 'showTableBookingModal',
  'delivery-map': 'showDeliveryMapModal',
  'mailing-list': 'showMailingListModal',
} as const satisfies Record<DialogName, keyof UiState>;

/** Marks the history entries this module pushed, so closing knows Back lands on the same page. */
const STATE_KEY = 'storefrontDialog';

function showOnly(dialog: DialogName | null): void {
  const next: Partial<UiState> = {
    showTableBookingModal: false,
    showDeliveryMapModal: false,
    showMailingListModal: false,
  };
  if (dialog) next[flags[dialog]] = true;
  // Spec section 2: opening a dialog closes the main menu.
  $ui.set({ ...$ui.get(), ...next, ...(dialog ? { isMenuOpen: false } : {}) });
}

function pushedByUs(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && STATE_KEY in state;
}

let listening = false;

function followHistory(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', () => showOnly(dialogOf(window.location.search)));
}

export function openDialog(dialog: DialogName): void {
  followHistory();
  const state = { ...(typeof window.history.state === 'object' ? window.history.state : {}), [STATE_KEY]: dialog };
  // One dialog replacing another keeps a single entry, so one Back still closes it.
  if (pushedByUs()) window.history.replaceState(state, '', urlWithDialog(window.location.href, dialog));
  else {
    // The entry Back returns to is the page as the dialog leaves it: opening dropped its group.
    window.history.replaceState(window.history.state, '', urlWithoutDialog(window.location.href));
    window.history.pushState(state, '', urlWithDialog(window.location.href, dialog));
  }
  showOnly(dialog);
}

export function closeDialog(): void {
  showOnly(null);
  if (pushedByUs()) window.history.back();
  else window.history.replaceState(window.history.state, '', urlWithoutDialog(window.location.href));
}

/**
 * Opens the dialog a direct link asks for. The address is rewritten as if the visitor had
 * opened it from the page, so Back closes the dialog instead of leaving the shop.
 */
export function openLinkedDialog(): void {
  const dialog = dialogOf(window.location.search);
  if (!dialog) return;
  window.history.replaceState(window.history.state, '', urlWithoutDialog(window.location.href));
  openDialog(dialog);
}

/** A `data-dialog` link of the static page; an unknown name opens nothing. */
export function openDialogOfLink(value: string | undefined): void {
  if (isDialogName(value)) openDialog(value);
}
