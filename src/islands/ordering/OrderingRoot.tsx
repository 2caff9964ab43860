import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Popup } from '../../lib/tenant/index.ts';
import { whenIdle } from '../../runtime/idle.ts';
import { $toasts } from '../../stores/toasts.ts';
import { dismissedPopups, rememberDismissed } from '../popups/dismissed-popups.ts';
import { $ui, linkedProductId, openProductBuilder, openSpecialBuilder, openSpecials } from '../../stores/ui.ts';

const Toaster = lazy(() => import('../toaster/Toaster.tsx'));
const ProductBuilder = lazy(() => import('../product-builder/ProductBuilder.tsx'));
const CartSheet = lazy(() => import('../cart/CartSheet.tsx'));
const OrderTimeDialog = lazy(() => import('../order-time/OrderTimeDialog.tsx'));
const SpecialsDialog = lazy(() => import('../specials/SpecialsDialog.tsx'));
const SpecialBuilder = lazy(() => import('../specials/SpecialBuilder.tsx'));
const PopupDialog = lazy(() => import('../popups/PopupDialog.tsx'));
const siteDialogs = () => import('./SiteDialogs.tsx');
const SiteDialogs = lazy(siteDialogs);

interface Props {
  retailerWebsiteId: number;
  timeZoneDiff: number;
  popups: Popup[];
}

/**
 * The page's ordering runtime and its dialogs. Only this shell hydrates with the page; the
 * runtime starts when the browser is idle and each dialog's code loads the first time it opens.
 */
export default function OrderingRoot({ retailerWebsiteId, timeZoneDiff, popups }: Props) {
  const ui = useStore($ui);
  // A visitor who asked for a dialog (or followed a link to one) is not interrupted by a popup.
  // The website `?retailerWebsiteId=` chose, which the head script marks on <html> (lib/site/websites.ts); only read in the browser.
  const websiteId = () => Number(document.documentElement.dataset['website']) || retailerWebsiteId;
  const siteDialogOpen = ui.showTableBookingModal || ui.showDeliveryMapModal || ui.showMailingListModal;
  const toasts = useStore($toasts);
  const [toasterWanted, setToasterWanted] = useState(false);
  const [idle, setIdle] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const undismissed = idle ? popups.filter((candidate) => !dismissed.has(candidate.popupId)) : [];
  const dismissPopup = (popupId: number) => {
    const next = new Set(dismissed).add(popupId);
    rememberDismissed(next);
    setDismissed(next);
  };

  useEffect(() => {
    const linked = linkedProductId(window.location.search);
    if (linked !== null) openProductBuilder(linked);
    if (window.location.search.includes('modal=')) void siteDialogs().then((module) => module.openLinkedDialog());
    // Static parts of the page (deals, trending) carry plain links; once this shell runs they open dialogs instead.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-open-product], [data-open-special], [data-open-specials], [data-dialog]') : null;
      if (!link) return;
      event.preventDefault();
      const { openProduct, openSpecial, trending, dialog } = link.dataset;
      if (dialog) void siteDialogs().then((module) => module.openDialogOfLink(dialog));
      else if (openProduct) openProductBuilder(Number(openProduct), { addedByTrending: trending !== undefined });
      else if (openSpecial) openSpecialBuilder(Number(openSpecial));
      else openSpecials();
    };
    document.addEventListener('click', onClick);
    void whenIdle().then(() => {
      setDismissed(dismissedPopups());
      setIdle(true);
      return import('../../runtime/ordering.ts').then(({ startOrdering }) => startOrdering(websiteId()));
    });
    return () => document.removeEventListener('click', onClick);
  }, [retailerWebsiteId]);

  // Once shown, the toaster stays mounted so F8 keeps working.
  useEffect(() => {
    if (toasts.length > 0) setToasterWanted(true);
  }, [toasts.length]);

  return (
    <>
      {undismissed.length > 0 && !ui.builder && !siteDialogOpen && (
        <Suspense>
          <PopupDialog popups={undismissed} timeZoneDiff={timeZoneDiff} onDismiss={dismissPopup} />
        </Suspense>
      )}
      {toasterWanted && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
      {ui.builder && (
        <Suspense>
          <ProductBuilder target={ui.builder} />
        </Suspense>
      )}
      {ui.cartOpen && (
        <Suspense>
          <CartSheet />
        </Suspense>
      )}
      {ui.specialsOpen && (
        <Suspense>
          <SpecialsDialog />
        </Suspense>
      )}
      {ui.specialId !== null && (
        <Suspense>
          <SpecialBuilder specialId={ui.specialId} />
        </Suspense>
      )}
      {siteDialogOpen && (
        <Suspense>
          <SiteDialogs retailerWebsiteId={websiteId()} />
        </Suspense>
      )}
      {ui.orderTimeOpen && (
        <Suspense>
          <OrderTimeDialog />
        </Suspense>
      )}
    </>
  );
}
