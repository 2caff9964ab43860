import { Dialog } from 'radix-ui';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { sidePanelOpened } from './back-closes.ts';
import { dialogClosed, dialogOpened, returnFocus } from './focus-return.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string | undefined;
  /** `center` for a dialog, `side` for a panel sliding in from the right (full screen on phones). */
  placement?: 'center' | 'side';
  children: ReactNode;
  footer?: ReactNode;
}

const placements = {
  center:
    'left-1/2 top-1/2 max-h-[92dvh] w-[min(40rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  side: 'inset-y-0 right-0 h-dvh w-full sm:w-[26rem] sm:border-l sm:border-border',
};

/**
 * The page's one dialog: Radix handles focus, Escape, scroll locking and labelling; this gives it
 * the shop's look and, on closing, focus back to whatever opened it. `data-sheet` tells the
 * toaster where the dialog is, so toasts keep clear of its buttons.
 */
export function Sheet({ open, onClose, title, description, placement = 'center', children, footer }: Props) {
  // A layout effect runs before Radix moves focus into the dialog, while the opener still has it.
  useLayoutEffect(() => {
    if (!open) return;
    dialogOpened(document.activeElement);
    return dialogClosed;
  }, [open]);
  const close = useRef(onClose);
  close.current = onClose;
  // A side panel fills a phone's screen: Back closes it rather than leaving the shop.
  useEffect(
    () => (open && placement === 'side' ? sidePanelOpened(() => close.current()) : undefined),
    [open, placement],
  );
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          data-sheet={placement}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className={`fixed z-50 flex flex-col bg-background text-foreground shadow-2xl outline-none ${placements[placement]}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div>
              <Dialog.Title className="text-xl font-bold tracking-tight">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close className="-mr-2 rounded-full p-2 hover:bg-muted" aria-label="Close">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
                <path
                  fill="currentColor"
                  d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z"
                />
              </svg>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="border-t border-border px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">{footer}</div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
