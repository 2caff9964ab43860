import { useStore } from '@nanostores/react';
import { Toast } from 'radix-ui';
import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '../../../../lib/constants.ts';
import { $toasts, dismissToast } from '../../stores/toasts.ts';

const variants = {
  default: 'border-border bg-background text-foreground',
  destructive: 'border-red-800 bg-red-700 text-white',
};

/**
 * Where toasts go so they never cover what the customer is working in: above the "View order"
 * button when it shows; beside the cart panel (its totals and Checkout button are at its foot)
 * while it is open; at the top while a centred dialog is open, whose actions are at its foot.
 */
const clearOfDialogs = [
  '[body:has([data-order-bar]):not(:has([role=dialog]))_&]:bottom-16',
  '[body:has([data-sheet=side])_&]:right-[26rem] [body:has([data-sheet=side])_&]:max-w-[min(420px,calc(100vw-26rem))]',
  '[body:has([data-sheet=center])_&]:top-0 [body:has([data-sheet=center])_&]:bottom-auto [body:has([data-sheet=center])_&]:flex-col',
].join(' ');

/** The phone's order notice: clear of the "View order" bar, and at the top over an open dialog. */
const phoneNoticePlace = [
  '[body:has([data-order-bar])_&]:bottom-24',
  '[body:has([role=dialog])_&]:top-2 [body:has([role=dialog])_&]:bottom-auto',
].join(' ');

/**
 * The spec's toaster on Radix Toast: pause on hover, focus and window blur, Escape, swipe right,
 * the F8 hotkey and the announcements are Radix's; the store keeps at most three.
 */
export default function Toaster() {
  const toasts = useStore($toasts);
  // Newest first: the latest message about the order, while its toast is open.
  const phoneNotice = toasts.find((entry) => entry.open && entry.onPhones);
  return (
    <Toast.Provider label="Notification" swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((entry) => (
        <Toast.Root
          key={entry.id}
          open={entry.open}
          duration={entry.durationMs}
          onOpenChange={(open) => !open && dismissToast(entry.id)}
          data-variant={entry.variant}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-xl border p-4 pr-8 shadow-lg data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 ${variants[entry.variant]}`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{entry.title}</Toast.Title>
            {entry.description && (
              <Toast.Description className="text-sm opacity-90">{entry.description}</Toast.Description>
            )}
          </div>
          {entry.action && (
            <Toast.Action altText={entry.action.label} asChild>
              <button
                type="button"
                className="shrink-0 self-center rounded-md border border-current px-3 py-1.5 text-sm font-medium hover:opacity-80"
                onClick={entry.action.run}
              >
                {entry.action.label}
              </button>
            </Toast.Action>
          )}
          <Toast.Close
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
            aria-label="Close"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
              <path
                fill="currentColor"
                d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z"
              />
            </svg>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={[TOAST_HOTKEY]}
        label="Notifications ({hotkey})"
        data-toast-viewport
        className={`fixed bottom-0 right-0 z-[100] hidden max-h-screen w-full max-w-[420px] flex-col-reverse gap-2 p-4 outline-none md:flex ${clearOfDialogs}`}
      />
      {phoneNotice && (
        // The spec hides the toaster below 768 px; what changed the order still shows there: above the "View order"
        // bar, or at the top while a dialog is open (a sheet's total and buttons are at its foot). Taps pass
        // through it, and Radix has announced it already.
        <div
          aria-hidden="true"
          data-phone-notice
          data-variant={phoneNotice.variant}
          className={`pointer-events-none fixed inset-x-2 bottom-2 z-[100] rounded-xl border px-4 py-2.5 shadow-lg md:hidden ${phoneNoticePlace} ${variants[phoneNotice.variant]}`}
        >
          <p className="text-sm font-semibold">{phoneNotice.title}</p>
          {phoneNotice.description && <p className="line-clamp-2 text-sm opacity-90">{phoneNotice.description}</p>}
        </div>
      )}
    </Toast.Provider>
  );
}
