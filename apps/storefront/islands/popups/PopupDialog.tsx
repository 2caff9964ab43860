import { popupAction, popupsToShow, type PopupAction } from '../../../../lib/site/popups.ts';
import { retailerWallClock } from '../../../../lib/time/retailer-clock.ts';
import type { Popup } from '../../../../lib/tenant/index.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { Sheet } from '../../../../ui/Sheet.tsx';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';

interface Props {
  /** Opens what a button advertises in place (a deal, a dish, a dialog, the order time), after the popup has closed. */
  onAction: (action: Exclude<PopupAction, { kind: 'page' }>) => void;
  /** Popups not dismissed in this visit; their dates are checked here, on the shop's clock. */
  popups: Popup[];
  zone: ShopZone;
  onDismiss: (popupId: number) => void;
}

/** The first of the retailer's current notices; closing it, or following its link, dismisses it for the visit. */
export default function PopupDialog({ popups, zone, onDismiss, onAction }: Props) {
  const [popup] = popupsToShow(popups, retailerWallClock(new Date(), zone).date, new Set());
  if (!popup) return null;
  const dismiss = () => onDismiss(popup.popupId);
  return (
    <Sheet
      open
      onClose={dismiss}
      title={popup.title}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className="rounded-full px-4 py-2 font-medium underline underline-offset-4"
            onClick={dismiss}
          >
            Close
          </button>
          {popup.actionLabel && popup.actionUrl && (
            <a
              href={popup.actionUrl}
              className={primaryButton}
              onClick={(event) => {
                dismiss();
                const action = popupAction(popup.actionUrl);
                if (action.kind === 'page') return;
                // What the shop's own page can open is opened in place: the customer keeps the page, its scroll and cart.
                event.preventDefault();
                onAction(action);
              }}
            >
              {popup.actionLabel}
            </a>
          )}
        </div>
      }
    >
      {popup.body && <p>{popup.body}</p>}
    </Sheet>
  );
}
