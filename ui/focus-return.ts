/**
 * Focus back on the control that opened a dialog, once it closes. Radix returns focus to a
 * Dialog.Trigger only, and the shop's dialogs open from plain links, buttons and other islands,
 * so every Sheet reports here instead. A dialog opened from inside another (cart → checkout,
 * deals → a deal) hands focus back to the first one's opener when the last of them closes.
 */

let opener: HTMLElement | null = null;
let openDialogs = 0;

/** Called as a dialog mounts, before it moves focus into itself. */
export function dialogOpened(active: Element | null): void {
  openDialogs += 1;
  if (active instanceof HTMLElement && active !== active.ownerDocument.body && !active.closest('[role="dialog"]'))
    opener = active;
}

export function dialogClosed(): void {
  openDialogs = Math.max(0, openDialogs - 1);
}

/** Runs after a dialog has gone: refocuses the opener unless another dialog took over. */
export function returnFocus(): void {
  if (openDialogs > 0) return;
  const target = opener;
  opener = null;
  if (target?.isConnected) target.focus();
}
