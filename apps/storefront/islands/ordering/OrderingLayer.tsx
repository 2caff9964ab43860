import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { Popup } from '../../../../lib/tenant/index.ts';
import type { PopupAction } from '../../../../lib/site/popups.ts';
import { $order } from '../../stores/order.ts';
import { $toasts } from '../../stores/toasts.ts';
import { $dialogOpen, $ui, openOrderTime, openProductBuilder, openSpecialBuilder } from '../../stores/ui.ts';
import { dismissedPopups, rememberDismissed } from '../popups/dismissed-popups.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';

const Toaster = lazy(() => import('../toaster/Toaster.tsx'));
const ProductBuilder = lazy(() => import('../product-builder/ProductBuilder.tsx'));
const CartSheet = lazy(() => import('../cart/CartSheet.tsx'));
const CheckoutDialog = lazy(() => import('../checkout/CheckoutDialog.tsx'));
const AccountDialog = lazy(() => import('../account/AccountDialog.tsx'));
const OrderTimeDialog = lazy(() => import('../order-time/OrderTimeDialog.tsx'));
const SpecialsDialog = lazy(() => import('../specials/SpecialsDialog.tsx'));
const SpecialBuilder = lazy(() => import('../specials/SpecialBuilder.tsx'));
// A broken popup is the retailer's notice lost, not the page: it fails on its own.
const PopupDialog = lazy(() =>
  import('../popups/PopupDialog.tsx').then((module) => ({
    default: withIslandBoundary(module.default, 'PopupDialog'),
  })),
);
const SiteDialogs = lazy(() => import('./SiteDialogs.tsx'));

interface Props {
  /** The retailer's active popups; the layer leaves out those dismissed in this visit. */
  popups: Popup[];
  zone: ShopZone;
}

/**
 * Everything the page shows on demand: the toaster and each dialog, every one loaded the first
 * time it is needed. The page's shell loads this layer only once something asks for it.
 */
export default function OrderingLayer({ popups, zone }: Props) {
  const ui = useStore($ui);
  const toasts = useStore($toasts);
  const [toasterWanted, setToasterWanted] = useState(false);
  const [dismissed, setDismissed] = useState(dismissedPopups);
  const undismissed = popups.filter((popup) => !dismissed.has(popup.popupId));
  const dismissPopup = (popupId: number) => {
    const next = new Set(dismissed).add(popupId);
    rememberDismissed(next);
    setDismissed(next);
  };
  useEffect(() => {
    if (toasts.length > 0) setToasterWanted(true);
  }, [toasts.length]);
  const siteDialogOpen = ui.showTableBookingModal || ui.showDeliveryMapModal || ui.showMailingListModal;
  const dialogOpen = useStore($dialogOpen);
  const hasLines = useStore($order).products.length > 0;
  // A customer who has opened a dish or has one in the cart has started ordering: no popup interrupts them after that.
  const [orderingStarted, setOrderingStarted] = useState(false);
  const startedNow = ui.builder !== null || hasLines;
  useEffect(() => {
    if (startedNow) setOrderingStarted(true);
  }, [startedNow]);
  // Once shown, a popup stays until closed; it only ever opens onto a page nobody is using.
  const [popupShown, setPopupShown] = useState(false);
  const popupMayShow = undismissed.length > 0 && (popupShown || (!dialogOpen && !orderingStarted && !startedNow));
  useEffect(() => {
    if (popupMayShow) setPopupShown(true);
  }, [popupMayShow]);
  const popupAction = (action: Exclude<PopupAction, { kind: 'page' }>) => {
    setPopupShown(false);
    if (action.kind === 'product') openProductBuilder(action.productId);
    else if (action.kind === 'special') openSpecialBuilder(action.specialId);
    else if (action.kind === 'order-time') openOrderTime();
    else void import('../../stores/dialogs.ts').then((module) => module.openDialogOfLink(action.dialog));
  };
  const open = (shown: boolean, dialog: ReactNode) => (shown ? <Suspense>{dialog}</Suspense> : null);
  return (
    <>
      {/* A visitor who has a dialog open or has started ordering is not interrupted by a popup. */}
      {open(
        popupMayShow,
        <PopupDialog
          popups={undismissed}
          zone={zone}
          onDismiss={(popupId) => {
            setPopupShown(false);
            dismissPopup(popupId);
          }}
          onAction={popupAction}
        />,
      )}
      {/* Once shown, the toaster stays mounted so F8 keeps reaching it. */}
      {open(toasterWanted, <Toaster />)}
      {ui.builder && open(true, <ProductBuilder target={ui.builder} />)}
      {open(ui.cartOpen, <CartSheet />)}
      {open(ui.specialsOpen, <SpecialsDialog />)}
      {ui.specialId !== null && open(true, <SpecialBuilder specialId={ui.specialId} />)}
      {open(ui.accountOpen, <AccountDialog />)}
      {open(ui.checkoutOpen, <CheckoutDialog />)}
      {open(ui.orderTimeOpen, <OrderTimeDialog />)}
      {open(siteDialogOpen, <SiteDialogs />)}
    </>
  );
}
