import type { Popup } from '../tenant/index.ts';

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
