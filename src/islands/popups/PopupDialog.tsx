import type { Popup } from '../../lib/tenant/index.ts';
import { primaryButton } from '../ui/buttons.ts';
import { Sheet } from '../ui/Sheet.tsx';

/** One of the retailer's notices; closing it, or following its link, dismisses it for the visit. */
export default function PopupDialog({ popup, onDismiss }: { popup: Popup; onDismiss: () => void }) {
  return (
    <Sheet
      open
      onClose={onDismiss}
      title={popup.title}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="rounded-full px-4 py-2 font-medium underline underline-offset-4" onClick={onDismiss}>
            Close
          </button>
          {popup.actionLabel && popup.actionUrl && (
            <a href={popup.actionUrl} className={primaryButton} onClick={onDismiss}>
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
